import ChecklistsKit
import Testing

/// Key item names carry the store's identity, so stores sharing a keychain keep apart.
@Suite struct KeyItemsTests {
    let items = KeyItems(storeID: "mine")

    @Test func namesCarryTheStoreIdentity() {
        #expect(items.name(KeyItems.dataKey) == "DataKey.mine")
        #expect(items.name(KeyItems.passcodeWrap) == "LockWrap.passcode.mine")
        #expect(items.legacy.name(KeyItems.dataKey) == "DataKey")
    }

    @Test func otherStoresAndLegacyItemsAreLeftAlone() {
        #expect(items.belongsElsewhere("DataKey.theirs"))
        #expect(items.belongsElsewhere("DataKey"))
        #expect(items.belongsElsewhere("LockKEK.password"))
        #expect(items.belongsElsewhere("LockWrap.kek.theirs"))
        #expect(!items.belongsElsewhere("DataKey.mine"))
        #expect(!items.belongsElsewhere("LockWrap.passcode.mine"))
        #expect(!items.belongsElsewhere("LockWrap.passcode.mine.rekey"))  // a stopped switch's, moved along
        #expect(items.belongsElsewhere("LockWrap.passcode.theirs.rekey"))
        #expect(!items.belongsElsewhere("SecretMessage"))
        #expect(!items.belongsElsewhere("Greeting"))
    }
}
