import ChecklistsKit

/// What an import changed (or, in a dry run, would change).
public struct ImportReport: Sendable, Equatable {
    /// The counts of lists, items and notes added and skipped.
    public var summary: ImportSummary
    /// Whether it was a dry run (nothing changed).
    public var dryRun: Bool
    /// The backup's secret message replaced the one here.
    public var secretRestored = false
    /// The iOS app's preferences say it was locked with Touch ID (worth suggesting the lock).
    public var iOSLockedWithTouchID = false

    public init(summary: ImportSummary, dryRun: Bool) {
        self.summary = summary
        self.dryRun = dryRun
    }
}

/// `import --json`: what changed (or would).
public struct ImportSummaryJSON: Encodable, Sendable {
    let dryRun: Bool
    let listsAdded: Int
    let listsMatched: Int
    let itemsAdded: Int
    let itemsSkipped: Int
    let notesAdded: Int
    let notesSkipped: Int
    let remindersScheduled: Int

    public init(_ report: ImportReport) {
        let s = report.summary
        dryRun = report.dryRun
        listsAdded = s.listsAdded
        listsMatched = s.listsMatched
        itemsAdded = s.itemsAdded
        itemsSkipped = s.itemsSkipped
        notesAdded = s.notesAdded
        notesSkipped = s.notesSkipped
        remindersScheduled = s.remindersScheduled
    }
}
