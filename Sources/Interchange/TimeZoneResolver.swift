import CWindowsZones
import Foundation

/// What a TZID parameter means: an Olson name (Thunderbird, Nextcloud, todoman), one behind a
/// prefix ("/mozilla.org/20050126_1/Europe/Berlin"), a Windows name (Outlook, Exchange: "W. Europe
/// Standard Time", mapped by the system's ICU), or else the rules of the file's VTIMEZONE with
/// that TZID ("Customized Time Zone"). A TZID none of these explain is read as local time.
final class TimeZoneResolver {
    /// How to turn a wall-clock time into an instant.
    enum Zone {
        case zone(TimeZone)
        case rules(ICalendarTimeZone)
    }

    private let definitions: [String: ICalendarTimeZone]
    private let fallback: TimeZone
    private var cache: [String: Zone] = [:]

    init(definitions: [String: ICalendarTimeZone], fallback: TimeZone) {
        self.definitions = definitions
        self.fallback = fallback
    }

    /// The zone `tzid` names (looked up once per TZID).
    func zone(_ tzid: String) -> Zone {
        if let known = cache[tzid] { return known }
        let found = Self.olson(tzid) ?? Self.windows(tzid).map(Zone.zone) ?? rules(tzid) ?? .zone(fallback)
        cache[tzid] = found
        return found
    }

    private func rules(_ tzid: String) -> Zone? {
        guard let definition = definitions[tzid], definition.offset(atLocal: 0) != nil else { return nil }
        return .rules(definition)
    }

    /// An Olson name, whole or as the last two or three parts of a path-like TZID.
    private static func olson(_ tzid: String) -> Zone? {
        let trimmed = tzid.trimmingCharacters(in: .whitespaces)
        if let zone = TimeZone(identifier: trimmed.hasPrefix("/") ? String(trimmed.dropFirst()) : trimmed),
            !trimmed.isEmpty
        {
            return .zone(zone)
        }
        let parts = trimmed.split(separator: "/")
        for count in [3, 2] where parts.count > count {
            let name = parts.suffix(count).joined(separator: "/")
            if name.first?.isUppercase == true, let zone = TimeZone(identifier: name) { return .zone(zone) }
        }
        return nil
    }

    /// The zone of a Windows time zone name, through ICU's copy of CLDR's windowsZones.
    static func windows(_ name: String) -> TimeZone? {
        let units = Array(name.utf16)
        guard !units.isEmpty, units.count < 128 else { return nil }
        var olson = [UInt16](repeating: 0, count: 128)
        let length = cwz_olson_name(units, Int32(units.count), &olson, Int32(olson.count))
        guard length > 0 else { return nil }
        return TimeZone(identifier: String(decoding: olson.prefix(Int(length)), as: UTF16.self))
    }
}
