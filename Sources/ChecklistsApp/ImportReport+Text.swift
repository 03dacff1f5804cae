import Localization

extension ImportReport {
    /// What changed (or, in a dry run, would), in the user's language, as `checklists import`
    /// says it and an import dialog can.
    public var lines: [String] {
        let added = [
            trn("%d list", "%d lists", summary.listsAdded), trn("%d item", "%d items", summary.itemsAdded),
            trn("%d note", "%d notes", summary.notesAdded),
        ]
        var out = [
            dryRun
                ? tr("Would import %@, %@ and %@ (dry run: nothing was changed).", added[0], added[1], added[2])
                : tr("Imported %@, %@ and %@.", added[0], added[1], added[2])
        ]
        if summary.itemsSkipped + summary.notesSkipped > 0 {
            out.append(
                tr(
                    "Already here, skipped: %@ and %@.", trn("%d item", "%d items", summary.itemsSkipped),
                    trn("%d note", "%d notes", summary.notesSkipped)))
        }
        if summary.remindersScheduled > 0 && !dryRun {
            out.append(trn("%d reminder scheduled.", "%d reminders scheduled.", summary.remindersScheduled))
        }
        return out
    }
}
