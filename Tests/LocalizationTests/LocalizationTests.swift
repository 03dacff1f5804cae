import Foundation
import Testing

@testable import Localization

/// `tr`/`trn` without a catalogue: the English text, with its placeholders filled.
@Suite struct LocalizationTests {
    /// gettext returns the message's own pointer when nothing translates it; reading that after
    /// the temporary C string died crashed every untranslated message (before the fix).
    @Test func untranslatedMessageComesBackWhole() {
        #expect(
            tr("A message no catalogue has, long enough to leave the small-string form.")
                == "A message no catalogue has, long enough to leave the small-string form.")
        #expect(tr("Added list “%@”.", "Groceries") == "Added list “Groceries”.")
        #expect(tr("item %d of %@", 3, "Trips") == "item 3 of Trips")
    }

    @Test func pluralFollowsTheCount() {
        #expect(
            trn("%d item was deleted, the longest message yet.", "%d items were deleted, the longest message yet.", 1)
                == "1 item was deleted, the longest message yet.")
        #expect(
            trn("%d item was deleted, the longest message yet.", "%d items were deleted, the longest message yet.", 2)
                == "2 items were deleted, the longest message yet.")
        #expect(trn("%d item in %@", "%d items in %@", 0, "Trips") == "0 items in Trips")
    }

    /// A percent sign in the text the user gave is text, never a placeholder.
    @Test func argumentsAreNotFormats() {
        #expect(tr("Added list “%@”.", "100% %@ %d") == "Added list “100% %@ %d”.")
    }

    @Test func positionalPlaceholdersReorder() {
        #expect(tr("%2$@ before %1$@", "one", "two") == "two before one")
    }
}

/// Integers of every width in `%d`.
@Suite struct LocalizationFormatTests {
    @Test func wideIntegersPrintWhole() {
        #expect(tr("Deleted item %d: %@", Int64(3_000_000_000), "milk") == "Deleted item 3000000000: milk")
        #expect(tr("%1$d and %2$d", Int32(7), UInt8(200)) == "7 and 200")
        #expect(trn("%d Remaining", "%d Remaining", 5_000_000_000) == "5000000000 Remaining")
    }

    /// Only our placeholders are read; anything else, and a placeholder with no argument left,
    /// stays as written (never a crash or a read past the arguments).
    @Test func otherTextStaysAsWritten() {
        #expect(tr("%d%% of %s, %5d, %3$@ %", 7) == "7% of %s, %5d, %3$@ %")
        #expect(tr("%ld and %lld and %u", 1, Int64(-2), UInt(3)) == "1 and -2 and 3")
        #expect(tr("%@ then %@", "only one") == "only one then %@")
        #expect(tr("%0$@ %99999$@", "x") == "%0$@ %99999$@")
    }

    @Test func catalogueDirectoryIsBesideTheExecutable() {
        #expect(Localization.parent(of: "/usr/bin/checklists") == "/usr/bin")
        #expect(Localization.parent(of: "/checklists") == "/")
    }
}
