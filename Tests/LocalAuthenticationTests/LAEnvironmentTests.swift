import Foundation
import LocalAuthentication
import Sodium
import TestSupport
import Testing

/// The live default environment (what `LAContext()` uses with no setup) and the `shared` facade.
@Suite struct LAEnvironmentTests {
    let dir = TemporaryDirectory()

    @Test func stateDirectoryFollowsXDGStateHome() {
        let env = ["XDG_STATE_HOME": "/xdg/state", "HOME": "/home/ann"]
        #expect(LAEnvironment.defaultStateDirectory(env) == "/xdg/state/checklists")
    }

    @Test func stateDirectoryFallsBackToHomeWhenXDGStateHomeIsUnsetOrRelative() {
        #expect(LAEnvironment.defaultStateDirectory(["HOME": "/home/ann"]) == "/home/ann/.local/state/checklists")
        let relative = ["XDG_STATE_HOME": "state", "HOME": "/home/ann"]
        #expect(LAEnvironment.defaultStateDirectory(relative) == "/home/ann/.local/state/checklists")
    }

    @Test func runtimeDirectoryIsUnderXDGRuntimeDirOnlyWhenAbsolute() {
        #expect(LAEnvironment.defaultRuntimeDirectory(["XDG_RUNTIME_DIR": "/run/user/7"]) == "/run/user/7/checklists")
        #expect(LAEnvironment.defaultRuntimeDirectory(["XDG_RUNTIME_DIR": "run"]) == nil)
        #expect(LAEnvironment.defaultRuntimeDirectory([:]) == nil)
    }

    @Test func liveWiresFprintdOnTheSystemBusAndPAM() throws {
        let env = LAEnvironment.live(stateDirectory: dir.path)
        let reader = try #require(env.biometrics as? FprintdReader)
        guard case .system = reader.bus else {
            Issue.record("fprintd is not reached on the system bus: \(reader.bus)")
            return
        }
        let pam = try #require(env.accountPassword as? PAMVerifier)
        #expect(pam.service == "checklists")
        #expect(pam.confdir == nil)
        #expect(env.passcode == nil)
        #expect(env.state.path == dir.path + "/auth-state.json")
        #expect(env.presenter.canPrompt == TerminalPresenter().canPrompt)
    }

    @Test func liveAsksForTheAppPasscodeWhenTheAppSetsOne() throws {
        let passcode = AppPasscode(path: dir.appending("passcode"), cost: .minimal)
        try passcode.set(Array("six chars".utf8))
        let env = LAEnvironment.live(passcode: passcode, stateDirectory: dir.path)
        guard case .passcode = env.ownerPasswordMethod else {
            Issue.record("the app passcode is not the owner password")
            return
        }
    }

    @Test func anAssignedSharedEnvironmentIsWhatLAContextUses() {
        let previous = LAEnvironment.shared
        defer { LAEnvironment.shared = previous }
        LAEnvironment.shared = LAEnvironment(
            biometrics: FakeFingerprintReader(status: .notEnrolled), presenter: ScriptedPresenter(),
            stateDirectory: dir.path)
        var error: NSError?
        #expect(!LAContext().canEvaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, error: &error))
        #expect(error?.code == LAError.biometryNotEnrolled.rawValue)
    }
}
