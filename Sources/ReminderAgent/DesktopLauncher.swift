import Foundation

/// Starts the desktop app at an item, for a clicked reminder notification.
public enum DesktopLauncher {
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

    /// Starts `checklists-gtk --item ID` (or `checklists-gtk` for no item) in a session of its own
    /// (it outlives the agent's restarts) and reaps it when it exits.
    /// - Returns: Whether it started.
    @discardableResult
    public static func open(item: Int64?, environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        let arguments = item.map { ["--item", String($0)] } ?? []
        guard let path = locate(environment: environment),
            let child = Subprocess.spawn([path] + arguments, environment: environment, newSession: true)
        else { return false }
        Thread.detachNewThread {
            var status: Int32 = 0
            while waitpid(child, &status, 0) < 0 && errno == EINTR {}
        }
        return true
    }
}
