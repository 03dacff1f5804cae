import ChecklistsApp
import ChecklistsKit
import Foundation
import LocalAuthentication
import Synchronization
import TestSupport
import Testing

@testable import TerminalUI

/// The idle timeout locks the terminal UI: the core's idle timer (here 0.2 s instead of the
/// setting's minutes) resigns, the screens show the lock screen, and activity makes it prompt.
@Suite(.serialized) struct TerminalAppLifecycleTests {
    let dir = TemporaryDirectory()
    var home: String { dir.appending("home") }

    /// An app with the password lock on, started unlocked; with `list`, on that list (holding
    /// `items`).
    func makeLockedApp(list: String? = nil, items: [String] = []) throws -> TerminalApp {
        let authentication = LAEnvironment(
            accountPassword: FakePasswordVerifier(password: "account pw"),
            presenter: ScriptedPresenter(passwords: ["account pw", "account pw"]),
            stateDirectory: home, runtimeDirectory: dir.appending("run"))
        let configuration = AppSession.Configuration(
            home: home, authentication: authentication, keychainPreference: "file", passcodeCost: .minimal)
        let app = TerminalApp(session: AppSession(configuration: configuration), unicode: true)
        _ = try app.session.open()
        if let list {
            let added = try app.session.addList(name: list)
            for text in items { _ = try app.session.addItem(NewItem(text: text), to: added.id) }
            try app.session.setSetting(.checklistIndex, added.id)
        }
        _ = try app.session.enableLock(.password)
        app.start()
        return app
    }

    func frame(_ app: TerminalApp) -> String { app.render(width: 80, height: 24).text }

    /// The lifecycle events seen so far.
    typealias Received = Recorded<LifecycleEvent>

    @Test func theIdleTimeoutIsTheLockSettingInSecondsAndNoneWhileTheLockIsOff() {
        #expect(TerminalApp.idleTimeout(for: LockSettings(method: .off, reuseSeconds: 0, idleMinutes: 5)) == nil)
        #expect(TerminalApp.idleTimeout(for: LockSettings(method: .password, reuseSeconds: 0, idleMinutes: 5)) == 300)
        #expect(TerminalApp.idleTimeout(for: LockSettings(method: .passcode, reuseSeconds: 0, idleMinutes: 0)) == 60)
    }

    @Test func aChangedIdleTimeoutAppliesWithoutARestart() throws {
        let app = try makeLockedApp()
        #expect(app.idleTimeout == 300)
        // Another process (`checklists lock set --idle 7`), seen as a change event.
        _ = try app.session.saveLockTimes(reuseSeconds: nil, idleMinutes: 7)
        app.handle(.changed(.settingsChanged(["LockIdleMinutes"])))
        #expect(app.idleTimeout == 420)
        // Settings: ← on the idle row.
        app.handle(.character("4"))
        app.handle(.down)
        app.handle(.down)
        #expect(frame(app).contains("› Lock after idle"))
        app.handle(.left)
        #expect(app.idleTimeout == 360)
        #expect(app.session.lockSettings.idleMinutes == 6)
    }

    @Test func theIdleTimeoutShowsTheLockScreenAndActivityPrompts() async throws {
        let app = try makeLockedApp()
        #expect(frame(app).contains("[1 Checklists]"))
        let events = LifecycleEvents(
            configuration: .init(systemBus: nil, sessionBus: nil, idleTimeout: 0.2, watchesSignals: false))
        defer { events.stop() }
        let received = Received()
        events.addObserver { event in received.events.withLock { $0.append(event) } }
        #expect(await events.start() == [.idleTimer])

        #expect(await received.wait(for: 1) == [.resign(.idle)])
        app.resignActive(.idle)
        #expect(app.session.isLocked)
        #expect(frame(app).contains("Checklists is locked"))
        #expect(try #require(app.top as? LockScreen).wantsPrompt == false)

        events.noteActivity()
        // (The timer runs again after the activity: a third event may follow on a slow machine.)
        #expect(Array(await received.wait(for: 2).prefix(2)) == [.resign(.idle), .becomeActive(.activity)])
        app.becomeActive()
        #expect(try #require(app.top as? LockScreen).wantsPrompt)
    }

    /// The idle lock while an item is being typed: nothing of it shows or is saved while locked,
    /// and the unlock brings the form back over its list as it was left, cursor included.
    @Test func theIdleLockKeepsTheItemBeingTypedUnsavedUntilUnlocked() throws {
        let app = try makeLockedApp(list: "Errands")
        let listID = try #require(app.top as? ChecklistScreen).list.id
        app.handle(.character("a"))
        for c in "Post letter" { app.handle(.character(c)) }
        for _ in 0..<6 { app.handle(.left) }
        for c in "the " { app.handle(.character(c)) }
        #expect(frame(app).contains("Post the letter"))

        app.resignActive(.idle)
        #expect(frame(app).contains("Checklists is locked"))
        #expect(!frame(app).contains("letter"))
        app.becomeActive()
        app.promptIfNeeded()
        #expect(!app.session.isLocked)
        #expect(try app.session.items(in: listID).isEmpty)
        #expect(frame(app).contains("Add Item"))
        app.handle(.character("X"))
        #expect(frame(app).contains("Post the Xletter"))
        app.handle(.enter)
        #expect(try app.session.items(in: listID).map(\.text) == ["Post the Xletter"])
        #expect(frame(app).contains("Errands  ("))
    }

    /// The lock screen shows no content: "Deleted “…”. u to undo." went on showing under it
    /// until a key was pressed.
    @Test func theLockScreenDoesNotShowWhatWasJustDeleted() throws {
        let app = try makeLockedApp(list: "Errands", items: ["Pick up the ring"])
        app.handle(.character("d"))
        #expect(frame(app).contains("Deleted “Pick up the ring”"))
        app.resignActive(.idle)
        #expect(frame(app).contains("Checklists is locked"))
        #expect(!frame(app).contains("ring"))
    }
}
