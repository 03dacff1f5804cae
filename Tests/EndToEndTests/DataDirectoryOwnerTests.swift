import Foundation
import PrivateFiles
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A data directory that someone else prepared — one owned by another user, one anyone may write
/// to, or a link to either (planted in /tmp, say) — is refused before any key or text is written
/// there: otherwise its owner could plant a key file they know and read everything saved after.
@Suite struct DataDirectoryOwnerTests {
    let dir = TemporaryDirectory()

    func cli(_ home: String) -> CLIRunner {
        CLIRunner(
            home: home,
            environment: [
                "XDG_RUNTIME_DIR": dir.appending("run"), "DBUS_SYSTEM_BUS_ADDRESS": "unix:path=\(dir.path)/no-bus",
                "DBUS_SESSION_BUS_ADDRESS": "unix:path=\(dir.path)/no-bus",
            ])
    }

    func expectRefusedUntouched(_ home: String, _ words: String) throws {
        let before = try FileManager.default.contentsOfDirectory(atPath: home).sorted()
        for command in [["list", "add", "Secret plans"], ["lists"], ["keychain", "set", "Other"]] {
            let result = try cli(home).run(arguments: command, stdin: "value")
            #expect(result.status == 3, "\(command) \(result.stderr)")
            #expect(result.stderr.contains(words), "\(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: home).sorted() == before)
    }

    @Test func aFolderOthersCanWriteToIsRefused() throws {
        let home = dir.appending("shared")
        #expect(mkdir(home, 0o700) == 0 && chmod(home, 0o777) == 0)
        // A key file planted by whoever else can write there.
        try SecureFile.writeAtomically([UInt8](repeating: 7, count: 32), to: home + "/keychain.key")
        try expectRefusedUntouched(home, "other users can write to it (mode 777); make it private with chmod 700")
    }

    @Test func aFolderOfAnotherUserIsRefusedAlsoThroughALink() throws {
        let home = dir.appending("theirs")
        #expect(mkdir(home, 0o755) == 0)
        guard chown(home, 65_534, 65_534) == 0 else { return }  // not root: no other user to hand it to
        try expectRefusedUntouched(home, "belongs to another user")
        let link = dir.appending("link")
        #expect(symlink(home, link) == 0)
        let result = try cli(link).run("lists")
        #expect(result.status == 3)
        #expect(result.stderr.contains("belongs to another user"), "\(result.stderr)")
    }

    @Test func aPlainMkdirFolderAndALinkToOwnFolderWork() throws {
        let home = dir.appending("mine")
        #expect(mkdir(home, 0o755) == 0)
        let link = dir.appending("mine-link")
        #expect(symlink(home, link) == 0)
        #expect(try cli(home).run("list", "add", "Groceries").status == 0)
        let listed = try cli(link).run("lists")
        #expect(listed.status == 0, "\(listed.stderr)")
        #expect(listed.stdout.contains("Groceries"))
    }
}
