import ChecklistsKit
import Foundation
import SQLiteKit
import Sodium
import TestSupport
import Testing

/// The lock's reuse window and idle timeout sealed under the data key: rows edited or deleted
/// by someone running as the user (no key) do not lengthen an unlock.
@Suite struct LockTimesTests {
    let dir = TemporaryDirectory()
    let key = [UInt8](repeating: 7, count: 32)

    func open() throws -> ChecklistStore {
        try ChecklistStore(directory: dir.path, keyProvider: FixedKeyProvider(key: key))
    }

    /// What someone without the key can do: edit the database's rows.
    func edit(_ sql: String) throws {
        let db = try Database(path: dir.appending("checklists.sqlite"), create: false)
        defer { db.close() }
        try db.execute(sql)
    }

    /// The lock's method as `lock enable` leaves it (the times settle only while it is on).
    func lockOn() throws { try edit("INSERT OR REPLACE INTO settings VALUES ('AppLock', 'passcode')") }

    func times(_ settings: LockSettings) -> [Int] { [settings.reuseSeconds, settings.idleMinutes] }

    /// A store made before the times were sealed (here: with the lock off, as every store starts)
    /// keeps the times its rows say, and seals them at the first settling.
    @Test func aStoreFromBeforeKeepsItsTimesAndSealsThem() throws {
        try open().close()
        try edit(
            "INSERT OR REPLACE INTO settings VALUES ('AppLock', 'passcode'), ('LockReuseSeconds', '120'), ('LockIdleMinutes', '30')"
        )
        let store = try open()
        #expect(try store.lockSettings().origin == .unsealed)
        #expect(times(try store.lockSettings().settings) == [120, 30])
        #expect(try store.settleLockTimes() == .unsealed)
        #expect(try store.lockSettings().origin == .sealed)
        #expect(times(try store.lockSettings().settings) == [120, 30])
        #expect(try store.settleLockTimes() == nil)  // nothing left to write
    }

    @Test func withTheLockOffNothingIsWritten() throws {
        let store = try open()
        try edit("INSERT OR REPLACE INTO settings VALUES ('LockReuseSeconds', '120')")
        #expect(try store.settleLockTimes() == nil)
        #expect(LockSettings.read(directory: dir.path).reuseSeconds == 120)
    }

    @Test func editedRowsDoNotCountAndArePutBack() throws {
        let store = try open()
        try lockOn()
        try store.saveLockTimes(LockSettings(method: .passcode, reuseSeconds: 0, idleMinutes: 2))
        try edit("DELETE FROM settings WHERE key = 'LockReuseSeconds'")
        try edit("UPDATE settings SET value = '1440' WHERE key = 'LockIdleMinutes'")
        #expect(LockSettings.read(directory: dir.path).reuseSeconds == LockSettings.defaults.reuseSeconds)
        #expect(times(try store.lockSettings().settings) == [0, 2])
        #expect(try store.settleLockTimes() == .sealed)
        #expect(times(LockSettings.read(directory: dir.path)) == [0, 2])
    }

    /// Deleting the seal and the rows does not bring back the defaults (a 60 s reuse window):
    /// the strictest times hold until the user sets them again.
    @Test func aRemovedSealGivesTheStrictestTimes() throws {
        let store = try open()
        try lockOn()
        try store.saveLockTimes(LockSettings(method: .passcode, reuseSeconds: 0, idleMinutes: 30))
        try edit("DELETE FROM settings WHERE key IN ('LockTimes', 'LockReuseSeconds', 'LockIdleMinutes')")
        #expect(try store.lockSettings().origin == .replaced)
        #expect(times(try store.lockSettings().settings) == [0, 1])
        #expect(try store.settleLockTimes() == .replaced)
        #expect(times(LockSettings.read(directory: dir.path)) == [0, 1])
        #expect(try store.lockSettings().origin == .sealed)
    }

    /// A seal copied from another store (another key) does not open: the strictest times.
    @Test func aSealFromAnotherStoreDoesNotCount() throws {
        let other = try ChecklistStore(directory: dir.appending("other"), keyProvider: FixedKeyProvider())
        try other.saveLockTimes(LockSettings(method: .passcode, reuseSeconds: 300, idleMinutes: 1440))
        other.close()
        let store = try open()
        try store.saveLockTimes(LockSettings(method: .passcode, reuseSeconds: 10, idleMinutes: 5))
        try edit(
            "ATTACH '\(dir.appending("other/checklists.sqlite"))' AS other; UPDATE settings SET value = (SELECT value FROM other.settings WHERE key = 'LockTimes') WHERE key = 'LockTimes'"
        )
        #expect(times(try store.lockSettings().settings) == [0, 1])
    }

    /// A store opened before another process changed the key does not take the seal it cannot
    /// open for a removed one.
    @Test func aStoreUnderAnOldKeyDoesNotSeeARemovedSeal() throws {
        let store = try open()
        let other = try open()
        try store.saveLockTimes(LockSettings(method: .passcode, reuseSeconds: 45, idleMinutes: 9))
        try lockOn()
        try other.rekey(to: try SecureBytes(randomCount: SecretBox.keyLength))
        #expect(throws: StoreError.keyChanged) { try store.lockSettings() }
        #expect(throws: StoreError.keyChanged) { try store.settleLockTimes() }
        #expect(times(try other.lockSettings().settings) == [45, 9])
    }

    @Test func aNewKeyKeepsTheTimes() throws {
        let store = try open()
        try store.saveLockTimes(LockSettings(method: .passcode, reuseSeconds: 45, idleMinutes: 9))
        let newKey = try SecureBytes(randomCount: SecretBox.keyLength)
        try store.rekey(to: newKey, settings: ["AppLock": "password"])
        #expect(try store.lockSettings().origin == .sealed)
        #expect(times(try store.lockSettings().settings) == [45, 9])
        // As the app lock reads them before opening the store, with the key it unlocked.
        let resolved = LockTimes.resolve(settings: ChecklistStore.peekSettings(directory: dir.path), key: newKey)
        #expect(resolved.origin == .sealed)
        #expect(times(resolved.settings) == [45, 9])
    }

    /// Turning the lock on (a new key) seals the times of a store from before.
    @Test func aNewKeySealsTheTimesOfAStoreFromBefore() throws {
        try open().close()
        try edit("INSERT OR REPLACE INTO settings VALUES ('LockReuseSeconds', '120'), ('LockIdleMinutes', '30')")
        let store = try open()
        try store.rekey(to: try SecureBytes(randomCount: SecretBox.keyLength), settings: ["AppLock": "passcode"])
        try edit("UPDATE settings SET value = '300' WHERE key = 'LockReuseSeconds'")
        #expect(try store.lockSettings().origin == .sealed)
        #expect(times(try store.lockSettings().settings) == [120, 30])
    }

    /// Deleting the key check (which the store makes again when it is missing) does not make a
    /// locked store's seal optional.
    @Test func aLostKeyCheckWithTheLockOnCountsAsARemovedSeal() throws {
        let store = try open()
        try store.saveLockTimes(LockSettings(method: .passcode, reuseSeconds: 0, idleMinutes: 3))
        store.close()
        try edit(
            "UPDATE settings SET value = 'passcode' WHERE key = 'AppLock'; INSERT OR IGNORE INTO settings VALUES ('AppLock', 'passcode');"
                + "DELETE FROM settings WHERE key IN ('KeyCheck', 'LockTimes'); UPDATE settings SET value = '300' WHERE key = 'LockReuseSeconds'"
        )
        let reopened = try open()
        #expect(try reopened.lockSettings().origin == .replaced)
        #expect(times(try reopened.lockSettings().settings) == [0, 1])
    }
}
