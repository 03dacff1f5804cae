import ChecklistsApp
import ChecklistsKit
import Foundation
import LocalAuthentication
import TestSupport
import Testing

/// The calls the CLI's `keychain get|set|remove` and `settings` make, and the advice shown
/// after a reminder is turned on: the decisions live in the session, the front end only prints.
@Suite struct AppSessionFrontEndCallsTests {
    let dir = TemporaryDirectory()
    var home: String { dir.appending("home") }

    /// Answers every yes/no question with `answer`.
    struct Answer: QuestionPresenter {
        let answer: Bool?
        func ask(_ question: String) -> Bool? { answer }
    }

    func session(answer: Bool? = nil) throws -> AppSession {
        let session = fileVaultSession(home: home, runtime: dir.appending("run"), questions: Answer(answer: answer))
        #expect(try session.open())
        return session
    }

    @Test func keychainItemsAreStoredReadAndRemovedByName() throws {
        let session = try session()
        try session.setKeychainItem("Token") { Data("abc\n".utf8) }
        #expect(try session.keychainItem("Token") == "abc")
        #expect(try session.removeKeychainItem("Token"))
        #expect(try session.keychainItem("Token") == nil)
        #expect(try !session.removeKeychainItem("Token"))
    }

    @Test func theDataKeyAndTheLockItemsAreRefused() throws {
        let session = try session()
        #expect(throws: AppSessionError.self) { try session.keychainItem(KeyItems.dataKey) }
        #expect(throws: AppSessionError.self) { try session.setKeychainItem(KeyItems.dataKey) { Data() } }
        #expect(throws: AppSessionError.self) { try session.removeKeychainItem(KeyItems.dataKey) }
        #expect(throws: AppSessionError.self) { try session.removeKeychainItem(KeyItems.passwordKEK) }
        #expect(throws: AppSessionError.self) { try session.removeKeychainItem(KeyItems.passcodeWrap + ".store") }
    }

    @Test func aRefusedKeyReadsNoValue() throws {
        let session = try session()
        var read = false
        #expect(throws: AppSessionError.self) {
            try session.setKeychainItem(KeyItems.dataKey) {
                read = true
                return Data()
            }
        }
        #expect(!read)
    }

    @Test func settingsChangeByNameAndRefuseBadPairs() throws {
        let session = try session()
        try session.changeSettings(["all-day-hour", "7", "item-text", "off"])
        let report = try session.settingsReport()
        #expect(report.allDayHour == "7")
        #expect(report.itemText == "off")
        #expect(throws: AppSessionError.self) { try session.changeSettings(["all-day-hour", "24"]) }
        #expect(throws: AppSessionError.self) { try session.changeSettings(["colour", "on"]) }
        #expect(throws: AppSessionError.self) { try session.changeSettings(["notifications", "maybe"]) }
        #expect(throws: AppSessionError.self) { try session.changeSettings(["notifications"]) }
    }

    @Test func reminderAdviceSaysWhyAReminderCannotFire() throws {
        let session = try session(answer: false)
        let list = try session.addList(name: "Trips")
        let now = Date()
        let items = try session.addItems(
            [
                NewItem(text: "Past", dueDate: now.addingTimeInterval(-60), shouldRemind: true),
                NewItem(text: "Undated", shouldRemind: true),
                NewItem(text: "Future", dueDate: now.addingTimeInterval(3600), shouldRemind: true),
            ], to: list.id)
        #expect(try session.reminderAdvice(for: items[0], now: now) == .dueDatePassed)
        #expect(try session.reminderAdvice(for: items[1], now: now) == .noDueDate)
        // The question is answered no: the reminder is kept, notifications are off.
        #expect(try session.reminderAdvice(for: items[2], now: now) == .notificationsOff(home: session.home))
    }

    @Test func aQuietSessionOpensOnlyAnExistingUnlockedStore() throws {
        #expect(AppSession.openWithoutAsking(home: dir.appending("none"), keychain: "file", environment: [:]) == nil)
        #expect(!FileManager.default.fileExists(atPath: dir.appending("none")))
        let session = try session()
        session.close()
        let quiet = try #require(
            AppSession.openWithoutAsking(home: home, keychain: "file", environment: ["HOME": dir.path]))
        quiet.close()
    }
}
