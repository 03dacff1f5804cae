import Foundation

/// Runs other programs (systemctl) on our terminal.
enum Subprocess {
    /// Runs a program on our terminal and returns its exit status.
    static func run(_ arguments: [String], environment: [String: String]) -> Int32 {
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        guard posix_spawn(&pid, arguments[0], nil, nil, argv, envp) == 0 else { return 127 }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128
    }
}
