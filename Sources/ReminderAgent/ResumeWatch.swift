import DBus
import Foundation

/// Watches logind's `PrepareForSleep(false)` on the system bus and writes a byte to `wakeFD`
/// on resume. It connects on its own thread, so a system bus that is slow or never answers
/// delays nothing else; without one the agent simply does not hear about resumes.
final class ResumeWatch: @unchecked Sendable {
    private let lock = NSLock()
    private var bus: DBusConnection?
    private var closed = false

    /// Starts connecting; `wakeFD` must stay open until `close()` returns.
    init(wakeFD: Int32) {
        Thread { [self] in
            guard let bus = try? DBusConnection(bus: .system) else { return }
            _ = bus.subscribe(
                sender: nil, path: "/org/freedesktop/login1", interface: "org.freedesktop.login1.Manager",
                member: "PrepareForSleep"
            ) { _, _, arguments in
                if arguments.first?.bool == false { _ = write(wakeFD, "w", 1) }
            }
            let keep = lock.withLock {
                if !closed { self.bus = bus }
                return !closed
            }
            if !keep { bus.close() }
        }.start()
    }

    /// Stops watching (a connection still being made is closed when it arrives).
    func close() {
        let bus = lock.withLock {
            closed = true
            return self.bus
        }
        bus?.close()
    }
}
