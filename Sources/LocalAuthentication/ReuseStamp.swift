import Foundation
import PrivateFiles

/// The time of the last successful evaluation in this login session, shared by the session's
/// processes like sudo's timestamp: per user, per session (the terminal's session leader), per
/// boot, in a 0600 file under `$XDG_RUNTIME_DIR`. Times are CLOCK_BOOTTIME, so changing the
/// wall clock neither extends nor shortens the window.
public struct ReuseStamp: Sendable {
    public let directory: String

    public init(directory: String) {
        self.directory = directory
    }

    /// Records a success now.
    public func record() {
        try? SecureFile.makeDirectory(directory)
        try? SecureFile.writeAtomically(Array("\(Self.sessionKey) \(Self.bootTime())".utf8), to: path)
    }

    /// Whether a success was recorded within `window` seconds in this session.
    public func isFresh(within window: TimeInterval) -> Bool {
        guard window > 0, let data = FileManager.default.contents(atPath: path) else { return false }
        let parts = String(decoding: data, as: UTF8.self).split(separator: " ")
        guard parts.count == 2, String(parts[0]) == Self.sessionKey, let then = Double(parts[1]) else { return false }
        let age = Self.bootTime() - then
        return age >= 0 && age <= window
    }

    /// Forgets the success (e.g. `lock now`).
    public func clear() {
        unlink(path)
    }

    private var path: String { directory + "/auth-stamp-\(getuid())-\(getsid(0))" }

    /// Boot ID and the session leader's start time, so a reused PID or a reboot never matches.
    static var sessionKey: String {
        let boot =
            (try? String(contentsOfFile: "/proc/sys/kernel/random/boot_id", encoding: .utf8))?
            .trimmingCharacters(in: .whitespacesAndNewlines) ?? "noboot"
        let sid = getsid(0)
        let stat = (try? String(contentsOfFile: "/proc/\(sid)/stat", encoding: .utf8)) ?? ""
        let start = stat.split(separator: ")").last?.split(separator: " ").dropFirst(19).first.map(String.init) ?? "0"
        return "\(boot):\(sid):\(start)"
    }

    static func bootTime() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_BOOTTIME, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}
