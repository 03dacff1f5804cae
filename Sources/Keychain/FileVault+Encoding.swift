import Foundation

/// The vault's plaintext layout: a count of services, and per service its name and a count of
/// items, each item as key, value, accessibility, access control and domain state. Strings and
/// bytes are length-prefixed (UInt32, little-endian). Compact and cheap to read on every start.
extension FileVault {
    static func encode(_ items: Items) -> [UInt8] {
        var out: [UInt8] = []
        func number(_ value: UInt32) { out += (0..<4).map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) } }
        func bytes(_ value: [UInt8]) {
            number(UInt32(value.count))
            out += value
        }
        func text(_ value: String) { bytes(Array(value.utf8)) }
        number(UInt32(items.count))
        for (service, records) in items.sorted(by: { $0.key < $1.key }) {
            text(service)
            number(UInt32(records.count))
            for (key, record) in records.sorted(by: { $0.key < $1.key }) {
                text(key)
                bytes(Array(record.data))
                text(record.accessibility.rawValue)
                number(record.accessControl.rawValue)
                bytes(record.domainState.map(Array.init) ?? [])
            }
        }
        return out
    }

    static func decode(_ input: [UInt8]) -> Items? {
        var offset = 0
        func number() -> UInt32? {
            guard offset + 4 <= input.count else { return nil }
            defer { offset += 4 }
            return (0..<4).reduce(0) { $0 | UInt32(input[offset + $1]) << ($1 * 8) }
        }
        func bytes() -> [UInt8]? {
            guard let count = number().map(Int.init), offset + count <= input.count else { return nil }
            defer { offset += count }
            return Array(input[offset..<offset + count])
        }
        func text() -> String? { bytes().map { String(decoding: $0, as: UTF8.self) } }
        guard let services = number() else { return nil }
        var items: Items = [:]
        for _ in 0..<services {
            guard let service = text(), let count = number() else { return nil }
            var records: [String: KeychainRecord] = [:]
            for _ in 0..<count {
                guard let key = text(), let data = bytes(), let accessibility = text(), let control = number(),
                    let state = bytes()
                else { return nil }
                records[key] = KeychainRecord(
                    data: Data(data),
                    accessibility: KeychainItemAccessibility(rawValue: accessibility) ?? .whenUnlocked,
                    accessControl: KeychainAccessControl(rawValue: control),
                    domainState: state.isEmpty ? nil : Data(state))
            }
            items[service] = records
        }
        return offset == input.count ? items : nil
    }
}
