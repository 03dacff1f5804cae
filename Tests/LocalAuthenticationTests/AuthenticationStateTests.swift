import Foundation
import LocalAuthentication
import TestSupport
import Testing

/// The persisted back-off: tampering with its files is no shortcut.
@Suite struct AuthenticationStateTests {
    let dir = TemporaryDirectory()
    let now = Date(timeIntervalSince1970: 1_800_000_000)
    var path: String { dir.appending("home/auth-state.json") }
    var mirror: String { dir.appending("state/auth-state-x.json") }
    var state: AuthenticationState { AuthenticationState(path: path, mirrorPath: mirror) }

    func fail(_ times: Int) {
        for _ in 0..<times { state.recordWrongPassword(now: now) }
    }

    func write(_ text: String, to file: String) throws {
        try text.write(toFile: file, atomically: true, encoding: .utf8)
    }

    @Test func aMissingFileIsAFreshStart() {
        #expect(state.read(now: now) == AuthenticationState.Values())
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test func aDamagedFileCountsAsLockedOutAndSaysSo() throws {
        try FileManager.default.createDirectory(atPath: dir.appending("home"), withIntermediateDirectories: true)
        for garbage in ["{not json", "", "{\"failedPasswords\": 99999999999999999999}", "\u{0}\u{1}"] {
            try write(garbage, to: path)
            try? FileManager.default.removeItem(atPath: mirror)
            let values = state.read(now: now)
            #expect(values.passwordBlockedUntil(now: now) != nil, "\(garbage.debugDescription)")
            #expect(values.biometryLockedOut)
            let error = #expect(throws: LAError.self) {
                try state.attempt(now: now, answer: { Array("right".utf8) }, check: { _ in true })
            }
            #expect(error?.message.contains("was damaged") == true)
            #expect(error?.message.contains("try again in 1 minute") == true)
        }
    }

    @Test func overflowingCountsAreDamageNotACrash() throws {
        try FileManager.default.createDirectory(atPath: dir.appending("home"), withIntermediateDirectories: true)
        try write(
            #"{"failedScans":9223372036854775807,"biometryLockedOut":false,"failedPasswords":9223372036854775807,"passwordRetryAfter":0}"#,
            to: path)
        let values = state.recordWrongPassword(now: now)
        #expect(values.failedPasswords == AuthenticationState.passwordsBeforeBackoff + 1)
        #expect(values.passwordBlockedUntil(now: now) != nil)
    }

    @Test func deletingOrReplacingOneCopyKeepsTheBackOff() throws {
        fail(5)
        #expect(state.read(now: now).passwordBlockedUntil(now: now) != nil)
        try FileManager.default.removeItem(atPath: path)
        #expect(state.read(now: now).passwordBlockedUntil(now: now) != nil)
        #expect(FileManager.default.fileExists(atPath: path))  // restored from the mirror
        try write(
            #"{"failedScans":0,"biometryLockedOut":false,"failedPasswords":0,"passwordRetryAfter":0}"#, to: path)
        #expect(state.read(now: now).failedPasswords == 5)
        try FileManager.default.removeItem(atPath: mirror)
        #expect(state.read(now: now).failedPasswords == 5)
    }

    @Test func aSuccessClearsBothCopies() throws {
        fail(3)
        let later = now.addingTimeInterval(3600)
        #expect(try state.attempt(now: later, answer: { Array("right".utf8) }, check: { _ in true }) == true)
        #expect(state.read(now: later) == AuthenticationState.Values())
        #expect(AuthenticationState(path: mirror).read(now: later) == AuthenticationState.Values())
    }

    @Test func filesFromBeforeTheMirrorStillRead() throws {
        try FileManager.default.createDirectory(atPath: dir.appending("home"), withIntermediateDirectories: true)
        try write(
            #"{"failedScans":2,"biometryLockedOut":false,"failedPasswords":1,"passwordRetryAfter":0}"#, to: path)
        let values = state.read(now: now)
        #expect(values.failedScans == 2 && values.failedPasswords == 1 && values.damagedAt == nil)
    }
}
