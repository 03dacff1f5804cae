import ChecklistsKit
import Foundation
import SQLiteKit
import Sodium
import TestSupport
import Testing

/// Re-sealing the store under a new data key (`rekey`): all or nothing, quick, and a store
/// opened under the old key writes nothing it could not read back.
@Suite struct ChecklistStoreRekeyTests {
    let dir = TemporaryDirectory()

    @Test func reSealingTenThousandItemsTakesWellUnderASecond() throws {
        let store = try ChecklistStore(
            directory: dir.appending("big"), keyProvider: FixedKeyProvider(key: Array(repeating: 7, count: 32)))
        let list = try store.addChecklist(name: "Big", items: (0..<10_000).map { NewItem(text: "item \($0)") })
        let started = ContinuousClock.now
        try store.rekey(to: try SecureBytes(randomCount: SecretBox.keyLength))
        let elapsed = ContinuousClock.now - started
        print("re-sealing 10,000 items: \(elapsed)")
        #expect(try store.items(in: list.id).count == 10_000)
        #expect(elapsed < .seconds(5))
    }

    @Test func aStoreOpenedBeforeTheKeyChangedRefusesToWriteUnderTheOldKey() throws {
        let home = dir.appending("two")
        let first = try ChecklistStore(
            directory: home, keyProvider: FixedKeyProvider(key: Array(repeating: 7, count: 32)))
        let second = try ChecklistStore(
            directory: home, keyProvider: FixedKeyProvider(key: Array(repeating: 7, count: 32)))
        try second.addChecklist(name: "Before")
        let key = try SecureBytes(randomCount: SecretBox.keyLength)
        try first.rekey(to: key)
        try first.addChecklist(name: "After")
        #expect(throws: StoreError.keyChanged) { try second.addChecklist(name: "Lost") }
        second.close()
        first.close()
        let reopened = try ChecklistStore(directory: home, keyProvider: StaticKeyProvider(key: key))
        #expect(Set(try reopened.checklists().map(\.name)) == ["List", "Before", "After"])
    }

    /// After a new key, the files hold nothing sealed under the old one: not in pages the
    /// database file still had from before (they waited in it until a later checkpoint), nor in
    /// old frames of the WAL. A copy of the old key (a data directory copied while the lock was
    /// off, a passcode that leaked) opened every list, item and note of a copy taken after.
    @Test func noValueSealedUnderTheOldKeyStaysInTheFiles() throws {
        let home = dir.appending("copy")
        let store = try ChecklistStore(
            directory: home, keyProvider: FixedKeyProvider(key: Array(repeating: 7, count: 32)))
        let list = try store.addChecklist(name: "Plans")
        for n in 0..<20 { _ = try store.addItem(NewItem(text: "item \(n)"), to: list.id) }
        _ = try store.addNote(title: "Diary", body: String(repeating: "a long day. ", count: 2_000))
        let db = try Database(path: home + "/checklists.sqlite", create: false)
        var sealed: [[UInt8]] = []
        for sql in [
            "SELECT name FROM checklists", "SELECT text FROM items", "SELECT title FROM notes",
            "SELECT body FROM notes",
        ] {
            let stmt = try db.prepare(sql)
            while try stmt.step() { sealed.append(stmt.blob(0)) }
            stmt.reset()
        }
        db.close()
        try store.rekey(to: try SecureBytes(randomCount: SecretBox.keyLength))
        let bytes = try dir.allBytes()
        // Each value's nonce, and for the long body a stretch from its middle (an overflow page).
        let marks =
            sealed.map { Array($0.prefix(32)) } + sealed.filter { $0.count > 10_000 }.map { Array($0[10_000..<10_032]) }
        #expect(
            marks.filter { bytes.contains(bytes: $0) }.count == 0, "of \(marks.count) values sealed under the old key")
        #expect(try store.items(in: list.id).count == 20)
        store.close()
    }

    /// A SQLite built without `secure_delete` (Debian's has it on), as an earlier version ran
    /// on, leaves a deleted value in its page's free space; a new key builds every page afresh,
    /// so none stays there under the old key.
    @Test func aValueDeletedWithoutSecureDeleteIsGoneAfterANewKey() throws {
        let home = dir.appending("insecure")
        let store = try ChecklistStore(
            directory: home, keyProvider: FixedKeyProvider(key: Array(repeating: 7, count: 32)))
        let list = try store.addChecklist(name: "Plans", items: (0..<5).map { NewItem(text: "item \($0)") })
        let doomed = try #require(try store.items(in: list.id).first?.id)
        let db = try Database(path: home + "/checklists.sqlite", create: false)
        try db.execute("PRAGMA secure_delete=OFF")
        let stmt = try db.prepare("SELECT text FROM items WHERE id = ?")
        try stmt.bind(.int(doomed))
        let sealed = try stmt.step() ? Array(stmt.blob(0).prefix(32)) : []
        stmt.reset()
        try db.prepare("DELETE FROM items WHERE id = ?").bind(.int(doomed)).run()
        db.close()
        #expect(try dir.allBytes().contains(bytes: sealed))
        try store.rekey(to: try SecureBytes(randomCount: SecretBox.keyLength))
        #expect(!(try dir.allBytes().contains(bytes: sealed)))
        #expect(try store.items(in: list.id).count == 4)
        store.close()
    }

    @Test func aReSealThatCannotFinishLeavesEverythingUnderTheOldKey() throws {
        let home = dir.appending("half")
        let oldKey = Array(repeating: UInt8(7), count: 32)
        let store = try ChecklistStore(directory: home, keyProvider: FixedKeyProvider(key: oldKey))
        try store.addChecklist(name: "Kept", items: [NewItem(text: "milk")])
        // A sealed setting this version does not know: refused, so nothing is half re-sealed.
        let db = try Database(path: home + "/checklists.sqlite", create: false)
        try db.prepare("INSERT INTO settings(key, value) VALUES ('FromTheFuture', x'0102')").run()
        db.close()
        #expect(throws: StoreError.self) { try store.rekey(to: try SecureBytes(randomCount: SecretBox.keyLength)) }
        try store.addChecklist(name: "Still writable")
        store.close()
        #expect(ChecklistStore.keyOpens(try FixedKeyProvider(key: oldKey).loadKey()!, directory: home))
        let reopened = try ChecklistStore(directory: home, keyProvider: FixedKeyProvider(key: oldKey))
        let kept = try #require(try reopened.checklists().first { $0.name == "Kept" })
        #expect(try reopened.items(in: kept.id).map(\.text) == ["milk"])
        #expect(try reopened.checklists().contains { $0.name == "Still writable" })
    }
}
