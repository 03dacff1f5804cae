import Foundation

/// The user's home directory as the app uses it for its own places (the data directory,
/// `~/.config`): `HOME` when it is absolute, else the account's home from the password
/// database. An empty or relative `HOME` would put files under whatever folder a command runs
/// in (another store, another unit file from each folder), or under `/` for `HOME=`.
public enum UserHome {
    /// The home directory for a process environment.
    public static func directory(environment: [String: String]) -> String {
        environment["HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? account()
    }

    /// The account's home directory from the password database (the root directory when the
    /// account has none there).
    public static func account() -> String {
        guard let entry = getpwuid(getuid()), let directory = entry.pointee.pw_dir else { return "/" }
        let path = String(cString: directory)
        return path.hasPrefix("/") ? path : "/"
    }
}
