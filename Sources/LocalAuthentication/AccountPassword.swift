/// Checks the account password (on Linux: PAM). Implementations live outside this module.
public protocol AccountPasswordVerifier: Sendable {
    /// The account whose password is asked for.
    var userName: String { get }
    /// Whether password checks can run at all (PAM service present), and if not, why.
    func availability() -> Result<Void, LAError>
    /// Checks `password`; the caller wipes it afterwards.
    func verify(password: [UInt8]) -> PasswordCheck
}

/// The result of one password check.
public enum PasswordCheck: Sendable, Equatable {
    case accepted
    case rejected
    /// The check could not run (e.g. PAM misconfigured); `reason` says why.
    case unavailable(reason: String)
}
