import Foundation
import Sodium

/// Random bytes drawn from the CSPRNG a few kilobytes at a time and handed out in small pieces:
/// a bulk import needs a nonce (and often a uid) per row, and one getrandom call per piece was a
/// tenth of a 100,000-item import. Every byte is handed out once.
struct RandomPool {
    private var bytes: [UInt8] = []
    private var next = 0

    /// The next `count` bytes (at most 4096).
    mutating func take(_ count: Int) -> ArraySlice<UInt8> {
        if next + count > bytes.count {
            bytes = Sodium.randomBytes(max(4096, count))
            next = 0
        }
        defer { next += count }
        return bytes[next..<next + count]
    }

    /// A fresh uid as `ChecklistStore.State.newUID()` makes it: a random (version 4) UUID in lowercase.
    mutating func uid() -> String {
        let r = take(16)
        let b = r.startIndex
        let uuid = UUID(
            uuid: (
                r[b], r[b + 1], r[b + 2], r[b + 3], r[b + 4], r[b + 5], r[b + 6] & 0x0F | 0x40, r[b + 7],
                r[b + 8] & 0x3F | 0x80, r[b + 9], r[b + 10], r[b + 11], r[b + 12], r[b + 13], r[b + 14], r[b + 15]
            ))
        return uuid.uuidString.lowercased()
    }
}
