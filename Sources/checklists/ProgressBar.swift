import Foundation
import TerminalText

#if canImport(Glibc)
    import Glibc
#endif

/// A one-line progress bar with counts on standard error, only on a terminal and only once
/// the work has taken half a second (short runs stay silent).
final class ProgressBar: @unchecked Sendable {
    private let enabled: Bool
    private let label: String
    private let start = Date()
    private var lastDrawn = Date.distantPast
    private var drawn = false

    init(enabled: Bool, label: String) {
        self.enabled = enabled && isatty(2) == 1
        self.label = label
    }

    /// Shows `done` of `total` (at most ten times a second).
    func show(_ done: Int, _ total: Int) {
        guard enabled, total > 0 else { return }
        let now = Date()
        guard now.timeIntervalSince(start) >= 0.5, now.timeIntervalSince(lastDrawn) >= 0.1 else { return }
        lastDrawn = now
        let width = 30
        let filled = min(width, max(0, done * width / total))
        let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
        draw("\r\(TerminalText.line(label)) [\(bar)] \(done)/\(total)")
        drawn = true
    }

    /// Clears the bar's line, if one was drawn.
    func finish() {
        guard drawn else { return }
        draw("\r\u{1B}[K")
        drawn = false
    }

    private func draw(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    }
}
