/// An item or note ID as a user types it: only in the form the app prints it (decimal digits,
/// no sign, no leading zeros except "0" itself), so "+0", "-0" and "00" are not quietly item 0.
public enum RecordID: Sendable, Equatable {
    /// A well-formed ID.
    case id(Int64)
    /// Digits in the printed form, but too large for any ID: no record has it.
    case outOfRange
    /// A number with a sign or leading zeros ("-1", "+0", "007"): not how an ID is printed.
    case signedOrPadded
    /// Not a number at all.
    case notANumber

    /// Reads `text`.
    public init(_ text: String) {
        let bytes = Array(text.utf8)
        let unsigned =
            bytes.first == UInt8(ascii: "+") || bytes.first == UInt8(ascii: "-") ? bytes.dropFirst() : bytes[...]
        guard !unsigned.isEmpty, unsigned.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else {
            self = .notANumber
            return
        }
        guard unsigned.count == bytes.count, bytes[0] != UInt8(ascii: "0") || bytes.count == 1 else {
            self = .signedOrPadded
            return
        }
        self = Int64(text).map { .id($0) } ?? .outOfRange
    }
}
