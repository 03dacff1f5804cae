/// Errors from the D-Bus client.
public enum DBusError: Error, Sendable, Equatable {
    /// No bus address is known or the bus does not answer.
    case noBus(String)
    /// The peer replied with a D-Bus error (e.g. `net.reactivated.Fprint.Error.NoSuchDevice`).
    case remote(name: String, message: String)
    /// No reply within the timeout.
    case timeout
    /// Any other failure, with GLib's message.
    case failed(String)

    /// The remote error's name, if this is one.
    public var remoteName: String? {
        if case .remote(let name, _) = self { return name }
        return nil
    }
}

extension DBusError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .noBus(let m): "no D-Bus: \(m)"
        case .remote(let name, let message): "\(name): \(message)"
        case .timeout: "D-Bus call timed out"
        case .failed(let m): m
        }
    }
}
