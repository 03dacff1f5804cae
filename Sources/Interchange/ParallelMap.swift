import Dispatch

/// `body(0) … body(count - 1)` worked out on every core, in order: the files of a 100,000-item
/// vdir are independent, and making or reading each is mostly system calls. Indices go out in
/// runs of `run`; each result is written once, into its own slot, by the thread that made it,
/// and the slots are read only after every thread has finished.
func parallelMap<T>(_ count: Int, run: Int = 256, _ body: @Sendable (Int) -> T) -> [T] {
    guard count > 0 else { return [] }
    let slots = Slots<T>(count)
    DispatchQueue.concurrentPerform(iterations: (count + run - 1) / run) { chunk in
        for index in chunk * run..<min(count, chunk * run + run) { slots.set(index, body(index)) }
    }
    return slots.values()
}

/// Uninitialized memory for `count` results, each set exactly once (see `parallelMap`).
private final class Slots<T>: @unchecked Sendable {
    private let base: UnsafeMutablePointer<T>
    private let count: Int

    init(_ count: Int) {
        self.count = count
        base = .allocate(capacity: count)
    }

    func set(_ index: Int, _ value: T) { (base + index).initialize(to: value) }

    /// The results, moved out (call once, after every slot is set).
    func values() -> [T] {
        let values = Array(UnsafeBufferPointer(start: base, count: count))
        base.deinitialize(count: count)
        return values
    }

    deinit { base.deallocate() }
}
