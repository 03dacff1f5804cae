import Foundation

/// A test rig from `scripts/rig-NAME.sh`: started in its own temp dir, stopped (only the PIDs
/// it started) when released. `environment` holds the variables its `start` exported.
public final class Rig: @unchecked Sendable {
    /// The repository root (scripts live in `scripts/`).
    public static let root: String = {
        if let root = ProcessInfo.processInfo.environment["CHECKLISTS_ROOT"], !root.isEmpty { return root }
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().path
    }()

    public let name: String
    public let directory: TemporaryDirectory
    public private(set) var environment: [String: String] = [:]

    /// Runs `scripts/rig-NAME.sh start DIR ARGS…`, feeding `stdin`.
    /// - Throws: `RigError` with the script's message when the rig cannot start.
    public init(_ name: String, arguments: [String] = [], stdin: String = "") throws {
        self.name = name
        directory = TemporaryDirectory("rig")
        let result = try Self.script(name, ["start", directory.path] + arguments, stdin: stdin)
        guard result.status == 0 else { throw RigError(name: name, message: result.stderr) }
        environment = Self.exports(result.stdout)
    }

    /// Starts the same rig again in its old directory (e.g. a keyring with its items).
    private init(restarting old: Rig, stdin: String) throws {
        name = old.name
        directory = old.directory
        let result = try Self.script(name, ["start", directory.path], stdin: stdin)
        guard result.status == 0 else { throw RigError(name: name, message: result.stderr) }
        environment = Self.exports(result.stdout)
    }

    /// A new rig in `old`'s directory, after `old` was stopped.
    public static func restart(_ old: Rig, stdin: String = "") throws -> Rig {
        try Rig(restarting: old, stdin: stdin)
    }

    deinit { _ = try? Self.script(name, ["stop", directory.path]) }

    /// Runs another subcommand of the rig's script (e.g. `send DIR SCAN 1`).
    @discardableResult
    public func run(_ subcommand: String, _ arguments: String...) throws -> CLIRunner.Result {
        try Self.script(name, [subcommand, directory.path] + arguments)
    }

    static func script(_ name: String, _ arguments: [String], stdin: String = "") throws -> CLIRunner.Result {
        try CLIRunner.execute(
            "/bin/bash", [root + "/scripts/rig-\(name).sh"] + arguments,
            environment: ProcessInfo.processInfo.environment,
            stdin: stdin)
    }

    /// Parses `export NAME='value'` / `export NAME=value` lines.
    static func exports(_ text: String) -> [String: String] {
        var result: [String: String] = [:]
        for line in text.split(separator: "\n") where line.hasPrefix("export ") {
            let assignment = line.dropFirst("export ".count)
            guard let eq = assignment.firstIndex(of: "=") else { continue }
            var value = String(assignment[assignment.index(after: eq)...])
            if value.hasPrefix("'") && value.hasSuffix("'") && value.count >= 2 {
                value = String(value.dropFirst().dropLast())
            }
            if value.hasPrefix("\"") && value.hasSuffix("\"") && value.count >= 2 {
                value = String(value.dropFirst().dropLast())
            }
            result[String(assignment[..<eq])] = value
        }
        return result
    }
}

/// A rig that did not come up.
public struct RigError: Error, CustomStringConvertible {
    public let name: String
    public let message: String

    public init(name: String, message: String) {
        self.name = name
        self.message = message
    }

    public var description: String { "rig \(name) did not start: \(message)" }
}
