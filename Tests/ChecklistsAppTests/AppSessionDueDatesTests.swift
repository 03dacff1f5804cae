import ChecklistsApp
import ChecklistsKit
import Foundation
import LocalAuthentication
import TestSupport
import Testing

/// Due dates read from the user: a `TZ` the system does not know is refused, not taken as UTC.
@Suite struct AppSessionDueDatesTests {
    let dir = TemporaryDirectory()

    func session(tz: String?) -> AppSession {
        let home = dir.appending("home")
        let authentication = LAEnvironment(
            biometrics: nil, accountPassword: FakePasswordVerifier(password: "pw"),
            passcode: AppPasscode(path: home + "/passcode", cost: .minimal),
            presenter: ScriptedPresenter(passwords: []), stateDirectory: home, runtimeDirectory: dir.appending("run"))
        return AppSession(
            configuration: AppSession.Configuration(
                home: home, authentication: authentication, passcodeCost: .minimal,
                locale: UserLocale(environment: tz.map { ["TZ": $0] } ?? [:])))
    }

    @Test func anUnknownTimeZoneIsRejected() {
        let expected = AppSessionError.rejected("TZ=\"Mars/Olympus\" is not a time zone this system knows")
        #expect(throws: expected) { try session(tz: "Mars/Olympus").timeZone() }
        #expect(throws: expected) { try session(tz: "Mars/Olympus").dueDate(from: "2026-12-01 09:30") }
    }

    @Test func aKnownOrUnsetZoneReadsDates() throws {
        #expect(throws: Never.self) { try session(tz: nil).timeZone() }
        #expect(throws: Never.self) { try session(tz: "UTC0").timeZone() }
        #expect(throws: ChecklistsError.self) { try session(tz: nil).dueDate(from: "not a date at all") }
        _ = try session(tz: nil).dueDate(from: "2026-12-01 09:30")
    }
}
