/// The names of one store's key items in the keychain.
///
/// A keychain can be shared by several data directories (the Secret Service is one per login),
/// so every custody item carries the store's identity: "DataKey.<store id>",
/// "LockWrap.passcode.<store id>" and so on. Items named without an identity come from earlier
/// versions; they are read (when nothing named is there) and copied to the named form, and
/// removed only where they are provably this store's (see `AppLock.finishSwitch`).
public struct KeyItems: Sendable, Equatable {
    /// The plain key of the data key (lock off).
    public static let dataKey = "DataKey"
    /// The data key sealed under the passcode.
    public static let passcodeWrap = "LockWrap.passcode"
    /// The data key sealed under a random key-encryption key.
    public static let kekWrap = "LockWrap.kek"
    /// The key-encryption key, released to a password authentication.
    public static let passwordKEK = "LockKEK.password"
    /// The key-encryption key, released to a fingerprint of the enrolled set.
    public static let fingerprintKEK = "LockKEK.fingerprint"
    /// Every custody item's base name.
    public static let bases = [dataKey, passcodeWrap, kekWrap, passwordKEK, fingerprintKEK]

    /// The store's identity (the "StoreID" setting), or nil for the unnamed legacy items.
    public let storeID: String?

    public init(storeID: String?) {
        self.storeID = storeID
    }

    /// Whether `key` names a custody item of any store (named or legacy).
    public static func isKeyItem(_ key: String) -> Bool {
        bases.contains { key == $0 || key.hasPrefix($0 + ".") }
    }

    /// The item name of `base` for this store.
    public func name(_ base: String) -> String {
        storeID.map { "\(base).\($0)" } ?? base
    }

    /// The names under which a new data key's custody waits while the store is re-sealed under
    /// it ("LockWrap.passcode.<store id>.rekey"; see `AppLock.rekey`).
    public var pending: KeyItems { KeyItems(storeID: storeID.map { $0 + ".rekey" } ?? "rekey") }

    /// The same items without a store identity (earlier versions).
    public var legacy: KeyItems { KeyItems(storeID: nil) }

    /// Whether `key` is a custody item that is not this store's named one (or its pending one):
    /// another store's, or an unnamed legacy item that other stores may still need.
    public func belongsElsewhere(_ key: String) -> Bool {
        for base in Self.bases where key == base || key.hasPrefix(base + ".") {
            return key != name(base) && key != pending.name(base)
        }
        return false
    }
}
