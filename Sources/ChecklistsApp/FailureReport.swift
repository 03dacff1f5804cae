import ChecklistsKit
import Interchange
import Keychain
import LocalAuthentication
import PrivateFiles
import ReminderAgent
import Reminders
import Sodium

/// What a failed call means for the user: whose move it is, and the one line that says why. Every
/// front end shows failures this way; the CLI turns the kind into its exit status.
public struct FailureReport: Sendable, Equatable {
    /// Whose move it is.
    public enum Kind: Sendable, Equatable {
        /// Not found, or refused (e.g. a failed or cancelled authentication, the app locked).
        case refused
        /// The user's input cannot be used (retrying with other input can work).
        case invalidInput
        /// The store, a file or the keychain could not be read or written.
        case storage
    }

    public let kind: Kind
    /// One line in the user's language (it may quote stored text: escape it before a terminal).
    public let message: String

    public init(kind: Kind, message: String) {
        self.kind = kind
        self.message = message
    }

    /// The report for `error` thrown by the app core or a library below it.
    public init(_ error: any Error) {
        switch error {
        case AppSessionError.locked: (kind, message) = (.refused, "\(error)")
        case AppSessionError.refused(let text): (kind, message) = (.refused, text)
        case AppSessionError.rejected(let text): (kind, message) = (.invalidInput, text)
        case AppSessionError.storage(let text): (kind, message) = (.storage, text)
        case let e as ImportFileError: (kind, message) = (.invalidInput, e.description)
        case let e as ExportFileError: (kind, message) = (e.isUsage ? .invalidInput : .storage, e.description)
        // Several lists share the name: a refusal that lists their IDs.
        case ChecklistsError.ambiguousList: (kind, message) = (.refused, "\(error)")
        case let e as ChecklistsError: (kind, message) = (e.isNotFound ? .refused : .invalidInput, e.description)
        case let e as StoreError: (kind, message) = (.storage, e.description)
        case let e as SodiumError: (kind, message) = (.storage, e.description)
        case let e as FileError: (kind, message) = (.storage, e.description)
        case let e as KeychainError: (kind, message) = (e.isTooLarge ? .invalidInput : .storage, e.description)
        case let e as RemindersError: (kind, message) = (.storage, e.description)
        case AgentError.unsafeServicePath: (kind, message) = (.invalidInput, "\(error)")
        case let e as LAError: (kind, message) = (.refused, "\(e.message) (LAError \(e.code.rawValue) \(e.code.name))")
        default: (kind, message) = (.storage, "\(error)")
        }
    }
}
