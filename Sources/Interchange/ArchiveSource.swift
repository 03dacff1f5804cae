/// The objects of an NSKeyedArchiver archive as `KeyedArchiveReader` reads them. Two sources:
/// `BinaryArchiveSource` reads a binary property list where it lies, one value when asked for
/// it; `PlistTreeSource` reads a property list already parsed into Swift values (XML files).
/// A source only answers what a value is; the reader does every archive check (UIDs, classes,
/// cycles, limits) the same way for both.
protocol ArchiveSource {
    /// A value in the archive: an object of `$objects`, or a value inside one.
    associatedtype Value
    /// An object's keyed values (a dictionary), to look keys up in.
    associatedtype Fields

    /// The number of entries in `$objects`.
    var objectCount: Int { get }
    /// The key names of `$top`.
    var topKeys: [String] { get }
    /// The value `$top` holds under `key`.
    func top(_ key: String) -> Value?
    /// `$objects[index]`, for an index below `objectCount`.
    mutating func object(at index: Int) throws(InterchangeError) -> Value
    /// The `$objects` index a UID refers to, or nil when `value` is not a UID.
    func uid(_ value: Value) -> Int?
    /// A dictionary's keyed values, or nil when `value` is not a dictionary.
    mutating func fields(_ value: Value) throws(InterchangeError) -> Fields?
    /// The value under `key` (the last one, should a key appear twice).
    mutating func field(_ fields: Fields, _ key: ArchiveKey) throws(InterchangeError) -> Value?
    /// Text, `.tooLong` past `maxUTF8` bytes of UTF-8, or `.notText`.
    mutating func text(_ value: Value, maxUTF8: Int) throws(InterchangeError) -> ArchiveText
    /// A whole number stored inline, or nil.
    func integer(_ value: Value) -> Int64?
    /// A number stored inline, or nil.
    func double(_ value: Value) -> Double?
    /// A boolean stored inline (not a number), or nil.
    func boolean(_ value: Value) -> Bool?
    /// An array's elements, or nil when `value` is not an array.
    func elements(_ value: Value) throws(InterchangeError) -> [Value]?
}

/// What `ArchiveSource.text` found.
enum ArchiveText {
    case text(String)
    case tooLong
    case notText
}

/// The keys Checklists looks up in an archive's objects. A binary source recognises each key
/// object once (all items share their key strings) and then compares numbers, not text.
enum ArchiveKey: UInt8, CaseIterable {
    case archiver, top, objects, className, classNames, isa, nsObjects, nsTime, nsString
    case name, items, iconName, text, checked, dueDate, shouldRemind, itemID

    /// The key as the archive spells it.
    var name: String {
        switch self {
        case .archiver: "$archiver"
        case .top: "$top"
        case .objects: "$objects"
        case .className: "$classname"
        case .classNames: "$classes"
        case .isa: "$class"
        case .nsObjects: "NS.objects"
        case .nsTime: "NS.time"
        case .nsString: "NS.string"
        case .name: "Name"
        case .items: "Items"
        case .iconName: "IconName"
        case .text: "Text"
        case .checked: "Checked"
        case .dueDate: "DueDate"
        case .shouldRemind: "ShouldRemind"
        case .itemID: "ItemID"
        }
    }

    /// Every key by its name.
    static let byName: [String: ArchiveKey] = Dictionary(uniqueKeysWithValues: allCases.map { ($0.name, $0) })
}
