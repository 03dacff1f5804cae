import Foundation

/// How a locale writes all-numeric dates, so `24.12.2026` or `12/24/2026` is read only where
/// people write it that way; everywhere else such input is refused rather than guessed.
public enum DueDateOrder: Sendable, Equatable {
    /// Only ISO dates (`2026-12-24`): the C/POSIX locale, or a locale whose order is ISO anyway.
    case isoOnly
    /// `24.12.2026` (de_DE), `24/12/2026` (en_GB, fr_FR), `24-12-2026` (nl_NL).
    case dayMonthYear(separator: Character)
    /// `12/24/2026` (en_US).
    case monthDayYear(separator: Character)
    /// `2026/12/24` (zh_CN, ja_JP).
    case yearMonthDay(separator: Character)

    /// The order of the locale's short numeric date (CLDR pattern for the template `yMd`).
    /// - Parameter locale: A locale from `UserLocale.time`; `en_US_POSIX` (what C/POSIX maps to) gives `.isoOnly`.
    public init(locale: Locale) {
        guard locale.identifier != "en_US_POSIX",
            let pattern = DateFormatter.dateFormat(fromTemplate: "yMd", options: 0, locale: locale)
        else {
            self = .isoOnly
            return
        }
        self.init(pattern: pattern)
    }

    /// The order of a date pattern such as `d.M.y` or `M/d/y`; `.isoOnly` when it is unclear.
    public init(pattern: String) {
        var letters: [Character] = []
        var separator: Character?
        var inQuote = false
        for c in pattern {
            if c == "'" { inQuote.toggle() }
            if inQuote || c == "'" { continue }
            if "dMy".contains(c) {
                if letters.last != c { letters.append(c) }
            } else if separator == nil, !letters.isEmpty, !c.isLetter {
                separator = c
            }
        }
        guard let separator, ".-/".contains(separator) else {
            self = .isoOnly
            return
        }
        switch String(letters) {
        case "dMy": self = .dayMonthYear(separator: separator)
        case "Mdy": self = .monthDayYear(separator: separator)
        case "yMd" where separator != "-": self = .yearMonthDay(separator: separator)
        default: self = .isoOnly
        }
    }

    /// How the user would write Christmas 2026, for messages ("24.12.2026"); nil for `.isoOnly`.
    public var example: String? {
        switch self {
        case .isoOnly: nil
        case .dayMonthYear(let s): "24\(s)12\(s)2026"
        case .monthDayYear(let s): "12\(s)24\(s)2026"
        case .yearMonthDay(let s): "2026\(s)12\(s)24"
        }
    }
}
