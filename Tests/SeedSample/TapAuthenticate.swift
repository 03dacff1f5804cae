import Foundation

/// Taps the screen's button, waits for the outcome and prints what the screen would show: the
/// title, then the alert's title and message when there is one.
/// - Returns: 0 once the screen finished, 2 when it did not within a minute.
func tapAuthenticate() -> Int32 {
    let screen = SecretMessageScreen()
    let done = DispatchSemaphore(value: 0)
    screen.onFinish = { done.signal() }
    screen.authenticateTapped()
    guard done.wait(timeout: .now() + 60) == .success else {
        print("no answer within a minute")
        return 2
    }
    print("title: \(screen.title)")
    if let alertTitle = screen.alertTitle { print("alert: \(alertTitle)") }
    if let alertMessage = screen.alertMessage { print("message: \(alertMessage)") }
    fflush(nil)
    return 0
}
