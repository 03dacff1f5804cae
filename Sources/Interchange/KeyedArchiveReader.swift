import Foundation

/// A read-only, type-checked walk of an NSKeyedArchiver archive, over either source
/// (`BinaryArchiveSource` for binary files, `PlistTreeSource` for XML ones).
///
/// No archived class is ever instantiated: swift-corelibs' NSKeyedUnarchiver traps on a missing
/// key or a wrong type and, without secure coding, builds whatever class an archive names. This
/// follows UIDs by hand; each container object may be reached once (a cycle or a shared object
/// is an error), and every value's type is checked where it is used.
struct KeyedArchiveReader<Source: ArchiveSource> {
    typealias Value = Source.Value

    private var source: Source
    /// The container objects read so far (by `$objects` index).
    private var visited: [Bool]
    /// Class objects already matched, with the kind they were matched as (100,000 items share
    /// one class: its name is compared once).
    private var matchedClasses: [(index: Int, wanted: ArchiveClass, name: String)] = []

    init(_ source: Source) throws(InterchangeError) {
        guard source.objectCount <= KeyedArchive.maxObjects else { throw .tooLarge("\(source.objectCount) objects") }
        self.source = source
        visited = [Bool](repeating: false, count: source.objectCount)
    }

    /// The key names of `$top`.
    var topKeys: [String] { source.topKeys }

    /// The value a `$top` key refers to.
    func topValue(_ key: String) -> Value? { source.top(key) }

    /// An archived object: its class name and its keyed values.
    struct Object {
        let index: Int
        let className: String
        let fields: Source.Fields
    }

    /// `value` (a UID) as an object whose class is `wanted` (plain, module-qualified or mangled).
    /// Containers (`unique`) may be read once; leaves such as dates may be shared.
    mutating func object(_ value: Value?, of wanted: ArchiveClass, what: @autoclosure () -> String, unique: Bool = true)
        throws(InterchangeError) -> Object
    {
        let (resolved, index) = try resolve(value, what: what())
        guard let fields = try source.fields(resolved), let index else {
            throw .malformed("\(what()) is not an object")
        }
        if unique {
            guard !visited[index] else {
                throw .malformed("\(what()) refers to object \(index) a second time (a cycle or a shared object)")
            }
            visited[index] = true
        }
        guard let classRef = try source.field(fields, .isa), let classIndex = source.uid(classRef),
            classIndex < source.objectCount
        else { throw .malformed("\(what()) has no class") }
        if let known = matchedClasses.first(where: { $0.index == classIndex && $0.wanted == wanted }) {
            return Object(index: index, className: known.name, fields: fields)
        }
        let classObject = try source.object(at: classIndex)
        guard let classInfo = try source.fields(classObject), let nameValue = try source.field(classInfo, .className),
            case .text(let name) = try source.text(nameValue, maxUTF8: KeyedArchive.maxStringLength)
        else { throw .malformed("\(what()) has no class") }
        guard wanted.names.contains(where: { ClassName.matches(name, $0) }) else {
            throw .malformed("\(what()) is a \(name), expected \(wanted.names.joined(separator: " or "))")
        }
        if matchedClasses.count < 16 { matchedClasses.append((classIndex, wanted, name)) }
        return Object(index: index, className: name, fields: fields)
    }

    /// The value of an object's key, if it has one.
    mutating func field(_ object: Object, _ key: ArchiveKey) throws(InterchangeError) -> Value? {
        try source.field(object.fields, key)
    }

    /// An NSArray's elements (still UIDs).
    mutating func array(_ value: Value?, what: @autoclosure () -> String, limit: Int) throws(InterchangeError)
        -> [Value]
    {
        // Arrays may be shared (every empty NSArray is one object); what they hold may not.
        let array = try object(value, of: .array, what: what(), unique: false)
        guard let list = try field(array, .nsObjects), let elements = try source.elements(list) else {
            throw .malformed("\(what()) has no NS.objects")
        }
        guard elements.count <= limit else { throw .tooLarge("\(what()) has \(elements.count) elements") }
        return elements
    }

    /// A string, archived inline or as an NSString / NSMutableString object.
    mutating func string(_ value: Value?, what: @autoclosure () -> String) throws(InterchangeError) -> String {
        let (resolved, _) = try resolve(value, what: what())
        var found = try source.text(resolved, maxUTF8: KeyedArchive.maxStringLength)
        if case .notText = found, let fields = try source.fields(resolved),
            let inner = try source.field(fields, .nsString)
        {
            found = try source.text(inner, maxUTF8: KeyedArchive.maxStringLength)
        }
        switch found {
        case .text(let text): return text
        case .tooLong: throw .tooLarge("\(what()) is over 1 MiB")
        case .notText: throw .malformed("\(what()) is not text")
        }
    }

    /// An NSDate, as a date in the years Checklists accepts.
    mutating func date(_ value: Value?, what: @autoclosure () -> String) throws(InterchangeError) -> Date {
        let date = try object(value, of: .date, what: what(), unique: false)
        guard let timeValue = try field(date, .nsTime), let time = source.double(timeValue), time.isFinite,
            abs(time) < 1e12
        else { throw .malformed("\(what()) has no valid NS.time") }
        let result = Date(timeIntervalSinceReferenceDate: time)
        // The UTC year, by arithmetic (a Calendar per date is slow at 100,000 items).
        let days = Int64((result.timeIntervalSince1970 / 86_400).rounded(.down))
        let year = Timestamp.civil(fromDays: days).0
        guard (1900...9999).contains(year) else { throw .malformed("\(what()) is in the year \(year)") }
        return result
    }

    /// A boolean stored inline (`true`/`false`, or 0/1).
    func bool(_ value: Value, what: @autoclosure () -> String) throws(InterchangeError) -> Bool {
        if let value = source.boolean(value) { return value }
        if let number = source.integer(value), number == 0 || number == 1 { return number == 1 }
        throw .malformed("\(what()) is not a boolean")
    }

    /// An integer stored inline, or nil when `value` is not one.
    func integer(_ value: Value) -> Int64? { source.integer(value) }

    /// The `$objects` index a UID refers to, or nil when `value` is not a UID.
    func uid(_ value: Value) -> Int? { source.uid(value) }

    // MARK: - Following references

    /// Follows a UID to its object: the object and its index, or `value` itself when inline.
    private mutating func resolve(_ value: Value?, what: @autoclosure () -> String) throws(InterchangeError)
        -> (Value, Int?)
    {
        guard let value else { throw .malformed("\(what()) is missing") }
        guard let index = source.uid(value) else { return (value, nil) }
        guard index < source.objectCount else {
            throw .malformed("\(what()) refers to object \(index) of \(source.objectCount)")
        }
        guard index != 0 else { throw .malformed("\(what()) is nil") }
        return (try source.object(at: index), index)
    }
}

/// The classes Checklists reads from an archive, by the names they may have.
enum ArchiveClass: Equatable {
    case checklist, checklistItem, array, date

    var names: [String] {
        switch self {
        case .checklist: ["Checklist"]
        case .checklistItem: ["ChecklistItem"]
        case .array: ["NSArray", "NSMutableArray"]
        case .date: ["NSDate"]
        }
    }
}
