import ChecklistsKit
import Foundation

/// libFuzzer entry for `DueDateParser`: any bytes, read as UTF-8 (lossily), under a few zones and
/// locale orders, must give a date or a `ChecklistsError`, never a trap.
///
/// Type-checks against the debug build (verified):
///     swiftc -typecheck -parse-as-library -I .build/debug/Modules \
///         $(for f in Sources/C*/module.modulemap; do printf -- '-Xcc -fmodule-map-file=%s ' $f; done) \
///         Tests/Fuzz/duedate/DueDateFuzz.swift
/// A fuzz build (not yet run) adds `-sanitize=fuzzer,address`, links ChecklistsKit built with
/// `-sanitize=fuzzer-no-link` and its C libraries, and runs with the seed corpus:
///     ./duedate-fuzz -max_len=128 -max_total_time=60 Tests/Fuzz/duedate/corpus
@_cdecl("LLVMFuzzerTestOneInput")
public func dueDateFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let bytes = UnsafeBufferPointer(start: data, count: size)
    // The first byte picks the setting, the rest is the text.
    let zones = ["UTC", "Europe/Berlin", "America/New_York", "Pacific/Kiritimati"]
    let orders: [DueDateOrder] = [
        .isoOnly, .monthDayYear(separator: "/"), .dayMonthYear(separator: "."), .yearMonthDay(separator: "/"),
    ]
    let pick = Int(bytes[0])
    guard let zone = TimeZone(identifier: zones[pick % zones.count]) else { return 0 }
    let text = String(decoding: bytes.dropFirst(), as: UTF8.self)
    // A fixed, DST-adjacent "now" keeps runs reproducible: Saturday 2026-03-28 12:00 UTC.
    let parser = DueDateParser(
        now: Date(timeIntervalSince1970: 1_774_699_200), timeZone: zone, order: orders[(pick / 4) % orders.count],
        allDayReminderHour: pick % 24)
    do {
        let result = try parser.parse(text)
        if result.reminder < result.date || result.date.timeIntervalSince1970.truncatingRemainder(dividingBy: 60) != 0 {
            fatalError("bad result for \(text.debugDescription): \(result)")
        }
    } catch is ChecklistsError {
    } catch {
        fatalError("unexpected error \(error) for \(text.debugDescription)")
    }
    return 0
}
