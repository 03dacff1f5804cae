/// The content lines of an iCalendar file, unfolded (CRLF or LF, then a space or tab, continues
/// the line), each with its first physical line number. A line that is not folded stays where
/// it is in the file's bytes; only folded ones are copied, joined, into `joined`.
struct ICalendarLines {
    private let bytes: UnsafeBufferPointer<UInt8>
    /// Per line: its start and end, in `bytes` when `folded` is false, else in `joined`.
    private var starts: [Int] = []
    private var ends: [Int] = []
    private var numbers: [Int] = []
    private var folded: [Bool] = []
    private var joined: [UInt8] = []

    /// Finds the lines of `bytes` (which must outlive the value).
    /// - Throws: `.badCalendar` for a continuation line first, `.tooLarge` past
    ///   `ICalendarReader.maxLines` lines.
    init(_ bytes: UnsafeBufferPointer<UInt8>) throws(InterchangeError) {
        self.bytes = bytes
        // Bytes, not Characters: "\r\n" is one Character, and U+2028 in a text is not a line end.
        var number = 0
        var start = 0
        let count = bytes.count
        while start < count {
            var end = start
            while end < count, bytes[end] != 10 { end += 1 }
            number += 1
            var last = end
            if last > start, bytes[last - 1] == 13 { last -= 1 }
            if last > start, bytes[start] == 32 || bytes[start] == 9 {
                guard let current = numbers.indices.last else {
                    throw .badCalendar(line: number, "a continuation line comes first")
                }
                if !folded[current] {
                    // First continuation: the line so far moves into `joined`.
                    let from = joined.count
                    joined += UnsafeBufferPointer(rebasing: bytes[starts[current]..<ends[current]])
                    (starts[current], folded[current]) = (from, true)
                }
                joined += UnsafeBufferPointer(rebasing: bytes[(start + 1)..<last])
                ends[current] = joined.count
            } else if last > start {
                guard numbers.count < ICalendarReader.maxLines else {
                    throw .tooLarge("over \(ICalendarReader.maxLines) lines")
                }
                starts.append(start)
                ends.append(last)
                numbers.append(number)
                folded.append(false)
            }
            start = end + 1
        }
    }

    var indices: Range<Int> { numbers.indices }

    /// The physical line number the line `index` starts on.
    func number(_ index: Int) -> Int { numbers[index] }

    /// `body` over the bytes of the line `index`.
    func withLine<T>(_ index: Int, _ body: (UnsafeBufferPointer<UInt8>) -> T) -> T {
        guard folded[index] else { return body(UnsafeBufferPointer(rebasing: bytes[starts[index]..<ends[index]])) }
        return joined.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[starts[index]..<ends[index]])) }
    }
}
