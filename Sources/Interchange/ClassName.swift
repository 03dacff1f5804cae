/// Matches archived class names: "Checklist", "Checklists.Checklist" (module-qualified) and
/// "_TtC10Checklists9Checklist" (a mangled Swift class name).
enum ClassName {
    /// Whether `archived` names the class `wanted` in any module.
    static func matches(_ archived: String, _ wanted: String) -> Bool {
        if archived == wanted { return true }
        if let dot = archived.lastIndex(of: "."), archived[archived.index(after: dot)...] == wanted {
            // Bytes: Foundation's `contains` on a Substring goes through CFStringFind.
            return !archived[..<dot].isEmpty && !archived[..<dot].utf8.contains(UInt8(ascii: "."))
        }
        return demangled(archived) == wanted
    }

    /// The class name inside "_TtC<len><module><len><name>", or nil.
    static func demangled(_ name: String) -> String? {
        guard name.hasPrefix("_TtC") else { return nil }
        var rest = Substring(name.dropFirst(4))
        var parts: [Substring] = []
        while !rest.isEmpty, parts.count < 2 {
            let digits = rest.prefix(while: \.isASCII).prefix(while: \.isNumber)
            guard !digits.isEmpty, digits.count <= 4, let length = Int(digits), length > 0 else { return nil }
            rest = rest.dropFirst(digits.count)
            guard rest.count >= length else { return nil }
            parts.append(rest.prefix(length))
            rest = rest.dropFirst(length)
        }
        guard parts.count == 2, rest.isEmpty else { return nil }
        return String(parts[1])
    }
}
