import CGLib
import Foundation
import Keychain

/// Keychain items in the freedesktop Secret Service (gnome-keyring, KWallet) through libsecret.
///
/// Items carry the attributes `service` and `key` under the schema `org.checklists.Keychain`,
/// labelled "Checklists: KEY (SERVICE)", so a user finds them in Seahorse or with
/// `secret-tool search service Checklists`. The secret is the value itself (text), or its
/// base64 when it is binary (`encoding=base64`); the accessibility and access control ride
/// along as attributes.
public final class SecretServiceKeychain: KeychainBackend, @unchecked Sendable {
    /// The libsecret schema name.
    public static let schemaName = "org.checklists.Keychain"

    // Immutable after init; libsecret's sync calls are thread-safe.
    private let schema: UnsafeMutablePointer<SecretSchema>

    public init() {
        let types = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, nil)
        for name in Self.attributeNames {
            // SECRET_SCHEMA_ATTRIBUTE_STRING is 0, so its GINT_TO_POINTER is NULL.
            g_hash_table_insert(types, UnsafeMutableRawPointer(g_strdup(name)), nil)
        }
        schema = secret_schema_newv(Self.schemaName, SECRET_SCHEMA_NONE, types)
        g_hash_table_unref(types)
    }

    deinit { secret_schema_unref(schema) }

    static let attributeNames = ["service", "key", "encoding", "accessibility", "access-control", "domain-state"]

    public var name: String { "Secret Service" }

    public func read(service: String, key: String) throws(KeychainError) -> KeychainRecord? {
        guard let attributes = try search(["service": service, "key": key]).first else { return nil }
        let query = Self.attributes(["service": service, "key": key])
        defer { g_hash_table_unref(query) }
        var error: UnsafeMutablePointer<GError>?
        let secret = secret_password_lookupv_sync(schema, query, nil, &error)
        if let error { throw Self.consume(error) }
        guard let secret else { return nil }
        defer { secret_password_free(secret) }
        let text = String(cString: secret)
        let data = attributes["encoding"] == "base64" ? Data(base64Encoded: text) : Data(text.utf8)
        guard let data else { throw KeychainError.backend("the item \(key) in the keyring is damaged") }
        return KeychainRecord(
            data: data,
            accessibility: KeychainItemAccessibility(rawValue: attributes["accessibility"] ?? "") ?? .whenUnlocked,
            accessControl: KeychainAccessControl(rawValue: UInt32(attributes["access-control"] ?? "") ?? 0),
            domainState: attributes["domain-state"].flatMap { Data(base64Encoded: $0) })
    }

    public func write(_ record: KeychainRecord, service: String, key: String) throws(KeychainError) {
        // Text goes in as it is, so `secret-tool lookup` shows it; anything else as base64.
        let isText = !record.data.contains(0) && String(data: record.data, encoding: .utf8) != nil
        var values = [
            "service": service, "key": key, "encoding": isText ? "utf8" : "base64",
            "accessibility": record.accessibility.rawValue, "access-control": String(record.accessControl.rawValue),
        ]
        if let state = record.domainState { values["domain-state"] = state.base64EncodedString() }
        // Replacing must not leave an item with stale attributes beside the new one.
        _ = try delete(service: service, key: key)
        let attributes = Self.attributes(values)
        defer { g_hash_table_unref(attributes) }
        var error: UnsafeMutablePointer<GError>?
        var text = Array(
            (isText ? String(decoding: record.data, as: UTF8.self) : record.data.base64EncodedString()).utf8CString)
        defer { text.withUnsafeMutableBytes { if let p = $0.baseAddress { _ = memset(p, 0, $0.count) } } }
        let ok = secret_password_storev_sync(
            schema, attributes, nil, "Checklists: \(key) (\(service))", text, nil, &error)
        if let error { throw Self.consume(error) }
        guard ok != 0 else { throw KeychainError.backend("the keyring did not store the item") }
    }

    public func delete(service: String, key: String) throws(KeychainError) -> Bool {
        let attributes = Self.attributes(["service": service, "key": key])
        defer { g_hash_table_unref(attributes) }
        var error: UnsafeMutablePointer<GError>?
        let removed = secret_password_clearv_sync(schema, attributes, nil, &error)
        if let error { throw Self.consume(error) }
        return removed != 0
    }

    public func keys(service: String) throws(KeychainError) -> Set<String> {
        Set(try search(["service": service]).compactMap { $0["key"] })
    }

    /// The attributes of every item matching `query`.
    private func search(_ query: [String: String]) throws(KeychainError) -> [[String: String]] {
        let attributes = Self.attributes(query)
        defer { g_hash_table_unref(attributes) }
        var error: UnsafeMutablePointer<GError>?
        let found = secret_password_searchv_sync(schema, attributes, SECRET_SEARCH_ALL, nil, &error)
        if let error { throw Self.consume(error) }
        defer { g_list_free_full(found, g_object_unref) }
        var items: [[String: String]] = []
        var node = found
        while let current = node {
            if let item = current.pointee.data {
                let table = secret_retrievable_get_attributes(OpaquePointer(item))
                var values: [String: String] = [:]
                for name in Self.attributeNames {
                    if let value = g_hash_table_lookup(table, name) {
                        values[name] = String(cString: value.assumingMemoryBound(to: CChar.self))
                    }
                }
                g_hash_table_unref(table)
                items.append(values)
            }
            node = current.pointee.next
        }
        return items
    }

    // MARK: - Helpers

    /// A GHashTable of strings that libsecret reads; the caller unrefs it.
    static func attributes(_ values: [String: String]) -> OpaquePointer {
        let table = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, g_free)!
        for (name, value) in values {
            g_hash_table_insert(
                table, UnsafeMutableRawPointer(g_strdup(name)), UnsafeMutableRawPointer(g_strdup(value)))
        }
        return table
    }

    static func consume(_ error: UnsafeMutablePointer<GError>) -> KeychainError {
        defer { g_error_free(error) }
        return .backend(String(cString: error.pointee.message))
    }
}
