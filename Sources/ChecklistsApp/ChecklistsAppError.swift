import SQLiteKit

/// Failures of the app core's watchers.
public enum ChecklistsAppError: Error, Sendable, Equatable {
    /// A system call failed; `errno` is kept.
    case system(call: String, errno: Int32)
    /// The database could not be read.
    case database(SQLiteError)
}

extension ChecklistsAppError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .system(let call, let code): "\(call) failed: errno \(code)"
        case .database(let error): "database: \(error)"
        }
    }
}
