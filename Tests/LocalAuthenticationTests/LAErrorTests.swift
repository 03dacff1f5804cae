import Foundation
import LocalAuthentication
import Testing

@Suite struct LAErrorTests {
    @Test func codesHaveApplesRawValues() {
        let expected: [(LAError.Code, Int)] = [
            (.authenticationFailed, -1), (.userCancel, -2), (.userFallback, -3), (.systemCancel, -4),
            (.passcodeNotSet, -5), (.biometryNotAvailable, -6), (.biometryNotEnrolled, -7), (.biometryLockout, -8),
            (.appCancel, -9), (.invalidContext, -10), (.biometryNotPaired, -12), (.biometryDisconnected, -13),
            (.notInteractive, -1004),
        ]
        for (code, raw) in expected { #expect(code.rawValue == raw) }
        #expect(LAError.touchIDNotEnrolled.rawValue == -7)
        #expect(LAError.touchIDNotAvailable == .biometryNotAvailable)
        #expect(LAError.touchIDLockout == .biometryLockout)
        #expect(LAPolicy.deviceOwnerAuthenticationWithBiometrics.rawValue == 1)
        #expect(LAPolicy.deviceOwnerAuthentication.rawValue == 2)
        #expect(LATouchIDAuthenticationMaximumAllowableReuseDuration == 300)
    }

    @Test func bridgesToNSErrorInApplesDomain() {
        let error = LAError(.userCancel) as NSError
        #expect(error.domain == "com.apple.LocalAuthentication")
        #expect(error.domain == LAErrorDomain)
        #expect(error.code == LAError.userCancel.rawValue)
        #expect(error.localizedDescription == "Authentication was cancelled.")
    }

    @Test func castsAndCatchesAsOnApple() {
        let error: Error = LAError(.userCancel)
        #expect((error as? LAError)?.code == .userCancel)
        do { throw error } catch let e as LAError { #expect(e.code == .userCancel) } catch {
            Issue.record("not an LAError")
        }
    }

    @Test func explainsEveryCodeInOneLine() {
        for code in LAError.Code.allCases {
            #expect(!code.defaultMessage.isEmpty)
            #expect(!code.defaultMessage.contains("\n"))
        }
        #expect(
            LAError.Code.biometryLockout.defaultMessage
                == "Too many failed attempts: enter your password to unlock fingerprint again.")
    }
}
