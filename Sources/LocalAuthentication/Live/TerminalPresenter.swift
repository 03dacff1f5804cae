import Foundation
import Localization
import Sodium

/// Prompts on the controlling terminal (`/dev/tty`), like sudo: works even when standard input
/// and output are redirected. Esc or Ctrl-C cancels; Enter takes the fallback once offered;
/// passwords are read without echo.
public final class TerminalPresenter: AuthenticationPresenter, @unchecked Sendable {
    private let ttyPath: String
    private let lock = NSLock()
    private var listener: KeyListener?

    public init(ttyPath: String = "/dev/tty") {
        self.ttyPath = ttyPath
    }

    public var canPrompt: Bool {
        let fd = open(ttyPath, O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard fd >= 0 else { return false }
        close(fd)
        return true
    }

    public func beginFingerprintPrompt(_ prompt: FingerprintPrompt, actions: @escaping @Sendable (UserAction) -> Void) {
        guard let tty = Terminal(path: ttyPath) else { return }
        tty.raw()
        tty.write(prompt.reason + "\n" + tr("Touch the fingerprint reader (Esc: %@).", prompt.cancelTitle) + "\n")
        let listener = KeyListener(tty: tty, actions: actions)
        lock.withLock { self.listener = listener }
        listener.start()
    }

    public func updateFingerprintPrompt(_ update: FingerprintPromptUpdate) {
        guard let tty = lock.withLock({ listener?.tty }) else { return }
        switch update {
        case .waitingForFinger: break
        case .hint(let hint): tty.write("  \(hint.message)\n")
        case .notRecognized(let left):
            tty.write(
                "  "
                    + trn(
                        "Not recognised. Try again (%d attempt left).", "Not recognised. Try again (%d attempts left).",
                        left) + "\n")
        case .fallbackOffered(let title): tty.write("  " + tr("Press Enter to %@ instead.", title.lowercased()) + "\n")
        }
    }

    public func endFingerprintPrompt() {
        let listener = lock.withLock {
            defer { self.listener = nil }
            return self.listener
        }
        listener?.stop()
    }

    public func askPassword(_ prompt: PasswordPrompt) -> [UInt8]? {
        guard let tty = Terminal(path: ttyPath) else { return nil }
        defer { tty.close() }
        // No echo before the prompt shows, so nothing typed after it can ever be echoed.
        tty.raw()
        if let notice = prompt.notice {
            tty.write(notice + "\n")
        } else if !prompt.reason.isEmpty {
            tty.write(prompt.reason + "\n")
        }
        tty.write(tr("%@ (Esc: %@): ", prompt.label, prompt.cancelTitle))
        defer {
            tty.restore()
            tty.write("\n")
        }
        var password: [UInt8] = []
        while let byte = tty.readByte(timeout: -1) {
            switch byte {
            case 0x0D, 0x0A: return password
            // An arrow, Delete or Home key is not Esc: it cancelled, and the rest of its sequence
            // ("[D") landed on the shell's command line.
            case 0x1B where tty.skipEscapeSequence(): continue
            case 0x1B, 0x03: Sodium.wipe(&password); return nil
            case 0x04 where password.isEmpty: return nil
            case 0x7F, 0x08: if !password.isEmpty { password.removeLast() }
            case 0x15: Sodium.wipe(&password); password.removeAll()
            default: password.append(byte)
            }
        }
        Sodium.wipe(&password)
        return nil
    }

    public func notify(_ message: String) {
        guard let tty = Terminal(path: ttyPath) else { return }
        defer { tty.close() }
        tty.write(message + "\n")
    }
}

/// Reads keys on a background thread while the fingerprint prompt shows.
private final class KeyListener: @unchecked Sendable {
    let tty: Terminal
    let actions: @Sendable (UserAction) -> Void
    private let lock = NSLock()
    private var running = true
    private let done = DispatchSemaphore(value: 0)
    /// Written once by `stop` to wake the reading thread at once (a poll timeout would make
    /// every fingerprint unlock wait for it).
    private var wake: [Int32] = [-1, -1]

    init(tty: Terminal, actions: @escaping @Sendable (UserAction) -> Void) {
        self.tty = tty
        self.actions = actions
        if pipe(&wake) == 0 {
            for fd in wake { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        } else {
            wake = [-1, -1]
        }
    }

    func start() {
        tty.raw()
        let wakeFD = wake[0]
        Thread { [self] in
            while lock.withLock({ running }) {
                // Without a wake pipe, fall back to looking at `running` every 100 ms.
                guard let byte = tty.readByte(timeout: wakeFD < 0 ? 100 : -1, orWake: wakeFD) else { continue }
                switch byte {
                case 0x1B where tty.skipEscapeSequence(): break
                case 0x1B, 0x03, UInt8(ascii: "q"): actions(.cancel)
                case 0x0D, 0x0A: actions(.fallback)
                default: break
                }
            }
            done.signal()
        }.start()
    }

    func stop() {
        lock.withLock { running = false }
        if wake[1] >= 0 {
            var byte: UInt8 = 1
            _ = write(wake[1], &byte, 1)
        }
        done.wait()
        for fd in wake where fd >= 0 { close(fd) }
        tty.restore()
        tty.close()
    }
}

/// An open terminal with its original settings, to restore on the way out.
final class Terminal: @unchecked Sendable {
    let fd: Int32
    private var saved = termios()
    private var isRaw = false
    private var isOpen = true

    init?(path: String) {
        fd = open(path, O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
    }

    /// A terminal dropped without `close()` is still restored and closed.
    deinit { close() }

    func write(_ text: String) {
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeMutableBytes { Glibc.write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return }
            offset += n
        }
    }

    /// No echo, no line editing, no signals from keys: every key arrives as a byte.
    func raw() {
        guard !isRaw, tcgetattr(fd, &saved) == 0 else { return }
        var settings = saved
        settings.c_lflag &= ~tcflag_t(ECHO | ICANON | ISIG | IEXTEN)
        settings.c_iflag &= ~tcflag_t(ICRNL | IXON)
        // A signal that ends the process during the prompt gives the terminal back first.
        RawModeSignals.hold(fd, settings: saved, owner: ObjectIdentifier(self))
        // TCSADRAIN, not TCSAFLUSH: keys typed ahead are kept, not thrown away.
        tcsetattr(fd, TCSADRAIN, &settings)
        isRaw = true
    }

    func restore() {
        guard isRaw else { return }
        tcsetattr(fd, TCSADRAIN, &saved)
        RawModeSignals.release(ObjectIdentifier(self))
        isRaw = false
    }

    /// After an ESC: reads the rest of a key's escape sequence if one follows at once (an arrow
    /// `ESC [ D`, Delete `ESC [ 3 ~`, F1 `ESC O P`, Alt with a key) and says whether it did. An
    /// ESC with nothing after it within 50 ms, or a second ESC, is the Esc key itself.
    func skipEscapeSequence() -> Bool {
        guard let next = readByte(timeout: 50), next != 0x1B else { return false }
        switch next {
        case UInt8(ascii: "["):
            // Parameters and intermediates, then one final byte (0x40–0x7E).
            while let byte = readByte(timeout: 50), !(0x40...0x7E).contains(byte) {}
        case UInt8(ascii: "O"):
            _ = readByte(timeout: 50)
        default:
            break
        }
        return true
    }

    /// One byte, or nil on timeout (milliseconds; -1 waits), end of input, or once `wake`
    /// (a descriptor, -1 for none) becomes readable.
    func readByte(timeout: Int32, orWake wake: Int32 = -1) -> UInt8? {
        var pfds = [
            pollfd(fd: fd, events: Int16(POLLIN), revents: 0), pollfd(fd: wake, events: Int16(POLLIN), revents: 0),
        ]
        while true {
            let ready = poll(&pfds, 2, timeout)
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0, pfds[1].revents == 0 else { return nil }
            var byte: UInt8 = 0
            let n = read(fd, &byte, 1)
            if n < 0 && errno == EINTR { continue }
            return n == 1 ? byte : nil
        }
    }

    /// Restores the settings and closes the descriptor; safe to call twice.
    func close() {
        guard isOpen else { return }
        isOpen = false
        restore()
        Glibc.close(fd)
    }
}
