import Foundation
import Localization
import PrivateFiles
import Sodium

/// Failure counters that must survive restarts: consecutive failed scans (5 → biometry locked
/// out until a password succeeds) and wrong passwords (back-off). A 0600 JSON file, plus an
/// optional mirror kept elsewhere, updated under an exclusive `flock` so that concurrent
/// processes never lose a count.
///
/// Against someone running as the user no file is tamper-proof: the counters slow down guessing
/// through the app, while a copy of the passcode's verifier or seal is guessed offline at the
/// Argon2id cost. What this type does is make tampering no shortcut: a damaged, unreadable or
/// implausible file counts as "locked out" (back-off and fingerprint lockout), and deleting or
/// replacing one copy leaves the other's higher counts in force.
public struct AuthenticationState: Sendable {
    /// The persisted values.
    public struct Values: Codable, Sendable, Equatable {
        public var failedScans = 0
        public var biometryLockedOut = false
        public var failedPasswords = 0
        /// No password is accepted before this time (seconds since 1970).
        public var passwordRetryAfter: Double = 0
        /// When a damaged state file was found (seconds since 1970); cleared by a success.
        public var damagedAt: Double?

        public init() {}

        /// When passwords are accepted again, or nil if they are now.
        public func passwordBlockedUntil(now: Date) -> Date? {
            passwordRetryAfter > now.timeIntervalSince1970 ? Date(timeIntervalSince1970: passwordRetryAfter) : nil
        }

        /// Whether the values could have been written by this type (no overflowing counts, no
        /// back-off beyond the longest step).
        func isPlausible(now: Date) -> Bool {
            let limit = now.timeIntervalSince1970 + (AuthenticationState.backoffMinutes.last ?? 60) * 60 + 86_400
            return (0...1_000_000).contains(failedScans) && (0...1_000_000).contains(failedPasswords)
                && passwordRetryAfter.isFinite && passwordRetryAfter <= limit && (damagedAt?.isFinite ?? true)
        }

        /// The larger counts of two copies.
        func merged(with other: Values) -> Values {
            var v = self
            v.failedScans = max(failedScans, other.failedScans)
            v.biometryLockedOut = biometryLockedOut || other.biometryLockedOut
            v.failedPasswords = max(failedPasswords, other.failedPasswords)
            v.passwordRetryAfter = max(passwordRetryAfter, other.passwordRetryAfter)
            v.damagedAt = [damagedAt, other.damagedAt].compactMap { $0 }.max()
            return v
        }
    }

    /// Consecutive failed scans that lock biometrics out (Apple: 5).
    public static let scansBeforeLockout = 5
    /// Wrong passwords allowed before the first back-off.
    public static let passwordsBeforeBackoff = 5
    /// Back-off after the 5th, 6th, 7th and later wrong password: 1, 5, 15, 60 minutes.
    public static let backoffMinutes: [Double] = [1, 5, 15, 60]

    public let path: String
    /// A second copy, outside the data directory, or nil.
    public let mirrorPath: String?

    public init(path: String, mirrorPath: String? = nil) {
        self.path = path
        self.mirrorPath = mirrorPath
    }

    /// The current values (zeros when no file exists yet; "locked out" when one is damaged).
    public func read(now: Date = Date()) -> Values {
        locked(now: now) { $0 }
    }

    /// Changes the values atomically with respect to other processes.
    @discardableResult
    public func update(now: Date = Date(), _ change: (inout Values) -> Void) -> Values {
        locked(now: now) { values in
            var copy = values
            change(&copy)
            if copy != values { write(copy) }
            return copy
        }
    }

    /// The refusal shown while passwords are blocked: "Too many wrong passwords: try again in
    /// 5 minutes. The next try is possible at 10:42."
    public static func backoffError(until: Date, now: Date, damaged: Bool = false) -> LAError {
        // Whole seconds first: the back-off is set from `now`, and a hair of floating-point error
        // must not turn "1 minute" into "2 minutes".
        let seconds = until.timeIntervalSince(now).rounded()
        let minutes = max(1, Int((seconds / 60).rounded(.up)))
        let formatter = DateFormatter()
        formatter.dateFormat = "HH:mm"
        let wait = trn(
            "try again in %d minute. The next try is possible at %@.",
            "try again in %d minutes. The next try is possible at %@.", minutes, formatter.string(from: until))
        guard damaged else { return LAError(.authenticationFailed, tr("Too many wrong passwords: %@", wait)) }
        return LAError(
            .authenticationFailed,
            tr(
                "The record of failed attempts (auth-state.json) was damaged, so Checklists counts it as locked out: %@",
                wait))
    }

    /// One password attempt under the back-off: refuses while blocked, takes an answer, tests
    /// it, and records the success or the failure (which may start a back-off).
    /// - Parameters:
    ///   - answer: Asks for the password; nil means cancelled (`userCancel`). Wiped afterwards.
    ///   - check: What a right password gives (a key, the password itself…), or nil when wrong.
    /// - Returns: `check`'s result, or nil when the password was wrong.
    /// - Throws: `LAError` when blocked or cancelled, or whatever `answer` and `check` throw.
    public func attempt<R>(now: Date, answer: () throws -> [UInt8]?, check: ([UInt8]) throws -> R?) throws -> R? {
        let values = read(now: now)
        if let until = values.passwordBlockedUntil(now: now) {
            throw Self.backoffError(until: until, now: now, damaged: values.damagedAt != nil)
        }
        guard var given = try answer() else { throw LAError(.userCancel) }
        defer { Sodium.wipe(&given) }
        if let result = try check(given) {
            recordPasswordSuccess(now: now)
            return result
        }
        if let until = recordWrongPassword(now: now).passwordBlockedUntil(now: now) {
            throw Self.backoffError(until: until, now: now)
        }
        return nil
    }

    /// Records a wrong password and starts the back-off when due.
    @discardableResult
    public func recordWrongPassword(now: Date) -> Values {
        update(now: now) { v in
            v.failedPasswords += 1
            Self.startBackoffIfDue(&v, now: now)
        }
    }

    /// A password succeeded: clears the password back-off and the fingerprint lockout.
    public func recordPasswordSuccess(now: Date = Date()) {
        update(now: now) { v in v = Values() }
    }

    private static func startBackoffIfDue(_ v: inout Values, now: Date) {
        let over = v.failedPasswords - passwordsBeforeBackoff
        if over >= 0 {
            let minutes = backoffMinutes[min(over, backoffMinutes.count - 1)]
            v.passwordRetryAfter = max(v.passwordRetryAfter, now.timeIntervalSince1970 + minutes * 60)
        }
    }
}

// MARK: - Files

extension AuthenticationState {
    /// What one copy holds.
    enum Record {
        case missing
        case valid(Values)
        case damaged

        func holds(_ values: Values) -> Bool {
            if case .valid(let copy) = self { copy == values } else { false }
        }
    }

    private func locked<R>(now: Date, _ body: (Values) -> R) -> R {
        try? SecureFile.makeDirectory(SecureFile.directory(of: path))
        func load() -> R { body(current(now: now)) }
        // Without a lock file (read-only directory) the counters still work within this process.
        return (try? SecureFile.withLock(path + ".lock", load)) ?? load()
    }

    /// Both copies merged; a damaged copy turns into "locked out", written back at once so that
    /// the back-off runs from when the damage was found.
    private func current(now: Date) -> Values {
        let records = [path, mirrorPath].compactMap { $0 }.map { Self.record(at: $0, now: now) }
        var values = Values()
        var damaged = false
        for record in records {
            switch record {
            case .missing: break
            case .valid(let copy): values = values.merged(with: copy)
            case .damaged: damaged = true
            }
        }
        if damaged {
            values.failedPasswords = max(values.failedPasswords, Self.passwordsBeforeBackoff)
            values.biometryLockedOut = true
            values.damagedAt = now.timeIntervalSince1970
            Self.startBackoffIfDue(&values, now: now)
            write(values)
        } else if records.contains(where: { !$0.holds(values) }), values != Values() {
            write(values)  // one copy was deleted or replaced: restore it from the other
        }
        return values
    }

    static func record(at path: String, now: Date) -> Record {
        let bytes: [UInt8]?
        // Bounded and regular files only: a FIFO or /dev/zero here must not hang or eat memory.
        do { bytes = try SecureFile.read(path, limit: 64 << 10) } catch { return .damaged }
        guard let bytes else { return .missing }
        guard let values = try? JSONDecoder().decode(Values.self, from: Data(bytes)), values.isPlausible(now: now)
        else { return .damaged }
        return .valid(values)
    }

    private func write(_ values: Values) {
        guard let data = try? JSONEncoder().encode(values) else { return }
        for file in [path, mirrorPath].compactMap({ $0 }) {
            try? SecureFile.makeDirectory(SecureFile.directory(of: file))
            try? SecureFile.writeAtomically(Array(data), to: file)
        }
    }
}
