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

    /// Reads the locale from an environment (the process's by default).
    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        func pick(_ category: String) -> String {
            for name in ["LC_ALL", category, "LANG"] {
                if let value = environment[name], !value.isEmpty { return value }
            }
            return "C"
        }
        collation = Locale(identifier: Self.identifier(posix: pick("LC_COLLATE")))
        time = Locale(identifier: Self.identifier(posix: pick("LC_TIME")))
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
        // One locale comparison per pair: each costs a locale conversion in Foundation.
        lists.sorted { a, b in
            switch a.name.compare(
                b.name, options: [.caseInsensitive, .numeric, .widthInsensitive], range: nil, locale: collation)
            {
            case .orderedAscending: true
            case .orderedDescending: false
            case .orderedSame: a.id < b.id
            }
        }
    }

    /// Whether `TZ` names a zone this system knows ("Europe/Paris", ":/etc/localtime", or a
    /// POSIX rule such as "CET-1CEST" or "UTC0"); unset or empty means the system's zone.
    /// Foundation silently falls back to UTC for anything else.
    public static func isValidTimeZone(_ tz: String?) -> Bool {
        guard var name = tz, !name.isEmpty else { return true }
        if name.hasPrefix(":") { name.removeFirst() }
        if name.hasPrefix("/") { return Self.isRegularFile(name) }
        if !name.contains(".."), Self.isRegularFile("/usr/share/zoneinfo/" + name) { return true }
        // POSIX: std offset [dst [offset] [,rule]], names of 3+ letters or <...>.
        let rule =
            #/^(<[A-Za-z0-9+-]{3,}>|[A-Za-z]{3,})[+-]?[0-9]{1,2}(:[0-9]{2}){0,2}((<[A-Za-z0-9+-]{3,}>|[A-Za-z]{3,}).*)?$/#
        return name.wholeMatch(of: rule) != nil
    }

    private static func isRegularFile(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && !isDirectory.boolValue
    }
}
