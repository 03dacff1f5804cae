import DBus
import Foundation

/// The real fprintd with libfprint's virtual device on a private system bus.
public final class FprintdRig: @unchecked Sendable {
    public let rig: Rig
    /// The id of the enrolled print; `scan(enrolled)` matches.
    public let enrolled: String?

    /// Starts fprintd, enrolling one finger with print id `enroll` unless nil.
    public init(enroll: String? = "right", noDevice: Bool = false) throws {
        var arguments: [String] = []
        if let enroll { arguments += ["--enroll", enroll] }
        if noDevice { arguments.append("--no-device") }
        rig = try Rig("fprintd", arguments: arguments)
        enrolled = enroll
        guard let bus = rig.environment["DBUS_SYSTEM_BUS_ADDRESS"],
            rig.environment["CHECKLISTS_TEST_FPRINT_SOCKET"] != nil
        else {
            throw RigError(name: "fprintd", message: "the rig printed no bus address")
        }
        watcher = VerifyWatcher(busAddress: bus)
    }

    /// `DBUS_SYSTEM_BUS_ADDRESS` of the private bus.
    public var busAddress: String { rig.environment["DBUS_SYSTEM_BUS_ADDRESS"]! }

    /// Puts a finger on the reader once it waits for one: the enrolled print when `matching`,
    /// another otherwise. Waits for the verification to finish with it.
    public func scan(matching: Bool) throws {
        try send("SCAN \(matching ? enrolled ?? "nobody" : "stranger")", final: true)
    }

    /// Sends a raw virtual-device command (`RETRY 1`, `ERROR 5`, `UNPLUG`) once a finger is needed.
    /// - Parameter final: Whether the command ends the verification (then this waits for that).
    /// A final command returns once fprintd has reported the verification's result (its
    /// VerifyStatus with done=true), so the next command cannot reach the device before the
    /// client has been told. The command after a final one waits for the client's next
    /// VerifyStart (fprintd's VerifyFingerSelected signal) before it looks at `finger-needed`:
    /// the property's false between two verifications can last under a millisecond (the client
    /// answers a no-match with VerifyStop + VerifyStart), too short to be seen by polling.
    public func send(_ command: String, final: Bool = false) throws {
        if let verification = watcher.lastResultVerification, !watcher.waitForVerification(after: verification) {
            throw RigError(
                name: "fprintd",
                message:
                    "no new verification started after the result (results reported: \(results)); fprintd said:\n\(logTail())"
            )
        }
        try waitForFingerNeeded()
        let before = watcher.results.count
        try deviceCommand(command)
        guard final else { return }
        guard watcher.waitForResult(after: before) else {
            throw RigError(name: "fprintd", message: "no result after \(command); fprintd said:\n\(logTail())")
        }
    }

    /// The results fprintd reported for verifications so far, in order.
    public var results: [String] { watcher.results }
    private let watcher: VerifyWatcher

    /// Enrols another finger (the set of enrolled fingers changes).
    public func enrollAnother(_ id: String) throws {
        let result = try rig.run("enroll", id)
        guard result.status == 0 else { throw RigError(name: "fprintd", message: result.stderr) }
    }

    private func waitForFingerNeeded() throws {
        let connection = try DBusConnection(bus: .address(busAddress))
        defer { connection.close() }
        let started = Date()
        var polls = 0
        var failures = 0
        var lastFailure = ""
        var lastValue = "none"
        for _ in 0..<2000 {
            polls += 1
            let value: DBusValue?
            do {
                value = try connection.property(
                    destination: "net.reactivated.Fprint", path: "/net/reactivated/Fprint/Device/0",
                    interface: "net.reactivated.Fprint.Device", name: "finger-needed")
            } catch {
                value = nil
                failures += 1
                lastFailure = "\(error)"
            }
            lastValue = value.map { "\($0)" } ?? "none"
            // An unreadable property (device released) means no finger is needed.
            if value?.bool == true { return }
            usleep(5000)
        }
        // What the rig saw, to tell a slow or failing poll from a reader that never asked.
        let seen =
            "\(polls) reads in \(String(format: "%.1f", Date().timeIntervalSince(started))) s, \(failures) failed"
            + (lastFailure.isEmpty ? "" : " (last: \(lastFailure))") + ", last value \(lastValue)"
        throw RigError(
            name: "fprintd",
            message:
                "finger-needed never became true (\(seen); results reported: \(results)); fprintd said:\n\(logTail())"
        )
    }

    /// fprintd's last debug lines about verifications (the rig runs it with G_MESSAGES_DEBUG=all),
    /// for a failure's message: whether it reported a result the client then did not act on.
    public func logTail(lines: Int = 20) -> String {
        let text = (try? String(contentsOfFile: rig.directory.appending("fprintd.log"), encoding: .utf8)) ?? ""
        let wanted = [
            "verify", "Verify", "claim", "Claim", "release", "Release", "finger", "Finger", "Device reported",
        ]
        let relevant = text.split(separator: "\n").filter { line in wanted.contains { line.contains($0) } }
        return relevant.suffix(lines).joined(separator: "\n")
    }

    /// One command per connection: write, shut down writing, read to EOF.
    private func deviceCommand(_ command: String) throws {
        let path = rig.environment["CHECKLISTS_TEST_FPRINT_SOCKET"]!
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw RigError(name: "fprintd", message: "socket: \(errno)") }
        defer { close(fd) }
        guard UnixAddress.connect(fd, to: path) == 0 else {
            throw RigError(name: "fprintd", message: "connect \(path): \(errno)")
        }
        let bytes = Array(command.utf8)
        _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        shutdown(fd, Int32(SHUT_WR))
        var buffer = [UInt8](repeating: 0, count: 256)
        while read(fd, &buffer, buffer.count) > 0 {}
    }
}

/// fprintd's verifications as its signals tell them, from the moment this is made: each
/// VerifyStart (VerifyFingerSelected) and each result (VerifyStatus with done=true).
private final class VerifyWatcher: @unchecked Sendable {
    /// What the signal handlers fill in (they must not hold the watcher, which owns the connection).
    private final class Seen: @unchecked Sendable {
        let changed = NSCondition()
        var verifications = 0
        var results: [String] = []
        /// `verifications` when the last result came.
        var verificationAtLastResult: Int?

        func update(_ change: (Seen) -> Void) {
            changed.lock()
            change(self)
            changed.broadcast()
            changed.unlock()
        }

        func read<T>(_ body: (Seen) -> T) -> T {
            changed.lock()
            defer { changed.unlock() }
            return body(self)
        }

        /// Whether `condition` holds within 10 s.
        func wait(until condition: (Seen) -> Bool) -> Bool {
            let deadline = Date().addingTimeInterval(10)
            changed.lock()
            defer { changed.unlock() }
            while !condition(self) {
                if !changed.wait(until: deadline) { return condition(self) }
            }
            return true
        }
    }
    private let connection: DBusConnection?
    private let seen = Seen()

    init(busAddress: String) {
        connection = try? DBusConnection(bus: .address(busAddress))
        let path = "/net/reactivated/Fprint/Device/0"
        let interface = "net.reactivated.Fprint.Device"
        _ = connection?.subscribe(sender: nil, path: path, interface: interface, member: "VerifyFingerSelected") {
            [seen] _, _, _ in
            seen.update { $0.verifications += 1 }
        }
        _ = connection?.subscribe(sender: nil, path: path, interface: interface, member: "VerifyStatus") {
            [seen] _, _, arguments in
            guard arguments.count >= 2, let result = arguments[0].string, arguments[1].bool == true else { return }
            seen.update {
                $0.results.append(result)
                $0.verificationAtLastResult = $0.verifications
            }
        }
    }

    deinit { connection?.close() }

    var results: [String] { seen.read { $0.results } }
    var lastResultVerification: Int? { seen.read { $0.verificationAtLastResult } }

    /// Whether a verification started after the `verification`th, within 10 s.
    func waitForVerification(after verification: Int) -> Bool { seen.wait { $0.verifications > verification } }

    /// Whether more than `count` results have come, within 10 s.
    func waitForResult(after count: Int) -> Bool { seen.wait { $0.results.count > count } }
}
