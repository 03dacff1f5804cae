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
