import Foundation
import TestSupport
import Testing

/// How the desktop app puts its own icons on GTK's icon theme, and the frame-times shim of
/// `bench/desktop-frames.sh` (both seen from outside the app by preloaded shims).
@Suite(.enabled(if: DesktopSession.available, "needs Xvfb, AT-SPI, xdotool and checklists-gtk"))
struct DesktopIconThemeTests {
    /// The icons come through `XDG_DATA_DIRS`, set before GTK starts: no
    /// `gtk_icon_theme_add_search_path` once GTK and libadwaita run (which made GTK 4.8
    /// recompute icon styles on every change and doubled the CPU time of a focus move in a
    /// 10,000-item list), and the app icon and list icons are still found. The frame-times
    /// shim logs the window's painted frames.
    @Test func iconsComeThroughTheDataDirectoriesAndFramesAreLogged() async throws {
        let session = DesktopSession()
        _ = try session.cli.run("list", "add", "Groceries")
        let output = try await session.run("icontheme.py")
        #expect(output.hasSuffix("PASSED\n"), "\(output)")
    }
}
