import Foundation

/// The user's POSIX locale, read from LC_ALL, then LC_COLLATE / LC_TIME, then LANG.
///
/// Foundation's `Locale.current` on Linux ignores these variables, so the locale is always
/// derived here and passed explicitly to comparisons and formatters.
public struct UserLocale: Sendable {
    /// Locale used to sort names; nil in the POSIX locale (`C`, `C.UTF-8`, LANG unset), where
    /// names sort by their characters, ignoring case and width, numbers by value. Its own
    /// collation (en_US_POSIX) put every capital before every small letter ("Banana List Zebra
    /// apples"), and an ICU collator in its place cost every command about a million instructions.
    public let collation: Locale?
    /// Locale used to show dates.
    public let time: Locale
    /// `TZ` as the environment gave it (nil when unset): see `isValidTimeZone`.
    public let timeZoneName: String?

    /// Reads the locale from an environment (the process's by default).
    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        func pick(_ category: String) -> String {
            for name in ["LC_ALL", category, "LANG"] {
                if let value = environment[name], !value.isEmpty { return value }
            }
            return "C"
        }
        let collationID = Self.identifier(posix: pick("LC_COLLATE"))
        let timeID = Self.identifier(posix: pick("LC_TIME"))
        time = Locale(identifier: timeID)
        // Usually the same locale: made once.
        collation = collationID == "en_US_POSIX" ? nil : collationID == timeID ? time : Locale(identifier: collationID)
        timeZoneName = environment["TZ"]
    }

    /// Turns a POSIX locale name ("zh_CN.UTF-8@euro") into a Foundation identifier ("zh_CN").
    public static func identifier(posix: String) -> String {
        var name = Substring(posix)
        if let at = name.firstIndex(of: "@") { name = name[..<at] }
        if let dot = name.firstIndex(of: ".") { name = name[..<dot] }
        if name.isEmpty || name == "C" || name == "POSIX" { return "en_US_POSIX" }
        return String(name)
    }

    /// Orders `a` before `b` like `localizedStandardCompare` in this locale: ignoring case,
    /// numbers by value, and by the locale's collation (pinyin for Chinese under zh_CN).
    public func precedes(_ a: String, _ b: String) -> Bool {
        a.compare(b, options: [.caseInsensitive, .numeric, .widthInsensitive], range: nil, locale: collation)
            == .orderedAscending
    }

    /// Lists sorted by name in this locale; equal names keep ID order.
    public func sorted(_ lists: [Checklist]) -> [Checklist] {
        // The same comparison as `precedes`, but `String.compare(…locale:)` turns the `Locale`
        // into a new NSLocale on every call: here that is done once, and each name is bridged
        // to an NSString once.
        let locale = collation.map { NSLocale(localeIdentifier: $0.identifier) }
        let names = lists.map { NSString(string: $0.name) }
        func precedes(_ i: Int, _ j: Int) -> Bool {
            let result = names[i].compare(
                lists[j].name, options: [.caseInsensitive, .numeric, .widthInsensitive],
                range: NSRange(location: 0, length: names[i].length), locale: locale)
            switch result {
            case .orderedAscending: return true
            case .orderedDescending: return false
            case .orderedSame: return lists[i].id < lists[j].id
            }
        }
        // A binary insertion sort for the usual few hundred lists, trying the end first: lists
        // are mostly stored in name order already, and then it compares each name once (a
        // comparison costs several microseconds in CoreFoundation). The standard library's
        // stable sort does as well on sorted input, but its `[Range<Int>]` of runs costs a scan
        // of every conformance in the binary at first use (`Int: Comparable`).
        guard lists.count <= 512 else { return lists.indices.sorted(by: precedes).map { lists[$0] } }
        var order: [Int] = []
        order.reserveCapacity(lists.count)
        for index in 0..<lists.count {
            guard let last = order.last, precedes(index, last) else {
                order.append(index)
                continue
            }
            var low = 0
            var high = order.count - 1
            while low < high {
                let middle = (low + high) / 2
                if precedes(index, order[middle]) { high = middle } else { low = middle + 1 }
            }
            order.insert(index, at: low)
        }
        return order.map { lists[$0] }
    }
}
