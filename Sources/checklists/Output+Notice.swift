import Foundation

extension Output {
    /// Writes a line to standard error once per process, however often it is asked for (one
    /// command may choose its keychain several times, and a silent bus is news only once).
    static func notice(_ text: String) {
        guard NoticesShown.shared.insert(text) else { return }
        error(text)
    }
}

/// The notices this process has already written: the only shared state behind `notice`.
private final class NoticesShown: @unchecked Sendable {
    static let shared = NoticesShown()
    private let lock = NSLock()
    private var shown: Set<String> = []

    /// Records `text`; false when it was there already.
    func insert(_ text: String) -> Bool {
        lock.withLock { shown.insert(text).inserted }
    }
}
