import Foundation
import TestSupport
import Testing

/// Secrets given the right way (a passcode on standard input or a terminal, a secret message
/// and a note body on standard input) never show up where other processes, logs or a disk
/// scan could find them, and a process holding them cannot dump core.
@Suite struct SecretHygieneTests {
    let dir = TemporaryDirectory()
    let passcode = "Mk-PASS-q7Zx41"
    let message = "Mk-SECRET-q7Zx41"
    let noteBody = "Mk-NOTE-q7Zx41"
    var markers: [String] { [passcode, message, noteBody] }

    var environment: [String: String] {
        ["TMPDIR": dir.appending("tmp"), "XDG_RUNTIME_DIR": dir.appending("run")]
    }
    var cli: CLIRunner { CLIRunner(home: dir.appending("home"), environment: environment) }

    init() throws {
        for name in ["tmp", "run"] { mkdir(dir.appending(name), 0o700) }
    }

    @Test func secretsStayOutOfArgvEnvironmentOutputAndFiles() throws {
        let control = "Mk-CONTROL-q7Zx41"
        let sampler = ProcSampler(markers: markers + [control])
        sampler.start()
        var outputs: [String] = []
        // The sampler sees a marker that is in an argv (else this test could not fail).
        _ = try CLIRunner.execute("/bin/sh", ["-c", "sleep 0.3", control], environment: [:])

        var result = try cli.run("passcode", "set", "--stdin", stdin: passcode + "\n")
        #expect(result.status == 0, "\(result.stderr)")
        outputs += [result.stdout, result.stderr]
        result = try cli.run("note", "add", "--title", "Plain title", "--body", "-", stdin: noteBody)
        #expect(result.status == 0, "\(result.stderr)")
        outputs += [result.stdout, result.stderr]
        result = try cli.run("note", "edit", "1", "--body", "-", stdin: noteBody + " again")
        #expect(result.status == 0, "\(result.stderr)")
        outputs += [result.stdout, result.stderr]

        // The secret message: authenticate with the passcode on the terminal, then the text.
        let session = try PtySession([CLIRunner.binary, "secret", "set"], environment: cli.environment)
        try session.expect("passcode")
        session.send(passcode + "\r")
        try session.expect("\r\n")
        usleep(300_000)  // the prompt restores the terminal's modes (and may flush its input)
        session.send(message + "\r")
        try session.expect(message)  // the terminal echoes what is typed as the message
        session.send("\u{4}")
        try session.expect("Secret saved")
        #expect(try session.wait() == 0, "\(session.transcript)")
        #expect(!session.transcript.contains(passcode), "the passcode was echoed")
        result = try cli.run("lists")
        outputs += [result.stdout, result.stderr]
        sampler.stop()

        #expect(sampler.samples > 0)
        #expect(sampler.leaks.contains { $0.hasSuffix("cmdline: marker 3") }, "the control was not seen")
        #expect(sampler.leaks.allSatisfy { $0.hasSuffix("marker 3") }, "\(sampler.leaks)")
        for output in outputs {
            for marker in [passcode, message] { #expect(!output.contains(marker), "echoed: \(output)") }
        }
        // The note shows only when asked for.
        for (name, path) in [("TMPDIR", "tmp"), ("XDG_RUNTIME_DIR", "run"), ("data directory", "home")] {
            let bytes = try TemporaryDirectory.bytes(under: dir.appending(path))
            for marker in markers { #expect(!bytes.contains(utf8: marker), "\(marker) in plain text in \(name)") }
        }
        // It is really stored (encrypted): it reads back.
        #expect(try cli.run("note", "show", "1").stdout.contains(noteBody + " again"))
    }

    @Test func dataDirectoryIsPrivate() throws {
        try cli.run("passcode", "set", "--stdin", stdin: passcode + "\n")
        try cli.run("note", "add", "--title", "t", "--body", "-", stdin: noteBody)
        try cli.run("item", "add", "List", "x")
        let home = dir.appending("home")
        #expect(try mode(home) == 0o700)
        for name in try FileManager.default.contentsOfDirectory(atPath: home) {
            var info = stat()
            guard lstat(home + "/" + name, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { continue }
            #expect(info.st_mode & 0o777 == 0o600, "\(name) is \(String(info.st_mode & 0o777, radix: 8))")
        }
    }

    /// A process waiting for a passcode (the first entry already in memory) is not dumpable
    /// and has a core limit of 0. Run as another user where possible (we are root here), so
    /// that "not dumpable" is visible: its /proc files then belong to root, not to it.
    @Test func noCoreDumpsWhileHoldingASecret() throws {
        let asOther = getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")
        let home = dir.appending("other")
        mkdir(home, 0o700)
        var env = cli.environment
        env["HOME"] = home
        env["CHECKLISTS_HOME"] = home + "/data"
        if asOther {
            chmod(dir.path, 0o711)
            for path in [home, dir.appending("tmp"), dir.appending("run")] { chown(path, 65534, 65534) }
        }
        let command = [CLIRunner.binary, "passcode", "set"]
        let session = try PtySession(
            asOther ? ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"] + command : command,
            environment: env)
        try session.expect("New passcode")
        session.send(passcode + "\r")
        try session.expect("Repeat")
        let pid = try #require(ProcSampler.pid(environmentContaining: "CHECKLISTS_HOME=\(home)/data"))
        let limits = try String(contentsOfFile: "/proc/\(pid)/limits", encoding: .utf8)
        let core = limits.split(separator: "\n").first { $0.hasPrefix("Max core file size") }
        #expect(core?.split(separator: " ", omittingEmptySubsequences: true).dropFirst(4).prefix(2) == ["0", "0"])
        if asOther {
            let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
            #expect(status.contains("Uid:\t65534"), "runs as the other user")
            var info = stat()
            #expect(stat("/proc/\(pid)/status", &info) == 0)
            #expect(info.st_uid == 0, "a dumpable process owns its /proc files; this one must not")
        }
        for file in ["cmdline", "environ"] {
            let bytes = Array((FileManager.default.contents(atPath: "/proc/\(pid)/\(file)") ?? Data()))
            #expect(!bytes.contains(utf8: passcode), "passcode in /proc/PID/\(file)")
        }
        session.send(passcode + "\r")
        #expect(try session.wait() == 0, "\(session.transcript)")
    }

    private func mode(_ path: String) throws -> mode_t {
        var info = stat()
        try #require(stat(path, &info) == 0)
        return info.st_mode & 0o777
    }
}

extension TemporaryDirectory {
    /// Every byte of every regular file under `path`.
    static func bytes(under path: String) throws -> [UInt8] {
        var bytes: [UInt8] = []
        let enumerator = FileManager.default.enumerator(atPath: path)
        while let name = enumerator?.nextObject() as? String {
            if let data = FileManager.default.contents(atPath: path + "/" + name) { bytes += Array(data) }
        }
        return bytes
    }
}
