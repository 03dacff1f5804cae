import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// `TZ` as glibc reads it, turned into a zone Foundation follows. Foundation on Linux knows only
/// zone names: for `:Europe/Berlin`, `/usr/share/zoneinfo/Asia/Kolkata` or `JST-9` it silently
/// used UTC, so due dates were saved and shown hours off.
extension UserLocale {
    /// Whether `TZ` names a zone this system knows and Foundation can follow ("Europe/Paris",
    /// ":/etc/localtime", "JST-9"); unset or empty means the system's zone.
    public static func isValidTimeZone(_ tz: String?) -> Bool {
        zoneName(tz) != nil
    }

    /// Puts in `TZ` the name Foundation follows for the zone glibc reads from it (Foundation took
    /// ":Europe/Berlin", a zone file's path and "JST-9" as UTC, so due dates were saved and shown
    /// hours off). Every program calls it first, before any date is made; a `TZ` that names no
    /// zone is left for `AppSession.timeZone()` to refuse.
    public static func adoptTZ() {
        guard let tz = getenv("TZ").map({ String(cString: $0) }), let zone = zoneName(tz), zone != tz else { return }
        if zone.isEmpty { unsetenv("TZ") } else { setenv("TZ", zone, 1) }
    }

    /// The zone name Foundation knows for `TZ`: "" for the system's zone (unset, empty, or the
    /// file /etc/localtime points to), nil when it names no zone or one Foundation cannot follow.
    ///
    /// - `Europe/Paris`, `:Europe/Paris`: that zone, if the system has its file.
    /// - `/usr/share/zoneinfo/Asia/Tokyo`, `:/etc/localtime`: the zone that compiled file is
    ///   (by its path under `zoneinfo/`).
    /// - A POSIX rule without summer time and a whole-hour offset (`JST-9`, `<+03>-3`, `UTC0`):
    ///   that fixed offset, as `Etc/GMT-9` (POSIX counts west as positive).
    /// - A POSIX rule with summer time (`CET-1CEST,M3.5.0,M10.5.0/3`): nil. Foundation cannot
    ///   follow the rule, and reading it as UTC would put due dates hours off.
    public static func zoneName(_ tz: String?) -> String? {
        guard var name = tz, !name.isEmpty else { return "" }
        if name.hasPrefix(":") { name.removeFirst() }
        if name.hasPrefix("/") { return zoneName(file: name) }
        if !name.contains(".."), isZoneFile("/usr/share/zoneinfo/" + name) {
            return TimeZone(identifier: name) == nil ? nil : name
        }
        return fixedOffsetName(name)
    }

    /// The zone a compiled zone file at `path` is: its name under `zoneinfo/`, else "" for
    /// /etc/localtime (the system's zone).
    private static func zoneName(file path: String) -> String? {
        guard isZoneFile(path), let real = realPath(path) else { return nil }
        guard let range = real.range(of: "/zoneinfo/", options: .backwards) else {
            // A copy of a zone file at /etc/localtime is what Foundation reads with TZ unset.
            return real == realPath("/etc/localtime") ? "" : nil
        }
        var zone = Substring(real[range.upperBound...])
        for prefix in ["posix/", "right/"] where zone.hasPrefix(prefix) { zone = zone.dropFirst(prefix.count) }
        return TimeZone(identifier: String(zone)) == nil ? nil : String(zone)
    }

    /// `JST-9` → `Etc/GMT-9`: a POSIX rule of a name and a whole-hour offset, and nothing after
    /// it, as the zone file that glibc and Foundation both read the same way (a name such as
    /// `GMT+09:00` is east to Foundation and west to glibc). Offsets with minutes have no such
    /// file and are refused.
    private static func fixedOffsetName(_ rule: String) -> String? {
        let pattern = #/^(?:<[A-Za-z0-9+-]{3,}>|[A-Za-z]{3,})([+-]?)([01]?[0-9]|2[0-4])(:00){0,2}$/#
        guard let match = rule.wholeMatch(of: pattern), let hours = Int(match.2) else { return nil }
        // Both count west of Greenwich as positive here, as POSIX does.
        let name = hours == 0 ? "Etc/UTC" : "Etc/GMT\(match.1 == "-" ? "-" : "+")\(hours)"
        return isZoneFile("/usr/share/zoneinfo/" + name) && TimeZone(identifier: name) != nil ? name : nil
    }

    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
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
