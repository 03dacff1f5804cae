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
        // setsid: no controlling terminal, as under cron or CI, so nothing can prompt.
        try Self.execute("/usr/bin/setsid", ["-w", Self.binary] + arguments, environment: environment, stdin: stdin)
    }

    /// Runs any program and collects its output. Uses posix_spawn and waitpid directly:
    /// Foundation's Process can miss the exit of a script that started daemons.
    public static func execute(_ path: String, _ arguments: [String], environment: [String: String], stdin: String = "")
        throws -> Result
    {
        var input: [Int32] = [0, 0]
        var output: [Int32] = [0, 0]
        var error: [Int32] = [0, 0]
        // pipe2 is not visible from Swift's Glibc; set close-on-exec right after (other threads'
        // children may briefly inherit a pipe, which is why the read loop never needs EOF).
        guard pipe(&input) == 0, pipe(&output) == 0, pipe(&error) == 0 else {
            throw RigError(name: path, message: "pipe: \(errno)")
        }
        for fd in input + output + error { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, input[0], 0)
        posix_spawn_file_actions_adddup2(&actions, output[1], 1)
        posix_spawn_file_actions_adddup2(&actions, error[1], 2)
        let spawned = Swift.Result { try spawnProcess([path] + arguments, environment: environment, actions: &actions) }
        close(input[0])
        close(output[1])
        close(error[1])
        defer {
            close(output[0])
            close(error[0])
        }
        let pid: pid_t
        switch spawned {
        case .success(let child): pid = child
        case .failure(let error):
            close(input[1])
            throw error
        }
        let bytes = Array(stdin.utf8)
        _ = bytes.withUnsafeBytes { write(input[1], $0.baseAddress, $0.count) }
        close(input[1])

        var out: [UInt8] = []
        var err: [UInt8] = []
        var status: Int32 = 0
        var exited = false
        var open = [true, true]
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while !exited || open.contains(true) {
            // The program may write and exit between this poll and the waitpid below: only a
            // poll that starts after the exit was seen may end the loop.
            let exitedBefore = exited
            var fds = [
                pollfd(fd: output[0], events: Int16(POLLIN), revents: 0),
                pollfd(fd: error[0], events: Int16(POLLIN), revents: 0),
            ]
            _ = poll(&fds, 2, exited ? 50 : 20)
            var readSomething = false
            for (index, fd) in [output[0], error[0]].enumerated() where open[index] && fds[index].revents != 0 {
                let n = read(fd, &buffer, buffer.count)
                if n > 0 {
                    readSomething = true
                    if index == 0 { out += buffer[0..<n] } else { err += buffer[0..<n] }
                } else if n == 0 || (errno != EINTR && errno != EAGAIN) {
                    open[index] = false
                } else {
                    readSomething = true  // interrupted: look again
                }
            }
            if !exited, waitpid(pid, &status, WNOHANG) == pid { exited = true }
            // A daemon started by the program may keep the pipes open: stop once it is quiet.
            if exitedBefore && !readSomething { break }
        }
        let code = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        return Result(
            status: code, stdout: String(decoding: out, as: UTF8.self), stderr: String(decoding: err, as: UTF8.self))
    }

    /// Starts a program with `stdin` and returns its PID without waiting (for kill tests).
    /// - Parameter log: A file that receives its standard output and error (default: discarded).
    public static func spawnDetached(
        _ path: String, _ arguments: [String], environment: [String: String], stdin: String, log: String? = nil
    ) throws -> pid_t {
        var input: [Int32] = [0, 0]
        guard pipe(&input) == 0 else { throw RigError(name: path, message: "pipe: \(errno)") }
        _ = fcntl(input[1], F_SETFD, FD_CLOEXEC)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, input[0], 0)
        posix_spawn_file_actions_addopen(&actions, 1, log ?? "/dev/null", O_WRONLY | O_CREAT | O_APPEND, 0o600)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        let spawned = Swift.Result { try spawnProcess([path] + arguments, environment: environment, actions: &actions) }
        close(input[0])
        defer { close(input[1]) }
        let pid = try spawned.get()
        let bytes = Array(stdin.utf8)
        _ = bytes.withUnsafeBytes { write(input[1], $0.baseAddress, $0.count) }
        return pid
    }

    /// Runs `checklists ARGS` through `/bin/sh` with a shell `redirection` applied (`>/dev/full`,
    /// `<&-`, `< FILE`): descriptors that `run` cannot set up.
    public func run(redirecting redirection: String, _ arguments: [String]) throws -> Result {
        try Self.execute(
            "/bin/sh", ["-c", "exec \"$0\" \"$@\" \(redirection)", Self.binary] + arguments, environment: environment)
    }

    /// Runs and decodes standard output as JSON.
    public func json(_ arguments: String...) throws -> Any {
        let result = try run(arguments: arguments + ["--json"])
        return try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
    }
}
