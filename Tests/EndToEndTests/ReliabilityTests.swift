import Foundation
import TestSupport
import Testing

/// Short runs of `scripts/soak.sh` (`make soak` runs the long ones): writers killed with
/// SIGKILL or cut off by a simulated power loss at random moments, a store packing itself killed
/// mid-way, a change of the data key killed mid-way, and six processes editing
/// the same list at once (with the terminal UI open on it), each followed by checks that every acknowledged write is there, the
/// database passes `PRAGMA integrity_check` and the keychain vault still opens.
@Suite(.serialized) struct ReliabilityTests {
    /// The release build when `make test` made one (faster), else the binary under test.
    var binary: String {
        let release = ProcessInfo.processInfo.environment["CHECKLISTS_RELEASE_BIN"] ?? ""
        return FileManager.default.isExecutableFile(atPath: release) ? release : CLIRunner.binary
    }

    func soak(_ arguments: String...) async throws -> CLIRunner.Result {
        let environment = ["PATH": "/usr/bin:/bin", "CHECKLISTS_BIN": binary, "TMPDIR": NSTemporaryDirectory()]
        return try await BlockingWork.run {
            try CLIRunner.execute("/bin/sh", [Rig.root + "/scripts/soak.sh"] + arguments, environment: environment)
        }
    }

    @Test func acknowledgedWritesSurviveKillNine() async throws {
        let result = try await soak("crash", "50")
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("50 kills"))
    }

    @Test func acknowledgedWritesSurvivePowerLoss() async throws {
        let result = try await soak("powercut", "15")
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        // The simulated cut really dropped unsynced data (else it tests nothing).
        #expect(!result.stdout.contains("(0 cuts dropped"), "\(result.stdout)")
    }

    /// A list delete that leaves holes in the items table packs the store as it closes
    /// (`VACUUM`); killed at a random moment, the store stays whole: integrity, the list whole or
    /// gone, no other list's item lost (`make soak` runs 15 rounds).
    @Test func aStorePackingItselfSurvivesKillNine() async throws {
        let result = try await soak("pack", "1")
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("soak pack: 1 list deletes"), "\(result.stdout)")
    }

    @Test func sixProcessesLoseNoUpdateOnAFreshHome() async throws {
        let result = try await soak("concurrent", "6", "50")
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("6 processes"))
        // The terminal UI, open on the same fresh home throughout, showed the end state and
        // then one more change by the CLI, without a keypress.
        #expect(result.stdout.contains("the terminal UI open throughout showed the result"), "\(result.stdout)")
    }

    /// Changes of the data key (`lock enable`, `passcode change`, `lock disable`) killed at a
    /// random moment: every store opens with the credential its setting names and keeps its item
    /// (`make soak` runs 60 rounds).
    @Test func aChangeOfDataKeySurvivesKillNine() async throws {
        let result = try await soak("rekey", "3")
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("soak rekey: 3 changes of the data key"), "\(result.stdout)")
    }
}
