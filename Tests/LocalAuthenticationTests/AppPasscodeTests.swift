import Foundation
import LocalAuthentication
import Sodium
import TestSupport
import Testing

/// The app passcode's policy and cost.
@Suite struct AppPasscodeTests {
    let dir = TemporaryDirectory()

    @Test func shortOrBlankPasscodesAreRefused() throws {
        let passcode = AppPasscode(path: dir.appending("passcode"), cost: .minimal)
        for weak in ["", "1", " ", "12345", "      ", "\t \t \t", "ééééé"] {
            #expect(AppPasscode.weakness(of: Array(weak.utf8)) != nil, "\(weak.debugDescription)")
            #expect(throws: LAError.self) { try passcode.set(Array(weak.utf8)) }
        }
        #expect(!passcode.isSet)
        for fine in ["123456", "éééééé", "a b c ", "correct horse"] {
            #expect(AppPasscode.weakness(of: Array(fine.utf8)) == nil, "\(fine.debugDescription)")
        }
    }

    /// What the prompt cannot take could never be typed to unlock: a line from a Windows file
    /// given to `--stdin` kept its carriage return, and the data opened only from that file.
    @Test func passcodesThatCannotBeTypedAreRefused() throws {
        let passcode = AppPasscode(path: dir.appending("passcode"), cost: .minimal)
        for untypable in [
            Array("secret123\r".utf8), Array("secret\u{1b}123".utf8), [0x73, 0x65, 0x63, 0xE9, 0x74, 0x31, 0x32],
        ] {
            #expect(AppPasscode.weakness(of: untypable)?.contains("no control characters") == true)
            #expect(throws: LAError.self) { try passcode.set(untypable) }
        }
        #expect(!passcode.isSet)
    }

    @Test func theShippedCostIsAboveTheOldOne() {
        let cost = PasswordHash.passcode
        #expect(cost.opsLimit >= 4 && cost.memLimit >= 128 << 20)
        #expect(cost.opsLimit * UInt64(cost.memLimit) > 4 * UInt64(128 << 20))
    }

    @Test func aVerifierMadeAtTheOldCostStillVerifies() throws {
        let path = dir.appending("passcode")
        let old = AppPasscode(path: path, cost: PasswordHash(opsLimit: 4, memLimit: 128 << 20))
        try old.set(Array("old passcode".utf8))
        let today = AppPasscode(path: path, cost: .passcode)
        #expect(today.verify(Array("old passcode".utf8)))
        #expect(!today.verify(Array("old passcodf".utf8)))
    }
}
