import LocalAuthentication

extension AppSession {
    /// Runs one authentication with this session's backends (`auth test`), outside the app lock.
    /// - Parameters:
    ///   - reuseSeconds: Accept a success from this terminal session within this many seconds.
    /// - Returns: True when a fingerprint succeeded, false for a password.
    /// - Throws: The `LAError` of a failed or cancelled authentication.
    public func testAuthentication(_ policy: LAPolicy, reason: String, reuseSeconds: Double?) throws(LAError) -> Bool {
        let context = LAContext(environment: authentication)
        if let reuseSeconds { context.touchIDAuthenticationAllowableReuseDuration = reuseSeconds }
        try context.evaluateNow(policy, localizedReason: reason)
        return context.lastSuccess?.biometric == true
    }
}
