import Foundation
import TestSupport
import Testing

/// logind's session Lock/Unlock (python3-dbusmock on a private system bus, scripts/rig-dbusmock.sh)
/// and Manager PrepareForSleep lock the terminal UI; it prompts once the session is unlocked or
/// the machine wakes.
@Suite(.serialized) struct TerminalUILogindTests {
    let dir = TemporaryDirectory("checklists-tuilogind")
    var home: String { dir.appending("home") }
    static let root =
        ProcessInfo.processInfo.environment["CHECKLISTS_ROOT"]
        ?? URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    func rig(_ arguments: String...) throws -> String {
        let result = try CLIRunner.execute(
            "/bin/bash", [Self.root + "/scripts/rig-dbusmock.sh"] + arguments + [dir.appending("rig")],
            environment: ["PATH": "/usr/bin:/bin", "HOME": dir.path])
        guard result.status == 0 else { throw RigError(name: "dbusmock", message: result.stderr) }
        return result.stdout
    }

    /// logind Manager `PrepareForSleep(b)` (the rig takes the value after its directory).
    func sleep(_ value: Bool) throws {
        let result = try CLIRunner.execute(
            "/bin/bash",
            [Self.root + "/scripts/rig-dbusmock.sh", "sleep", dir.appending("rig"), value ? "true" : "false"],
            environment: ["PATH": "/usr/bin:/bin", "HOME": dir.path])
        guard result.status == 0 else { throw RigError(name: "dbusmock", message: result.stderr) }
    }

    /// Starts the rig, turns the passcode lock on, opens the terminal UI and unlocks it (on the
    /// first run's list, "List"). The caller stops the rig (`rig("stop")`).
    func openUnlocked() throws -> TmuxSession {
        try FileManager.default.createDirectory(atPath: dir.appending("rig"), withIntermediateDirectories: true)
        var environment = [
            "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "TZ": "UTC", "HOME": dir.path, "CHECKLISTS_HOME": home,
            "XDG_RUNTIME_DIR": dir.appending("run"), "CHECKLISTS_PASSCODE_COST": "min",
            "CHECKLISTS_FINGERPRINT": "off", "TERM": "screen",
        ]
        for line in try rig("start").split(separator: "\n") where line.hasPrefix("export ") {
            let pair = line.dropFirst("export ".count).split(separator: "=", maxSplits: 1).map(String.init)
            if pair.count == 2 {
                environment[pair[0]] = pair[1].trimmingCharacters(in: CharacterSet(charactersIn: "'\""))
            }
        }
        let cli = CLIRunner(home: home, environment: environment)
        #expect(try cli.run("lock", "set", "--reuse", "0").status == 0)
        #expect(try cli.run("lock", "enable", "--method", "passcode", "--stdin", stdin: "246810\n").status == 0)
        let tui = try TmuxSession(
            ["/usr/bin/keyctl", "session", "-", CLIRunner.binary], environment: environment,
            socket: dir.appending("tmux"))
        try tui.waitFor("Checklists passcode:")
        try tui.type("246810")
        try tui.press("Enter")
        try tui.waitUntil("unlocked") { $0.contains("[1 Checklists]") }
        return tui
    }

    @Test func aSessionLockShowsTheLockScreenAndUnlockingPrompts() throws {
        defer { _ = try? rig("stop") }
        let tui = try openUnlocked()
        _ = try rig("lock")
        try tui.waitFor("Checklists is locked")
        #expect(try !tui.screen().contains("Checklists passcode:"))
        _ = try rig("unlock")
        try tui.waitFor("Checklists passcode:")
        try tui.type("246810")
        try tui.press("Enter")
        try tui.waitUntil("unlocked again") { $0.contains("[1 Checklists]") }
    }

    @Test func preparingForSleepShowsTheLockScreenAndWakingPrompts() throws {
        defer { _ = try? rig("stop") }
        let tui = try openUnlocked()
        try sleep(true)
        try tui.waitFor("Checklists is locked")
        #expect(try !tui.screen().contains("Checklists passcode:"))
        try sleep(false)
        try tui.waitFor("Checklists passcode:")
        try tui.type("246810")
        try tui.press("Enter")
        try tui.waitUntil("unlocked after waking") { $0.contains("[1 Checklists]") }
    }

    /// A session lock while a note is being typed: the note is saved before the lock screen
    /// replaces it (it was dropped), and is there once unlocked.
    @Test func aSessionLockSavesTheNoteBeingTyped() throws {
        defer { _ = try? rig("stop") }
        let tui = try openUnlocked()
        try tui.press("2")
        try tui.waitFor("[2 Notes]")
        try tui.press("a")
        try tui.waitFor("New Note")
        try tui.type("Half-written plan")
        try tui.press("Tab")
        try tui.type("step one")
        try tui.waitFor("step one")
        _ = try rig("lock")
        try tui.waitFor("Checklists is locked")
        _ = try rig("unlock")
        try tui.waitFor("Checklists passcode:")
        try tui.type("246810")
        try tui.press("Enter")
        try tui.waitUntil("unlocked again") { $0.contains("[1 Checklists]") }
        try tui.press("2")
        try tui.waitFor("Half-written plan")
        try tui.press("Enter")
        try tui.waitFor("step one")
    }

    /// Locks the session (the lock screen must show none of `typed`), unlocks it and types the
    /// passcode at the prompt.
    func lockAndUnlock(_ tui: TmuxSession, hiding typed: String) throws {
        _ = try rig("lock")
        let locked = try tui.waitFor("Checklists is locked")
        #expect(!locked.contains(typed))
        _ = try rig("unlock")
        let prompt = try tui.waitFor("Checklists passcode:")
        #expect(!prompt.contains(typed))
        try tui.type("246810")
        try tui.press("Enter")
    }

    /// A session lock while an item is being typed: the lock screen shows none of it, nothing is
    /// added behind the user's back, and once unlocked the form is back as it was left — the
    /// text, the cursor inside it, the field in focus, Remind Me switched on. (The lock used to
    /// drop the form.)
    @Test func aSessionLockKeepsTheItemBeingTypedAsItWasLeft() throws {
        defer { _ = try? rig("stop") }
        let tui = try openUnlocked()
        try tui.waitFor("List  (No Items)")
        try tui.press("a")
        try tui.waitFor("Add Item")
        try tui.type("Buy milk")
        try tui.press("Left", "Left", "Left", "Left")
        try tui.type("oat ")
        try tui.press("Tab", "Space")
        try tui.waitUntil("Remind Me on") { $0.contains("Buy oat milk") && $0.contains("[●  On]") }

        try lockAndUnlock(tui, hiding: "milk")
        let back = try tui.waitFor("Add Item")
        #expect(back.contains("Buy oat milk"))
        #expect(back.contains("› Remind Me"))
        #expect(back.contains("[●  On]"))
        // The cursor is where it was: after "oat ".
        try tui.press("BTab")
        try tui.type("fresh ")
        try tui.waitFor("Buy oat fresh milk")
        try tui.press("Enter")
        let list = try tui.waitFor("List  (1 Remaining)")
        // One item: the one Done added, none added by the lock.
        #expect(list.components(separatedBy: "milk").count == 2)
        #expect(list.contains("Buy oat fresh milk"))
        #expect(list.contains("🔔"))
    }

    /// A session lock while a checklist is being named and its icon picked: once unlocked the
    /// Icon Picker is back over the form, the choice and the typed name as they were.
    @Test func aSessionLockKeepsTheChecklistBeingTypedAndItsIconPicker() throws {
        defer { _ = try? rig("stop") }
        let tui = try openUnlocked()
        try tui.waitFor("List  (No Items)")
        try tui.press("q")
        try tui.waitFor("Enter open")
        try tui.press("a")
        try tui.waitFor("Add Checklist")
        try tui.type("Trip to Kyoto")
        try tui.press("Home")
        try tui.type("Our ")
        try tui.press("Tab", "Enter")
        try tui.waitFor("Choose Icon")
        try tui.press("End")

        try lockAndUnlock(tui, hiding: "Kyoto")
        try tui.waitFor("Choose Icon")
        try tui.press("Enter")
        let form = try tui.waitFor("Add Checklist")
        #expect(form.contains("Our Trip to Kyoto"))
        #expect(form.contains("Trips"))
        // The cursor is where it was: after "Our ".
        try tui.press("Up")
        try tui.type("big ")
        try tui.waitFor("Our big Trip to Kyoto")
        try tui.press("Enter")
        let lists = try tui.waitFor("[1 Checklists]")
        #expect(lists.components(separatedBy: "Kyoto").count == 2)
        #expect(lists.contains("Our big Trip to Kyoto"))
    }
}
