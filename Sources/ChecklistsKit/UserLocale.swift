import Foundation

/// The user's POSIX locale, read from LC_ALL, then LC_COLLATE / LC_TIME, then LANG.
///
/// Foundation's `Locale.current` on Linux ignores these variables, so the locale is always
/// derived here and passed explicitly to comparisons and formatters.
public struct UserLocale: Sendable {
    /// Locale used to sort names.
    public let collation: Locale
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
        collation = Locale(identifier: collationID)
        // Usually the same locale: made once.
        time = timeID == collationID ? collation : Locale(identifier: timeID)
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
        let locale = NSLocale(localeIdentifier: collation.identifier)
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

    /// Whether `TZ` names a zone this system knows ("Europe/Paris", ":/etc/localtime", or a
    /// POSIX rule such as "CET-1CEST" or "UTC0"); unset or empty means the system's zone.
    /// Foundation silently falls back to UTC for anything else.
    public static func isValidTimeZone(_ tz: String?) -> Bool {
        guard var name = tz, !name.isEmpty else { return true }
        if name.hasPrefix(":") { name.removeFirst() }
        if name.hasPrefix("/") { return Self.isZoneFile(name) }
        if !name.contains(".."), Self.isZoneFile("/usr/share/zoneinfo/" + name) { return true }
        // POSIX: std offset [dst [offset] [,rule]], names of 3+ letters or <...>, hours 0-24.
        let rule =
            #/^(<[A-Za-z0-9+-]{3,}>|[A-Za-z]{3,})[+-]?([01]?[0-9]|2[0-4])(:[0-5][0-9]){0,2}((<[A-Za-z0-9+-]{3,}>|[A-Za-z]{3,}).*)?$/#
        return name.wholeMatch(of: rule) != nil
    }

    /// Whether `path` is a compiled zone file (TZif): glibc reads any other file, /etc/passwd
    /// say, as UTC without a word. A FIFO or device is not opened for reading.
    private static func isZoneFile(_ path: String) -> Bool {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return false }
        var magic = [UInt8](repeating: 0, count: 4)
        return read(fd, &magic, 4) == 4 && magic == Array("TZif".utf8)
    }
}
