import Foundation
import Sodium

/// Random bytes drawn 64 KiB at a time and handed out in small pieces: a bulk import needs a
/// nonce (and often a uid) per row, and one getrandom call per piece was a tenth of a
/// 100,000-item import. Each 64 KiB is ChaCha20 output under a fresh seed from the CSPRNG
/// (`Sodium.seededRandomBytes`; the kernel gives 256 bytes per call). Every byte is handed out once.
struct RandomPool {
    private var bytes: [UInt8] = []
    private var next = 0

    /// The next `count` bytes.
    mutating func take(_ count: Int) -> ArraySlice<UInt8> {
        if next + count > bytes.count {
            bytes = Sodium.seededRandomBytes(max(65536, count))
            next = 0
        }
        defer { next += count }
        return bytes[next..<next + count]
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// A fresh uid as `ChecklistStore.State.newUID()` makes it: a random (version 4) UUID in
    /// lowercase, its hex written here (Foundation's `uuidString` formats with sprintf).
    mutating func uid() -> String {
        let r = take(16)
        let hex = Self.hexDigits
        return String(unsafeUninitializedCapacity: 36) { out in
            var at = 0
            for (n, raw) in r.enumerated() {
                let byte = n == 6 ? raw & 0x0F | 0x40 : n == 8 ? raw & 0x3F | 0x80 : raw
                if n == 4 || n == 6 || n == 8 || n == 10 {
                    out[at] = 45  // "-"
                    at += 1
                }
                out[at] = hex[Int(byte >> 4)]
                out[at + 1] = hex[Int(byte & 0x0F)]
                at += 2
            }
            return at
        }
    }
}
