import Foundation
import PrivateFiles
import Sodium

/// Failure counters that must survive restarts: consecutive failed scans (5 → biometry locked
/// out until a password succeeds) and wrong passwords (back-off). One 0600 JSON file, updated
/// under an exclusive `flock` so that concurrent processes never lose a count.
public struct AuthenticationState: Sendable {
    /// The persisted values.
    public struct Values: Codable, Sendable, Equatable {
        public var failedScans = 0
        public var biometryLockedOut = false
        public var failedPasswords = 0
        /// No password is accepted before this time (seconds since 1970).
        public var passwordRetryAfter: Double = 0

        public init() {}

        /// When passwords are accepted again, or nil if they are now.
        public func passwordBlockedUntil(now: Date) -> Date? {
            passwordRetryAfter > now.timeIntervalSince1970 ? Date(timeIntervalSince1970: passwordRetryAfter) : nil
        }
    }

    /// Consecutive failed scans that lock biometrics out (Apple: 5).
    public static let scansBeforeLockout = 5
    /// Wrong passwords allowed before the first back-off.
    public static let passwordsBeforeBackoff = 5
    /// Back-off after the 5th, 6th, 7th and later wrong password: 1, 5, 15, 60 minutes.
    public static let backoffMinutes: [Double] = [1, 5, 15, 60]

    public let path: String

    public init(path: String) {
        self.path = path
    }

    /// The current values (zeros when the file does not exist yet).
    public func read() -> Values {
        locked { $0 }
    }

    /// Changes the values atomically with respect to other processes.
    @discardableResult
    public func update(_ change: (inout Values) -> Void) -> Values {
        locked { values in
            var copy = values
            change(&copy)
            if copy != values, let data = try? JSONEncoder().encode(copy) {
                try? SecureFile.writeAtomically(Array(data), to: path)
            }
            return copy
        }
    }

    /// The refusal shown while passwords are blocked: "Too many wrong passwords: try again in
    /// 5 minutes. The next try is possible at 10:42."
    public static func backoffError(until: Date, now: Date) -> LAError {
        // Whole seconds first: the back-off is set from `now`, and a hair of floating-point error
        // must not turn "1 minute" into "2 minutes".
        let seconds = until.timeIntervalSince(now).rounded()
        let minutes = max(1, Int((seconds / 60).rounded(.up)))
        let formatter = DateFormatter()
        formatter.dateFormat = "HH:mm"
        return LAError(
            .authenticationFailed,
            "Too many wrong passwords: try again in \(minutes) minute\(minutes == 1 ? "" : "s"). "
                + "The next try is possible at \(formatter.string(from: until)).")
    }

    /// One password attempt under the back-off: refuses while blocked, takes an answer, tests
    /// it, and records the success or the failure (which may start a back-off).
    /// - Parameters:
    ///   - answer: Asks for the password; nil means cancelled (`userCancel`). Wiped afterwards.
    ///   - check: What a right password gives (a key, the password itself…), or nil when wrong.
    /// - Returns: `check`'s result, or nil when the password was wrong.
    /// - Throws: `LAError` when blocked or cancelled, or whatever `answer` and `check` throw.
    public func attempt<R>(now: Date, answer: () throws -> [UInt8]?, check: ([UInt8]) throws -> R?) throws -> R? {
        if let until = read().passwordBlockedUntil(now: now) { throw Self.backoffError(until: until, now: now) }
        guard var given = try answer() else { throw LAError(.userCancel) }
        defer { Sodium.wipe(&given) }
        if let result = try check(given) {
            recordPasswordSuccess()
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
        update { v in
            v.failedPasswords += 1
            let over = v.failedPasswords - Self.passwordsBeforeBackoff
            if over >= 0 {
                let minutes = Self.backoffMinutes[min(over, Self.backoffMinutes.count - 1)]
                v.passwordRetryAfter = now.timeIntervalSince1970 + minutes * 60
            }
        }
    }

    /// A password succeeded: clears the password back-off and the fingerprint lockout.
    public func recordPasswordSuccess() {
        update { v in
            v.failedPasswords = 0
            v.passwordRetryAfter = 0
            v.failedScans = 0
            v.biometryLockedOut = false
        }
    }

    private func locked<R>(_ body: (Values) -> R) -> R {
        try? SecureFile.makeDirectory(SecureFile.directory(of: path))
        let path = self.path
        func read() -> R {
            body(
                // Bounded and regular files only: a FIFO or /dev/zero here must not hang or eat memory.
                ((try? SecureFile.read(path, limit: 64 << 10)) ?? nil).flatMap {
                    try? JSONDecoder().decode(Values.self, from: Data($0))
                } ?? Values())
        }
        // Without a lock file (read-only directory) the counters still work within this process.
        return (try? SecureFile.withLock(path + ".lock", read)) ?? read()
    }
}
