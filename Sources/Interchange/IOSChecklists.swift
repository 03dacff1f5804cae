import ChecklistsKit
import Foundation

/// Reads the iOS app's `Checklists.plist`: an NSKeyedArchiver archive whose root key
/// "Checklists" holds Checklist objects ("Name", "Items", "IconName") with ChecklistItem objects
/// ("Text", "Checked", "DueDate", "ShouldRemind", "ItemID"). Older archives lack IconName, DueDate,
/// ShouldRemind and ItemID: the app's defaults apply ("No Icon", no reminder, a fresh ID).
public enum IOSChecklists {
    /// At most this many lists, and items in all lists together.
    public static let maxLists = 100_000
    public static let maxItems = 2_000_000

    /// The lists in the archive, in its order (the app kept them sorted by name).
    /// - Throws: `InterchangeError` saying what is wrong; nothing is returned in part.
    public static func read(_ data: Data) throws(InterchangeError) -> [ImportBatch.List] {
        try read(bytes: [UInt8](data))
    }

    /// The lists in an archive's bytes: a binary one read where it lies, an XML one parsed first.
    static func read(bytes: [UInt8]) throws(InterchangeError) -> [ImportBatch.List] {
        if bytes.starts(with: Array("bplist".utf8)), let source = try BinaryArchiveSource(bytes) {
            return try read(source)
        }
        return try read(plist: try KeyedArchive.propertyList(bytes: bytes))
    }

    /// The lists in an archive already parsed as a property list.
    static func read(plist: Any) throws(InterchangeError) -> [ImportBatch.List] {
        try read(try PlistTreeSource(plist: plist))
    }

    /// The lists of the archive `source` holds.
    static func read<Source: ArchiveSource>(_ source: Source) throws(InterchangeError) -> [ImportBatch.List] {
        var archive = try KeyedArchiveReader(source)
        guard let root = archive.topValue("Checklists") else {
            throw .unrecognized("the archive has no \"Checklists\" (it holds \(archive.topKeys.sorted()))")
        }
        var lists: [ImportBatch.List] = []
        var itemCount = 0
        let elements = try archive.array(root, what: "Checklists", limit: maxLists)
        for (n, element) in elements.enumerated() {
            let what = "checklist \(n + 1)"
            let list = try archive.object(element, of: .checklist, what: what)
            let name = try archive.string(try archive.field(list, .name), what: "\(what) Name")
            var icon = Icon.noIcon
            if let iconValue = try archive.field(list, .iconName) {
                let iconName = try archive.string(iconValue, what: "\(what) IconName")
                icon = Icon(rawValue: iconName) ?? Icon(named: iconName) ?? .noIcon
            }
            var items: [ImportBatch.Item] = []
            if let itemsValue = try archive.field(list, .items) {
                let rows = try archive.array(itemsValue, what: "\(what) Items", limit: maxItems - itemCount)
                itemCount += rows.count
                items.reserveCapacity(rows.count)
                for (m, row) in rows.enumerated() {
                    items.append(try item(row, what: "\(what) item \(m + 1)", in: &archive))
                }
            }
            guard !Blank.check(name) else {
                throw .malformed("\(what) has an empty Name")
            }
            lists.append(ImportBatch.List(name: name, icon: icon, items: items))
        }
        return lists
    }

    private static func item<Source: ArchiveSource>(
        _ value: Source.Value, what: @autoclosure () -> String, in archive: inout KeyedArchiveReader<Source>
    ) throws(InterchangeError)
        -> ImportBatch.Item
    {
        let object = try archive.object(value, of: .checklistItem, what: what())
        let text = try archive.string(try archive.field(object, .text), what: "\(what()) Text")
        guard !Blank.check(text) else {
            throw .malformed("\(what()) has an empty Text")
        }
        var checked = false
        if let value = try archive.field(object, .checked) {
            checked = try archive.bool(value, what: "\(what()) Checked")
        }
        var remind = false
        if let value = try archive.field(object, .shouldRemind) {
            remind = try archive.bool(value, what: "\(what()) ShouldRemind")
        }
        var due: Date?
        if let dueValue = try archive.field(object, .dueDate), archive.uid(dueValue) != 0 {
            due = try archive.date(dueValue, what: "\(what()) DueDate")
        }
        var id: Int64?
        if let idValue = try archive.field(object, .itemID) {
            guard let number = archive.integer(idValue), (0...(Int64(1) << 53)).contains(number) else {
                throw .malformed("\(what()) ItemID is not a whole number from 0 to 2^53")
            }
            id = number
        }
        return ImportBatch.Item(id: id, text: text, checked: checked, dueDate: due, shouldRemind: remind)
    }
}
