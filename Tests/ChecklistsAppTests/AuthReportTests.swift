import ChecklistsApp
import Foundation
import Testing

/// What authentication can do, as `auth status` prints it.
@Suite struct AuthReportTests {
    @Test func linesNameEachMethodPolicyAndTheAdvice() throws {
        let json = """
            {"policies":[{"policy":"biometrics","canEvaluate":false,"code":-7,"error":"biometryNotEnrolled",
            "message":"No fingers."},{"policy":"owner","canEvaluate":true}],"biometryType":"touchID",
            "fingerprint":"not-enrolled","password":"pam:ann","passcodeSet":false,"failedScans":0,
            "biometryLockedOut":false,"failedPasswords":1,"advice":["Enrol a finger."]}
            """
        let lines = try JSONDecoder().decode(AuthReport.self, from: Data(json.utf8)).lines
        #expect(
            lines == [
                "Fingerprint (fprintd): reader found, but no fingers are enrolled",
                "Password: your account password (PAM, user ann)", "Biometry type: touchID",
                "deviceOwnerAuthenticationWithBiometrics: cannot be evaluated — No fingers. (LAError -7 biometryNotEnrolled)",
                "deviceOwnerAuthentication: can be evaluated", "Fingerprint lockout: none (0 of 5 failed scans)",
                "Password back-off: none (1 wrong password)", "→ Enrol a finger.",
            ])
    }
}
