import Foundation

/// Runs a command on a fresh pseudo-terminal as its controlling terminal (a new session), so
/// that it can prompt on /dev/tty; the test reads the screen text and types keys.
public final class PtySession: @unchecked Sendable {
    private let master: Int32
    private let pid: pid_t
    /// Everything the program has written so far.
    public private(set) var transcript = ""

    /// Starts `arguments[0]` with `arguments[1...]` in `environment`.
    public init(_ arguments: [String], environment: [String: String]) throws {
        // posix_openpt/ptsname need _XOPEN_SOURCE, which Swift's Glibc module lacks: use the
        // Linux ioctls they are built on (TIOCSPTLCK = unlock, TIOCGPTN = pty number).
        master = open("/dev/ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC)
        var unlock: Int32 = 0
        var number: UInt32 = 0
        guard master >= 0, ioctl(master, 0x4004_5431, &unlock) == 0, ioctl(master, 0x8004_5430, &number) == 0 else {
            throw RigError(name: "pty", message: "cannot open a pseudo-terminal (\(errno))")
        }
        let slave = "/dev/pts/\(number)"
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, slave, O_RDWR, 0)
        posix_spawn_file_actions_adddup2(&actions, 0, 1)
        posix_spawn_file_actions_adddup2(&actions, 0, 2)
        // A new session whose first opened terminal becomes its controlling terminal.
        pid = try spawnProcess(arguments, environment: environment, actions: &actions, newSession: true)
        _ = fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK)
    }

    deinit {
        kill(pid, SIGKILL)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        close(master)
    }

    /// Waits until the transcript (after what earlier `expect`s consumed) contains `text`.
    /// - Throws: when it does not appear within `timeout` seconds.
    @discardableResult
    public func expect(_ text: String, timeout: TimeInterval = 10) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if let range = transcript.range(of: text) {
                let seen = String(transcript[..<range.upperBound])
                transcript = String(transcript[range.upperBound...])
                return seen
            }
            pump(timeout: 50)
        }
        throw RigError(name: "pty", message: "\"\(text)\" did not appear; screen so far: \(transcript)")
    }

    /// Types `text` (use "\r" for Enter, "\u{1b}" for Esc).
    public func send(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
    }

    /// Waits for the program to exit and returns its exit status, reading what it prints.
    public func wait(timeout: TimeInterval = 20) throws -> Int32 {
        let deadline = Date().addingTimeInterval(timeout)
        var status: Int32 = 0
        while Date() < deadline {
            pump(timeout: 20)
            if waitpid(pid, &status, WNOHANG) == pid {
                pump(timeout: 0)
                return (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
            }
        }
        throw RigError(name: "pty", message: "the program did not exit; screen so far: \(transcript)")
    }

    private func pump(timeout: Int32) {
        var pfd = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        guard poll(&pfd, 1, timeout) > 0 else { return }
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = read(master, &buffer, buffer.count)
            guard n > 0 else { break }
            transcript += String(decoding: buffer[0..<n], as: UTF8.self)
        }
    }
}
