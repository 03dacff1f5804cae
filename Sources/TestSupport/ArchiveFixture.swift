import Foundation

/// Builds iOS-style archives with Foundation's NSKeyedArchiver, the way the iOS app's
/// `NSCoding` classes wrote them. swift-corelibs ignores `setClassName` (checked: the archive
/// keeps "TestSupport.FixtureList"), so the class names are put in afterwards: the XML form
/// is edited and, for a binary archive, parsed and written again as a binary plist.
public enum ArchiveFixture {
    public enum Format: Sendable { case binary, xml }

    /// How the app's classes are named in the archive.
    public enum Naming: CaseIterable, Sendable {
        case plain, moduleQualified, mangled

        public func name(_ base: String) -> String {
            switch self {
            case .plain: base
            case .moduleQualified: "Checklists.\(base)"
            case .mangled: "_TtC10Checklists\(base.count)\(base)"
            }
        }
    }

    /// The archive of `lists` under the root key "Checklists".
    public static func checklists(_ lists: [FixtureList], format: Format = .binary, naming: Naming = .moduleQualified)
        throws
        -> Data
    {
        let archiver = NSKeyedArchiver(requiringSecureCoding: false)
        archiver.outputFormat = .xml
        archiver.encode(lists as NSArray, forKey: "Checklists")
        archiver.finishEncoding()
        var xml = String(decoding: archiver.encodedData, as: UTF8.self)
        xml = xml.replacingOccurrences(
            of: "<string>\(NSStringFromClass(FixtureList.self))</string>",
            with: "<string>\(naming.name("Checklist"))</string>")
        xml = xml.replacingOccurrences(
            of: "<string>\(NSStringFromClass(FixtureItem.self))</string>",
            with: "<string>\(naming.name("ChecklistItem"))</string>")
        return try reformat(Data(xml.utf8), format)
    }

    /// A plain property list (notesData, preferences) in `format`.
    public static func plist(_ value: Any, format: Format = .binary) throws -> Data {
        try PropertyListSerialization.data(
            fromPropertyList: value, format: format == .binary ? .binary : .xml, options: 0)
    }

    public static func reformat(_ xml: Data, _ format: Format) throws -> Data {
        guard format == .binary else { return xml }
        let plist = try PropertyListSerialization.propertyList(from: xml, options: [], format: nil)
        return try PropertyListSerialization.data(fromPropertyList: plist, format: .binary, options: 0)
    }

    /// A keyed archive written by hand as XML: `objects` are the `$objects` entries after
    /// `$null`, `uid(n)` refers to one. For archives NSKeyedArchiver would never write.
    public static func handWritten(top: String = uid(1), objects: [String], archiver: String = "NSKeyedArchiver")
        -> Data
    {
        Data(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict>
            <key>$archiver</key><string>\(archiver)</string>
            <key>$top</key><dict><key>Checklists</key>\(top)</dict>
            <key>$objects</key><array><string>$null</string>\(objects.joined())</array>
            </dict></plist>
            """.utf8)
    }

    public static func uid(_ n: Int) -> String { "<dict><key>CF$UID</key><integer>\(n)</integer></dict>" }

    /// `$objects` entries for a class description.
    public static func classInfo(_ name: String) -> String {
        "<dict><key>$classname</key><string>\(name)</string><key>$classes</key><array><string>\(name)</string></array></dict>"
    }

    /// An NSArray of `elements` (UIDs) whose class is at `classUID`.
    public static func array(_ elements: [Int], classUID: Int) -> String {
        "<dict><key>$class</key>\(uid(classUID))<key>NS.objects</key><array>\(elements.map(uid).joined())</array></dict>"
    }
}

/// Encodes like the app's Checklist: Name, Items and (newer versions) IconName.
public final class FixtureList: NSObject, NSCoding {
    let name: String
    let items: [FixtureItem]
    let iconName: String?

    public init(_ name: String, icon: String? = "No Icon", items: [FixtureItem] = []) {
        self.name = name
        self.items = items
        iconName = icon
    }

    public init?(coder: NSCoder) { nil }

    public func encode(with coder: NSCoder) {
        coder.encode(name, forKey: "Name")
        coder.encode(items as NSArray, forKey: "Items")
        if let iconName { coder.encode(iconName, forKey: "IconName") }
    }
}

/// Encodes like the app's ChecklistItem: Text, Checked and (newer) DueDate, ShouldRemind, ItemID.
public final class FixtureItem: NSObject, NSCoding {
    let text: String
    let checked: Bool
    let due: Date?
    let remind: Bool?
    let itemID: Int?

    public init(_ text: String, checked: Bool = false, due: Date? = nil, remind: Bool? = false, itemID: Int? = nil) {
        self.text = text
        self.checked = checked
        self.due = due
        self.remind = remind
        self.itemID = itemID
    }

    public init?(coder: NSCoder) { nil }

    public func encode(with coder: NSCoder) {
        coder.encode(text, forKey: "Text")
        coder.encode(checked, forKey: "Checked")
        if let due { coder.encode(due as NSDate, forKey: "DueDate") }
        if let remind { coder.encode(remind, forKey: "ShouldRemind") }
        if let itemID { coder.encode(itemID, forKey: "ItemID") }
    }
}
