import ChecklistsKit
import Localization

/// The themed icon names of the ten checklist icons (data/icons/hicolor/scalable/apps).
extension Icon {
    /// "checklists-groceries-symbolic" and the like.
    var iconName: String {
        let slug = rawValue.lowercased().replacingOccurrences(of: " ", with: "-")
        return "checklists-" + slug + "-symbolic"
    }

    /// The name the user sees (translated).
    var title: String {
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

extension Checklist.Status {
    /// "N Remaining", "All Done!" or "No Items", translated.
    var title: String {
        switch self {
        case .noItems: tr("No Items")
        case .allDone: tr("All Done!")
        case .remaining(let n): trn("%d Remaining", "%d Remaining", n)
        }
    }
}
