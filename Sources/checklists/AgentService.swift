import Foundation
import Localization
import PrivateFiles
import TerminalText

/// The agent as a systemd user service (`~/.config/systemd/user/checklists-agent.service`).
struct AgentService {
    let unitPath: String
    let home: String
    let binary: String
    let environment: [String: String]

    init(_ context: Context) {
        environment = context.environment
        let config =
            environment["XDG_CONFIG_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? (environment["HOME"] ?? NSHomeDirectory()) + "/.config"
        unitPath = config + "/systemd/user/checklists-agent.service"
        home = context.home
        binary =
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    }

    /// The unit file. Paths are quoted and escaped for `ExecStart=` (systemd.unit(5)); paths
    /// with control characters are refused, since no unit line could hold them safely.
    func unit() throws -> String {
        for path in [binary, home] where path.unicodeScalars.contains(where: TerminalText.isControl) {
            throw CLIError.usage(
                tr(
                    "cannot write a service for the path \"%@\": it contains control characters (such as a newline); use a directory without them",
                    TerminalText.line(path)))
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
    static func quoted(_ word: String) -> String {
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
    var hasUserManager: Bool {
        guard let runtime = environment["XDG_RUNTIME_DIR"] else { return false }
        return FileManager.default.fileExists(atPath: runtime + "/systemd/private")
    }

    func install(_ output: Output) throws {
        let unit = try unit()
        try SecureFile.makeDirectory(SecureFile.directory(of: unitPath))
        try SecureFile.writeAtomically(Array(unit.utf8), to: unitPath)
        output.line(tr("Wrote %@.", unitPath))
        if hasUserManager, systemctl("daemon-reload") == 0,
            systemctl("enable", "--now", "checklists-agent.service") == 0
        {
            output.line(tr("The agent is enabled and running (systemctl --user status checklists-agent)."))
        } else {
            output.line(
                tr("No systemd user manager answers here. Start the agent yourself, e.g. from your shell profile:"))
            output.line("  \(binary) agent >/dev/null 2>>\"$HOME/.checklists-agent.log\" &")
        }
    }

    func uninstall(_ output: Output) throws {
        let answers = hasUserManager && !Self.timedOut(systemctl("disable", "--now", "checklists-agent.service"))
        if try SecureFile.remove(unitPath) {
            output.line(tr("Removed %@.", unitPath))
        } else {
            output.line(tr("The agent's service was not installed."))
        }
        if answers { _ = systemctl("daemon-reload") }
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
