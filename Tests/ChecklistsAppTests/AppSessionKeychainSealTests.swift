import ChecklistsApp
import ChecklistsKit
import Foundation
import Keychain
import LocalAuthentication
import TestSupport
import Testing

/// The user's keychain items under the app lock, through the calls `keychain keys|get|set|remove`
/// and `lock enable|disable` make: sealed in the store while the lock is on, so the file vault
/// (which a copy of the data directory opens) holds none of them.
@Suite struct AppSessionKeychainSealTests {
    let dir = TemporaryDirectory()
    var home: String { dir.appending("home") }
    static let passcode = "correct horse"

    /// A session on the file vault; `passwords` answer prompts in order (nil cancels).
    func session(passwords: [String?] = []) -> AppSession {
        fileVaultSession(home: home, runtime: dir.appending("run"), presenter: ScriptedPresenter(passwords: passwords))
    }

    var vault: KeychainWrapper { fileVault(home: home) }

    /// A session with the passcode lock on (chosen in it, so it holds the key).
    func lockedSession() throws -> AppSession {
        let session = session(passwords: [Self.passcode, Self.passcode])
        #expect(try session.open())
        #expect(try session.enableLock(.passcode) == .changed(.passcode, keyBesideVault: false))
        return session
    }

    @Test func withTheLockOnASetItemIsInTheStoreNotTheVault() throws {
        let session = try lockedSession()
        try session.setKeychainItem("token") { Data("t0ken-value\n".utf8) }
        #expect(vault.data(forKey: "token") == nil)
        #expect(!vault.allKeys().contains("token"))
        #expect(try session.keychainItem("token") == "t0ken-value")
        #expect(try session.keychainItemNames().contains("token"))
        let bytes = try dir.allBytes()
        #expect(!bytes.contains(utf8: "t0ken-value"))
        #expect(try session.removeKeychainItem("token"))
        #expect(try session.keychainItem("token") == nil)
        #expect(try !session.keychainItemNames().contains("token"))
    }

    @Test func aCancelledOrWrongUnlockShowsNoItem() throws {
        let session = try lockedSession()
        try session.setKeychainItem("token") { Data("t0ken-value".utf8) }
        session.lock()
        #expect(throws: LAError.self) { try self.session(passwords: [nil]).keychainItem("token") }
        #expect(throws: LAError.self) {
            try self.session(passwords: ["wrong one", "wrong two", "wrong three"]).keychainItem("token")
        }
        #expect(try self.session(passwords: [Self.passcode]).keychainItem("token") == "t0ken-value")
    }

    @Test func turningTheLockOnMovesItemsInAndTurningItOffBringsThemBack() throws {
        let session = session(passwords: [Self.passcode, Self.passcode, Self.passcode])
        #expect(try session.open())
        try session.setKeychainItem("token") { Data("t0ken-value".utf8) }
        #expect(vault.string(forKey: "token") == "t0ken-value")
        _ = try session.enableLock(.passcode)
        #expect(vault.string(forKey: "token") == nil)
        #expect(try session.keychainItem("token") == "t0ken-value")
        #expect(try session.disableLock() == "file vault")
        #expect(vault.string(forKey: "token") == "t0ken-value")
        #expect(ChecklistStore.peekSealedKeychainItemCount(directory: home) == 0)
        #expect(try session.keychainItem("token") == "t0ken-value")
    }

    @Test func anItemLeftInTheVaultWithTheLockOnIsSweptInOnTheNextAccess() throws {
        let session = try lockedSession()
        try session.setKeychainItem("both") { Data("same".utf8) }
        // As a crash between the copy and the delete leaves them, or seed code writing past the app.
        #expect(vault.set("left-value", forKey: "left"))
        #expect(vault.set("same", forKey: "both"))
        #expect(try session.keychainItemNames().contains("left"))
        #expect(try session.keychainItem("both") == "same")
        #expect(!vault.allKeys().contains("left"))
        #expect(!vault.allKeys().contains("both"))
        #expect(try session.keychainItem("left") == "left-value")
    }
}
