import Foundation
import Keychain
import Sodium
import TestSupport
import Testing

@Suite struct FileVaultTests {
    let dir = TemporaryDirectory()
    var vaultPath: String { dir.appending("keychain.vault") }

    func vault(_ source: FileVault.KeySource? = nil) -> FileVault {
        FileVault(path: vaultPath, keySource: source ?? .keyFile(dir.appending("keychain.key")))
    }

    @Test func keepsItemsAcrossInstancesEncryptedAndPrivate() throws {
        try vault().write(KeychainRecord(data: Data("Secret stuff!".utf8)), service: "Checklists", key: "SecretMessage")
        #expect(try vault().read(service: "Checklists", key: "SecretMessage")?.data == Data("Secret stuff!".utf8))
        let bytes = try dir.allBytes()
        let leaked = bytes.contains(utf8: "Secret stuff")
        #expect(!leaked)
        let leakedKey = bytes.contains(utf8: "SecretMessage")
        #expect(!leakedKey)
        var info = stat()
        stat(vaultPath, &info)
        #expect(info.st_mode & 0o777 == 0o600)
    }

    @Test func aWrongPasscodeCannotOpenIt() throws {
        let right = vault(.passcode(Array("1234".utf8), cost: .minimal))
        try right.write(KeychainRecord(data: Data("x".utf8)), service: "S", key: "k")
        let wrong = vault(.passcode(Array("4321".utf8), cost: .minimal))
        #expect(throws: KeychainError.cannotOpenVault("wrong key or passcode, or a damaged file")) {
            try wrong.read(service: "S", key: "k")
        }
        #expect(try vault(.passcode(Array("1234".utf8), cost: .minimal)).read(service: "S", key: "k") != nil)
        #expect(throws: KeychainError.self) { try vault().read(service: "S", key: "k") }
    }

    @Test func aMissingKeyFileIsAnErrorNotANewVault() throws {
        try vault().write(KeychainRecord(data: Data("x".utf8)), service: "S", key: "k")
        let before = FileManager.default.contents(atPath: vaultPath)
        try FileManager.default.removeItem(atPath: dir.appending("keychain.key"))
        #expect(throws: KeychainError.self) {
            try vault().write(KeychainRecord(data: Data("y".utf8)), service: "S", key: "k2")
        }
        #expect(FileManager.default.contents(atPath: vaultPath) == before)
    }

    @Test func aChangeThatChangesNothingLeavesTheFileAlone() throws {
        let vault = vault()
        let record = KeychainRecord(data: Data("x".utf8))
        try vault.write(record, service: "S", key: "k")
        let before = try #require(FileManager.default.contents(atPath: vaultPath))
        // Every change writes a new file (a new nonce); an unchanged vault keeps its bytes.
        #expect(try vault.delete(service: "S", key: "absent") == false)
        #expect(try vault.delete(service: "Other", key: "k") == false)
        try vault.write(record, service: "S", key: "k")
        #expect(FileManager.default.contents(atPath: vaultPath) == before)
        #expect(try vault.delete(service: "S", key: "k"))
        #expect(FileManager.default.contents(atPath: vaultPath) != before)
        #expect(try vault.read(service: "S", key: "k") == nil)
    }

    @Test func tamperingIsDetected() throws {
        try vault().write(KeychainRecord(data: Data("x".utf8)), service: "S", key: "k")
        var bytes = Array(FileManager.default.contents(atPath: vaultPath)!)
        bytes[bytes.count - 3] ^= 0x40
        try Data(bytes).write(to: URL(fileURLWithPath: vaultPath))
        #expect(throws: KeychainError.self) { try vault().read(service: "S", key: "k") }
    }

    @Test func concurrentWritersLoseNothing() async throws {
        try vault().write(KeychainRecord(data: Data()), service: "S", key: "seed")
        await withTaskGroup(of: Void.self) { group in
            for writer in 0..<4 {
                group.addTask {
                    let mine = vault()
                    for i in 0..<10 {
                        try? mine.write(KeychainRecord(data: Data([UInt8(i)])), service: "S", key: "w\(writer)-\(i)")
                    }
                }
            }
        }
        #expect(try vault().keys(service: "S").count == 41)
    }
}
