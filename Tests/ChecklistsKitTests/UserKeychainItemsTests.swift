import ChecklistsKit
import Foundation
import Keychain
import SQLiteKit
import Sodium
import TestSupport
import Testing

/// The user's keychain items sealed in the store while the app lock is on: each bound to its
/// row, moved in and out so that a stop after any step loses nothing.
@Suite struct UserKeychainItemsTests {
    let dir = TemporaryDirectory()
    var home: String { dir.appending("home") }
    let service = KeychainWrapper.defaultServiceName
    /// The items of one user, with the accessibility and access control a seed program may give.
    static let items: [String: KeychainRecord] = [
        "token": KeychainRecord(data: Data("t0ken-value".utf8)),
        "api": KeychainRecord(
            data: Data("api-value".utf8), accessibility: .afterFirstUnlock, accessControl: .userPresence),
        "Lockbox": KeychainRecord(data: Data("not the lock's".utf8)),
    ]
    /// Items that are not the user's: they stay in the keychain.
    static let others = ["DataKey.abc", "LockWrap.passcode.abc", "LockKEK.password", "SecretMessage"]

    func store() throws -> ChecklistStore {
        try ChecklistStore(directory: home, keyProvider: FixedKeyProvider(key: Array(repeating: 7, count: 32)))
    }

    /// A keychain on `backend` holding the user's items and the others (written to `seeded`).
    func keychain(_ backend: any KeychainBackend = MemoryKeychain(), seeded: (any KeychainBackend)? = nil) throws
        -> KeychainWrapper
    {
        let seeded = seeded ?? backend
        for (key, record) in Self.items { try seeded.write(record, service: service, key: key) }
        for key in Self.others { try seeded.write(KeychainRecord(data: Data(key.utf8)), service: service, key: key) }
        return KeychainWrapper(serviceName: service, backend: backend)
    }

    @Test func movingIntoTheStoreLeavesOnlyTheKeyItemsAndTheSecretInTheKeychain() throws {
        let store = try store()
        let keychain = try keychain()
        #expect(try UserKeychainItems.moveIntoStore(store, from: keychain) == ["Lockbox", "api", "token"])
        #expect(try keychain.backend.keys(service: service) == Set(Self.others))
        for (key, record) in Self.items { #expect(try store.sealedKeychainItem(key) == record) }
        #expect(try store.sealedKeychainItemNames() == ["Lockbox", "api", "token"])
        #expect(ChecklistStore.peekSealedKeychainItemCount(directory: home) == 3)
    }

    /// A copy of the disk shows how many items there are, not their names or values.
    @Test func theDatabaseHoldsNoNameOrValueInTheClear() throws {
        let store = try store()
        try store.setSealedKeychainItem("bank-login-of-someone", KeychainRecord(data: Data("hunter2-value".utf8)))
        try UserKeychainItems.moveIntoStore(store, from: try keychain())
        store.close()
        let bytes = try dir.allBytes()
        for text in ["t0ken-value", "api-value", "hunter2-value", "bank-login-of-someone", "Lockbox", "token"] {
            #expect(!bytes.contains(utf8: text), "\(text)")
        }
        #expect(try self.store().sealedKeychainItemNames() == ["Lockbox", "api", "bank-login-of-someone", "token"])
    }

    /// A row's sealed value copied over another row opens in neither place but its own: the item
    /// whose row was overwritten is reported damaged, the other still reads.
    @Test func aSealedValueMovedToAnotherItemsRowDoesNotOpen() throws {
        let store = try store()
        try store.setSealedKeychainItem("token", Self.items["token"])
        try store.setSealedKeychainItem("other", KeychainRecord(data: Data("x".utf8)))
        store.close()
        let db = try Database(path: home + "/checklists.sqlite", create: false)
        try db.execute(
            """
            UPDATE settings SET value = (SELECT value FROM settings WHERE key LIKE 'KeychainItem.%' ORDER BY key LIMIT 1)
            WHERE key = (SELECT key FROM settings WHERE key LIKE 'KeychainItem.%' ORDER BY key DESC LIMIT 1)
            """)
        db.close()
        let reopened = try self.store()
        let token = Result { try reopened.sealedKeychainItem("token") }
        let other = Result { try reopened.sealedKeychainItem("other") }
        let opened = [
            (try? token.get()) == Self.items["token"], (try? other.get()) == KeychainRecord(data: Data("x".utf8)),
        ]
        #expect(opened.filter { $0 }.count == 1)
        #expect((try? token.get()) == nil || (try? other.get()) == nil)
        #expect(throws: StoreError.self) { try reopened.sealedKeychainItemNames() }
    }

    /// A store sealed before names were: its rows named by their item still read, and the next
    /// write of any item seals every name.
    @Test func rowsNamedByTheirItemReadAndAreSealedAtTheNextWrite() throws {
        let store = try store()
        var key = Array(repeating: UInt8(7), count: 32)
        let box = try SecretBox(key: try SecureBytes(consuming: &key))
        let record = Self.items["api"]!
        let sealed = box.seal(
            Array(try JSONEncoder().encode(record)), associatedData: Array("settings.KeychainItem.older-name".utf8))
        store.close()
        let db = try Database(path: home + "/checklists.sqlite", create: false)
        try db.prepare("INSERT INTO settings(key, value) VALUES ('KeychainItem.older-name', ?)").bind(.blob(sealed))
            .run()
        db.close()
        let reopened = try self.store()
        #expect(try reopened.sealedKeychainItem("older-name") == record)
        #expect(try reopened.sealedKeychainItemNames() == ["older-name"])
        try reopened.setSealedKeychainItem("token", Self.items["token"])
        #expect(try reopened.sealedKeychainItemNames() == ["older-name", "token"])
        #expect(try reopened.sealedKeychainItem("older-name") == record)
        let check = try Database(path: home + "/checklists.sqlite", create: false)
        defer { check.close() }
        let named = try check.prepare("SELECT count(*) FROM settings WHERE key = 'KeychainItem.older-name'")
        _ = try named.step()
        #expect(named.int64(0) == 0)
        named.reset()
    }

    @Test func turningTheLockOffBringsEveryItemBackAndForgetsTheSealedCopies() throws {
        let store = try store()
        let keychain = try keychain()
        try UserKeychainItems.moveIntoStore(store, from: keychain)
        try UserKeychainItems.copyToKeychain(from: store, keychain)
        try UserKeychainItems.forgetSealed(in: store)
        for (key, record) in Self.items { #expect(try keychain.backend.read(service: service, key: key) == record) }
        #expect(try store.sealedKeychainItemNames().isEmpty)
    }

    @Test func aKeychainCopyReplacesTheSealedOneOfTheSameName() throws {
        let store = try store()
        try store.setSealedKeychainItem("token", KeychainRecord(data: Data("older".utf8)))
        try UserKeychainItems.moveIntoStore(store, from: try keychain())
        #expect(try store.sealedKeychainItem("token") == Self.items["token"])
    }

    @Test func aSealedCopyLeftByAnUnfinishedDisableIsNotBroughtBackByTheNextEnable() throws {
        let store = try store()
        try store.setSealedKeychainItem("removed while off", KeychainRecord(data: Data("stale".utf8)))
        try UserKeychainItems.copyIntoStore(store, from: try keychain(), replacing: true)
        #expect(try store.sealedKeychainItemNames() == ["Lockbox", "api", "token"])
    }

    /// `lock enable` then `lock disable`, stopped after every keychain write or delete and at the
    /// setting's flip (each a step of a shared budget), then the next locked access's sweep:
    /// every item is where the setting points, with its value, and nowhere in the clear while
    /// the lock is on.
    @Test func turningTheLockOnOrOffStoppedAtAnyStepLosesNoItem() throws {
        for phase in ["enable", "disable"] {
            for steps in 0..<20 {
                let home = dir.appending("\(phase)-\(steps)")
                let store = try ChecklistStore(
                    directory: home, keyProvider: FixedKeyProvider(key: Array(repeating: 7, count: 32)))
                let budget = KeychainMoveTests.Budget(phase == "enable" ? steps : 100)
                let dying = KeychainMoveTests.Dying("memory", budget: budget)
                let keychain = try self.keychain(dying, seeded: dying.inner)
                var lockOn = false
                func flip(to on: Bool) throws {
                    try budget.spend()
                    lockOn = on
                }
                // Turning on.
                try? {
                    try UserKeychainItems.copyIntoStore(store, from: keychain, replacing: true)
                    try flip(to: true)
                    try UserKeychainItems.moveIntoStore(store, from: keychain)
                }()
                if phase == "disable" {
                    budget.left = steps
                    try? {
                        try UserKeychainItems.copyIntoStore(store, from: keychain)
                        try UserKeychainItems.copyToKeychain(from: store, keychain)
                        try flip(to: false)
                        try UserKeychainItems.forgetSealed(in: store)
                    }()
                }
                budget.left = 100
                if lockOn {
                    try UserKeychainItems.moveIntoStore(store, from: keychain)  // the next locked access
                    for (key, record) in Self.items {
                        #expect(try store.sealedKeychainItem(key) == record, "\(phase) \(steps): \(key)")
                        #expect(try keychain.backend.read(service: service, key: key) == nil, "\(phase) \(steps)")
                    }
                } else {
                    for (key, record) in Self.items {
                        #expect(try keychain.backend.read(service: service, key: key) == record, "\(phase) \(steps)")
                    }
                }
            }
        }
    }
}
