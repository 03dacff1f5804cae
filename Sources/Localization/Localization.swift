import CIntl
import Foundation  // String: CVarArg
import Synchronization

/// User-facing text through gettext, the catalogue format Linux translators use.
///
/// Every front end (the CLI, the terminal UI, the desktop app) writes its text as
/// `tr("Added list “%@”.", name)` or `trn("%d Remaining", "%d Remaining", count)`. The English
/// text is the message ID; `po/zh_CN.po` holds the Chinese. Placeholders are `%@` for text and
/// `%d` for whole numbers (`%1$@`, `%2$d` when a translation reorders them).
public enum Localization {
    /// The gettext domain: catalogues are `<dir>/<lang>/LC_MESSAGES/checklists.mo`.
    public static let domain = "checklists"

    /// Applies the user's locale (`LANG`, `LC_ALL`, `LC_MESSAGES`, `LANGUAGE`) and binds the catalogues.
    ///
    /// Call once at start, before any text is made. `directory` is where the compiled
    /// catalogues are; `nil` looks beside the executable (`locale/`, where the build puts them;
    /// then `../share/locale`, where `make install` puts them) and else uses the system's.
    public static func setUp(directory: String? = nil) {
        _ = setlocale(LC_ALL, "")
        // Numbers and dates stay in the C locale's shape for parsing; only messages follow LANG.
        _ = setlocale(LC_NUMERIC, "C")
        let found = directory ?? catalogueDirectory()
        if let found { _ = bindtextdomain(domain, found) }
        _ = bind_textdomain_codeset(domain, "UTF-8")
        // Every catalogue translates the empty message ID to its header: an empty answer means
        // that none of the user's languages has one, so every message stays in English.
        let header = dgettext(domain, "")
        translates.store(header.map { $0.pointee != 0 } ?? false, ordering: .relaxed)
    }

    /// Whether a catalogue for one of the user's languages was found by `setUp` (true until
    /// then). Without one, `tr` and `trn` skip gettext's lookup, which cost a command's start
    /// ~2,000 instructions per message (the command table alone asks for a hundred and more).
    static let translates = Atomic<Bool>(true)

    /// The first catalogue directory beside the executable: `locale/` is only ever ours, and a
    /// prefix's `share/locale` is where `make install` put ours.
    ///
    /// Plain `realpath`/`access`, not FileManager and URL: this runs before every command, and
    /// Foundation's file APIs cost a start-up a millisecond and a few hundred page faults.
    static func catalogueDirectory() -> String? {
        // /proc/self/exe, not argv[0]: a command found through PATH has no directory in argv[0].
        guard let resolved = realpath("/proc/self/exe", nil) ?? realpath(CommandLine.arguments.first ?? "", nil)
        else { return nil }
        let executable = String(cString: resolved)
        free(resolved)
        let binDirectory = parent(of: executable)
        let candidates = [binDirectory + "/locale", parent(of: binDirectory) + "/share/locale"]
        return candidates.first { access($0, F_OK) == 0 }
    }

    /// The directory part of an absolute path (`/` for `/x`).
    static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return "/" }
        return String(path[..<slash])
    }
}

/// The translation of `message`, with `arguments` put in its `%@`/`%d` placeholders.
public func tr(_ message: String, _ arguments: any CVarArg...) -> String {
    // gettext hands back its argument when there is no translation: read it while the C
    // string lives (a String passed straight to a `char *` parameter dies with the call).
    guard Localization.translates.load(ordering: .relaxed) else {
        return arguments.isEmpty ? message : Localization.format(message, arguments)
    }
    let translated = message.withCString { String(cString: dgettext(Localization.domain, $0)) }
    return arguments.isEmpty ? translated : Localization.format(translated, arguments)
}

/// The translation of the form of `singular`/`plural` that `count` takes in the user's language,
/// with `count` and then `arguments` put in its placeholders.
public func trn(_ singular: String, _ plural: String, _ count: Int, _ arguments: any CVarArg...) -> String {
    let n = UInt(clamping: count.magnitude)
    // gettext's own answer without a catalogue: the singular for one, else the plural.
    guard Localization.translates.load(ordering: .relaxed) else {
        return Localization.format(n == 1 ? singular : plural, [count] + arguments)
    }
    let translated = singular.withCString { one in
        plural.withCString { many in String(cString: dngettext(Localization.domain, one, many, n)) }
    }
    return Localization.format(translated, [count] + arguments)
}

extension Localization {
    /// Puts `arguments` into the `%@`, `%d` (`%i`, `%u`, with any length such as `%ld`) and
    /// positional `%1$@`/`%2$d` placeholders of `format`; `%%` is a percent sign. These are the
    /// only conversions our messages use (CatalogueTests checks the catalogues). Anything else is
    /// copied as it stands, and a placeholder without an argument stays as written.
    ///
    /// Written out rather than `String(format:)`: integers of every width print whole (Foundation
    /// reads `%d` as 32 bits, so ID 3,000,000,000 printed as -1294967296), and it needs no
    /// dynamic protocol casts, whose first use scans every conformance in the binary (a few
    /// hundred page faults before each command's first line of output).
    static func format(_ format: String, _ arguments: [any CVarArg]) -> String {
        var out = ""
        var next = 0
        let scalars = Array(format.unicodeScalars)
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            guard scalar == "%", let spec = Placeholder(scalars, at: index + 1) else {
                out.unicodeScalars.append(scalar)
                index += 1
                continue
            }
            index = spec.end
            switch spec.kind {
            case .percent:
                out += "%"
            case .object, .integer:
                let position = spec.position ?? next
                next = position + 1
                if position < arguments.count {
                    out += text(of: arguments[position])
                } else {
                    out.unicodeScalars.append(contentsOf: scalars[(spec.end - spec.length - 1)..<spec.end])
                }
            }
        }
        return out
    }

    /// An argument as text: strings as they are, integers of every width in decimal.
    static func text(of argument: any CVarArg) -> String {
        switch argument {
        case let value as String: value
        case let value as Substring: String(value)
        case let value as Int: String(value)
        case let value as Int64: String(value)
        case let value as Int32: String(value)
        case let value as Int16: String(value)
        case let value as Int8: String(value)
        case let value as UInt: String(value)
        case let value as UInt64: String(value)
        case let value as UInt32: String(value)
        case let value as UInt16: String(value)
        case let value as UInt8: String(value)
        default: String(describing: argument)
        }
    }
}

/// One `%…` placeholder: `%@`, `%d`, `%ld`, `%2$@`, `%%`.
struct Placeholder {
    enum Kind { case object, integer, percent }
    let kind: Kind
    /// The zero-based argument it names (`%2$@` → 1), or nil for the next one in turn.
    let position: Int?
    /// Where the text after it starts, and its length after the `%`.
    let end: Int
    let length: Int

    /// Reads the placeholder whose `%` is just before `start`, or nil when this is no placeholder.
    init?(_ scalars: [Unicode.Scalar], at start: Int) {
        var index = start
        var digits = 0
        var number = 0
        while index < scalars.count, ("0"..."9").contains(scalars[index]), digits < 4 {
            number = number * 10 + Int(scalars[index].value) - 48
            digits += 1
            index += 1
        }
        var position: Int?
        if digits > 0 {
            guard index < scalars.count, scalars[index] == "$", number > 0 else { return nil }
            position = number - 1
            index += 1
        }
        while index < scalars.count, "hlqLjzt".unicodeScalars.contains(scalars[index]) { index += 1 }
        guard index < scalars.count else { return nil }
        switch scalars[index] {
        case "@": kind = .object
        case "d", "i", "u": kind = .integer
        case "%" where index == start: kind = .percent
        default: return nil
        }
        self.position = position
        end = index + 1
        length = end - start
    }
}
