import ChecklistsKit
import Foundation
import Testing

@Suite struct DueDateOrderTests {
    @Test(arguments: [
        ("en_US", DueDateOrder.monthDayYear(separator: "/")), ("de_DE", .dayMonthYear(separator: ".")),
        ("en_GB", .dayMonthYear(separator: "/")), ("fr_FR", .dayMonthYear(separator: "/")),
        ("zh_CN", .yearMonthDay(separator: "/")), ("sv_SE", .isoOnly), ("en_US_POSIX", .isoOnly),
    ])
    func followsTheLocalesShortDate(_ identifier: String, _ order: DueDateOrder) {
        #expect(DueDateOrder(locale: Locale(identifier: identifier)) == order)
    }

    @Test func readsOnlyISODatesUnderTheCLocale() {
        for lang in ["C", "POSIX", "C.UTF-8"] {
            #expect(DueDateOrder(locale: UserLocale(environment: ["LANG": lang]).time) == .isoOnly, "\(lang)")
        }
        #expect(DueDateOrder(locale: UserLocale(environment: ["LC_TIME": "de_DE.UTF-8"]).time).example == "24.12.2026")
    }

    @Test(arguments: ["", "y", "d M y", "'d.'M/y", "yyyy-MM-dd"])
    func fallsBackToISOForPatternsItCannotRead(_ pattern: String) {
        #expect(DueDateOrder(pattern: pattern) == .isoOnly)
    }
}
