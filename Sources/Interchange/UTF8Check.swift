/// Checks that bytes are UTF-8 without making a String of them (`String(validating:)` copies
/// the whole input: 31 MB for a 100,000-item backup); the standard library's `UTF8Span`
/// validates in place (RFC 3629: no overlong forms, no surrogates, nothing past U+10FFFF).
enum UTF8Check {
    /// Whether `bytes` are well-formed UTF-8.
    static func isValid(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        (try? UTF8Span(validating: bytes.span)) != nil
    }
}
