import Foundation

/// An archive already parsed into Swift values (an XML property list through Foundation, or
/// any property list from `BinaryPlist`): `[String: Any]` dictionaries, `[Any]` arrays, and
/// UIDs as `PlistUID` or Foundation's own UID class.
struct PlistTreeSource: ArchiveSource {
    typealias Value = Any
    typealias Fields = [String: Any]

    private let objects: [Any]
    private let topFields: [String: Any]

    /// Checks that `plist` is a keyed archive: `$archiver` "NSKeyedArchiver", `$objects` an
    /// array (within `KeyedArchive.maxObjects`) and `$top` a dictionary.
    init(plist: Any) throws(InterchangeError) {
        guard let root = KeyedArchive.dictionary(plist), root["$archiver"] != nil || root["$top"] != nil else {
            throw .unrecognized("no $archiver or $top: not an NSKeyedArchiver archive")
        }
        guard let archiver = root["$archiver"] as? String, archiver == "NSKeyedArchiver" else {
            throw .malformed("$archiver is not \"NSKeyedArchiver\"")
        }
        guard let objects = root["$objects"] as? [Any] else { throw .malformed("$objects is missing or not an array") }
        guard objects.count <= KeyedArchive.maxObjects else { throw .tooLarge("\(objects.count) objects") }
        guard let top = KeyedArchive.dictionary(root["$top"]) else {
            throw .malformed("$top is missing or not a dictionary")
        }
        self.objects = objects
        topFields = top
    }

    var objectCount: Int { objects.count }
    var topKeys: [String] { Array(topFields.keys) }
    func top(_ key: String) -> Any? { topFields[key] }
    func object(at index: Int) -> Any { objects[index] }
    func uid(_ value: Any) -> Int? { KeyedArchive.uid(value) }
    func fields(_ value: Any) -> [String: Any]? { KeyedArchive.dictionary(value) }
    func field(_ fields: [String: Any], _ key: ArchiveKey) -> Any? { fields[key.name] }

    func text(_ value: Any, maxUTF8: Int) -> ArchiveText {
        guard let text = value as? String else { return .notText }
        return text.utf8.count <= maxUTF8 ? .text(text) : .tooLong
    }

    func integer(_ value: Any) -> Int64? { KeyedArchive.integer(value) }
    func double(_ value: Any) -> Double? { KeyedArchive.double(value) }

    func boolean(_ value: Any) -> Bool? {
        guard let value = value as? Bool, type(of: value) == Bool.self else { return nil }
        return value
    }

    func elements(_ value: Any) -> [Any]? { value as? [Any] }
}
