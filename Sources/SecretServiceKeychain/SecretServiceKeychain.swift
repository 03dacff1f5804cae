internal import CLazyLibs
import Foundation
import Keychain

/// Keychain items in the freedesktop Secret Service (gnome-keyring, KWallet) through libsecret.
///
/// Items carry the attributes `service` and `key` under the schema `org.checklists.Keychain`,
/// labelled "Checklists: KEY (SERVICE)", so a user finds them in Seahorse or with
/// `secret-tool search service Checklists`. The secret is the value itself (text), or its
/// base64 when it is binary (`encoding=base64`); the accessibility and access control ride
/// along as attributes.
///
/// Writes never leave a moment without a readable copy: each write stores a new item with a
/// fresh `rev` attribute, reads it back, and only then deletes the older items of that key.
/// Reads take the newest `rev`, so a write cut short at any step reads as the old value or the
/// new one, never as nothing.
public final class SecretServiceKeychain: KeychainBackend, @unchecked Sendable {
    /// The libsecret schema name.
    public static let schemaName = "org.checklists.Keychain"

    // Immutable after init; libsecret's sync calls are thread-safe.
    private let schema: UnsafeMutablePointer<SecretSchema>

    /// Called after each step of a write ("stored", "verified", "removed-old"); a test makes
    /// it throw to stop a write there, as a crash would. Nil in the shipped app.
    let afterStep: (@Sendable (String) throws(KeychainError) -> Void)?

    public convenience init() {
        self.init(step: nil)
    }

    /// A backend that calls `afterStep` between the steps of every write (tests only: no
    /// environment variable or setting reaches this).
    public convenience init(afterStep: @escaping @Sendable (String) throws(KeychainError) -> Void) {
        self.init(step: afterStep)
    }

    private init(step: (@Sendable (String) throws(KeychainError) -> Void)?) {
        afterStep = step
        let types = cl_g_hash_table_new_full(cl_g_str_hash, cl_g_str_equal, cl_g_free, nil)
        for name in Self.attributeNames {
            // SECRET_SCHEMA_ATTRIBUTE_STRING is 0, so its GINT_TO_POINTER is NULL.
            cl_g_hash_table_insert(types, UnsafeMutableRawPointer(cl_g_strdup(name)), nil)
        }
        schema = cl_secret_schema_newv(Self.schemaName, SECRET_SCHEMA_NONE, types)
        cl_g_hash_table_unref(types)
    }

    deinit { cl_secret_schema_unref(schema) }

    static let attributeNames = [
        "service", "key", "encoding", "accessibility", "access-control", "domain-state", "rev",
    ]

    public var name: String { "Secret Service" }

    public func read(service: String, key: String) throws(KeychainError) -> KeychainRecord? {
        // The newest copy wins: older ones are only left by a write that was cut short.
        let found = try search(["service": service, "key": key]).map(\.attributes)
        guard let attributes = found.max(by: { ($0["rev"] ?? "") < ($1["rev"] ?? "") }) else { return nil }
        var lookup = ["service": service, "key": key]
        if let rev = attributes["rev"] { lookup["rev"] = rev }
        let query = Self.attributes(lookup)
        defer { cl_g_hash_table_unref(query) }
        var error: UnsafeMutablePointer<GError>?
        let secret = cl_secret_password_lookupv_sync(schema, query, nil, &error)
        if let error { throw Self.consume(error) }
        guard let secret else { return nil }
        defer { cl_secret_password_free(secret) }
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
        let rev = Self.newRevision()
        values["rev"] = rev
        // 1. Store the new copy beside the old one (its own `rev`, so nothing is replaced).
        try store(values, text: record, isText: isText, label: "Checklists: \(key) (\(service))")
        try afterStep?("stored")
        // 2. Read it back.
        guard try read(service: service, key: key) == record else {
            throw KeychainError.backend("the keyring did not keep \(key)")
        }
        try afterStep?("verified")
        // 3. Only now remove the older copies.
        for item in try search(["service": service, "key": key]) where item.attributes["rev"] != rev {
            try deleteItem(item.object)
        }
        try afterStep?("removed-old")
    }

    private func store(_ values: [String: String], text record: KeychainRecord, isText: Bool, label: String)
        throws(KeychainError)
    {
        let attributes = Self.attributes(values)
        defer { cl_g_hash_table_unref(attributes) }
        var error: UnsafeMutablePointer<GError>?
        var text = Array(
            (isText ? String(decoding: record.data, as: UTF8.self) : record.data.base64EncodedString()).utf8CString)
        defer { text.withUnsafeMutableBytes { if let p = $0.baseAddress { _ = memset(p, 0, $0.count) } } }
        let ok = cl_secret_password_storev_sync(schema, attributes, nil, label, text, nil, &error)
        if let error { throw Self.consume(error) }
        guard ok != 0 else { throw KeychainError.backend("the keyring did not store the item") }
    }

    public func delete(service: String, key: String) throws(KeychainError) -> Bool {
        let attributes = Self.attributes(["service": service, "key": key])
        defer { cl_g_hash_table_unref(attributes) }
        var error: UnsafeMutablePointer<GError>?
        let removed = cl_secret_password_clearv_sync(schema, attributes, nil, &error)
        if let error { throw Self.consume(error) }
        return removed != 0
    }

    public func keys(service: String) throws(KeychainError) -> Set<String> {
        Set(try search(["service": service]).compactMap { $0.attributes["key"] })
    }

    /// An item found by `search`: its attributes, and the libsecret object to delete it by.
    private struct Found {
        let attributes: [String: String]
        let object: Item
    }

    /// Keeps a libsecret item object alive for as long as Swift holds it.
    private final class Item {
        let pointer: UnsafeMutableRawPointer
        init(_ pointer: UnsafeMutableRawPointer) {
            self.pointer = pointer
            cl_g_object_ref(pointer)
        }
        deinit { cl_g_object_unref(pointer) }
    }

    private func deleteItem(_ item: Item) throws(KeychainError) {
        var error: UnsafeMutablePointer<GError>?
        let ok = cl_secret_item_delete_sync(item.pointer.assumingMemoryBound(to: SecretItem.self), nil, &error)
        if let error { throw Self.consume(error) }
        guard ok != 0 else { throw KeychainError.backend("the keyring did not remove an old copy") }
    }

    /// A revision that sorts after every earlier one: the time in nanoseconds, then random bits.
    static func newRevision() -> String {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        let nanos = UInt64(max(0, time.tv_sec)) &* 1_000_000_000 &+ UInt64(max(0, time.tv_nsec))
        let hex = String(nanos, radix: 16)
        let random = String(UInt32.random(in: 0...UInt32.max), radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
            + String(repeating: "0", count: 8 - random.count) + random
    }

    /// Every item matching `query`.
    private func search(_ query: [String: String]) throws(KeychainError) -> [Found] {
        let attributes = Self.attributes(query)
        defer { cl_g_hash_table_unref(attributes) }
        var error: UnsafeMutablePointer<GError>?
        let found = cl_secret_password_searchv_sync(schema, attributes, SECRET_SEARCH_ALL, nil, &error)
        if let error { throw Self.consume(error) }
        defer { cl_g_list_free_full(found, cl_g_object_unref) }
        var items: [Found] = []
        var node = found
        while let current = node {
            if let item = current.pointee.data {
                let table = cl_secret_retrievable_get_attributes(OpaquePointer(item))
                var values: [String: String] = [:]
                for name in Self.attributeNames {
                    if let value = cl_g_hash_table_lookup(table, name) {
                        values[name] = String(cString: value.assumingMemoryBound(to: CChar.self))
                    }
                }
                cl_g_hash_table_unref(table)
                items.append(Found(attributes: values, object: Item(item)))
            }
            node = current.pointee.next
        }
        return items
    }

    // MARK: - Helpers

    /// A GHashTable of strings that libsecret reads; the caller unrefs it.
    static func attributes(_ values: [String: String]) -> OpaquePointer {
        let table = cl_g_hash_table_new_full(cl_g_str_hash, cl_g_str_equal, cl_g_free, cl_g_free)!
        for (name, value) in values {
            cl_g_hash_table_insert(
                table, UnsafeMutableRawPointer(cl_g_strdup(name)), UnsafeMutableRawPointer(cl_g_strdup(value)))
        }
        return table
    }

    static func consume(_ error: UnsafeMutablePointer<GError>) -> KeychainError {
        defer { cl_g_error_free(error) }
        return .backend(String(cString: error.pointee.message))
    }
}
