import ChecklistsApp
import ChecklistsKit
import Foundation
import LocalAuthentication
import TestSupport
import Testing

/// The content calls a front end makes instead of reaching into the store, the reports a
/// settings screen shows, and the notification question through the front end's presenter.
@Suite struct AppSessionContentTests {
    let dir = TemporaryDirectory()
    var home: String { dir.appending("home") }

    /// Answers yes/no questions from a script and records them.
    final class ScriptedQuestions: QuestionPresenter, @unchecked Sendable {
        var answers: [Bool?]
        var asked: [String] = []
        init(_ answers: [Bool?]) { self.answers = answers }
        func ask(_ question: String) -> Bool? {
            asked.append(question)
            return answers.isEmpty ? nil : answers.removeFirst()
        }
    }

    /// An open session on the file vault with the lock off.
    func session(questions: (any QuestionPresenter)? = nil, passwords: [String?] = []) throws -> AppSession {
        let session = fileVaultSession(
            home: home, runtime: dir.appending("run"), presenter: ScriptedPresenter(passwords: passwords),
            questions: questions)
        #expect(try session.open())
        return session
    }

    @Test func aListIsRenamedGivenAnIconAndDeletedWithItsItems() throws {
        let session = try session()
        let list = try session.addList(name: "Trips")
        _ = try session.addItems([NewItem(text: "Tickets"), NewItem(text: "Passport")], to: list.id)
        let renamed = try session.editList(id: list.id, name: "Holidays")
        #expect(renamed.name == "Holidays" && renamed.icon == .noIcon)
        let iconed = try session.editList(id: list.id, icon: .trips)
        #expect(iconed.name == "Holidays" && iconed.icon == .trips)
        #expect(try session.list("holidays").id == list.id)
        let (deleted, items) = try session.deleteListAndItems(id: list.id)
        #expect(deleted.name == "Holidays")
        #expect(items.map(\.text).sorted() == ["Passport", "Tickets"])
        #expect(throws: ChecklistsError.self) { try session.list("Holidays") }
    }

    @Test func itemsAreAddedTogetherCheckedAndUnchecked() throws {
        let session = try session()
        let list = try session.addList(name: "Groceries")
        let added = try session.addItems([NewItem(text: "Milk"), NewItem(text: "Bread")], to: list.id)
        #expect(added.map(\.text) == ["Milk", "Bread"])
        let milk = try #require(added.first)
        #expect(try session.setChecked(id: milk.id, true).checked)
        #expect(try session.setChecked(id: milk.id, true).checked)  // setting, not toggling
        #expect(try !session.setChecked(id: milk.id, false).checked)
        let read = try session.readItems(in: list.id)
        #expect(read.items.map(\.text) == ["Milk", "Bread"] && read.undecryptable.isEmpty)
    }

    @Test func theListOpenedLastIsRemembered() throws {
        let session = try session()
        let first = try session.addList(name: "A")
        let second = try session.addList(name: "B")
        session.rememberOpenedList(second.id)
        #expect(try session.lastOpenedList()?.id == second.id)
        session.rememberOpenedList(first.id)
        #expect(try session.lastOpenedList()?.id == first.id)
    }

    @Test func notesAreReadEditedAndDeleted() throws {
        let session = try session()
        let note = try session.addNote(title: "Plan", body: "one")
        #expect(try session.note(id: note.id)?.body == "one")
        let retitled = try session.editNote(id: note.id, title: "Plans")
        #expect(retitled.title == "Plans" && retitled.body == "one")
        let rewritten = try session.editNote(id: note.id, body: "two")
        #expect(rewritten.title == "Plans" && rewritten.body == "two")
        #expect(try session.deleteNote(id: note.id).title == "Plans")
        #expect(try session.note(id: note.id) == nil)
        #expect(try session.notes().isEmpty)
    }

    /// A note deleted by another session while a front end edits it: the first save makes one new
    /// note with the text, and the saves after it (the desktop app saves at every key) go into
    /// that note, as the front ends call it with the ID the first save returned.
    @Test func savesAfterTheEditedNoteWasDeletedElsewhereGoIntoOneNewNote() throws {
        let session = try session()
        let note = try session.addNote(title: "Draft", body: "old")
        let elsewhere = try self.session()
        try elsewhere.deleteNote(id: note.id)

        let first = try session.saveEditedNote(id: note.id, title: "Draft", body: "t")
        #expect(first.isNew && first.note.id != note.id && first.note.body == "t")
        var id = first.note.id
        for body in ["ty", "typ", "typed"] {
            let saved = try session.saveEditedNote(id: id, title: "Draft", body: body)
            #expect(!saved.isNew && saved.note.id == first.note.id && saved.note.body == body)
            id = saved.note.id
        }
        #expect(try elsewhere.notes().map(\.id) == [first.note.id])
        #expect(try elsewhere.note(id: first.note.id)?.body == "typed")
        #expect(try session.note(id: note.id) == nil)
    }

    /// A reminder saved through a session (the desktop app's Add Item, Edit Item, Delete) wakes a
    /// running reminder agent, which sleeps until the next reminder it knows of: the desktop app
    /// never told it, so a reminder set there for sooner than the agent's next one came late,
    /// or never when the agent knew of none.
    @Test func contentChangesWakeARunningReminderAgent() throws {
        let session = try session()
        let agent = try AgentListener(home: home)
        let list = try session.addList(name: "Trips")
        #expect(agent.pokes() >= 1)
        let due = Date().addingTimeInterval(3600)
        let item = try session.addItem(NewItem(text: "Passport", dueDate: due, shouldRemind: true), to: list.id)
        #expect(agent.pokes() >= 1)
        _ = try session.editItem(id: item.id, ItemChanges(dueDate: .some(due.addingTimeInterval(60))))
        #expect(agent.pokes() >= 1)
        _ = try session.deleteItem(id: item.id)
        #expect(agent.pokes() >= 1)
        _ = try session.addNote(title: "Not a reminder", body: "")
        _ = try session.lists()
        #expect(agent.pokes() == 0)
    }

    @Test func contentCallsRefuseWhileLocked() throws {
        let session = try session(passwords: ["correct horse", "correct horse"])
        let list = try session.addList(name: "L")
        let item = try session.addItem(NewItem(text: "I"), to: list.id)
        let note = try session.addNote(title: "N", body: "")
        #expect(try session.enableLock(.passcode) == .changed(.passcode, keyBesideVault: false))
        session.lock()
        #expect(session.isLocked)
        #expect(throws: AppSessionError.locked) { try session.editList(id: list.id, name: "M") }
        #expect(throws: AppSessionError.locked) { try session.deleteListAndItems(id: list.id) }
        #expect(throws: AppSessionError.locked) { try session.lastOpenedList() }
        #expect(throws: AppSessionError.locked) { try session.readItems(in: list.id) }
        #expect(throws: AppSessionError.locked) { try session.addItems([NewItem(text: "x")], to: list.id) }
        #expect(throws: AppSessionError.locked) { try session.setChecked(id: item.id, true) }
        #expect(throws: AppSessionError.locked) { try session.note(id: note.id) }
        #expect(throws: AppSessionError.locked) { try session.editNote(id: note.id, title: "O") }
        #expect(throws: AppSessionError.locked) { try session.deleteNote(id: note.id) }
        #expect(throws: AppSessionError.locked) { try session.pendingReminders() }
    }

    @Test func theNotificationQuestionIsAskedOnceThroughThePresenter() throws {
        let questions = ScriptedQuestions([true, false])
        let session = try session(questions: questions)
        #expect(try session.askNotificationPermissionOnce() == .authorized)
        #expect(try session.askNotificationPermissionOnce() == .authorized)
        #expect(questions.asked == [AppSession.notificationQuestion])
        #expect(try session.settingsReport().notifications == "authorized")
    }

    @Test func nobodyToAskLeavesThePermissionUndetermined() throws {
        let session = try session(questions: ScriptedQuestions([nil]))
        #expect(try session.askNotificationPermissionOnce() == .notDetermined)
        #expect(session.notificationPermissionUndetermined)
        let noPresenter = try self.session()
        #expect(try noPresenter.askNotificationPermissionOnce() == .notDetermined)
    }

    @Test func settingsReportFollowsTheSwitches() throws {
        let session = try session()
        let before = try session.settingsReport()
        #expect(before.notifications == "notDetermined" && before.itemText == "on")
        #expect(before.appLock == "off" && before.allDayHour == "9")
        try session.setNotificationsAllowed(false)
        try session.setShowsItemTextInNotifications(false)
        try session.setAllDayHour(7)
        #expect(session.allDayHour == 7)
        let after = try session.settingsReport()
        #expect(after.notifications == "denied" && after.itemText == "off" && after.allDayHour == "7")
    }

    @Test func reportsNeedNoKeyAndSayWhatIsThere() throws {
        let session = try session()
        session.close()
        let lock = session.lockReport()
        #expect(!lock.enabled && lock.method == "off" && lock.sessionUnlocked)
        #expect(lock.failedScans == 0 && lock.failedPasswords == 0 && lock.passwordBlockedUntil == nil)
        let auth = session.authReport()
        #expect(auth.fingerprint == "unavailable" && auth.biometryType == "none")
        #expect(auth.policies.map(\.policy) == ["biometrics", "owner"])
        #expect(auth.policies.map(\.canEvaluate) == [false, true])
        let keychain = try session.keychainStatus()
        #expect(keychain.holdsDataKey && keychain.vaultPath != nil)
        let json = String(decoding: try JSONEncoder().encode(keychain), as: UTF8.self)
        #expect(!json.contains("vaultPath"))
    }
}
