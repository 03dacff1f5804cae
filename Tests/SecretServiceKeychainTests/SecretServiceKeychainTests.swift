import Foundation
import Keychain
import SecretServiceKeychain
import TestSupport
import Testing

/// Against gnome-keyring-daemon on a private session bus. libsecret binds to the session bus
/// once per process, so this suite shares one rig and runs its tests one at a time.
@Suite(.serialized) struct SecretServiceKeychainTests {
    static let rig: Rig = {
        let rig = try! Rig("keyring", stdin: "test keyring password")
        setenv("DBUS_SESSION_BUS_ADDRESS", rig.environment["DBUS_SESSION_BUS_ADDRESS"]!, 1)
        sharedRigDirectory = rig.directory.path
        // A static is never released, so stop the rig's daemons when the test process exits.
        atexit { stopSharedRig() }
        return rig
    }()

    let keychain: KeychainWrapper = {
        _ = SecretServiceKeychainTests.rig
        return KeychainWrapper(serviceName: "Checklists", backend: SecretServiceKeychain())
    }()

    func secretTool(_ arguments: String...) throws -> CLIRunner.Result {
        var env = ProcessInfo.processInfo.environment
        env.merge(Self.rig.environment) { $1 }
        return try CLIRunner.execute("/usr/bin/secret-tool", arguments, environment: env)
    }

    @Test func isChosenWhenTheKeyringAnswers() {
        #expect(KeychainChooser.secretServiceProblem() == nil)
    }

    @Test func roundTripsEveryType() {
        #expect(keychain.set("Secret stuff!", forKey: "SecretMessage"))
        #expect(keychain.set(7, forKey: "int"))
        #expect(keychain.set(0.25, forKey: "double"))
        #expect(keychain.set(false, forKey: "bool"))
        #expect(keychain.set(Data([0, 9, 0xff, 0]), forKey: "binary"))
        #expect(keychain.string(forKey: "SecretMessage") == "Secret stuff!")
        #expect(keychain.integer(forKey: "int") == 7)
        #expect(keychain.double(forKey: "double") == 0.25)
        #expect(keychain.bool(forKey: "bool") == false)
        #expect(keychain.data(forKey: "binary") == Data([0, 9, 0xff, 0]))
        keychain.set("replaced", forKey: "SecretMessage", withAccessibility: .afterFirstUnlock)
        #expect(keychain.string(forKey: "SecretMessage") == "replaced")
        #expect(keychain.accessibilityOfKey("SecretMessage") == .afterFirstUnlock)
    }

    @Test func itemsAreReadableWithSecretToolUnderTheDocumentedAttributes() throws {
        keychain.set("hello there", forKey: "Greeting")
        let lookup = try secretTool("lookup", "service", "Checklists", "key", "Greeting")
        #expect(lookup.stdout == "hello there")
        let search = try secretTool("search", "--all", "service", "Checklists", "key", "Greeting")
        #expect(search.stdout.contains("label = Checklists: Greeting (Checklists)"))
        #expect(search.stdout.contains("schema = org.checklists.Keychain"))
    }

    @Test func removeAllKeysNeverTouchesOtherAppsSecrets() throws {
        _ = try CLIRunner.execute(
            "/usr/bin/secret-tool", ["store", "--label=Other app", "service", "OtherApp", "key", "token"],
            environment: ProcessInfo.processInfo.environment.merging(Self.rig.environment) { $1 }, stdin: "theirs")
        keychain.set("ours", forKey: "a")
        #expect(keychain.allKeys().contains("a"))
        #expect(keychain.removeAllKeys())
        #expect(keychain.allKeys().isEmpty)
        #expect(try secretTool("lookup", "service", "OtherApp", "key", "token").stdout == "theirs")
    }

    /// A write stopped after any of its steps (as SIGKILL would stop it) leaves the old value
    /// or the new one readable, never nothing; the next write leaves exactly one item.
    @Test func aWriteCutShortAtAnyStepLeavesTheOldOrTheNewValue() throws {
        let plain = SecretServiceKeychain()
        let key = "CrashStep"
        let old = KeychainRecord(data: Data([1, 2, 3]), accessibility: .afterFirstUnlockThisDeviceOnly)
        try plain.write(old, service: "Checklists", key: key)
        for (round, step) in ["stored", "verified", "removed-old"].enumerated() {
            let new = KeychainRecord(data: Data([9, 9, UInt8(round)]), accessibility: .afterFirstUnlockThisDeviceOnly)
            let cut = SecretServiceKeychain(afterStep: { name throws(KeychainError) in
                if name == step { throw KeychainError.backend("stopped after \(name)") }
            })
            #expect(throws: KeychainError.self) { try cut.write(new, service: "Checklists", key: key) }
            let read = try plain.read(service: "Checklists", key: key)
            #expect(read == new, "after the step \(step) the new copy is there and wins")
        }
        // A crash before the first step leaves the old value; a full write leaves one item.
        let last = KeychainRecord(data: Data("final".utf8), accessibility: .whenUnlocked)
        try plain.write(last, service: "Checklists", key: key)
        #expect(try plain.read(service: "Checklists", key: key) == last)
        let items = try secretTool("search", "--all", "service", "Checklists", "key", key)
        #expect(items.stdout.components(separatedBy: "[/").count - 1 == 1, "older copies are removed")
        #expect(try plain.delete(service: "Checklists", key: key))
        #expect(try plain.read(service: "Checklists", key: key) == nil)
    }
}

nonisolated(unsafe) private var sharedRigDirectory: String?

private func stopSharedRig() {
    guard let directory = sharedRigDirectory else { return }
    _ = try? CLIRunner.execute(
        "/bin/bash", [Rig.root + "/scripts/rig-keyring.sh", "stop", directory], environment: ["PATH": "/usr/bin:/bin"])
}
