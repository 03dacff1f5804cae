import ChecklistsApp
import Foundation
import Localization

// checklists-gtk: the desktop app. Everything it shows comes from the app core (AppSession).
Localization.setUp()
if case .exit(let status, let text) = DesktopArguments.check(Array(CommandLine.arguments.dropFirst())) {
    FileHandle(fileDescriptor: status == 0 ? 1 : 2).write(Data((text + "\n").utf8))
    exit(status)
}
if let silence = SilentSessionBus.divertIfSilent() {
    FileHandle.standardError.write(Data((tr("checklists-gtk: %@; going on without it.", "\(silence)") + "\n").utf8))
}
let status = MainActor.assumeIsolated { DesktopApp().run() }
exit(status)
