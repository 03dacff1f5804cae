import ChecklistsApp
import ChecklistsKit
import LocalAuthentication
import Localization

/// Lock screen: shown while the app lock holds the key back. It prompts at once (the loop
/// calls `promptIfNeeded` after drawing it); Enter tries again, `p` asks for the password,
/// `q` quits.
final class LockScreen: Screen {
    /// Whether the prompt should come up after the next frame.
    var wantsPrompt = true
    /// What the last attempt came to.
    var outcome: String?
    let method: LockMethod

    init(app: TerminalApp) {
        method = app.session.lockSettings.method
    }

    var title: String { tr("Checklists is locked") }
    var section: Section { .checklists }
    var hints: String {
        method == .fingerprint ? tr("Enter try again  p password  q quit") : tr("Enter try again  q quit")
    }

    func draw(_ canvas: inout Canvas, area: Range<Int>, app: TerminalApp) {
        let middle = area.lowerBound + max(1, area.count / 3)
        canvas.put(middle, "   " + tr("Checklists"), .bold)
        let action: String
        switch method {
        case .fingerprint: action = tr("Unlock with fingerprint")
        case .passcode: action = tr("Enter passcode")
        default: action = tr("Enter password")
        }
        canvas.put(middle + 2, "   " + action)
        if let outcome { canvas.put(middle + 4, "   " + outcome, .alert) }
    }

    func handle(_ key: Key, app: TerminalApp) {
        switch key {
        case .enter, .character("p"): wantsPrompt = true
        case .character("q"), .escape: app.quit()
        default: break
        }
    }
}

extension TerminalApp {
    /// Runs the lock screen's prompt when it asks for one (right after it was drawn).
    public func promptIfNeeded() {
        guard let lock = top as? LockScreen, lock.wantsPrompt else { return }
        lock.wantsPrompt = false
        unlock()
    }

    /// Unlocks through the lock's method (the presenter shows the prompts), then shows the
    /// content again; a failure stays on the lock screen with what happened.
    func unlock() {
        guard let lock = top as? LockScreen else { return }
        do {
            try session.unlock(reason: tr("Unlock Checklists."))
            lock.outcome = nil
            showUnlocked()
        } catch let error as LAError {
            lock.outcome = error.code == .userCancel ? tr("Cancelled.") : error.message
        } catch {
            lock.outcome = describe(error)
        }
    }
}
