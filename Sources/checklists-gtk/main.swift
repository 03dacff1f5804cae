import ChecklistsApp
import ChecklistsKit
import Foundation
import Localization

// checklists-gtk: the desktop app. Everything it shows comes from the app core (AppSession).
// As the CLI: files it creates are private, and its memory (keys, notes) cannot be dumped or traced.
ProcessProtection.apply()
// TZ as glibc reads it, in a form Foundation follows; before any date is made.
UserLocale.adoptTZ()
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
