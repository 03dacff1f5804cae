import Foundation

/// The iOS app's preferences plist (its UserDefaults): the open list, first launch, the item
/// counter and whether Touch ID was on.
public struct IOSPreferences: Sendable, Equatable {
    /// Position of the list that was open, in the archive's order; -1 for none.
    public var checklistIndex: Int?
    public var firstTime: Bool?
    /// The next item ID the app would have given.
    public var checklistItemID: Int64?
    /// "TouchID" was "1": the app lock was on there. Offered, never turned on by an import.
    public var touchID: Bool

    /// Keys that make a dictionary the app's preferences.
    static let keys: Set<String> = ["ChecklistIndex", "FirstTime", "ChecklistItemID", "TouchID"]

    static func looksLikePreferences(_ plist: Any) -> Bool {
        guard let dict = KeyedArchive.dictionary(plist), dict["$archiver"] == nil else { return false }
        return !keys.isDisjoint(with: dict.keys)
    }

    /// The preferences in a parsed property list.
    static func read(plist: Any) throws(InterchangeError) -> IOSPreferences {
        guard let dict = KeyedArchive.dictionary(plist) else { throw .unrecognized("preferences are a dictionary") }
        var prefs = IOSPreferences(touchID: false)
        if let value = dict["ChecklistIndex"] {
            guard let index = KeyedArchive.integer(value), let small = Int(exactly: index), small >= -1 else {
                throw .malformed("ChecklistIndex is not a number from -1 up")
            }
            prefs.checklistIndex = small
        }
        if let value = dict["FirstTime"] { prefs.firstTime = try KeyedArchive.bool(value, what: "FirstTime") }
        if let value = dict["ChecklistItemID"] {
            guard let id = KeyedArchive.integer(value), (0...(Int64(1) << 53)).contains(id) else {
                throw .malformed("ChecklistItemID is not a whole number from 0 to 2^53")
            }
            prefs.checklistItemID = id
        }
        if let value = dict["TouchID"] {
            switch value {
            case let text as String where text == "1" || text == "0": prefs.touchID = text == "1"
            default: prefs.touchID = try KeyedArchive.bool(value, what: "TouchID")
            }
        }
        return prefs
    }
}
