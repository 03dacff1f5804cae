import ChecklistsKit
import Foundation
import LocalAuthentication
import Localization
import Sodium

/// The app passcode: set, change, remove; asked through the front end's `PasscodeEntry`.
extension AppSession {
    /// Where passcodes are asked: the configuration's entry, else the password prompt.
    var passcodeEntry: any PasscodeEntry {
        configuration.passcodes ?? PresenterPasscodeEntry(presenter: authentication.presenter)
    }

    /// The verifier of the app passcode.
    var passcodeVerifier: AppPasscode {
        get throws {
            guard let verifier = authentication.passcode else { throw LAError(.passcodeNotSet) }
            return verifier
        }
    }

    /// Whether an app passcode is set.
    public var hasPasscode: Bool { authentication.passcode?.isSet == true }

    /// Chooses a new passcode (asks the front end) and refuses a weak one.
    func choosePasscode(intro: String? = nil) throws -> [UInt8] {
        var chosen = try passcodeEntry.choosePasscode(
            intro: intro, label: tr("New passcode"), weakness: AppPasscode.weakness(of:))
        if let weakness = AppPasscode.weakness(of: chosen) {
            Sodium.wipe(&chosen)
            throw AppSessionError.rejected(weakness + " " + tr("Nothing was changed."))
        }
        return chosen
    }

    /// Asks for the current passcode until it is right, with the same persisted back-off as
    /// every password.
    /// - Returns: The verified passcode; the caller wipes it.
    /// - Throws: `LAError` when it is wrong `attempts` times, cancelled, or in back-off.
    public func currentPasscode(label: String, attempts: Int) throws -> [UInt8] {
        let verifier = try passcodeVerifier
        guard verifier.isSet else {
            throw AppSessionError.refused(tr("No passcode is set; use 'checklists passcode set'."))
        }
        let entry = passcodeEntry
        var notice: String?
        for _ in 0..<(entry.allowsRetry ? max(1, attempts) : 1) {
            let verified = try authentication.state.attempt(
                now: Date(), answer: { try entry.currentPasscode(label: label, notice: notice) },
                check: { verifier.verify($0) ? $0 : nil })
            if let verified { return verified }
            notice = tr("Wrong passcode, try again.")
        }
        throw LAError(.authenticationFailed, tr("Wrong passcode."))
    }

    /// Sets the app passcode (none may be set yet); it is then asked instead of the account
    /// password. With the app lock on, the lock's own unlock comes first (inside the reuse
    /// window nothing is asked, as for every command).
    /// - Throws: `LAError` when that authentication fails; nothing changes then.
    public func setPasscode() throws {
        try serialized {
            let verifier = try passcodeVerifier
            if verifier.isSet {
                throw AppSessionError.refused("A passcode is already set; use 'checklists passcode change'.")
            }
            // With the lock on, its own unlock first: the password and fingerprint methods take
            // the passcode as the owner's password from then on, so whoever chose it without
            // unlocking would choose the answer to the lock.
            if lockSettings.method != .off { _ = try store(reason: tr("Authenticate to change the app lock.")) }
            var new = try choosePasscode()
            defer { Sodium.wipe(&new) }
            try verifier.set(new)
        }
    }

    /// Changes the app passcode after asking for the current one. With the lock on the
    /// passcode, the data key moves to the new one first.
    public func changePasscode() throws {
        try serialized { try noticingKeyChange { try changePasscodeNow() } }
    }

    private func changePasscodeNow() throws {
        var current = try currentPasscode(label: tr("Current passcode"), attempts: 1)
        defer { Sodium.wipe(&current) }
        var new = try choosePasscode()
        defer { Sodium.wipe(&new) }
        if lockSettings.method == .passcode {
            // A new data key under the new passcode (see `AppLock.rekey`): the old
            // passcode's seal, wherever a copy of it went, opens nothing any more.
            let lock = try appLock()
            let store: ChecklistStore
            do {
                store = try self.store(key: try lock.passcodeKey(current, opening: keyOpens))
            } catch {
                // Another process's change may have replaced the passcode's seal and not yet
                // its verifier (both change within its switch): once that switch is done, the
                // verifier says whether `current` is still the passcode.
                let stillCurrent = try ChecklistStore.holdingLock(directory: home) {
                    try passcodeVerifier.verify(current)
                }
                if !stillCurrent { throw StoreError.keyChanged }
                throw error
            }
            try switchingKey(of: store) {
                let key = try lock.rekey(store, for: .passcode, passcode: new, context: nil)
                lock.cache?.store(key, for: reuseSeconds(of: store))
                try passcodeVerifier.set(new)
            }
        } else {
            try passcodeVerifier.set(new)
        }
    }

    /// Removes the app passcode after asking for it (not while the lock uses it).
    public func removePasscode() throws {
        try serialized {
            guard lockSettings.method != .passcode else {
                throw AppSessionError.refused(
                    tr("The passcode cannot be removed while the app lock uses it: 'checklists lock disable' first."))
            }
            var current = try currentPasscode(label: tr("Current passcode"), attempts: 1)
            Sodium.wipe(&current)
            try passcodeVerifier.remove()
        }
    }
}
