import Arguments
import ChecklistsKit
import Foundation
import LocalAuthentication
import SessionKeyring
import Sodium

/// `lock status|enable|disable|now|set`.
enum LockCommands {
    static let all: [Command] = [
        Command(
            path: ["lock", "status"], usage: "lock status",
            summary: "Show whether the app lock is on, how it unlocks, and whether this session is unlocked.",
            touchesContent: false
        ) { context in
            let report = LockReport(context)
            if context.json { try context.output.json(report) } else { report.lines.forEach(context.output.line) }
        },
        Command(
            path: ["lock", "enable"], usage: "lock enable [--method fingerprint|password|passcode]",
            summary: "Turn the app lock on (after you authenticate with the chosen method).",
            details: [
                "Default method: fingerprint when a reader has your finger enrolled, else your account password.",
                "passcode asks you to choose one if none is set. --stdin reads passcodes from standard input.",
            ],
            spec: ArgumentSpec(options: ["--method"], flags: ["--stdin"])
        ) { context in
            try enable(&context)
        },
        Command(
            path: ["lock", "disable"], usage: "lock disable",
            summary: "Turn the app lock off (after you authenticate).", spec: ArgumentSpec(flags: ["--stdin"])
        ) { context in
            let settings = LockSettings.read(directory: context.home)
            guard settings.method != .off else {
                context.output.line("The app lock is already off.")
                return
            }
            let lock = try context.appLock()
            let key = try lock.unlock(settings.method, reason: "Authenticate to turn the app lock off.")
            let store = try context.store(key: key)
            // The plain key is stored before the setting flips: a crash leaves a working custody.
            try lock.seal(key, for: .off, passcode: nil, context: nil)
            try SecretMessage.copyToKeychain(from: store, lock.keychain)
            try store.setSetting(named: "AppLock", to: LockMethod.off.rawValue)
            lock.finishSwitch(to: .off, key: key)
            try SecretMessage.forgetSealed(in: store)
            lock.cache?.drop()
            context.output.line("The app lock is off. Your data key is in the \(lock.keychain.backend.name) again.")
        },
        Command(
            path: ["lock", "now"], usage: "lock now", summary: "Lock at once: the next command asks again.",
            touchesContent: false
        ) { context in
            KernelKeyring(home: context.home).drop()
            context.authEnvironment().reuse.clear()
            context.output.line("Locked.")
        },
        Command(
            path: ["lock", "set"], usage: "lock set [--reuse SECONDS] [--idle MINUTES]",
            summary: "Change how long an unlock lasts (≤ 300 s) and the terminal UI's idle timeout.",
            spec: ArgumentSpec(options: ["--reuse", "--idle"])
        ) { context in
            var settings = LockSettings.read(directory: context.home)
            guard context.arguments["--reuse"] != nil || context.arguments["--idle"] != nil else {
                throw CLIError.usage("nothing to change: give --reuse or --idle")
            }
            if let text = context.arguments["--reuse"] {
                guard let seconds = Int(text), (0...300).contains(seconds) else {
                    throw CLIError.usage("--reuse must be 0 to 300 seconds")
                }
                settings.reuseSeconds = seconds
            }
            if let text = context.arguments["--idle"] {
                guard let minutes = Int(text), (1...1440).contains(minutes) else {
                    throw CLIError.usage("--idle must be 1 to 1440 minutes")
                }
                settings.idleMinutes = minutes
            }
            try settings.saveTimes(in: try context.store(reason: "Authenticate to change the app lock."))
            context.output.line(
                "Unlocks last \(settings.reuseSeconds) s; the terminal UI locks after \(settings.idleMinutes) min idle."
            )
        },
    ]

    static func enable(_ context: inout Context) throws {
        let settings = LockSettings.read(directory: context.home)
        let environment = context.authEnvironment()
        let method = try chosenMethod(context, environment)
        guard settings.method != method else {
            context.output.line("The app lock is already on (\(method.rawValue)).")
            return
        }
        let reason = "Authenticate to turn the app lock on."
        // A new home gets its store and data key first (the lock is off, so nothing is asked).
        if settings.method == .off { _ = try context.store() }
        let lock = try context.appLock()
        // 1. Prove the new method works; nothing changes if this fails.
        var passcode: [UInt8]?
        var evaluated: LAContext?
        defer { if passcode != nil { Sodium.wipe(&passcode!) } }
        switch method {
        case .passcode:
            let verifier = environment.passcode!
            if verifier.isSet {
                passcode = try AuthCommands.currentPasscode(
                    context, label: "Checklists passcode", attempts: environment.passwordAttempts)
            } else {
                context.output.line("Choose a passcode for Checklists.")
                context.output.flush()
                passcode = try SecretReader(context).newSecret(label: "New passcode")
                try verifier.set(passcode!)
            }
        case .password, .fingerprint:
            evaluated = try lock.evaluate(method, reason: reason)
        case .off:
            throw CLIError.usage("use 'checklists lock disable'")
        }
        // 2. The data key from the current custody.
        let key: SecureBytes
        if let cached = lock.cache?.load() {
            key = cached
        } else if settings.method == .off {
            guard let current = try context.keyProvider().loadKey() else {
                throw CLIError(message: "The data key is missing; nothing was changed.", code: .storage)
            }
            key = current
        } else {
            key = try lock.unlock(settings.method, reason: reason)
        }
        let store = try context.store(key: key)
        // 3. Seal for the new method, then flip the setting, then clear the old custody.
        try lock.seal(key, for: method, passcode: passcode, context: evaluated)
        try SecretMessage.copyIntoStore(store, from: lock.keychain)
        try store.setSetting(named: "AppLock", to: method.rawValue)
        try SecretMessage.moveIntoStore(store, from: lock.keychain)
        lock.finishSwitch(to: method, key: key)
        lock.cache?.store(key, for: TimeInterval(settings.reuseSeconds))
        context.output.line("The app lock is on (\(describe(method))).")
        if method != .passcode && lock.keychain.backend.name == "file vault" {
            Output.error(
                "Note: without a desktop keyring, the file vault's key sits beside it on disk; choose --method passcode to protect your data at rest."
            )
        }
    }

    static func chosenMethod(_ context: Context, _ environment: LAEnvironment) throws -> LockMethod {
        if let name = context.arguments["--method"] {
            guard let method = LockMethod(rawValue: name), method != .off else {
                throw CLIError.usage("--method must be fingerprint, password or passcode")
            }
            return method
        }
        if case .ready = environment.biometrics?.status() ?? .notEnrolled { return .fingerprint }
        return .password
    }

    static func describe(_ method: LockMethod) -> String {
        switch method {
        case .off: "off"
        case .fingerprint: "fingerprint, falling back to your password"
        case .password: "your account password"
        case .passcode: "the app passcode"
        }
    }
}

/// What `lock status` shows.
struct LockReport: Encodable {
    let enabled: Bool
    let method: String
    let reuseSeconds: Int
    let idleMinutes: Int
    let sessionUnlocked: Bool
    let unlockedUntil: String?
    let sessionKeyring: Bool
    let failedScans: Int
    let biometryLockedOut: Bool
    let failedPasswords: Int
    let passwordBlockedUntil: String?

    init(_ context: Context) {
        let settings = LockSettings.read(directory: context.home)
        let keyring = KernelKeyring(home: context.home)
        let state = context.authEnvironment().state.read()
        let iso = ISO8601DateFormatter()
        enabled = settings.method != .off
        method = settings.method.rawValue
        reuseSeconds = settings.reuseSeconds
        idleMinutes = settings.idleMinutes
        let expiry = keyring.expiry()
        sessionUnlocked = !enabled || expiry != nil
        unlockedUntil = expiry.map { iso.string(from: $0) }
        sessionKeyring = keyring.isAvailable
        failedScans = state.failedScans
        biometryLockedOut = state.biometryLockedOut
        failedPasswords = state.failedPasswords
        passwordBlockedUntil = state.passwordBlockedUntil(now: Date()).map { iso.string(from: $0) }
    }

    var lines: [String] {
        var out = [
            enabled ? "App lock: on (\(LockCommands.describe(LockMethod(rawValue: method) ?? .off)))" : "App lock: off"
        ]
        out.append(
            "Unlocks last \(reuseSeconds) s in this session; the terminal UI locks after \(idleMinutes) min idle.")
        if enabled {
            if let until = unlockedUntil {
                out.append("This session: unlocked until \(until).")
            } else if sessionKeyring {
                out.append("This session: locked (the next command asks).")
            } else {
                out.append("This session: no kernel session keyring, so every command asks.")
            }
        }
        out.append(
            biometryLockedOut
                ? "Fingerprint: locked after 5 failed scans — authenticate with your password to unlock it."
                : "Fingerprint: \(failedScans) failed scan\(failedScans == 1 ? "" : "s") in a row (5 lock it).")
        if let until = passwordBlockedUntil {
            out.append("Password: \(failedPasswords) wrong in a row; next try after \(until).")
        } else {
            out.append("Password: \(failedPasswords) wrong in a row (5 start a back-off).")
        }
        return out
    }
}
