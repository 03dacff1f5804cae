import Foundation
import Localization

// checklists-gtk: the desktop app. Everything it shows comes from the app core (AppSession).
Localization.setUp()
let status = MainActor.assumeIsolated { DesktopApp().run() }
exit(status)
