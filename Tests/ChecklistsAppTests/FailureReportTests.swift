import ChecklistsApp
import ChecklistsKit
import LocalAuthentication
import Testing

/// How every front end reads a failure: refused, bad input or storage, and its one line.
@Suite struct FailureReportTests {
    struct Unexpected: Error {}

    @Test func sessionRefusalsKeepTheirKindAndMessage() {
        #expect(FailureReport(AppSessionError.locked).kind == .refused)
        #expect(FailureReport(AppSessionError.refused("No.")) == FailureReport(kind: .refused, message: "No."))
        #expect(
            FailureReport(AppSessionError.rejected("Weak.")) == FailureReport(kind: .invalidInput, message: "Weak."))
        #expect(FailureReport(AppSessionError.storage("Gone.")) == FailureReport(kind: .storage, message: "Gone."))
    }

    @Test func notFoundIsARefusalAndBadInputIsNot() {
        #expect(
            FailureReport(ChecklistsError.itemNotFound(7))
                == FailureReport(kind: .refused, message: "No item with ID 7."))
        #expect(FailureReport(ChecklistsError.emptyListName).kind == .invalidInput)
    }

    @Test func authenticationFailuresNameTheirLAError() {
        let report = FailureReport(LAError(.userCancel, "Cancelled."))
        #expect(report == FailureReport(kind: .refused, message: "Cancelled. (LAError -2 userCancel)"))
    }

    @Test func anythingElseIsAStorageFailure() {
        #expect(FailureReport(Unexpected()).kind == .storage)
    }
}
