import ChecklistsKit
import Foundation

/// libFuzzer target: due-date parsing. The first byte picks a time zone, the rest is the text
/// a user typed after `--due`; a date that parses must also display and print as ISO 8601.
let zones = ["UTC", "America/New_York", "Asia/Kolkata", "Pacific/Chatham", "Australia/Lord_Howe"].compactMap {
    TimeZone(identifier: $0)
}
let now = Date(timeIntervalSince1970: 1_800_000_000)
let locale = Locale(identifier: "en_US")

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDueDate(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0, size < 512 else { return 0 }
    let zone = zones[Int(data[0]) % zones.count]
    let text = String(decoding: UnsafeBufferPointer(start: data + 1, count: size - 1), as: UTF8.self)
    guard let date = try? DueDate.parse(text, now: now, timeZone: zone) else { return 0 }
    _ = DueDate.display(date, locale: locale, timeZone: zone)
    _ = DueDate.iso8601(date, timeZone: zone)
    _ = DueDate.roundedDown(date)
    return 0
}
