import Foundation
import LinuxAuthentication
import LocalAuthentication
import TestSupport
import Testing

/// Against Linux-PAM with pam_wrapper's pam_matrix module (no real accounts touched).
@Suite struct PAMVerifierTests {
    let rig = try! PAMRig(password: "correct horse")

    @Test func acceptsTheRightPassword() {
        #expect(PAMVerifier(confdir: rig.confdir).verify(password: Array("correct horse".utf8)) == .accepted)
    }

    @Test func rejectsAWrongOrEmptyPassword() {
        let pam = PAMVerifier(confdir: rig.confdir)
        #expect(pam.verify(password: Array("correct horsE".utf8)) == .rejected)
        #expect(pam.verify(password: []) == .rejected)
    }

    @Test func rejectsAnotherUser() {
        #expect(
            PAMVerifier(userName: "mallory", confdir: rig.confdir).verify(password: Array("correct horse".utf8))
                == .rejected)
    }

    @Test func reportsAMissingServiceAsUnavailable() {
        let pam = PAMVerifier(confdir: rig.directory.appending("nowhere"))
        guard case .failure(let error) = pam.availability() else {
            Issue.record("expected unavailable")
            return
        }
        #expect(error.code == .passcodeNotSet)
        #expect((try? PAMVerifier(confdir: rig.confdir).availability().get()) != nil)
    }

    /// The reason is read from PAM before `pam_end` frees the handle it may belong to.
    @Test func aServiceWhoseModuleCannotLoadIsUnavailableWithPAMsReason() throws {
        let confdir = rig.directory.appending("broken")
        try FileManager.default.createDirectory(atPath: confdir, withIntermediateDirectories: true)
        let missing = rig.directory.appending("no-such-module.so")
        try "auth required \(missing)\naccount required \(missing)\n".write(
            toFile: confdir + "/checklists", atomically: true, encoding: .utf8)
        let check = PAMVerifier(confdir: confdir).verify(password: Array("correct horse".utf8))
        guard case .unavailable(let reason) = check else {
            Issue.record("expected unavailable, got \(check)")
            return
        }
        #expect(!reason.isEmpty && reason.allSatisfy { $0.isASCII && !$0.isNewline }, "\(reason)")
    }

    @Test func wrongPasswordsThroughLAContextBackOffAcrossProcesses() async throws {
        let dir = TemporaryDirectory()
        func context(_ answers: [String?]) -> (LAContext, ScriptedPresenter) {
            let presenter = ScriptedPresenter(passwords: answers)
            var env = LAEnvironment(
                accountPassword: PAMVerifier(confdir: rig.confdir), presenter: presenter, stateDirectory: dir.path)
            env.systemEvents = LASystemEvents()
            return (LAContext(environment: env), presenter)
        }
        for _ in 0..<2 {
            let (la, _) = context(["no", "nope", "nah"])
            await #expect(throws: LAError.self) {
                try await la.evaluatePolicy(.deviceOwnerAuthentication, localizedReason: "x")
            }
        }
        let (later, presenter) = context(["correct horse"])
        do {
            try await later.evaluatePolicy(.deviceOwnerAuthentication, localizedReason: "x")
            Issue.record("accepted a password during the back-off")
        } catch let error as LAError {
            #expect(error.message.hasPrefix("Too many wrong passwords: try again in"))
        }
        #expect(presenter.log.isEmpty)
    }
}
