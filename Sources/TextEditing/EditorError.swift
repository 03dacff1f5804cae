import Foundation
import Localization

/// Why the external editor could not run.
public enum EditorError: Error, Sendable, Equatable {
    /// The pipe that wakes the wait for the editor could not be made (`errno`).
    case pipe(errno: Int32)
}

extension EditorError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .pipe: tr("Cannot start the editor (pipe).")
        }
    }
}
