/// Names and defaults of the stored settings (the iOS app's UserDefaults keys).
public enum SettingKey: String, Sendable, CaseIterable {
    /// ID of the list that was open last; -1 for none.
    case checklistIndex = "ChecklistIndex"
    /// True until the first launch has created the default list.
    case firstTime = "FirstTime"
    /// The next item ID to hand out; only ever grows.
    case checklistItemID = "ChecklistItemID"
    /// How many days a deletion's tombstone is kept for a later sync (not an iOS key).
    case tombstoneDays = "TombstoneDays"

    /// The registered default, as in the iOS app.
    public var defaultValue: Int64 {
        switch self {
        case .checklistIndex: -1
        case .firstTime: 1
        case .checklistItemID: 0
        case .tombstoneDays: 90
        }
    }

    /// The values a restore may set, for the settings a backup carries that have limits:
    /// "TombstoneDays" from 0 (keep none) to 36,500 (a hundred years); nil for no limit here.
    public var allowedValues: ClosedRange<Int64>? {
        switch self {
        case .tombstoneDays: 0...36_500
        default: nil
        }
    }
}
