import Foundation
import TestSupport
import Testing

/// The desktop app's start under Xvfb: a silent session bus, a damaged store, the first-frame
/// shim the cold-start benchmark uses.
///
/// One app at a time within the suite; the desktop suites run beside each other, each
/// scenario on a display and session bus of its own.
@Suite(.serialized, .enabled(if: DesktopSession.available, "needs Xvfb, AT-SPI and checklists-gtk"))
struct DesktopStartTests {
    /// A session bus that accepts and never answers (GLib's handshake has no timeout of its
    /// own) costs the window the 2 s probe and a one-line warning, not a start that never ends.
    @Test func aSilentSessionBusDoesNotHoldUpTheWindow() async throws {
        let session = DesktopSession()
        let bus = try SilentBus(path: session.dir.appending("silent-bus"))
        let result = try await DesktopSession.execute(
            DesktopSession.scripts + "/silent-bus.sh", [DesktopSession.app, bus.address], session.environment())
        let output = result.stdout + result.stderr
        #expect(output.contains("WINDOW after"), "\(output)")
        #expect(output.contains("the session bus did not answer within 2 s; going on without it."), "\(output)")
    }

    /// A store that cannot be opened is named on a page of its own (with the window's buttons),
    /// no action reaches it, and the file is left exactly as it was.
    @Test func aDamagedStoreIsNamedAndLeftAlone() async throws {
        let session = DesktopSession()
        try FileManager.default.createDirectory(
            atPath: session.home, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let junk = Data((0..<20_000).map { UInt8(truncatingIfNeeded: $0 &* 7919 &+ $0 >> 3) })
        let path = session.home + "/checklists.sqlite"
        _ = FileManager.default.createFile(atPath: path, contents: junk, attributes: [.posixPermissions: 0o600])
        let output = try await session.run("damaged.py")
        #expect(output.hasSuffix("PASSED\n"), "\(output)")
        #expect(FileManager.default.contents(atPath: path) == junk)
    }

    /// The cold-start benchmark sees the first frame from outside (bench/first-frame.c,
    /// preloaded; the app has no hook for it): with the shim the app exits 0 after painting.
    @Test func firstFrameShimEndsTheApp() async throws {
        let session = DesktopSession()
        _ = try session.cli.run("list", "add", "Groceries")
        let output = try await session.run("firstframe.py")
        #expect(output.hasSuffix("PASSED\n"), "\(output)")
    }

    /// The window holds the data key and the user's text, as the CLI does: files it creates are
    /// private (umask 077), it leaves no core dump and another process of the user cannot read
    /// its memory (not dumpable, so its /proc files belong to root once it runs as another user).
    @Test func theAppCannotBeDumpedOrTraced() async throws {
        let session = DesktopSession()
        let result = try await DesktopSession.execute(
            DesktopSession.scripts + "/private-memory.sh", [DesktopSession.app, session.dir.appending("other")],
            session.environment())
        let output = result.stdout + result.stderr
        #expect(output.contains("Umask:\t0077"), "\(output)")
        let core = output.split(separator: "\n").first { $0.hasPrefix("Max core file size") }
        #expect(
            core?.split(separator: " ", omittingEmptySubsequences: true).dropFirst(4).prefix(2) == ["0", "0"],
            "\(output)")
        if output.contains("user other") {
            #expect(output.contains("status owner 0"), "a dumpable process owns its /proc files: \(output)")
        }
    }
}
