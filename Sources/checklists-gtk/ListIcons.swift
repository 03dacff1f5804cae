import ChecklistsKit

/// The themed icon names of the ten checklist icons (data/icons/hicolor/scalable/apps).
extension Icon {
    /// "checklists-groceries-symbolic" and the like.
    var iconName: String {
        let slug = rawValue.lowercased().replacingOccurrences(of: " ", with: "-")
        return "checklists-" + slug + "-symbolic"
    }
}
