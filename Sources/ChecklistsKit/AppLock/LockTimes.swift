import Foundation
import Sodium

/// The lock's reuse window and idle timeout as saved through the app, sealed under the data key
/// beside their plain rows. The plain rows are what `lock status` shows before any unlock, and
/// anyone running as the user can edit them; only a process holding the key can seal. So once
/// the key is known the sealed times hold: an edited or deleted row cannot make an unlock last
/// longer, nor the app wait longer before it locks when idle.
///
/// The store's key check says whether the times are sealed: a check of version 1 is from a
/// store made before they were (its plain rows are taken once and sealed); with version 2 a
/// missing or replaced seal means someone removed it, and the strictest times hold until the
/// user sets them again.
public enum LockTimes {
    /// Where the times that hold came from.
    public enum Origin: Sendable, Equatable {
        /// Sealed under the data key.
        case sealed
        /// A store from before the times were sealed: its plain rows, sealed at the next write.
        case unsealed
        /// The seal was removed or replaced: the strictest times.
        case replaced
    }

    /// The setting that holds the sealed times, and what they are sealed with.
    static let setting = "LockTimes"
    static let associatedData = Array("LockTimes".utf8)

    /// What holds when the seal was removed: no reuse, locked after a minute idle.
    static func strictest(_ settings: LockSettings) -> LockSettings {
        LockSettings(
            method: settings.method, reuseSeconds: LockSettings.reuseRange.lowerBound,
            idleMinutes: LockSettings.idleRange.lowerBound)
    }

    static func seal(_ settings: LockSettings, box: SecretBox) -> [UInt8] {
        box.seal(Array("\(settings.reuseSeconds) \(settings.idleMinutes)".utf8), associatedData: associatedData)
    }

    /// The times that hold under `box`'s key for the plain settings `plain`, given the stored
    /// key check and sealed times (nil when absent).
    static func resolve(plain: LockSettings, keyCheck: [UInt8]?, sealed: [UInt8]?, box: SecretBox)
        -> (settings: LockSettings, origin: Origin)
    {
        if let sealed, let opened = try? box.open(sealed, associatedData: associatedData) {
            let numbers = String(decoding: opened, as: UTF8.self).split(separator: " ").compactMap { Int($0) }
            if numbers.count == 2 {
                return (LockSettings(method: plain.method, reuseSeconds: numbers[0], idleMinutes: numbers[1]), .sealed)
            }
        }
        guard let keyCheck, ChecklistStore.keyCheckVersion(keyCheck, box: box) != 1 else { return (plain, .unsealed) }
        return (strictest(plain), .replaced)
    }

    /// The times that hold once `key` is known, from settings read without it
    /// (`ChecklistStore.peekSettings`, which carries the key check and the seal encoded).
    public static func resolve(settings: [String: String], key: SecureBytes) -> (settings: LockSettings, origin: Origin)
    {
        let plain = LockSettings(settings: settings)
        guard let box = try? SecretBox(key: key) else { return (strictest(plain), .replaced) }
        let blob = { (name: String) in settings[name].flatMap { Data(base64Encoded: $0) }.map { [UInt8]($0) } }
        return resolve(plain: plain, keyCheck: blob("KeyCheck"), sealed: blob(setting), box: box)
    }
}

extension ChecklistStore.State {
    /// The lock settings that hold under this store's key, and where their times came from.
    /// - Throws: `StoreError.keyChanged` when another process re-sealed the store under a new key
    ///   (under the old one its seal would not open, and the strictest times would seem to hold).
    func lockTimes() throws -> (settings: LockSettings, origin: LockTimes.Origin) {
        try requireOwnKey()
        let plain = LockSettings(settings: try ChecklistStore.plainSettings(db))
        return LockTimes.resolve(
            plain: plain, keyCheck: try blobValue("KeyCheck"), sealed: try blobValue(LockTimes.setting), box: box)
    }

    /// Saves the reuse window and idle timeout as plain rows and sealed, and marks the key check
    /// as one whose store seals them (version 2).
    func saveLockTimes(_ settings: LockSettings) throws {
        try setValue("LockReuseSeconds", .text(String(settings.reuseSeconds)))
        try setValue("LockIdleMinutes", .text(String(settings.idleMinutes)))
        try setValue(LockTimes.setting, .blob(LockTimes.seal(settings, box: box)))
        if let check = try blobValue("KeyCheck"), ChecklistStore.keyCheckVersion(check, box: box) == 1 {
            try setValue("KeyCheck", .blob(ChecklistStore.sealKeyCheck(box: box)))
            keyCheck = nil
        }
    }

    private func blobValue(_ key: String) throws -> [UInt8]? {
        let stmt = try db.prepare("SELECT value FROM settings WHERE key = ? AND typeof(value) = 'blob'")
        try stmt.bind(.text(key))
        defer { stmt.reset() }
        return try stmt.step() ? stmt.blob(0) : nil
    }
}

extension ChecklistStore {
    /// The lock settings that hold under this store's key (the method as stored; the times
    /// sealed, see `LockTimes`), and where the times came from.
    public func lockSettings() throws -> (settings: LockSettings, origin: LockTimes.Origin) {
        try read { s in try s.lockTimes() }
    }

    /// Saves the reuse window and idle timeout (brought into their ranges), sealed.
    public func saveLockTimes(_ settings: LockSettings) throws {
        try write { s in try s.saveLockTimes(settings) }
    }

    /// Makes the stored times what holds while the lock is on: seals the plain rows of a store
    /// from before the times were sealed, and puts edited plain rows back (the strictest times
    /// when the seal itself was removed). Writes only when something differs; with the lock off
    /// only reads its setting.
    /// - Returns: Where the times came from when something was written, else nil.
    @discardableResult
    public func settleLockTimes() throws -> LockTimes.Origin? {
        let settled = try read { s in
            guard let method = try s.value("AppLock"), method != LockMethod.off.rawValue else { return true }
            let held = try s.lockTimes()
            let plain = LockSettings(settings: try ChecklistStore.plainSettings(s.db))
            return held.origin == .sealed && plain == held.settings
        }
        if settled { return nil }
        return try write { s in
            let (held, origin) = try s.lockTimes()
            try s.saveLockTimes(held)
            return origin
        }
    }
}
