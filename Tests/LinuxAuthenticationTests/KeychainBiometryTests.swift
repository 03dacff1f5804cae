import Foundation
import Keychain
import LinuxAuthentication
import LocalAuthentication
import TestSupport
import Testing

/// Keychain items bound to the enrolled fingers, with the real fprintd.
@Suite struct KeychainBiometryTests {
    let dir = TemporaryDirectory()

    @Test func enrollingAnotherFingerLocksOutCurrentSetItems() throws {
        let rig = try FprintdRig()
        var env = LAEnvironment(
            biometrics: FprintdReader(bus: .address(rig.busAddress)), presenter: ScriptedPresenter(),
            stateDirectory: dir.appending("state"))
        env.systemEvents = LASystemEvents()
        let keychain = KeychainWrapper(serviceName: "Checklists", backend: MemoryKeychain())

        func evaluated() throws -> LAContext {
            let context = LAContext(environment: env)
            let outcome = Outcome()
            context.evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "x") { _, error in
                outcome.finish(error as? LAError)
            }
            try rig.scan(matching: true)
            #expect(outcome.wait() == .some(nil))
            return context
        }

        let first = try evaluated()
        try keychain.store(
            Data("kek".utf8), forKey: "FingerprintKEK", accessControl: .biometryCurrentSet, context: first)
        #expect(try keychain.read(forKey: "FingerprintKEK", context: first) == Data("kek".utf8))
        #expect(throws: KeychainError.self) {
            try keychain.read(forKey: "FingerprintKEK", context: LAContext(environment: env))
        }

        try rig.enrollAnother("left")
        let second = try evaluated()
        #expect(throws: KeychainError.biometryChanged) { try keychain.read(forKey: "FingerprintKEK", context: second) }
    }
}
