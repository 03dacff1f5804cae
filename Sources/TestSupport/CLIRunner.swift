import Foundation

/// Runs the built `checklists` binary, as a user would from a shell.
public struct CLIRunner: Sendable {
    /// The outcome of one run.
    public struct Result: Sendable {
        public let status: Int32
        public let stdout: String
        public let stderr: String
    }

    /// Path of the binary: `$CHECKLISTS_BIN`, else the debug build next to this package.
    public static let binary: String = {
        if let path = ProcessInfo.processInfo.environment["CHECKLISTS_BIN"], !path.isEmpty { return path }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        return root.appendingPathComponent(".build/debug/checklists").path
    }()

    public let home: String
    public var environment: [String: String]

    /// A runner whose data lives in `home`, with a clean, predictable environment.
    public init(home: String, environment: [String: String] = [:]) {
        self.home = home
        var env = ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "TZ": "UTC", "HOME": home, "CHECKLISTS_HOME": home]
        for (k, v) in environment { env[k] = v }
        self.environment = env
    }

    /// Runs `checklists ARGS` with `stdin` as standard input.
    @discardableResult
    public func run(_ arguments: String..., stdin: String = "") throws -> Result {
        try run(arguments: arguments, stdin: stdin)
    }

    public func run(arguments: [String], stdin: String = "") throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.binary)
        process.arguments = arguments
        process.environment = environment
        let input = Pipe()
        let output = Pipe()
        let error = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = error
        try process.run()
        input.fileHandleForWriting.write(Data(stdin.utf8))
        try input.fileHandleForWriting.close()
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self),
            stderr: String(decoding: err, as: UTF8.self))
    }

    /// Runs and decodes standard output as JSON.
    public func json(_ arguments: String...) throws -> Any {
        let result = try run(arguments: arguments + ["--json"])
        return try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
    }
}
