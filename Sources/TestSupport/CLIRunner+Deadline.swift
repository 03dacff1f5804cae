import Foundation

extension CLIRunner {
    /// The outcome of a run with a deadline.
    public struct BoundedResult: Sendable {
        /// The exit status (128 + signal when killed), or nil when it was still running at the
        /// deadline (it was then killed).
        public let status: Int32?
        public let stdout: String
        public let stderr: String
        /// Seconds from start to exit (or to the deadline).
        public let seconds: Double
    }

    /// Runs `checklists ARGS` without a controlling terminal; kills it (SIGKILL) if it has not
    /// exited after `timeout` seconds. Waits without holding a thread, so many such runs can
    /// wait side by side.
    public func run(arguments: [String], stdin: String = "", timeout: Double) async throws -> BoundedResult {
        let files = TemporaryDirectory("bounded")
        let (out, err) = (files.appending("out"), files.appending("err"))
        var input: [Int32] = [0, 0]
        guard pipe(&input) == 0 else { throw RigError(name: "run", message: "pipe: \(errno)") }
        _ = fcntl(input[1], F_SETFD, FD_CLOEXEC)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, input[0], 0)
        posix_spawn_file_actions_addopen(&actions, 1, out, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, err, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let started = Date()
        let spawned = Swift.Result {
            try spawnProcess(
                [Self.binary] + arguments, environment: environment, actions: &actions, newSession: true)
        }
        close(input[0])
        let pid: pid_t
        do { pid = try spawned.get() } catch {
            close(input[1])
            throw error
        }
        _ = Array(stdin.utf8).withUnsafeBytes { write(input[1], $0.baseAddress, $0.count) }
        close(input[1])
        var status: Int32 = 0
        var exited = false
        // Look before judging the time: a busy test runner may resume this task only long after
        // the program ended, and that is no timeout.
        while true {
            if waitpid(pid, &status, WNOHANG) == pid {
                exited = true
                break
            }
            if Date().timeIntervalSince(started) >= timeout { break }
            try await Task.sleep(nanoseconds: 10_000_000)
        }
        let seconds = Date().timeIntervalSince(started)
        if !exited {
            kill(pid, SIGKILL)
            waitpid(pid, &status, 0)
        }
        let read = { (path: String) in
            FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) } ?? ""
        }
        let code = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        return BoundedResult(status: exited ? code : nil, stdout: read(out), stderr: read(err), seconds: seconds)
    }
}
