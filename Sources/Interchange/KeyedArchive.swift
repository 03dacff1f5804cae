import Foundation

/// A read-only, type-checked view of an NSKeyedArchiver archive, read as a plain property list.
///
/// No archived class is ever instantiated: swift-corelibs' NSKeyedUnarchiver traps on a missing
/// key or a wrong type and, without secure coding, builds whatever class an archive names. This
/// reads `$top` and `$objects` and follows UIDs by hand; each object may be reached once (a
/// cycle or a shared object is an error), and every value's type is checked where it is used.
struct KeyedArchive {
    /// At most this many objects in `$objects`.
    static let maxObjects = 8_000_000
    /// At most this many bytes of text in one string.
    static let maxStringLength = 1 << 20

    private let objects: [Any]
    private let top: [String: Any]
    private var visited: Set<Int> = []
    /// Class objects already matched, with the names they were matched against (100,000 items
    /// share one class: its name is compared once).
    private var matchedClasses: [Int: (wanted: [String], name: String)] = [:]

    /// Parses `data` (binary or XML plist) and checks that it is a keyed archive.
    init(data: Data) throws(InterchangeError) {
        try self.init(plist: try Self.propertyList(data))
    }

    /// Checks that an already parsed property list is a keyed archive (it is parsed once).
    init(plist: Any) throws(InterchangeError) {
        guard let root = Self.dictionary(plist), root["$archiver"] != nil || root["$top"] != nil else {
            throw .unrecognized("no $archiver or $top: not an NSKeyedArchiver archive")
        }
        guard let archiver = root["$archiver"] as? String, archiver == "NSKeyedArchiver" else {
            throw .malformed("$archiver is not \"NSKeyedArchiver\"")
        }
        guard let objects = root["$objects"] as? [Any] else { throw .malformed("$objects is missing or not an array") }
        guard objects.count <= Self.maxObjects else { throw .tooLarge("\(objects.count) objects") }
        guard let top = Self.dictionary(root["$top"]) else { throw .malformed("$top is missing or not a dictionary") }
        self.objects = objects
        self.top = top
    }

    /// Parses a property list: binary ones with `BinaryPlist`, XML ones with Foundation.
    static func propertyList(_ data: Data) throws(InterchangeError) -> Any {
        if data.starts(with: Array("bplist".utf8)) {
            let bytes = [UInt8](data)
            try BinaryPlistCheck.check(bytes)
            return try BinaryPlist.parse(bytes: bytes)
        }
        do {
            return try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        } catch {
            // A damaged binary plist is then tried as text; that parser's complaint would mislead.
            if data.starts(with: Array("bplist".utf8)) { throw .notPropertyList("a damaged binary property list") }
            throw .notPropertyList((error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "unreadable")
        }
    }

    /// The key names of `$top`.
    var topKeys: [String] { Array(top.keys) }

    /// The object a `$top` key refers to.
    func topValue(_ key: String) -> Any? { top[key] }

    // MARK: - Typed values

    /// An archived object: its class name and its keyed values.
    struct Object {
        let index: Int
        let className: String
        let fields: [String: Any]
    }

    /// `value` (a UID) as an object whose class is `wanted` (plain, module-qualified or mangled).
    /// Containers (`unique`) may be read once; leaves such as dates may be shared.
    mutating func object(_ value: Any?, of wanted: [String], what: @autoclosure () -> String, unique: Bool = true)
        throws(InterchangeError) -> Object
    {
        let (resolved, index) = try resolve(value, what: what())
        guard let fields = Self.dictionary(resolved), let index else { throw .malformed("\(what()) is not an object") }
        if unique { try enter(index, what: what()) }
        guard let classRef = fields["$class"], let classIndex = Self.uid(classRef), classIndex < objects.count else {
            throw .malformed("\(what()) has no class")
        }
        if let known = matchedClasses[classIndex], known.wanted == wanted {
            return Object(index: index, className: known.name, fields: fields)
        }
        guard let classInfo = Self.dictionary(objects[classIndex]), let name = classInfo["$classname"] as? String
        else { throw .malformed("\(what()) has no class") }
        guard wanted.contains(where: { ClassName.matches(name, $0) }) else {
            throw .malformed("\(what()) is a \(name), expected \(wanted.joined(separator: " or "))")
        }
        matchedClasses[classIndex] = (wanted, name)
        return Object(index: index, className: name, fields: fields)
    }

    /// An NSArray's elements (still UIDs).
    mutating func array(_ value: Any?, what: @autoclosure () -> String, limit: Int) throws(InterchangeError) -> [Any] {
        // Arrays may be shared (every empty NSArray is one object); what they hold may not.
        let array = try object(value, of: ["NSArray", "NSMutableArray"], what: what(), unique: false)
        guard let elements = array.fields["NS.objects"] as? [Any] else {
            throw .malformed("\(what()) has no NS.objects")
        }
        guard elements.count <= limit else { throw .tooLarge("\(what()) has \(elements.count) elements") }
        return elements
    }

    /// A string, archived inline or as an NSString / NSMutableString object.
    func string(_ value: Any?, what: @autoclosure () -> String) throws(InterchangeError) -> String {
        let (resolved, _) = try resolve(value, what: what())
        let text: String
        if let inline = resolved as? String {
            text = inline
        } else if let fields = Self.dictionary(resolved), let inner = fields["NS.string"] as? String {
            text = inner
        } else {
            throw .malformed("\(what()) is not text")
        }
        guard text.utf8.count <= Self.maxStringLength else { throw .tooLarge("\(what()) is over 1 MiB") }
        return text
    }

    /// An NSDate, as a date in the years Checklists accepts.
    mutating func date(_ value: Any?, what: @autoclosure () -> String) throws(InterchangeError) -> Date {
        let date = try object(value, of: ["NSDate"], what: what(), unique: false)
        guard let time = Self.double(date.fields["NS.time"]), time.isFinite, abs(time) < 1e12 else {
            throw .malformed("\(what()) has no valid NS.time")
        }
        let result = Date(timeIntervalSinceReferenceDate: time)
        // The UTC year, by arithmetic (a Calendar per date is slow at 100,000 items).
        let days = Int64((result.timeIntervalSince1970 / 86_400).rounded(.down))
        let year = Timestamp.civil(fromDays: days).0
        guard (1900...9999).contains(year) else { throw .malformed("\(what()) is in the year \(year)") }
        return result
    }

    // MARK: - Plain values

    /// A boolean stored inline (`true`/`false`, or 0/1).
    static func bool(_ value: Any?, what: @autoclosure () -> String) throws(InterchangeError) -> Bool {
        if let value = value as? Bool, type(of: value) == Bool.self { return value }
        if let number = integer(value), number == 0 || number == 1 { return number == 1 }
        throw .malformed("\(what()) is not a boolean")
    }

    /// An integer stored inline, or nil when `value` is not one.
    static func integer(_ value: Any?) -> Int64? {
        switch value {
        case let v as Int: Int64(v)
        case let v as Int64: v
        case let v as Int32: Int64(v)
        case let v as UInt64: Int64(exactly: v)
        case let v as Double: v.isFinite && v == v.rounded() && abs(v) < 9e15 ? Int64(v) : nil
        default: nil
        }
    }

    static func double(_ value: Any?) -> Double? {
        switch value {
        case let v as Double: v
        case let v as Float: Double(v)
        case let v as Int: Double(v)
        case let v as Int64: Double(v)
        default: nil
        }
    }

    /// A dictionary with string keys, or nil.
    static func dictionary(_ value: Any?) -> [String: Any]? {
        if let dict = value as? [String: Any] { return dict }
        guard let dict = value as? [AnyHashable: Any] else { return nil }
        var result: [String: Any] = [:]
        for (key, element) in dict {
            guard let key = key.base as? String else { return nil }
            result[key] = element
        }
        return result
    }

    /// The index a UID refers to, or nil when `value` is not a UID.
    /// corelibs gives UIDs as its internal `_NSKeyedArchiverUID` with a stored `value: UInt32`.
    /// Reflection reads it but is slow at 400,000 objects, so the field's offset is found once
    /// from two known UIDs and read directly; reflection stays the fallback.
    static func uid(_ value: Any) -> Int? {
        if let uid = value as? PlistUID { return uid.index }
        // Only a class can be Foundation's UID; casting a String or an Int to NSObject would bridge it.
        guard type(of: value) is AnyObject.Type, let object = value as? NSObject,
            ObjectIdentifier(type(of: object)) == UIDProbe.type
        else { return nil }
        guard let offset = UIDProbe.valueOffset else { return UIDProbe.reflectedValue(object) }
        return Int(UIDProbe.load(object, offset))
    }

    // MARK: - Following references

    /// Follows a UID to its object: the object and its index, or `value` itself when inline.
    private func resolve(_ value: Any?, what: @autoclosure () -> String) throws(InterchangeError) -> (Any, Int?) {
        guard let value else { throw .malformed("\(what()) is missing") }
        guard let index = Self.uid(value) else { return (value, nil) }
        guard index < objects.count else { throw .malformed("\(what()) refers to object \(index) of \(objects.count)") }
        guard index != 0 else { throw .malformed("\(what()) is nil") }
        return (objects[index], index)
    }

    /// Records that the container at `index` is being read; a second visit is a cycle or sharing.
    private mutating func enter(_ index: Int?, what: @autoclosure () -> String) throws(InterchangeError) {
        guard let index else { return }
        guard visited.insert(index).inserted else {
            throw .malformed("\(what()) refers to object \(index) a second time (a cycle or a shared object)")
        }
    }
}

/// What a UID looks like in this Foundation, found once from a tiny archive.
enum UIDProbe {
    /// The UID class, and the byte offset of its value when two sample UIDs agree on it.
    static let probe: (type: ObjectIdentifier?, offset: Int?) = {
        let xml = """
            <plist version="1.0"><array><dict><key>CF$UID</key><integer>7</integer></dict>\
            <dict><key>CF$UID</key><integer>305419896</integer></dict></array></plist>
            """
        let parsed = try? PropertyListSerialization.propertyList(from: Data(xml.utf8), options: [], format: nil)
        guard let samples = parsed as? [Any], samples.count == 2, let a = samples[0] as? NSObject,
            let b = samples[1] as? NSObject, reflectedValue(a) == 7, reflectedValue(b) == 305_419_896
        else { return (nil, nil) }
        // After the object header (16 bytes) and `_base: _CFInfo`; the first match is the field,
        // so nothing past it (and past the instance) is read.
        let offset = stride(from: 16, through: 32, by: 4).first { load(a, $0) == 7 && load(b, $0) == 305_419_896 }
        return (ObjectIdentifier(Swift.type(of: a)), offset)
    }()

    static var type: ObjectIdentifier? { probe.type }
    static var valueOffset: Int? { probe.offset }

    static func load(_ object: NSObject, _ offset: Int) -> UInt32 {
        Unmanaged.passUnretained(object).toOpaque().load(fromByteOffset: offset, as: UInt32.self)
    }

    static func reflectedValue(_ object: NSObject) -> Int? {
        for child in Mirror(reflecting: object).children where child.label == "value" {
            if let number = child.value as? UInt32 { return Int(number) }
        }
        return nil
    }
}
