import Foundation
import TestSupport
import Testing

/// A signal that ends `checklists` while it asks for a passcode gives the terminal back as it
/// was: it used to stay without echo, line editing and ICRNL (after `timeout 5 checklists items`
/// nothing typed showed and Enter did nothing until `stty sane`).
@Suite struct InterruptedPromptCLITests {
    let dir = TemporaryDirectory()
    var home: String { dir.appending("home") }
    var pidFile: String { dir.appending("checklists.pid") }

    var environment: [String: String] {
        [
            "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "TZ": "UTC", "HOME": dir.path, "CHECKLISTS_HOME": home,
            "XDG_RUNTIME_DIR": dir.appending("run"), "CHECKLISTS_PASSCODE_COST": "min",
            "DBUS_SYSTEM_BUS_ADDRESS": "unix:path=\(dir.path)/no-bus",
        ]
    }

    @Test(arguments: [SIGTERM, SIGHUP])
    func aSignalAtThePasscodePromptLeavesTheTerminalAsItWas(_ signal: Int32) throws {
        // The shell starts the prompt in the background (so that it can look at the terminal
        // afterwards) and prints the terminal's modes once the prompt has ended.
        let script = """
            "$0" lock enable --method passcode & echo $! > "$1.tmp" && mv "$1.tmp" "$1"
            wait $!
            echo "status $?"
            stty -a | tr ' ;' '\\n\\n' | grep -xE -- '-?(echo|icanon|icrnl)' | tr '\\n' ' '
            echo end
            """
        let pty = try PtySession(
            ["/bin/sh", "-c", script, CLIRunner.binary, pidFile], environment: environment)
        try pty.expect("New passcode")
        let text = try String(contentsOfFile: pidFile, encoding: .utf8)
        let pid = try #require(pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines)))
        kill(pid, signal)
        try pty.expect("status \(128 + signal)")
        let modes = Set(try pty.expect("end").split(whereSeparator: \.isWhitespace))
        #expect(modes.isSuperset(of: ["echo", "icanon", "icrnl"]), "\(modes)")
        #expect(try pty.wait() == 0)
    }
}
