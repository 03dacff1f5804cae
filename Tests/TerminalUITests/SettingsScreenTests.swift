import ChecklistsApp
import ChecklistsKit
import Foundation
import LocalAuthentication
import Reminders
import TestSupport
import Testing

@testable import TerminalUI

/// Settings' app lock switch and the Secret screen, with a scripted presenter and a fake
/// account password (the real prompts are drawn by the loop; these screens only call the core).
@Suite(.serialized) struct SettingsScreenTests {
    let dir = TemporaryDirectory()
    var home: String { dir.appending("home") }

    func makeApp(passwords: [String?]) throws -> TerminalApp {
        let authentication = LAEnvironment(
            accountPassword: FakePasswordVerifier(password: "account pw"),
            passcode: AppPasscode(path: home + "/passcode", cost: .minimal),
            presenter: ScriptedPresenter(passwords: passwords),
            stateDirectory: home, runtimeDirectory: dir.appending("run"))
        let configuration = AppSession.Configuration(
            home: home, authentication: authentication, keychainPreference: "file", passcodeCost: .minimal)
        let app = TerminalApp(session: AppSession(configuration: configuration), unicode: true)
        _ = try app.session.open()
        app.start()
        return app
    }

    func frame(_ app: TerminalApp) -> String { app.render(width: 80, height: 24).text }

    @Test func theAppLockSwitchStaysOffWithAToastWhenAuthenticationFails() throws {
        let app = try makeApp(passwords: [nil])
        app.handle(.character("4"))
        #expect(frame(app).contains("App Lock"))
        app.handle(.character(" "))
        #expect(frame(app).contains("Turning on password unlock failed"))
        #expect(frame(app).contains("[Off  ○]"))
        #expect(app.session.lockSettings.method == .off)
    }

    @Test func theAppLockSwitchTurnsOnAfterAuthenticating() throws {
        let app = try makeApp(passwords: ["account pw", "account pw"])
        app.handle(.character("4"))
        app.handle(.enter)
        #expect(frame(app).contains("App lock is on."))
        #expect(frame(app).contains("[●  On]  Password"))
        #expect(app.session.lockSettings.method == .password)
    }

    @Test func theLockMethodChooserPicksWhatTheSwitchTurnsOnAndSwitchesAfterAuthenticating() throws {
        let app = try makeApp(passwords: ["246810", "246810", nil, "246810", "246810", "246810"])
        app.handle(.character("4"))
        #expect(frame(app).contains("‹ Password ›"))  // no reader here: the password is the default
        app.handle(.down)
        app.handle(.right)
        #expect(frame(app).contains("‹ Passcode ›"))
        #expect(app.session.lockSettings.method == .off)
        // Lock off: Enter on the chooser turns the lock on with the chosen method (a new passcode).
        app.handle(.enter)
        #expect(frame(app).contains("App lock is on."))
        #expect(frame(app).contains("[●  On]  Passcode"))
        #expect(app.session.lockSettings.method == .passcode)

        // Lock on: picking another method only marks it; Enter proves it, a cancel keeps the old one.
        app.handle(.left)
        #expect(frame(app).contains("‹ Password ›  Enter to switch"))
        #expect(app.session.lockSettings.method == .passcode)
        app.handle(.enter)
        #expect(frame(app).contains("Switching to password unlock failed"))
        #expect(frame(app).contains("‹ Passcode ›"))
        #expect(app.session.lockSettings.method == .passcode)
        app.handle(.left)
        app.handle(.enter)
        #expect(frame(app).contains("App lock uses password now."))
        #expect(frame(app).contains("[●  On]  Password"))
        #expect(app.session.lockSettings.method == .password)
    }

    @Test func theNotificationSwitchesSetWhatTheCLISettingsSet() throws {
        let app = try makeApp(passwords: [])
        app.handle(.character("4"))
        #expect(frame(app).contains("Notifications"))
        #expect(frame(app).contains("Show Text in Notifications"))
        #expect(app.session.notificationSettings == .init(allowed: false, showsItemText: true))
        for _ in 0..<4 { app.handle(.down) }
        app.handle(.character(" "))
        #expect(app.session.notificationSettings == .init(allowed: true, showsItemText: true))
        app.handle(.down)
        app.handle(.enter)
        #expect(app.session.notificationSettings == .init(allowed: true, showsItemText: false))
        let lines = frame(app).split(separator: "\n")
        #expect(lines.contains { $0.contains("Notifications") && !$0.contains("Text") && $0.contains("[●  On]") })
        #expect(lines.contains { $0.contains("Show Text in Notifications") && $0.contains("[Off  ○]") })
        // The same store the CLI's `checklists settings` reads.
        let center = try Reminders.NotificationCenter(directory: home)
        #expect(center.authorizationStatus == .authorized)
        #expect(!center.showsItemText)
        app.handle(.up)
        app.handle(.character(" "))
        #expect(try Reminders.NotificationCenter(directory: home).authorizationStatus == .denied)
    }

    @Test func theNotificationSwitchesPokeARunningAgentAsTheCLISettingsCommandDoes() throws {
        let app = try makeApp(passwords: [])
        let agent = try AgentListener(home: home)
        app.handle(.character("4"))
        for _ in 0..<4 { app.handle(.down) }
        #expect(agent.pokes() == 0)
        app.handle(.character(" "))
        #expect(agent.pokes() == 1)
        app.handle(.down)
        app.handle(.enter)
        #expect(agent.pokes() == 1)
    }

    @Test func theSecretShowsOnlyAfterAuthenticating() throws {
        let app = try makeApp(passwords: [nil, "account pw"])
        app.handle(.character("3"))
        #expect(frame(app).contains("Nothing to see here"))
        app.handle(.enter)
        #expect(frame(app).contains("Nothing to see here"))
        app.handle(.enter)
        #expect(frame(app).contains("Secret stuff!"))
        app.handle(.character("h"))
        #expect(frame(app).contains("Nothing to see here"))
    }

    /// A secret with a long line and a line of Chinese on a 30×10 terminal: it is wrapped to the
    /// width, every word shows, and ↓ scrolls to its end. (Its lines were cut at the right edge.)
    @Test func aLongSecretIsWrappedAndScrolledOnASmallTerminal() throws {
        let app = try makeApp(passwords: ["account pw", "account pw"])
        let words = (1...24).map { "word\($0)" }
        let chinese = String(repeating: "秘密消息", count: 8)
        let stored = try app.session.secret()
        try stored.replace(with: words.joined(separator: " ") + "\n" + chinese + "\nThe end.")
        stored.hide()
        app.handle(.character("3"))
        app.handle(.enter)
        let whole = app.render(width: 30, height: 40).text
        #expect(whole.split(separator: "\n").allSatisfy { CellWidth.of(String($0)) <= 30 })
        let shownWords = Set(whole.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init))
        #expect(words.allSatisfy(shownWords.contains), "\(whole)")
        #expect(whole.filter { $0 == "秘" }.count == 8, "\(whole)")
        #expect(whole.contains("The end."))
        // Ten rows: the end is below the screen until ↓ scrolls to it.
        #expect(!app.render(width: 30, height: 10).text.contains("The end."))
        for _ in 0..<12 { app.handle(.down) }
        #expect(app.render(width: 30, height: 10).text.contains("The end."))
    }

    /// A 30×10 terminal: each value shows whole under its label (beside it every value read
    /// "…"), and moving down scrolls to the notification switches (they were off screen).
    @Test func aSmallTerminalShowsEverySettingsValueAndScrollsToTheLastOnes() throws {
        let app = try makeApp(passwords: [])
        app.handle(.character("4"))
        let top = app.render(width: 30, height: 10).text
        #expect(top.contains("App Lock") && top.contains("[Off  ○]"), "\(top)")
        for _ in 0..<5 { app.handle(.down) }
        let lines = app.render(width: 30, height: 10).text.split(separator: "\n").map(String.init)
        for label in ["   Notifications", " › Show Text in Notifications"] {
            let index = try #require(lines.firstIndex(of: label), "\(lines)")
            #expect(lines[index + 1].hasPrefix("     [") && lines[index + 1].hasSuffix("]"), "\(lines)")
        }
        // A wide terminal keeps one row per setting, the value beside its label.
        #expect(frame(app).contains("App Lock                    [Off  ○]"), "\(frame(app))")
    }
}
