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
