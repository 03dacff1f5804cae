import Foundation

/// NSKeyedArchiver archives: their limits, how a file becomes a property list, and the plain
/// values of a parsed one. The archive itself is walked by `KeyedArchiveReader`.
enum KeyedArchive {
    /// At most this many objects in `$objects`.
    static let maxObjects = 8_000_000
    /// At most this many bytes of text in one string.
    static let maxStringLength = 1 << 20

    /// Parses a property list: binary ones with `BinaryPlist`, XML ones with Foundation.
    static func propertyList(_ data: Data) throws(InterchangeError) -> Any {
        if data.starts(with: Array("bplist".utf8)) { return try propertyList(bytes: [UInt8](data)) }
        do {
            return try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        } catch {
            throw .notPropertyList((error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "unreadable")
        }
    }

    /// Parses a property list from bytes (copied into a `Data` only for an XML one).
    static func propertyList(bytes: [UInt8]) throws(InterchangeError) -> Any {
        guard bytes.starts(with: Array("bplist".utf8)) else { return try propertyList(Data(bytes)) }
        try BinaryPlistCheck.check(bytes)
        return try BinaryPlist.parse(bytes: bytes)
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
