import Foundation

/// Runs long blocking work (a soak loop, a fuzzer) on its own thread, so that it does not hold
/// one of the few threads of Swift's cooperative pool for many seconds and starve the async
/// tests of other suites running at the same time.
enum BlockingWork {
    static func run<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            let thread = Thread { continuation.resume(with: Result { try body() }) }
            thread.start()
        }
    }
}
