import Testing

@testable import ChecklistsApp

/// Which keychain holds the items, as `keychain status` prints it.
@Suite struct KeychainStatusTests {
    @Test func theVaultNamesItsKeyFile() {
        let status = KeychainStatus(
            backend: "file vault", reason: "no Secret Service", service: "Checklists", items: 1, holdsDataKey: true,
            vaultPath: "/h/keychain.vault")
        #expect(
            status.lines(home: "/h") == [
                "Keychain: file vault — no Secret Service.", "Vault: /h/keychain.vault (its key: /h/keychain.key)",
                "1 item; the data key is here",
            ])
    }

    @Test func theSecretServiceNamesItsSchema() {
        let status = KeychainStatus(
            backend: "Secret Service", reason: "a keyring answers", service: "Checklists", items: 2,
            holdsDataKey: false)
        let lines = status.lines(home: "/h")
        #expect(lines[1].hasPrefix("Items: schema "))
        #expect(lines[1].hasSuffix("attributes service=Checklists key=NAME"))
        #expect(lines[2] == "2 items; the data key is not here")
    }
}
