import Foundation
import TestSupport
import Testing

/// The desktop app's lock screen and Preferences driven as a person would, under Xvfb through
/// AT-SPI: the passcode lock, the idle timeout, notes, the lock method and notification rows.
///
/// One app at a time within the suite; the desktop suites run beside each other, each
/// scenario on a display and session bus of its own.
@Suite(.serialized, .enabled(if: DesktopSession.available, "needs Xvfb, AT-SPI and checklists-gtk"))
struct DesktopLockTests {
    /// The app lock on (passcode): the lock screen shows at start with nothing behind it, a
    /// wrong passcode asks again, the right one unlocks, Ctrl+L locks again.
    @Test func lockScreen() async throws {
        let (session, passcode) = try Self.lockedSession()
        let output = try await session.run(
            "lock.py",
            [
                "TEST_PASSCODE": passcode, "CHECKLISTS_FINGERPRINT": "off",
                "SCREENSHOT_DIR": ProcessInfo.processInfo.environment["SCREENSHOT_DIR"] ?? "",
            ])
        #expect(output.hasSuffix("PASSED\n"), "\(output)")
    }

    /// Locked, nothing of the lists is in the accessibility tree (any program on the session
    /// bus can read it): the open list's name stayed in the header's title, and an Edit Item form
    /// open when the app locked stayed on screen with the item's text, and a delete's undo toast
    /// stayed on the lock screen naming the item (and the delete was lost when it timed out while
    /// locked: it now happens at the next unlock).
    @Test func lockingLeavesNoContentInTheAccessibilityTree() async throws {
        let (session, passcode) = try Self.lockedSession(settings: ["--reuse", "0"], items: ["Oat milk", "Bread"])
        let output = try await session.run(
            "lockleaks.py", ["TEST_PASSCODE": passcode, "CHECKLISTS_FINGERPRINT": "off"])
        #expect(output.hasSuffix("PASSED\n"), "\(output)")
    }

    /// The idle timeout: with the lock on, the shortest timeout (one minute, chosen in
    /// Preferences while the app runs) applies without a restart; a key in Preferences counts as
    /// activity; the app left without input locks by itself, closes Preferences and asks for the
    /// passcode again. Takes a minute and a half of waiting (no test hook shortens the timeout).
    @Test func locksAfterTheIdleTimeout() async throws {
        let (session, passcode) = try Self.lockedSession(settings: ["--reuse", "0", "--idle", "5"])
        let output = try await session.run("idle.py", ["TEST_PASSCODE": passcode, "CHECKLISTS_FINGERPRINT": "off"])
        #expect(output.hasSuffix("PASSED\n"), "\(output)")
    }

    /// Notes: a typed title reaches the store. Preferences: turning the app lock on asks first,
    /// and cancelling flips the switch back with a toast (this toast's short text crashed `tr`
    /// before it kept gettext's C string alive).
    @Test func notesAndPreferences() async throws {
        let session = DesktopSession()
        _ = try session.cli.run("list", "add", "Groceries")
        let output = try await session.run(
            "screens.py",
            [
                "CHECKLISTS_FINGERPRINT": "off",
                "SCREENSHOT_DIR": ProcessInfo.processInfo.environment["SCREENSHOT_DIR"] ?? "",
            ])
        #expect(output.hasSuffix("PASSED\n"), "\(output)")
        #expect(try session.cli.run("lock", "status").stdout.hasPrefix("App lock: off"))
    }

    /// Preferences with the lock on (passcode): the Lock Method chooser shows Passcode; choosing
    /// Password asks first and Cancel keeps Passcode with a toast; the Notifications switch
    /// stores the permission (on, then off).
    @Test func lockMethodAndNotifications() async throws {
        let (session, passcode) = try Self.lockedSession()
        let output = try await session.run("prefs.py", ["TEST_PASSCODE": passcode, "CHECKLISTS_FINGERPRINT": "off"])
        #expect(output.hasSuffix("PASSED\n"), "\(output)")
        #expect(try session.cli.run("lock", "status").stdout.hasPrefix("App lock: on (the app passcode)"))
    }

    /// A session with one list ("Groceries") and the app lock on with a passcode, after the
    /// lock `settings` (`lock set` options) when given.
    static func lockedSession(settings: [String] = [], items: [String] = []) throws -> (DesktopSession, String) {
        let session = DesktopSession()
        let passcode = "violet kestrel 4812"
        _ = try session.cli.run("list", "add", "Groceries")
        for item in items { _ = try session.cli.run("item", "add", "Groceries", item) }
        if !settings.isEmpty { _ = try session.cli.run(arguments: ["lock", "set"] + settings) }
        let enabled = try session.cli.run("lock", "enable", "--method", "passcode", "--stdin", stdin: passcode + "\n")
        try #require(enabled.status == 0, "\(enabled.stderr)")
        return (session, passcode)
    }
}
