import ChecklistsApp
import Foundation
import Localization

// checklists-gtk: the desktop app. Everything it shows comes from the app core (AppSession).
Localization.setUp()
if let silence = SilentSessionBus.divertIfSilent() {
    FileHandle.standardError.write(Data((tr("checklists-gtk: %@; going on without it.", "\(silence)") + "\n").utf8))
}
let status = MainActor.assumeIsolated { DesktopApp().run() }
exit(status)
