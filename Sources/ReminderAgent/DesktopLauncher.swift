import Foundation

/// Starts the desktop app at an item, for a clicked reminder notification.
public enum DesktopLauncher {
    /// glibc's `POSIX_SPAWN_SETSID` (defined only under `_GNU_SOURCE`, so not imported).
    static let setSessionID: Int16 = 0x80

    /// The desktop app's program name.
    public static let program = "checklists-gtk"

    /// Where the desktop app is: the first `checklists-gtk` on `PATH` (an installed one), else
    /// the one beside this program (a build directory), else nil.
    public static func locate(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        let directories = (environment["PATH"] ?? "").split(separator: ":").map(String.init)
        let beside = (realpath("/proc/self/exe", nil)).map { pointer in
            defer { free(pointer) }
            return (String(cString: pointer) as NSString).deletingLastPathComponent
        }
        for directory in directories + [beside].compactMap({ $0 }) where directory.hasPrefix("/") {
            let path = directory + "/" + program
            if access(path, X_OK) == 0 { return path }
        }
        return nil
    }

    /// Starts `checklists-gtk --item ID` in a session of its own (it outlives the agent's
    /// restarts) and reaps it when it exits.
    /// - Returns: Whether it started.
    @discardableResult
    public static func open(item: Int64, environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        guard let path = locate(environment: environment) else { return false }
        let arguments = [path, "--item", String(item)]
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, setSessionID)
        var pid: pid_t = 0
        guard posix_spawn(&pid, path, nil, &attributes, argv, envp) == 0 else { return false }
        let child = pid
        Thread.detachNewThread {
            var status: Int32 = 0
            while waitpid(child, &status, 0) < 0 && errno == EINTR {}
        }
        return true
    }
}
