import Foundation
import PrivateFiles

/// A pam_wrapper + pam_matrix configuration: service "checklists" accepting one user's password.
public final class PAMRig: @unchecked Sendable {
    public let directory = TemporaryDirectory("pam")
    /// `CHECKLISTS_PAM_CONFDIR` for the CLI, `confdir` for `PAMVerifier`.
    public let confdir: String
    public let user: String

    /// - Parameters:
    ///   - user: The account (default: the current user).
    ///   - password: Its password (written to a 0600 file, never passed in argv).
    public init(user: String = String(cString: getpwuid(geteuid())!.pointee.pw_name), password: String) throws {
        self.user = user
        let file = directory.appending("password")
        try SecureFile.writeAtomically(Array(password.utf8), to: file)
        let result = try CLIRunner.execute(
            "/bin/bash", [Rig.root + "/scripts/rig-pam.sh", "make", directory.appending("rig"), user, file],
            environment: ProcessInfo.processInfo.environment)
        guard result.status == 0 else { throw RigError(name: "pam", message: result.stderr) }
        confdir = Rig.exports(result.stdout)["CHECKLISTS_PAM_CONFDIR"] ?? directory.appending("rig/pam.d")
    }
}
