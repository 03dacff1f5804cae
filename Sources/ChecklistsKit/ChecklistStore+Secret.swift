import Foundation
import SQLiteKit

extension ChecklistStore {
    /// The settings row that holds the secret message while the app lock is on, sealed under the
    /// data key (an encrypted value, so `peekSettings` never sees it).
    static let secretSetting = "SecretMessage"
    static let secretAssociatedData = Array("settings.SecretMessage".utf8)

    /// The secret message sealed in this store, or nil when there is none.
    /// - Throws: `StoreError.undecryptable` when the stored value does not open.
    public func sealedSecret() throws -> String? {
        try read { s in
            let stmt = try s.db.prepare("SELECT value FROM settings WHERE key = ? AND typeof(value) = 'blob'")
            try stmt.bind(.text(Self.secretSetting))
            defer { stmt.reset() }
            guard try stmt.step() else { return nil }
            guard let plain = try? s.box.open(stmt.blob(0), associatedData: Self.secretAssociatedData) else {
                throw StoreError.undecryptable(table: "settings", id: 0)
            }
            return String(decoding: plain, as: UTF8.self)
        }
    }

    /// Seals `text` as this store's secret message, or with nil removes it.
    public func setSealedSecret(_ text: String?) throws {
        try write { s in
            let value = text.map {
                SQLValue.blob(s.box.seal(Array($0.utf8), associatedData: Self.secretAssociatedData))
            }
            try s.setValue(Self.secretSetting, value ?? .null)
        }
    }
}
