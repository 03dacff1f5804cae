import CIntl
import Foundation

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
    }

    /// The first catalogue directory beside the executable: `locale/` is only ever ours, and a
    /// prefix's `share/locale` is where `make install` put ours.
    static func catalogueDirectory() -> String? {
        // /proc/self/exe, not argv[0]: a command found through PATH has no directory in argv[0].
        let path =
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? CommandLine.arguments.first ?? ""
        let binDirectory = URL(fileURLWithPath: path).resolvingSymlinksInPath().deletingLastPathComponent()
        let candidates = [
            binDirectory.appendingPathComponent("locale").path,
            binDirectory.deletingLastPathComponent().appendingPathComponent("share/locale").path,
        ]
        return candidates.first { FileManager.default.fileExists(atPath: $0) }
    }
}

/// The translation of `message`, with `arguments` put in its `%@`/`%d` placeholders.
public func tr(_ message: String, _ arguments: any CVarArg...) -> String {
    // gettext hands back its argument when there is no translation: read it while the C
    // string lives (a String passed straight to a `char *` parameter dies with the call).
    let translated = message.withCString { String(cString: dgettext(Localization.domain, $0)) }
    return arguments.isEmpty ? translated : Localization.format(translated, arguments)
}

/// The translation of the form of `singular`/`plural` that `count` takes in the user's language,
/// with `count` and then `arguments` put in its placeholders.
public func trn(_ singular: String, _ plural: String, _ count: Int, _ arguments: any CVarArg...) -> String {
    let n = UInt(clamping: count.magnitude)
    let translated = singular.withCString { one in
        plural.withCString { many in String(cString: dngettext(Localization.domain, one, many, n)) }
    }
    return Localization.format(translated, [count] + arguments)
}

extension Localization {
    /// `String(format:)` where `%d` takes any Swift integer whole: Foundation reads `%d` as a
    /// 32-bit int, so an `Int64` ID of 3,000,000,000 would print as -1294967296. Every integer
    /// argument is passed as `Int` and every `%d`/`%i` without a length becomes `%ld`.
    static func format(_ format: String, _ arguments: [any CVarArg]) -> String {
        let words: [any CVarArg] = arguments.map { argument in
            guard let number = argument as? any BinaryInteger else { return argument }
            return Int(clamping: number)
        }
        return String(format: widened(format), arguments: words)
    }

    /// `format` with a length `l` put into each `%d` and `%i` that has none.
    static func widened(_ format: String) -> String {
        var out = ""
        var inSpec = false
        var hasLength = false
        for character in format {
            if inSpec {
                if character == "%" && out.last == "%" {
                    inSpec = false
                } else if "hlqLjzt".contains(character) {
                    hasLength = true
                } else if character == "d" || character == "i" {
                    if !hasLength { out.append("l") }
                    inSpec = false
                } else if character.isLetter || character == "@" {
                    inSpec = false
                }
            } else if character == "%" {
                inSpec = true
                hasLength = false
            }
            out.append(character)
        }
        return out
    }
}
