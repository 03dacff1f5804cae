/// A D-Bus value, converted to and from GVariant at the edge of the module.
public indirect enum DBusValue: Sendable, Equatable {
    case string(String)
    case objectPath(String)
    case bool(Bool)
    case int32(Int32)
    case uint32(UInt32)
    case int64(Int64)
    case uint64(UInt64)
    case double(Double)
    case byte(UInt8)
    /// An array whose elements have the D-Bus type `elementType` (e.g. "s", "{sv}").
    case array(elementType: String, [DBusValue])
    /// `a{sv}`: a dictionary of variants.
    case dictionary([String: DBusValue])
    case variant(DBusValue)
    case tuple([DBusValue])

    public var string: String? {
        switch self {
        case .string(let s), .objectPath(let s): s
        case .variant(let v): v.string
        default: nil
        }
    }

    public var bool: Bool? {
        switch self {
        case .bool(let b): b
        case .variant(let v): v.bool
        default: nil
        }
    }

    public var uint32: UInt32? {
        switch self {
        case .uint32(let u): u
        case .variant(let v): v.uint32
        default: nil
        }
    }

    public var strings: [String]? {
        if case .array(_, let items) = self { return items.compactMap(\.string) }
        if case .variant(let v) = self { return v.strings }
        return nil
    }

    public var dictionary: [String: DBusValue]? {
        if case .dictionary(let d) = self { return d }
        return nil
    }
}
