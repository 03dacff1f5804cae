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
        try sealedSetting(Self.secretSetting, associatedData: Self.secretAssociatedData).map {
            String(decoding: $0, as: UTF8.self)
        }
    }

    /// Seals `text` as this store's secret message, or with nil removes it.
    public func setSealedSecret(_ text: String?) throws {
        try setSealedSetting(Self.secretSetting, text.map { Array($0.utf8) }, associatedData: Self.secretAssociatedData)
    }

    /// The opened value of the sealed settings row `name`, or nil when there is none.
    /// - Throws: `StoreError.undecryptable` when it does not open with `associatedData` (or
    ///   was moved from another row).
    func sealedSetting(_ name: String, associatedData: [UInt8]) throws -> [UInt8]? {
        try read { s in
            let stmt = try s.db.prepare("SELECT value FROM settings WHERE key = ? AND typeof(value) = 'blob'")
            try stmt.bind(.text(name))
            defer { stmt.reset() }
            guard try stmt.step() else { return nil }
            guard let plain = try? s.box.open(stmt.blob(0), associatedData: associatedData) else {
                throw StoreError.undecryptable(table: "settings", id: 0)
            }
            return plain
        }
    }

    /// Seals `plain` into the settings row `name`, bound by `associatedData`; nil removes it.
    func setSealedSetting(_ name: String, _ plain: [UInt8]?, associatedData: [UInt8]) throws {
        try write { s in
            let value = plain.map { SQLValue.blob(s.box.seal($0, associatedData: associatedData)) }
            try s.setValue(name, value ?? .null)
        }
    }
}
