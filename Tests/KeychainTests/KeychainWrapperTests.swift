import ChecklistsKit
import Foundation
import Keychain
import LocalAuthentication
import TestSupport
import Testing

@Suite struct KeychainWrapperTests {
    let backend = MemoryKeychain()
    var keychain: KeychainWrapper { KeychainWrapper(serviceName: "Checklists", backend: backend) }

    @Test func roundTripsEveryType() {
        #expect(keychain.set("Secret stuff!", forKey: "SecretMessage"))
        #expect(keychain.set(42, forKey: "int"))
        #expect(keychain.set(2.5, forKey: "double"))
        #expect(keychain.set(true, forKey: "bool"))
        #expect(keychain.set(Data([0, 1, 255]), forKey: "data"))
        #expect(keychain.string(forKey: "SecretMessage") == "Secret stuff!")
        #expect(keychain.integer(forKey: "int") == 42)
        #expect(keychain.double(forKey: "double") == 2.5)
        #expect(keychain.bool(forKey: "bool") == true)
        #expect(keychain.data(forKey: "data") == Data([0, 1, 255]))
        #expect(keychain.string(forKey: "missing") == nil)
    }

    @Test func keysAndRemovalStayWithinTheService() {
        let other = KeychainWrapper(serviceName: "SomeOtherApp", backend: backend)
        other.set("theirs", forKey: "token")
        keychain.set("a", forKey: "one")
        keychain.set("b", forKey: "two")
        #expect(keychain.allKeys() == ["one", "two"])
        #expect(keychain.hasValue(forKey: "one"))
        #expect(keychain.removeObject(forKey: "one"))
        #expect(!keychain.removeObject(forKey: "one"))
        #expect(keychain.removeAllKeys())
        #expect(keychain.allKeys().isEmpty)
        #expect(other.string(forKey: "token") == "theirs")
    }

    @Test func remembersAccessibility() {
        keychain.set("x", forKey: "k", withAccessibility: .afterFirstUnlockThisDeviceOnly)
        #expect(keychain.accessibilityOfKey("k") == .afterFirstUnlockThisDeviceOnly)
        keychain.set("y", forKey: "k2")
        #expect(keychain.accessibilityOfKey("k2") == .whenUnlocked)
        #expect(keychain.accessibilityOfKey("none") == nil)
    }
}

@Suite struct KeychainAccessControlTests {
    let dir = TemporaryDirectory()
    let keychain = KeychainWrapper(serviceName: "Checklists", backend: MemoryKeychain())

    func context(_ reader: FakeFingerprintReader, passwords: [String?] = []) -> LAContext {
        var env = LAEnvironment(
            biometrics: reader, accountPassword: FakePasswordVerifier(password: "pw"),
            presenter: ScriptedPresenter(passwords: passwords), stateDirectory: dir.appending("state"))
        env.systemEvents = LASystemEvents()
        return LAContext(environment: env)
    }

    func evaluate(_ context: LAContext, _ reader: FakeFingerprintReader, finger: Bool) async throws {
        async let done: Bool = context.evaluatePolicy(.deviceOwnerAuthentication, localizedReason: "x")
        if finger {
            await reader.touch(.match)
        } else {
            await reader.touch(.noMatch); await reader.touch(.noMatch); await reader.touch(.noMatch)
        }
        _ = try await done
        // A success opens items for max(10 s, the reuse window): under a loaded test run the
        // read can come more than 10 s after the evaluation, so widen the window afterwards.
        context.touchIDAuthenticationAllowableReuseDuration = LATouchIDAuthenticationMaximumAllowableReuseDuration
    }

    @Test func userPresenceItemsNeedAContextThatJustEvaluated() async throws {
        let reader = FakeFingerprintReader()
        try keychain.store(Data("k".utf8), forKey: "kek", accessControl: .userPresence)
        #expect(keychain.data(forKey: "kek") == nil)
        #expect(throws: KeychainError.self) { try keychain.read(forKey: "kek", context: nil) }
        let fresh = context(reader)
        #expect(throws: KeychainError.self) { try keychain.read(forKey: "kek", context: fresh) }
        try await evaluate(fresh, reader, finger: true)
        #expect(try keychain.read(forKey: "kek", context: fresh) == Data("k".utf8))
    }

    @Test func biometryItemsRefuseAPassword() async throws {
        let reader = FakeFingerprintReader()
        try keychain.store(Data("k".utf8), forKey: "bio", accessControl: .biometryAny)
        let la = context(reader, passwords: ["pw"])
        try await evaluate(la, reader, finger: false)
        #expect(la.lastSuccess?.biometric == false)
        #expect(throws: KeychainError.authenticationRequired("this item needs a fingerprint")) {
            try keychain.read(forKey: "bio", context: la)
        }
    }

    @Test func currentSetItemsBreakWhenFingersChange() async throws {
        let reader = FakeFingerprintReader(status: .ready(enrollment: Data([1])))
        let first = context(reader)
        try await evaluate(first, reader, finger: true)
        try keychain.store(Data("k".utf8), forKey: "current", accessControl: .biometryCurrentSet, context: first)
        #expect(try keychain.read(forKey: "current", context: first) == Data("k".utf8))
        reader.currentStatus = .ready(enrollment: Data([1, 2]))
        let second = context(reader)
        try await evaluate(second, reader, finger: true)
        #expect(throws: KeychainError.biometryChanged) { try keychain.read(forKey: "current", context: second) }
    }
}

/// Tests of the process-wide defaults (`standard`, `isAppUnlocked`), one at a time.
@Suite(.serialized) struct KeychainDefaultsTests {
    let dir = TemporaryDirectory()

    @Test func seedStyleCodeUsesTheDefaultBackend() {
        let backend = MemoryKeychain()
        KeychainWrapper.defaultBackend = backend
        KeychainWrapper.standard.set("Secret stuff!", forKey: "SecretMessage")
        #expect(KeychainWrapper.standardKeychainAccess().string(forKey: "SecretMessage") == "Secret stuff!")
        KeychainWrapper.standardKeychainAccess().setString("changed", forKey: "SecretMessage")
        #expect(
            KeychainWrapper(serviceName: "Checklists", backend: backend).string(forKey: "SecretMessage") == "changed")
    }

    @Test func seedStyleCodeReadsWhatTheCommandLineWrote() throws {
        let pam = try PAMRig(password: "pw")
        let home = dir.appending("home")
        let environment = [
            "PATH": "/usr/bin:/bin", "HOME": dir.path, "CHECKLISTS_HOME": home, "CHECKLISTS_PAM_CONFDIR": pam.confdir,
            "XDG_RUNTIME_DIR": dir.appending("run"), "DBUS_SYSTEM_BUS_ADDRESS": "unix:path=\(dir.path)/no-bus",
        ]
        let session = try PtySession(
            ["/bin/sh", "-c", "printf 'Written by checklists' | \(CLIRunner.binary) secret set --keychain file"],
            environment: environment)
        try session.expect("Password for")
        session.send("pw\r")
        try session.expect("Secret saved.")
        #expect(try session.wait() == 0)

        KeychainWrapper.defaultBackend = FileVault(
            path: home + "/keychain.vault", keySource: .keyFile(home + "/keychain.key"))
        #expect(KeychainWrapper.standard.string(forKey: "SecretMessage") == "Written by checklists")
    }

    @Test func whenUnlockedItemsNeedTheAppUnlocked() {
        let keychain = KeychainWrapper(serviceName: "Checklists", backend: MemoryKeychain())
        keychain.set("a", forKey: "unlocked-only", withAccessibility: .whenUnlocked)
        keychain.set("b", forKey: "always", withAccessibility: .afterFirstUnlock)
        KeychainWrapper.isAppUnlocked = { false }
        defer { KeychainWrapper.isAppUnlocked = { true } }
        #expect(keychain.string(forKey: "unlocked-only") == nil)
        #expect(throws: KeychainError.appLocked) { try keychain.read(forKey: "unlocked-only", context: nil) }
        #expect(keychain.string(forKey: "always") == "b")
    }

    @Test func onlyWhenUnlockedItemsAskWhetherTheAppIsUnlocked() throws {
        // The app's answer costs a look at its settings; reading the data key must not pay it.
        let asked = Asked()
        let keychain = KeychainWrapper(serviceName: "Checklists", backend: MemoryKeychain()) {
            asked.count()
            return true
        }
        keychain.set("a", forKey: "always", withAccessibility: .afterFirstUnlockThisDeviceOnly)
        keychain.set("b", forKey: "unlocked-only", withAccessibility: .whenUnlocked)
        #expect(try keychain.read(forKey: "always", context: nil) == Data("a".utf8))
        #expect(asked.times == 0)
        #expect(try keychain.read(forKey: "unlocked-only", context: nil) == Data("b".utf8))
        #expect(asked.times == 1)
    }
}

/// Counts calls, from any thread.
private final class Asked: @unchecked Sendable {
    private let lock = NSLock()
    private var calls = 0
    var times: Int { lock.withLock { calls } }
    func count() { lock.withLock { calls += 1 } }
}

@Suite struct SecretMessageTests {
    @Test func savesAndHidesOnResignActive() throws {
        let keychain = KeychainWrapper(serviceName: "Checklists", backend: MemoryKeychain())
        let secret = SecretMessage(keychain: keychain)
        #expect(secret.title == "Nothing to see here")
        try secret.saveAndHide()  // hidden: nothing is written
        #expect(keychain.string(forKey: "SecretMessage") == nil)
        try secret.unlock()
        #expect(secret.title == "Secret stuff!")
        secret.text = "Typed while shown"
        try secret.saveAndHide()
        #expect(secret.title == "Nothing to see here")
        #expect(secret.text == nil)
        #expect(keychain.string(forKey: "SecretMessage") == "Typed while shown")
    }
}
