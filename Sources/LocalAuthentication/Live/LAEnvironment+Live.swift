import Foundation

extension LAEnvironment {
    /// The real backends, as `LAContext()` uses them when nobody set `LAEnvironment.shared`:
    /// fprintd on the system bus (`$DBUS_SYSTEM_BUS_ADDRESS`, else the standard socket), PAM
    /// (service "checklists", else PAM's "other"), the terminal when there is one (else nobody
    /// is asked and evaluations that need a person fail with `notInteractive`), and the app
    /// passcode when the app supplies one.
    ///
    /// Nothing here is a test hook: the only variables read are the standard XDG ones that say
    /// where the failure counters and the reuse stamp live.
    /// - Parameters:
    ///   - passcode: The app's own passcode; when one is set it is asked for instead of the
    ///     account password.
    ///   - stateDirectory: Where the failure counters persist; default `defaultStateDirectory`.
    ///   - runtimeDirectory: Where the per-login-session reuse stamp lives; default
    ///     `defaultRuntimeDirectory`, else `stateDirectory`.
    /// - Returns: The live environment.
    public static func live(
        passcode: AppPasscode? = nil, stateDirectory: String? = nil, runtimeDirectory: String? = nil
    ) -> LAEnvironment {
        let terminal = TerminalPresenter()
        return LAEnvironment(
            biometrics: FprintdReader(bus: .system), accountPassword: PAMVerifier(), passcode: passcode,
            presenter: terminal.canPrompt ? terminal : NonInteractivePresenter(),
            stateDirectory: stateDirectory ?? defaultStateDirectory(),
            runtimeDirectory: runtimeDirectory ?? defaultRuntimeDirectory())
    }

    /// `$XDG_STATE_HOME/checklists`, else `~/.local/state/checklists` (relative values are
    /// ignored, as the XDG specification asks), else a per-user directory under the temp dir.
    public static func defaultStateDirectory(
        _ environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> String {
        if let state = absolute(environment["XDG_STATE_HOME"]) { return state + "/checklists" }
        if let home = absolute(environment["HOME"]) ?? absolute(homeFromPasswd()) {
            return home + "/.local/state/checklists"
        }
        return NSTemporaryDirectory() + "/checklists-la-\(getuid())"
    }

    /// `$XDG_RUNTIME_DIR/checklists`, or nil when the variable is unset or relative.
    public static func defaultRuntimeDirectory(
        _ environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> String? {
        absolute(environment["XDG_RUNTIME_DIR"]).map { $0 + "/checklists" }
    }
}

// MARK: - Helpers

private extension LAEnvironment {
    static func absolute(_ path: String?) -> String? {
        guard let path, path.hasPrefix("/") else { return nil }
        return path
    }

    static func homeFromPasswd() -> String? {
        guard let entry = getpwuid(getuid()), let dir = entry.pointee.pw_dir else { return nil }
        return String(cString: dir)
    }
}
