internal import CLazyLibs

/// Conversions between `DBusValue` and GLib's GVariant. Callers own the references they get.
enum GVariantConversion {
    /// A new floating GVariant for `value`.
    static func make(_ value: DBusValue) -> OpaquePointer {
        switch value {
        case .string(let s): return cl_g_variant_new_string(s)
        case .objectPath(let s): return cl_g_variant_new_object_path(s)
        case .bool(let b): return cl_g_variant_new_boolean(b ? 1 : 0)
        case .int32(let i): return cl_g_variant_new_int32(i)
        case .uint32(let u): return cl_g_variant_new_uint32(u)
        case .int64(let i): return cl_g_variant_new_int64(gint64(i))
        case .uint64(let u): return cl_g_variant_new_uint64(guint64(u))
        case .double(let d): return cl_g_variant_new_double(d)
        case .byte(let b): return cl_g_variant_new_byte(b)
        case .variant(let inner): return cl_g_variant_new_variant(make(inner))
        case .array(let elementType, let items): return array("a" + elementType, items.map(make))
        case .dictionary(let dict):
            let entries = dict.sorted { $0.key < $1.key }.map { key, value in
                cl_g_variant_new_dict_entry(cl_g_variant_new_string(key), cl_g_variant_new_variant(make(value)))!
            }
            return array("a{sv}", entries)
        case .tuple(let items): return tuple(items)
        }
    }

    /// A new floating tuple GVariant of `items`.
    static func tuple(_ items: [DBusValue]) -> OpaquePointer {
        var children: [OpaquePointer?] = items.map(make)
        return children.withUnsafeMutableBufferPointer { cl_g_variant_new_tuple($0.baseAddress, gsize($0.count)) }
    }

    private static func array(_ type: String, _ children: [OpaquePointer]) -> OpaquePointer {
        let variantType = cl_g_variant_type_new(type)
        defer { cl_g_variant_type_free(variantType) }
        let builder = cl_g_variant_builder_new(variantType)
        defer { cl_g_variant_builder_unref(builder) }
        for child in children { cl_g_variant_builder_add_value(builder, child) }
        return cl_g_variant_builder_end(builder)
    }

    /// The value of `variant` (not consumed).
    static func read(_ variant: OpaquePointer) -> DBusValue {
        let type = String(cString: cl_g_variant_get_type_string(variant))
        switch type.first {
        case "s": return .string(String(cString: cl_g_variant_get_string(variant, nil)))
        case "o", "g": return .objectPath(String(cString: cl_g_variant_get_string(variant, nil)))
        case "b": return .bool(cl_g_variant_get_boolean(variant) != 0)
        case "i": return .int32(cl_g_variant_get_int32(variant))
        case "u": return .uint32(cl_g_variant_get_uint32(variant))
        case "x": return .int64(Int64(cl_g_variant_get_int64(variant)))
        case "t": return .uint64(UInt64(cl_g_variant_get_uint64(variant)))
        case "d": return .double(cl_g_variant_get_double(variant))
        case "y": return .byte(cl_g_variant_get_byte(variant))
        case "n": return .int32(Int32(cl_g_variant_get_int16(variant)))
        case "q": return .uint32(UInt32(cl_g_variant_get_uint16(variant)))
        case "v":
            let inner = cl_g_variant_get_variant(variant)!
            defer { cl_g_variant_unref(inner) }
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
        (0..<cl_g_variant_n_children(variant)).map { index in
            let child = cl_g_variant_get_child_value(variant, index)!
            defer { cl_g_variant_unref(child) }
            if String(cString: cl_g_variant_get_type_string(child)).first == "{" {
                return .tuple(self.children(child))
            }
            return read(child)
        }
    }
}
