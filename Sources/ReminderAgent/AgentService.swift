import Foundation
import Localization
import PrivateFiles
import TerminalText

/// The agent as a systemd user service (`~/.config/systemd/user/checklists-agent.service`).
public struct AgentService: Sendable {
    /// Where the unit file goes.
    public let unitPath: String
    /// The data directory the agent serves.
    public let home: String
    /// The program the unit starts (this executable).
    public let binary: String
    let environment: [String: String]

    /// What `install` did.
    public struct Installed: Sendable, Equatable {
        /// The unit file written.
        public let unitPath: String
        /// Whether a systemd user manager enabled and started it.
        public let enabled: Bool
        /// Without a user manager: a shell line that starts the agent by hand.
        public let manualStart: String
    }

    /// The service for data directory `home` (a relative one is taken from the working
    /// directory now: the agent starts elsewhere), with the unit under `$XDG_CONFIG_HOME` (else
    /// `~/.config`, where an empty or relative `HOME` means the account's home: `UserHome`, as
    /// for the data directory) and `binary` (default: this process's executable) started by it.
    public init(home: String, environment: [String: String], binary: String? = nil) {
        self.environment = environment
        let config =
            environment["XDG_CONFIG_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? UserHome.directory(environment: environment) + "/.config"
        unitPath = config + "/systemd/user/checklists-agent.service"
        self.home = home.hasPrefix("/") ? home : FileManager.default.currentDirectoryPath + "/" + home
        self.binary =
            binary ?? (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? CommandLine.arguments[0]
    }

    /// The unit file. Paths are quoted and escaped for `ExecStart=` (systemd.unit(5)); paths
    /// with control characters are refused, since no unit line could hold them safely.
    /// - Throws: `AgentError.unsafeServicePath`.
    public func unit() throws(AgentError) -> String {
        for path in [binary, home] where path.unicodeScalars.contains(where: TerminalText.isControl) {
            throw .unsafeServicePath(path)
        }
        return """
            [Unit]
            Description=Checklists reminders
            After=graphical-session.target

            [Service]
            ExecStart=\(Self.quoted(binary)) agent --home \(Self.quoted(home))
            Restart=on-failure

            [Install]
            WantedBy=default.target

            """
    }

    /// One `ExecStart=` word: in double quotes, with `\\` and `\"` escaped, `%` as `%%`
    /// (specifiers) and `$` as `$$` (variable expansion), so the path is taken literally.
    public static func quoted(_ word: String) -> String {
        var result = "\""
        for scalar in word.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case "\"": result += "\\\""
            case "%": result += "%%"
            case "$": result += "$$"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    /// Whether a systemd user manager answers.
    public var hasUserManager: Bool {
        guard let runtime = environment["XDG_RUNTIME_DIR"] else { return false }
        return FileManager.default.fileExists(atPath: runtime + "/systemd/private")
    }

    /// Writes the unit and, when a user manager answers, enables and starts it.
    /// - Throws: `AgentError.unsafeServicePath`, `FileError`.
    public func install() throws -> Installed {
        let unit = try unit()
        try SecureFile.makeDirectory(SecureFile.directory(of: unitPath))
        try SecureFile.writeAtomically(Array(unit.utf8), to: unitPath)
        let enabled =
            hasUserManager && systemctl("daemon-reload") == 0
            && systemctl("enable", "--now", "checklists-agent.service") == 0
        return Installed(
            unitPath: unitPath, enabled: enabled,
            manualStart: Self.shellQuoted(binary) + " agent --home " + Self.shellQuoted(home)
                + " >/dev/null 2>>\"$HOME/.checklists-agent.log\" &")
    }

    /// One word for a POSIX shell: in single quotes, a quote inside as `'\''`.
    public static func shellQuoted(_ word: String) -> String {
        "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// Stops and disables the service (when a user manager answers) and removes the unit.
    /// - Returns: Whether there was a unit to remove.
    /// - Throws: `FileError`.
    public func uninstall() throws -> Bool {
        let answers = hasUserManager && !Self.timedOut(systemctl("disable", "--now", "checklists-agent.service"))
        let removed = try SecureFile.remove(unitPath)
        if answers { _ = systemctl("daemon-reload") }
        return removed
    }

    /// Seconds systemctl may take: a user manager that accepts and never answers would otherwise
    /// hold it for minutes (sd-bus waits 90 s to authenticate).
    static let systemctlTimeout = 10
    /// Whether timeout(1) stopped systemctl (124, or 137 when it had to kill it).
    static func timedOut(_ status: Int32) -> Bool { status == 124 || status == 137 }

    private func systemctl(_ arguments: String...) -> Int32 {
        let deadline = ["/usr/bin/timeout", "--foreground", "-k", "2", String(Self.systemctlTimeout)]
        return Subprocess.run(deadline + ["/usr/bin/systemctl", "--user"] + arguments, environment: environment)
    }
}
