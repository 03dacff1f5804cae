import Foundation
import Localization
import TerminalText

/// Why the reminder agent cannot run.
public enum AgentError: Error, Sendable, Equatable {
    /// A system call failed (`call` is its name, `errno` the error).
    case system(call: String, errno: Int32)
    /// The agent's socket path does not fit in a Unix socket address (`limit` bytes).
    case socketPathTooLong(path: String, limit: Int)
    /// A path the service's unit would name contains control characters (no unit line holds them).
    case unsafeServicePath(String)
}

extension AgentError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .system(let call, let code): tr("%@ failed: %@", call, String(cString: strerror(code)))
        case .socketPathTooLong(let path, let limit):
            tr(
                "the agent's socket path is %d bytes, longer than the %d a Unix socket allows: %@ (use a shorter --home or CHECKLISTS_HOME)",
                path.utf8.count, limit, path)
        case .unsafeServicePath(let path):
            tr(
                "cannot write a service for the path \"%@\": it contains control characters (such as a newline); use a directory without them",
                TerminalText.line(path))
        }
    }
}
