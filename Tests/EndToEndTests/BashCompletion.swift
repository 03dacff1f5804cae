import Foundation
import TestSupport
import Testing

/// bash running the script from `checklists completion bash`, the way a user's shell does.
struct BashCompletion {
    let cli: CLIRunner
    let script: String

    /// Writes the script into `dir`.
    init(cli: CLIRunner, in dir: TemporaryDirectory) throws {
        self.cli = cli
        script = dir.appending("checklists.bash")
        try cli.run("completion", "bash").stdout.write(toFile: script, atomically: true, encoding: .utf8)
    }

    /// What `_checklists` puts in COMPREPLY for the words as typed (quotes and all; the last one
    /// is the word being completed), with COMP_LINE and COMP_POINT set as bash sets them (and
    /// COMP_WORDS nearly so: bash would also split a word at `=` and `:`).
    func replies(_ typed: [String]) throws -> [String] {
        let line = ([CLIRunner.binary] + typed).joined(separator: " ")
        let program = """
            source \(Self.quoted(script))
            COMP_WORDS=(\(([CLIRunner.binary] + typed).map(Self.quoted).joined(separator: " "))); COMP_CWORD=\(typed.count)
            COMP_LINE=\(Self.quoted(line)); COMP_POINT=${#COMP_LINE}
            _checklists
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        let result = try CLIRunner.execute("/bin/bash", ["--norc", "-c", program], environment: cli.environment)
        #expect(result.status == 0, "\(result.stderr)")
        return result.stdout.split(separator: "\n").map(String.init)
    }

    /// Types `typed` and Tab in an interactive bash, then runs the completed line with
    /// `printf '[%s]'` in front of it: the words the line passes, each in brackets.
    func completedLine(_ typed: String) throws -> String {
        try Self.completedLine(
            typed, shell: ["/bin/bash", "--norc", "--noprofile", "-i"], setup: "source \(Self.quoted(script))",
            environment: cli.environment)
    }

    /// Types `typed` and Tab in the interactive `shell` after `setup`, then runs the completed
    /// line with `printf '[%s]'` in front of it, with `checklists` found on PATH.
    static func completedLine(_ typed: String, shell: [String], setup: String, environment: [String: String]) throws
        -> String
    {
        let directory = URL(fileURLWithPath: CLIRunner.binary).deletingLastPathComponent().path
        var environment = environment
        environment["PATH"] = directory + ":/usr/bin:/bin"
        environment["TERM"] = "dumb"
        let session = try PtySession(shell, environment: environment)
        // The prompt is spelt apart in the command, so the echo of the command is not the prompt.
        session.send("PS1='RE''ADY> '; \(setup)\r")
        try session.expect("READY> ")
        session.send(typed + "\t")
        session.send("\u{01}printf '[%s]' \r")
        // The shell redraws the prompt as the line is edited; the output ends in `]` before the next one.
        let seen = try session.expect("]READY> ")
        session.send("exit\r")
        guard let start = seen.range(of: "[checklists]", options: .backwards) else { return seen }
        return String(seen[start.lowerBound...].dropLast("READY> ".count))
    }

    static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
