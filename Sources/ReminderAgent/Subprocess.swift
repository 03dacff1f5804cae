import Foundation

/// Runs other programs: systemctl on our terminal, the desktop app for a clicked reminder.
enum Subprocess {
    /// glibc's `POSIX_SPAWN_SETSID` (defined only under `_GNU_SOURCE`, so not imported).
    static let setSessionID: Int16 = 0x80

    /// Runs a program on our terminal and returns its exit status.
    static func run(_ arguments: [String], environment: [String: String]) -> Int32 {
        guard let pid = spawn(arguments, environment: environment) else { return 127 }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128
    }

    /// Starts a program (`arguments[0]` is its path) and returns its PID, or nil when it could
    /// not start. With `newSession` it runs in a session of its own.
    static func spawn(_ arguments: [String], environment: [String: String], newSession: Bool = false) -> pid_t? {
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        if newSession { posix_spawnattr_setflags(&attributes, setSessionID) }
        var pid: pid_t = 0
        guard posix_spawn(&pid, arguments[0], nil, &attributes, argv, envp) == 0 else { return nil }
        return pid
    }
}
