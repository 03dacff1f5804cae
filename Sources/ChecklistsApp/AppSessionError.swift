import Localization

/// What the session refuses, with the message a front end shows.
public enum AppSessionError: Error, Sendable, Equatable {
    /// The app is locked: unlock first (a UI shows the lock screen).
    case locked
    /// Refused as asked (e.g. "A passcode is already set").
    case refused(String)
    /// The input is not acceptable (e.g. a weak passcode, or a keychain name it does not know).
    case rejected(String)
    /// Something needed is missing or broken (e.g. the data key).
    case storage(String)
}

extension AppSessionError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .locked: tr("Checklists is locked; unlock it first.")
        case .refused(let message), .rejected(let message), .storage(let message): message
        }
    }
}
