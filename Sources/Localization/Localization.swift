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

    /// Applies the user's locale (`LANG`, `LC_ALL`, `LC_MESSAGES`) and binds the catalogues.
    ///
    /// Call once at start, before any text is made. `directory` is where the compiled
    /// catalogues are; `nil` looks beside the executable (`../share/locale`) and then in the
    /// system's locale directory.
    public static func setUp(directory: String? = nil) {
        _ = setlocale(LC_ALL, "")
        // Numbers and dates stay in the C locale's shape for parsing; only messages follow LANG.
        _ = setlocale(LC_NUMERIC, "C")
        let found = directory ?? catalogueDirectory()
        if let found { _ = bindtextdomain(domain, found) }
        _ = bind_textdomain_codeset(domain, "UTF-8")
    }

    /// The first directory that holds a catalogue of ours, looking beside the executable first.
    static func catalogueDirectory() -> String? {
        let executable = URL(fileURLWithPath: CommandLine.arguments.first ?? "").resolvingSymlinksInPath()
        let prefix = executable.deletingLastPathComponent().deletingLastPathComponent()
        let candidates = [
            prefix.appendingPathComponent("share/locale").path,
            executable.deletingLastPathComponent().appendingPathComponent("locale").path,
        ]
        return candidates.first { FileManager.default.fileExists(atPath: $0) }
    }
}

/// The translation of `message`, with `arguments` put in its `%@`/`%d` placeholders.
public func tr(_ message: String, _ arguments: any CVarArg...) -> String {
    // gettext hands back its argument when there is no translation: read it while the C
    // string lives (a String passed straight to a `char *` parameter dies with the call).
    let translated = message.withCString { String(cString: dgettext(Localization.domain, $0)) }
    return arguments.isEmpty ? translated : String(format: translated, arguments: arguments)
}

/// The translation of the form of `singular`/`plural` that `count` takes in the user's language,
/// with `count` and then `arguments` put in its placeholders.
public func trn(_ singular: String, _ plural: String, _ count: Int, _ arguments: any CVarArg...) -> String {
    let n = UInt(clamping: count.magnitude)
    let translated = singular.withCString { one in
        plural.withCString { many in String(cString: dngettext(Localization.domain, one, many, n)) }
    }
    return String(format: translated, arguments: [count] + arguments)
}
