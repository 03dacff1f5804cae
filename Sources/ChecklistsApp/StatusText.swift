import ChecklistsKit
import Localization

extension Checklist.Status {
    /// The status in the user's language: "3 Remaining", "All Done!", "No Items" (zh_CN:
    /// "还剩 3 项", "全部完成！", "没有项目"). Every front end shows this; `--json` keeps the
    /// English `text` so that scripts see the same words in every locale.
    public var localizedText: String {
        switch self {
        case .noItems: tr("No Items")
        case .allDone: tr("All Done!")
        case .remaining(let n): trn("%d Remaining", "%d Remaining", n)
        }
    }
}

extension Icon {
    /// The icon's name in the user's language ("Groceries", zh_CN "杂货"), as the Icon Picker of
    /// every front end shows it.
    public var localizedName: String {
        switch self {
        case .noIcon: tr("No Icon")
        case .appointments: tr("Appointments")
        case .birthdays: tr("Birthdays")
        case .chores: tr("Chores")
        case .drinks: tr("Drinks")
        case .folder: tr("Folder")
        case .groceries: tr("Groceries")
        case .inbox: tr("Inbox")
        case .photos: tr("Photos")
        case .trips: tr("Trips")
        }
    }
}
