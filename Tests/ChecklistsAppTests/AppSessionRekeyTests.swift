import ChecklistsApp
import ChecklistsKit
import Foundation
import Keychain
import LocalAuthentication
import SQLiteKit
import Sodium
import Synchronization
import TestSupport
import Testing

/// A new data key whenever the lock goes on or its passcode changes: a copy of the key or of a
/// passcode's seal taken before opens nothing afterwards, and every value still reads.
@Suite struct AppSessionRekeyTests {
    let dir = TemporaryDirectory()
    var home: String { dir.appending("home") }
    static let passcode = "correct horse"
    static let nextPasscode = "battery staple"

    /// A session on the file vault; `passwords` answer prompts in order (nil cancels).
    func session(passwords: [String?] = []) -> AppSession {
        fileVaultSession(home: home, runtime: dir.appending("run"), presenter: ScriptedPresenter(passwords: passwords))
    }

    var vault: KeychainWrapper { fileVault(home: home) }

    /// A store with a list, an item, a note, the secret and a keychain item, the lock off.
    func filledSession() throws -> AppSession {
        let session = session(passwords: [Self.passcode, Self.passcode])
        #expect(try session.open())
        let list = try session.addList(name: "Groceries")
        _ = try session.addItem(NewItem(text: "milk"), to: list.id)
        _ = try session.addNote(title: "Plans", body: "the body")
        try session.setKeychainItem("token") { Data("t0ken-value".utf8) }
        vault.set("the secret", forKey: SecretMessage.key)
        return session
    }

    /// Everything `filledSession` wrote, read through a fresh session that unlocks with `passcode`.
    func expectEverythingReads(with passcode: String) throws {
        let session = session(passwords: [passcode])
        try session.unlock()
        let list = try #require(try session.lists().first { $0.name == "Groceries" })
        #expect(try session.items(in: list.id).map(\.text) == ["milk"])
        let note = try #require(try session.notes().first { $0.title == "Plans" })
        #expect(try session.note(id: note.id)?.body == "the body")
        #expect(try session.keychainItem("token") == "t0ken-value")
        #expect(try session.unlockedStore().sealedSecret() == "the secret")
    }

    /// Whether `key` opens the store's key check or a list name (read from the database file).
    func opensAnything(_ key: [UInt8]) throws -> Bool {
        let db = try Database(path: home + "/checklists.sqlite", create: false)
        defer { db.close() }
        var copy = key
        let box = try SecretBox(key: try SecureBytes(consuming: &copy))
        let check = try db.prepare("SELECT value FROM settings WHERE key = 'KeyCheck'")
        _ = try check.step()
        if (try? box.open(check.blob(0), associatedData: Array("KeyCheck".utf8))) != nil { return true }
        check.reset()
        let names = try db.prepare("SELECT uid, name FROM checklists")
        while try names.step() {
            let data = Array("checklists.name:\(names.text(0))".utf8)
            if (try? box.open(names.blob(1), associatedData: data)) != nil { return true }
        }
        return false
    }

    @Test func theDataKeyCopiedWhileTheLockWasOffOpensNothingOnceItIsOn() throws {
        let session = try filledSession()
        let name = try #require(vault.allKeys().first { $0.hasPrefix(KeyItems.dataKey + ".") })
        let oldKey = try #require(vault.data(forKey: name).map(Array.init))
        #expect(try opensAnything(oldKey))
        #expect(try session.enableLock(.passcode) == .changed(.passcode, keyBesideVault: false))
        #expect(try !opensAnything(oldKey))
        #expect(throws: StoreError.wrongKey) {
            var copy = oldKey
            _ = try ChecklistStore(directory: home, keyProvider: StaticKeyProvider(key: SecureBytes(consuming: &copy)))
        }
        #expect(!vault.allKeys().contains { $0.hasPrefix(KeyItems.dataKey) || $0.hasSuffix(".rekey") })
        session.lock()
        try expectEverythingReads(with: Self.passcode)
    }

    @Test func thePasscodeSealFromBeforeAChangeOpensNothing() throws {
        let session = try filledSession()
        _ = try session.enableLock(.passcode)
        let vaultFiles = ["keychain.vault", "keychain.key"]
        let before = try vaultFiles.map { try Data(contentsOf: URL(fileURLWithPath: home + "/" + $0)) }
        let changing = self.session(passwords: [Self.passcode, Self.nextPasscode, Self.nextPasscode])
        try changing.changePasscode()
        #expect(!vault.allKeys().contains { $0.hasSuffix(".rekey") })
        changing.lock()
        try expectEverythingReads(with: Self.nextPasscode)
        // The keychain of a backup taken before the change, beside today's database.
        for (file, data) in zip(vaultFiles, before) { try data.write(to: URL(fileURLWithPath: home + "/" + file)) }
        let thief = self.session(passwords: [Self.passcode, Self.passcode, Self.passcode])
        #expect(throws: (any Error).self) { try thief.unlock() }
        #expect(throws: (any Error).self) { try thief.lists() }
    }

    /// The fingerprint method too: after a scan turns it on, the key copied before opens
    /// nothing, and a later scan opens everything (its KEK copy bound to the enrolled fingers).
    @Test func turningTheFingerprintLockOnAlsoGivesANewKey() async throws {
        let reader = FakeFingerprintReader()
        let session = fileVaultSession(home: home, runtime: dir.appending("run"), biometrics: reader)
        #expect(try session.open())
        let list = try session.addList(name: "Groceries")
        _ = try session.addItem(NewItem(text: "milk"), to: list.id)
        let name = try #require(vault.allKeys().first { $0.hasPrefix(KeyItems.dataKey + ".") })
        let oldKey = try #require(vault.data(forKey: name).map(Array.init))
        async let enabled = session.run { try $0.enableLock(.fingerprint) }
        await reader.touch(.match)
        #expect(try await enabled == .changed(.fingerprint, keyBesideVault: true))
        #expect(try !opensAnything(oldKey))
        #expect(!vault.allKeys().contains { $0.hasPrefix(KeyItems.dataKey) || $0.hasSuffix(".rekey") })
        session.lock()
        async let unlocked: Void = session.unlock()
        await reader.touch(.match)
        try await unlocked
        let reopened = try #require(try session.lists().first { $0.name == "Groceries" })
        #expect(try session.items(in: reopened.id).map(\.text) == ["milk"])
    }

    @Test func turningThePasswordLockOnAlsoGivesANewKey() throws {
        let session = try filledSession()
        let name = try #require(vault.allKeys().first { $0.hasPrefix(KeyItems.dataKey + ".") })
        let oldKey = try #require(vault.data(forKey: name).map(Array.init))
        let enabling = self.session(passwords: ["account pw"])
        #expect(try enabling.open())
        #expect(try enabling.enableLock(.password) == .changed(.password, keyBesideVault: true))
        #expect(try !opensAnything(oldKey))
        session.close()
        enabling.lock()
        let again = self.session(passwords: ["account pw"])
        try again.unlock()
        let list = try #require(try again.lists().first { $0.name == "Groceries" })
        #expect(try again.items(in: list.id).map(\.text) == ["milk"])
        #expect(try again.keychainItem("token") == "t0ken-value")
    }

    @Test func thePasscodeSealFromWhileTheLockWasOnOpensNothingOnceItIsOff() throws {
        let session = try filledSession()
        _ = try session.enableLock(.passcode)
        let vaultFiles = ["keychain.vault", "keychain.key"]
        let before = try vaultFiles.map { try Data(contentsOf: URL(fileURLWithPath: home + "/" + $0)) }
        session.lock()
        let disabling = self.session(passwords: [Self.passcode])
        #expect(try disabling.disableLock() == "file vault")
        #expect(!vault.allKeys().contains { $0.hasPrefix(KeyItems.passcodeWrap) || $0.hasSuffix(".rekey") })
        disabling.close()
        let off = self.session()
        #expect(try off.open())
        let list = try #require(try off.lists().first { $0.name == "Groceries" })
        #expect(try off.items(in: list.id).map(\.text) == ["milk"])
        #expect(try off.keychainItem("token") == "t0ken-value")
        #expect(vault.string(forKey: SecretMessage.key) == "the secret")
        off.close()
        // The keychain of a backup taken while the lock was on, beside today's database.
        for (file, data) in zip(vaultFiles, before) { try data.write(to: URL(fileURLWithPath: home + "/" + file)) }
        let wrap = try #require(vault.allKeys().first { $0.hasPrefix(KeyItems.passcodeWrap + ".") })
        let lock = AppLock(
            keychain: vault, environment: LAEnvironment(stateDirectory: home), cache: nil, passcodeCost: .minimal,
            items: KeyItems(storeID: String(wrap.dropFirst(KeyItems.passcodeWrap.count + 1))))
        let oldKey = try lock.passcodeKey(Array(Self.passcode.utf8))
        #expect(!ChecklistStore.keyOpens(oldKey, directory: home))
    }

    /// Two changes of the data key at once (two processes): the second waits for the first
    /// (the store's lock file), finds the store re-sealed meanwhile and stops with a message
    /// saying so, its passcode unkept and the keychain untouched. Without the lock file, one's
    /// clearing of the old custody could remove the other's new one.
    @Test func aChangeOfTheKeyWaitsForAnotherAndStopsWhenTheKeyChanged() throws {
        let session = try filledSession()
        _ = try session.enableLock(.passcode)
        let files = ["keychain.vault", "keychain.key", "passcode"].map { home + "/" + $0 }
        let before = try files.map { try Data(contentsOf: URL(fileURLWithPath: $0)) }
        let presenter = ScriptedPresenter(passwords: [Self.passcode, "a third one", "a third one"])
        let second = fileVaultSession(home: home, runtime: dir.appending("run"), presenter: presenter)
        let outcome = Mutex<Result<Void, any Error>?>(nil)
        let finished = DispatchSemaphore(value: 0)
        try ChecklistStore.holdingLock(directory: home) {
            Thread.detachNewThread {
                let result = Result { try second.changePasscode() }
                outcome.withLock { $0 = result }
                finished.signal()
            }
            let deadline = Date().addingTimeInterval(20)
            while presenter.log.filter({ $0.hasPrefix("password:") }).count < 3 && Date() < deadline { usleep(2_000) }
            usleep(300_000)  // time to reach the switch, where it waits
            #expect(outcome.withLock { $0 } == nil, "the change went on while another held the lock")
            // Meanwhile "another process" gives the store a new key.
            try session.unlockedStore().rekey(to: try SecureBytes(randomCount: SecretBox.keyLength))
        }
        finished.wait()
        let result = try #require(outcome.withLock { $0 })
        #expect(throws: StoreError.keyChanged) { try result.get() }
        #expect(try files.map { try Data(contentsOf: URL(fileURLWithPath: $0)) } == before)
        #expect("\(StoreError.keyChanged)".contains("another Checklists process changed the app lock"))
    }

    /// A window open while another process turns the lock on: the key it holds opens nothing
    /// now, so it locks (the lock screen shows) instead of showing unreadable rows and having its
    /// writes refused; after `lock disable` elsewhere it goes on with the new key unasked.
    @Test func anOpenSessionFollowsANewKeyMadeElsewhere() async throws {
        let window = try filledSession()
        let events = EventRecorder<SessionEvent>()
        window.addObserver(events.handler)
        let monitor = try window.watchChanges()
        defer { monitor.stop() }
        let other = session(passwords: [Self.passcode, Self.passcode])
        #expect(try other.open())
        _ = try other.enableLock(.passcode)
        #expect(await events.arrival { $0 == .locked } != nil, "\(events.all)")
        #expect(window.isLocked)
        #expect(throws: AppSessionError.locked) { try window.lists() }

        let unlocking = session(passwords: [Self.passcode, Self.passcode])
        try await unlocking.unlock()
        let watched = try filledSessionUnlocked()
        let watchedEvents = EventRecorder<SessionEvent>()
        watched.addObserver(watchedEvents.handler)
        let watchedMonitor = try watched.watchChanges()
        defer { watchedMonitor.stop() }
        _ = try unlocking.disableLock()
        let changed = await watchedEvents.arrival {
            if case .changed = $0 { true } else { false }
        }
        #expect(changed != nil, "\(watchedEvents.all)")
        #expect(!watched.isLocked)
        #expect(try watched.lists().contains { $0.name == "Groceries" })
        #expect(try watched.addList(name: "After").name == "After")
    }

    /// A second window on the passcode-locked store, unlocked.
    func filledSessionUnlocked() throws -> AppSession {
        let session = session(passwords: [Self.passcode])
        try session.unlock()
        return session
    }
}
