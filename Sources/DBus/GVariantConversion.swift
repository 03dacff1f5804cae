import CGLib

/// Conversions between `DBusValue` and GLib's GVariant. Callers own the references they get.
enum GVariantConversion {
    /// A new floating GVariant for `value`.
    static func make(_ value: DBusValue) -> OpaquePointer {
        switch value {
        case .string(let s): return g_variant_new_string(s)
        case .objectPath(let s): return g_variant_new_object_path(s)
        case .bool(let b): return g_variant_new_boolean(b ? 1 : 0)
        case .int32(let i): return g_variant_new_int32(i)
        case .uint32(let u): return g_variant_new_uint32(u)
        case .int64(let i): return g_variant_new_int64(gint64(i))
        case .uint64(let u): return g_variant_new_uint64(guint64(u))
        case .double(let d): return g_variant_new_double(d)
        case .byte(let b): return g_variant_new_byte(b)
        case .variant(let inner): return g_variant_new_variant(make(inner))
        case .array(let elementType, let items): return array("a" + elementType, items.map(make))
        case .dictionary(let dict):
            let entries = dict.sorted { $0.key < $1.key }.map { key, value in
                g_variant_new_dict_entry(g_variant_new_string(key), g_variant_new_variant(make(value)))!
            }
            return array("a{sv}", entries)
        case .tuple(let items): return tuple(items)
        }
    }

    /// A new floating tuple GVariant of `items`.
    static func tuple(_ items: [DBusValue]) -> OpaquePointer {
        var children: [OpaquePointer?] = items.map(make)
        return children.withUnsafeMutableBufferPointer { g_variant_new_tuple($0.baseAddress, gsize($0.count)) }
    }

    private static func array(_ type: String, _ children: [OpaquePointer]) -> OpaquePointer {
        let variantType = g_variant_type_new(type)
        defer { g_variant_type_free(variantType) }
        let builder = g_variant_builder_new(variantType)
        defer { g_variant_builder_unref(builder) }
        for child in children { g_variant_builder_add_value(builder, child) }
        return g_variant_builder_end(builder)
    }

    /// The value of `variant` (not consumed).
    static func read(_ variant: OpaquePointer) -> DBusValue {
        let type = String(cString: g_variant_get_type_string(variant))
        switch type.first {
        case "s": return .string(String(cString: g_variant_get_string(variant, nil)))
        case "o", "g": return .objectPath(String(cString: g_variant_get_string(variant, nil)))
        case "b": return .bool(g_variant_get_boolean(variant) != 0)
        case "i": return .int32(g_variant_get_int32(variant))
        case "u": return .uint32(g_variant_get_uint32(variant))
        case "x": return .int64(Int64(g_variant_get_int64(variant)))
        case "t": return .uint64(UInt64(g_variant_get_uint64(variant)))
        case "d": return .double(g_variant_get_double(variant))
        case "y": return .byte(g_variant_get_byte(variant))
        case "n": return .int32(Int32(g_variant_get_int16(variant)))
        case "q": return .uint32(UInt32(g_variant_get_uint16(variant)))
        case "v":
            let inner = g_variant_get_variant(variant)!
            defer { g_variant_unref(inner) }
            return .variant(read(inner))
        case "a" where type.hasPrefix("a{s"):
            var dict: [String: DBusValue] = [:]
            for entry in children(variant) {
                if case .tuple(let kv) = entry, kv.count == 2, let key = kv[0].string { dict[key] = kv[1] }
            }
            return .dictionary(dict)
        case "a": return .array(elementType: String(type.dropFirst()), children(variant))
        case "(", "{": return .tuple(children(variant))
        default: return .string("<\(type)>")
        }
    }

    private static func children(_ variant: OpaquePointer) -> [DBusValue] {
        (0..<g_variant_n_children(variant)).map { index in
            let child = g_variant_get_child_value(variant, index)!
            defer { g_variant_unref(child) }
            if String(cString: g_variant_get_type_string(child)).first == "{" {
                return .tuple(self.children(child))
            }
            return read(child)
        }
    }
}
