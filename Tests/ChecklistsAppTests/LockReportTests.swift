import ChecklistsApp
import ChecklistsKit
import Foundation
import Testing

/// The lock's report as `lock status` prints it and a settings screen can show it.
@Suite struct LockReportTests {
    func report(_ fields: String) throws -> LockReport {
        let json = """
            {"enabled":true,"method":"passcode","reuseSeconds":60,"idleMinutes":5,"sessionUnlocked":false,
            "sessionKeyring":true,"failedScans":2,"biometryLockedOut":false,"failedPasswords":0\(fields)}
            """
        return try JSONDecoder().decode(LockReport.self, from: Data(json.utf8))
    }

    @Test func saysHowItUnlocksAndWhetherThisSessionIs() throws {
        let lines = try report("").lines
        #expect(lines.first == "App lock: on (the app passcode)")
        #expect(lines.contains("This session: locked (the next command asks)."))
        #expect(lines.contains("Fingerprint: 2 failed scans in a row (5 lock it)."))
        let unlocked = try report(#","unlockedUntil":"2026-12-01T10:00:00Z""#).lines
        #expect(unlocked.contains("This session: unlocked until 2026-12-01T10:00:00Z."))
    }

    @Test func namesEachMethod() {
        #expect(LockMethod.fingerprint.localizedSummary == "fingerprint, falling back to your password")
        #expect(LockMethod.allCases.map(\.localizedName) == ["Off", "Fingerprint", "Password", "Passcode"])
    }
}
