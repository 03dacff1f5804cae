import ChecklistsKit
import Foundation
import Keychain
import LocalAuthentication
import Sodium
import TestSupport
import Testing

@Suite struct AppLifecycleTests {
    let keychain = KeychainWrapper(serviceName: "Checklists", backend: MemoryKeychain())
    let cache = MemoryKeyCache()

    @Test func resigningSavesAndHidesTheSecret() throws {
        let secret = SecretMessage(keychain: keychain)
        try secret.unlock()
        secret.text = "Typed before Ctrl-Z"
        let lifecycle = AppLifecycle(secret: secret, lockMethod: .off, cache: cache, systemEvents: LASystemEvents())
        try lifecycle.willResignActive(.suspended)
        #expect(!secret.isShown)
        #expect(keychain.string(forKey: "SecretMessage") == "Typed before Ctrl-Z")
        #expect(!lifecycle.didBecomeActive())
    }

    @Test func withTheLockOnComingBackAsksAgainButAFocusChangeDoesNot() throws {
        cache.store(try SecureBytes(randomCount: 32), for: 60)
        let lifecycle = AppLifecycle(secret: nil, lockMethod: .passcode, cache: cache, systemEvents: LASystemEvents())
        try lifecycle.willResignActive(.focusLost)
        #expect(!lifecycle.didBecomeActive())
        try lifecycle.willResignActive(.idle)
        #expect(lifecycle.didBecomeActive())
    }

    @Test func aSessionLockCancelsThePromptOnScreen() async throws {
        let dir = TemporaryDirectory()
        let events = LASystemEvents()
        let reader = FakeFingerprintReader()
        var env = LAEnvironment(biometrics: reader, presenter: ScriptedPresenter(), stateDirectory: dir.path)
        env.systemEvents = events
        // Only the session lock may end this prompt, however slow a loaded machine is.
        env.fingerTimeout = 300
        let context = LAContext(environment: env)
        async let outcome: Bool = context.evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "x")
        await reader.touch(.fingerNeeded)
        try AppLifecycle(secret: nil, lockMethod: .fingerprint, cache: cache, systemEvents: events).willResignActive(
            .sessionLocked)
        var code: LAError.Code?
        do { _ = try await outcome } catch let error as LAError { code = error.code }
        #expect(code == .systemCancel)
    }
}

/// An in-memory `UnlockedKeyCache`.
final class MemoryKeyCache: UnlockedKeyCache, @unchecked Sendable {
    private let lock = NSLock()
    private var key: SecureBytes?
    var isAvailable: Bool { true }
    func load() -> SecureBytes? { lock.withLock { key } }
    func store(_ key: SecureBytes, for seconds: TimeInterval) { lock.withLock { self.key = key } }
    func drop() { lock.withLock { key = nil } }
    func expiry() -> Date? { nil }
}
