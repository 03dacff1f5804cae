import Localization

/// Errors from the D-Bus client.
public enum DBusError: Error, Sendable, Equatable {
    /// No bus address is known or the bus does not answer.
    case noBus(String)
    /// The peer replied with a D-Bus error (e.g. `net.reactivated.Fprint.Error.NoSuchDevice`).
    case remote(name: String, message: String)
    /// The bus accepted the connection but did not answer the handshake within `seconds`.
    case noAnswer(bus: String, seconds: Double)
    /// No reply within the timeout.
    case timeout
    /// Any other failure, with GLib's message.
    case failed(String)

    /// Whether the bus itself is missing or silent (as opposed to a service on it failing).
    public var isBusUnavailable: Bool {
        switch self {
        case .noBus, .noAnswer: true
        default: false
        }
    }

    /// Whether a bus accepted the connection but did not answer in time.
    public var isSilentBus: Bool {
        if case .noAnswer = self { return true }
        return false
    }

    /// The remote error's name, if this is one.
    public var remoteName: String? {
        if case .remote(let name, _) = self { return name }
        return nil
    }
}

extension DBusError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .noBus(let m): tr("no D-Bus: %@", m)
        case .remote(let name, let message): "\(name): \(message)"
        case .noAnswer(let bus, let seconds): tr("%@ did not answer within %@ s", "\(bus)", Self.format(seconds))
        case .timeout: tr("D-Bus call timed out")
        case .failed(let m): m
        }
    }

    /// "2", "0.5": whole seconds without a fraction.
    private static func format(_ seconds: Double) -> String {
        seconds == seconds.rounded() && abs(seconds) < 1e9 ? String(Int(seconds)) : String(seconds)
    }
}
