import Foundation

/// Reads every process's /proc/PID/cmdline and environ over and over on a background thread
/// while commands run, and records any that contain one of the markers.
final class ProcSampler: @unchecked Sendable {
    let markers: [[UInt8]]
    private let lock = NSLock()
    private var running = false
    private var thread: Thread?
    private var found: Set<String> = []
    private var count = 0

    init(markers: [String]) {
        self.markers = markers.map { Array($0.utf8) }
    }

    /// What was found, as "PID/file: marker".
    var leaks: Set<String> { lock.withLock { found } }
    /// How many full passes over /proc were made.
    var samples: Int { lock.withLock { count } }

    func start() {
        lock.withLock { running = true }
        let thread = Thread { [self] in
            while lock.withLock({ running }) {
                sampleOnce()
                usleep(2_000)
            }
        }
        self.thread = thread
        thread.start()
    }

    func stop() {
        lock.withLock { running = false }
        usleep(20_000)
    }

    private func sampleOnce() {
        let me = getpid()
        for pid in Self.pids() where pid != me {
            for file in ["cmdline", "environ"] {
                guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/\(file)") else { continue }
                let bytes = Array(data)
                for (index, marker) in markers.enumerated() where Self.contains(bytes, marker) {
                    lock.withLock { _ = found.insert("\(pid)/\(file): marker \(index)") }
                }
            }
        }
        lock.withLock { count += 1 }
    }

    static func pids() -> [Int32] {
        ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).compactMap { Int32($0) }
    }

    /// The first process whose environment holds `entry` (e.g. a unique `CHECKLISTS_HOME=`).
    static func pid(environmentContaining entry: String) -> Int32? {
        let needle = Array(entry.utf8) + [0]
        return pids().first { pid in
            guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/environ") else { return false }
            return contains(Array(data), needle)
        }
    }

    static func contains(_ bytes: [UInt8], _ needle: [UInt8]) -> Bool {
        guard !needle.isEmpty, needle.count <= bytes.count else { return false }
        for start in 0...(bytes.count - needle.count) where bytes[start] == needle[0] {
            if bytes[start..<start + needle.count].elementsEqual(needle) { return true }
        }
        return false
    }
}
