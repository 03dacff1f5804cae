import ChecklistsKit
import Foundation
import Keychain
import LocalAuthentication
import Sodium
import TestSupport
import Testing

/// The switch to a new data key (`AppLock.rekey`), stopped after every keychain write or delete
/// and after each of its steps: the store then opens with the credential its setting names, and
/// every value reads.
@Suite struct AppLockRekeyTests {
    let dir = TemporaryDirectory()
    let service = KeychainWrapper.defaultServiceName
    static let passcode = Array("correct horse".utf8)
    static let nextPasscode = Array("battery staple".utf8)

    /// A reader whose enrolled finger touches it whenever a verification starts.
    let reader: FakeFingerprintReader = {
        let reader = FakeFingerprintReader()
        reader.whenStarted = { [unowned reader] in Thread.detachNewThread { reader.touchBlocking(.match) } }
        return reader
    }()

    /// A lock on `keychain`; its presenter answers the account password, and `reader`'s finger
    /// matches.
    func lock(_ keychain: KeychainWrapper, home: String, items: KeyItems) -> AppLock {
        let environment = LAEnvironment(
            biometrics: reader, accountPassword: FakePasswordVerifier(password: "account pw"),
            presenter: ScriptedPresenter(passwords: Array(repeating: "account pw", count: 20)), stateDirectory: home)
        return AppLock(keychain: keychain, environment: environment, cache: nil, passcodeCost: .minimal, items: items)
    }

    /// The context a switch to `method` is given: a fingerprint verified for that method.
    func context(for method: LockMethod, _ lock: AppLock) throws -> LAContext? {
        method == .fingerprint ? try lock.evaluate(.fingerprint, reason: "test") : nil
    }

    /// Unlocks as the next command would: the setting's method, the key that opens the store,
    /// then the sweep every locked unlock makes.
    struct NextUnlock: KeyProvider {
        let lock: AppLock
        let method: LockMethod
        let passcodes: [[UInt8]]
        var location: String { "test" }
        func loadKey() throws -> SecureBytes? { try loadKey { _ in true } }
        func createKey() throws -> SecureBytes { throw StoreError.missingKey(path: location) }
        func loadKey(opening opens: (SecureBytes) -> Bool) throws -> SecureBytes? {
            let key: SecureBytes
            switch method {
            case .off:
                return try KeychainKeyProvider(keychain: lock.keychain, items: lock.items).loadKey(opening: opens)
            case .passcode:
                var found: SecureBytes?
                for passcode in passcodes where found == nil { found = try? lock.passcodeKey(passcode, opening: opens) }
                guard let found else { throw StoreError.wrongKey }
                key = found
            case .password, .fingerprint:
                key = try lock.unlock(method, reason: "test", opening: opens)
            }
            lock.finishSwitch(to: method, key: key)
            return key
        }
    }

    /// Fills a store with one of every sealed value.
    func fill(_ store: ChecklistStore) throws {
        let list = try store.addChecklist(name: "Groceries", icon: .noIcon)
        try store.addItem(NewItem(text: "milk"), to: list.id)
        _ = try store.addNote(title: "Plans", body: "the body")
        try store.setSealedSecret("the secret")
        try store.setSealedKeychainItem("token", KeychainRecord(data: Data("t0ken".utf8)))
    }

    func expectFilled(_ store: ChecklistStore, _ label: String) throws {
        let list = try #require(try store.checklists().first { $0.name == "Groceries" }, "\(label)")
        #expect(try store.items(in: list.id).map(\.text) == ["milk"], "\(label)")
        let note = try #require(try store.notes().first { $0.title == "Plans" }, "\(label)")
        #expect(try store.note(id: note.id)?.body == "the body", "\(label)")
        #expect(try store.sealedSecret() == "the secret", "\(label)")
        #expect(try store.sealedKeychainItem("token")?.data == Data("t0ken".utf8), "\(label)")
    }

    /// Runs `switchOnce` (lock on `from`, then a rekey to `to`) stopped after every step, then
    /// opens the store as the next command would.
    func stopAfterEveryStep(
        from: LockMethod, to: LockMethod, oldPasscode: [UInt8]?, newPasscode: [UInt8]?
    ) throws {
        var step = 0
        var finished = false
        while !finished {
            let label = "\(from)→\(to), stopped after step \(step)"
            let home = dir.appending("\(from)-\(to)-\(step)")
            let budget = KeychainMoveTests.Budget(.max)
            let dying = KeychainMoveTests.Dying("memory", budget: budget)
            let keychain = KeychainWrapper(serviceName: service, backend: dying)
            var provider: (any KeyProvider)?
            let store = try ChecklistStore(directory: home) { settings in
                let p = KeychainKeyProvider(keychain: keychain, items: KeyItems(storeID: settings["StoreID"]))
                provider = p
                return p
            }
            let items = KeyItems(storeID: store.storeID)
            let lock = lock(keychain, home: home, items: items)
            try fill(store)
            let oldKey = try #require(try provider?.loadKey())
            if from != .off {
                try lock.seal(oldKey, for: from, passcode: oldPasscode, context: try context(for: from, lock))
                try store.setSetting(named: "AppLock", to: from.rawValue)
                lock.finishSwitch(to: from, key: oldKey)
            }
            let evaluated = try context(for: to, lock)
            budget.left = step
            do {
                _ = try lock.rekey(
                    store, for: to, passcode: newPasscode, context: evaluated, settings: ["AppLock": to.rawValue],
                    afterStep: { _ in try budget.spend() })
                lock.finishSwitch(to: to, key: oldKey)
                finished = budget.left > 0
            } catch {}
            store.close()
            budget.left = .max
            let method = LockSettings.read(directory: home).method
            let rekeyed = !ChecklistStore.keyOpens(oldKey, directory: home)
            #expect(method == (rekeyed ? to : from), "\(label)")
            let passcodes = [newPasscode, oldPasscode].compactMap { $0 }
            let next = NextUnlock(lock: lock, method: method, passcodes: passcodes)
            let reopened = try ChecklistStore(directory: home, keyProvider: next)
            try expectFilled(reopened, label)
            reopened.close()
            // Once the store is under the new key, no item holds the old one, and no old seal opens.
            if rekeyed {
                let old = Array(oldKey.copyBytes())
                for name in keychain.allKeys() {
                    #expect(keychain.data(forKey: name).map(Array.init) != old, "\(label): \(name)")
                }
                if let oldPasscode, oldPasscode != newPasscode {
                    let opened = try? lock.passcodeKey(oldPasscode) { ChecklistStore.keyOpens($0, directory: home) }
                    #expect(opened.map { ChecklistStore.keyOpens($0, directory: home) } != true, "\(label)")
                }
                // A second unlock needs no pending item.
                for name in keychain.allKeys() where name.hasSuffix(".rekey") { keychain.removeObject(forKey: name) }
                let again = try ChecklistStore(directory: home, keyProvider: next)
                try expectFilled(again, label + ", opened again")
                again.close()
            }
            step += 1
        }
        #expect(step > 4, "\(from)→\(to): the switch has steps to stop after")
    }

    @Test func turningThePasscodeLockOnStoppedAtAnyStepLosesNothing() throws {
        try stopAfterEveryStep(from: .off, to: .passcode, oldPasscode: nil, newPasscode: Self.passcode)
    }

    @Test func changingThePasscodeStoppedAtAnyStepLosesNothing() throws {
        try stopAfterEveryStep(
            from: .passcode, to: .passcode, oldPasscode: Self.passcode, newPasscode: Self.nextPasscode)
    }

    @Test func turningThePasswordLockOnStoppedAtAnyStepLosesNothing() throws {
        try stopAfterEveryStep(from: .off, to: .password, oldPasscode: nil, newPasscode: nil)
    }

    @Test func turningThePasscodeLockOffStoppedAtAnyStepLosesNothing() throws {
        try stopAfterEveryStep(from: .passcode, to: .off, oldPasscode: Self.passcode, newPasscode: nil)
    }

    @Test func switchingFromThePasscodeToThePasswordStoppedAtAnyStepLosesNothing() throws {
        try stopAfterEveryStep(from: .passcode, to: .password, oldPasscode: Self.passcode, newPasscode: nil)
    }

    @Test func turningTheFingerprintLockOnStoppedAtAnyStepLosesNothing() throws {
        try stopAfterEveryStep(from: .off, to: .fingerprint, oldPasscode: nil, newPasscode: nil)
    }

    @Test func turningTheFingerprintLockOffStoppedAtAnyStepLosesNothing() throws {
        try stopAfterEveryStep(from: .fingerprint, to: .off, oldPasscode: nil, newPasscode: nil)
    }

    @Test func switchingFromThePasscodeToTheFingerprintStoppedAtAnyStepLosesNothing() throws {
        try stopAfterEveryStep(from: .passcode, to: .fingerprint, oldPasscode: Self.passcode, newPasscode: nil)
    }
}
