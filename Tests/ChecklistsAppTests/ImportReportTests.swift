import ChecklistsApp
import ChecklistsKit
import Testing

/// What an import says it changed.
@Suite struct ImportReportTests {
    var summary: ImportSummary {
        var summary = ImportSummary()
        (summary.listsAdded, summary.itemsAdded, summary.notesAdded) = (1, 3, 0)
        (summary.itemsSkipped, summary.remindersScheduled) = (2, 1)
        return summary
    }

    @Test func saysWhatWasAddedSkippedAndScheduled() {
        #expect(
            ImportReport(summary: summary, dryRun: false).lines == [
                "Imported 1 list, 3 items and 0 notes.", "Already here, skipped: 2 items and 0 notes.",
                "1 reminder scheduled.",
            ])
    }

    @Test func aDryRunSaysNothingChangedAndSchedulesNothing() {
        #expect(
            ImportReport(summary: summary, dryRun: true).lines == [
                "Would import 1 list, 3 items and 0 notes (dry run: nothing was changed).",
                "Already here, skipped: 2 items and 0 notes.",
            ])
    }
}
