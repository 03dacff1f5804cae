internal import CLazyLibs
import Foundation
import Localization
import Sodium

/// Checks the account password through Linux-PAM, service "checklists" (PAM's "other" applies
/// where that file does not exist).
public struct PAMVerifier: AccountPasswordVerifier {
    /// The PAM service name.
    public let service: String
    /// The account checked: the one given, else the effective user's, looked up when
    /// needed (at every start, a passwd lookup through NSS cost every command for nothing).
    public var userName: String { givenUserName ?? Self.currentUser }
    /// A directory of PAM service files used instead of /etc/pam.d (`cl_pam_start_confdir`);
    /// tests point it at a pam_matrix configuration.
    public let confdir: String?
    private let givenUserName: String?

    public init(service: String = "checklists", userName: String? = nil, confdir: String? = nil) {
        self.service = service
        self.givenUserName = userName
        self.confdir = confdir
    }

    /// The name of the effective user.
    public static var currentUser: String {
        guard let entry = getpwuid(geteuid()) else { return "\(geteuid())" }
        return String(cString: entry.pointee.pw_name)
    }

    public func availability() -> Result<Void, LAError> {
        let directory = confdir ?? "/etc/pam.d"
        let files = [service, "other"].map { directory + "/" + $0 }
        guard files.contains(where: { access($0, R_OK) == 0 }) else {
            return .failure(
                LAError(.passcodeNotSet, tr("PAM has no \"%@\" or \"other\" service in %@.", service, directory)))
        }
        return .success(())
    }

    public func verify(password: [UInt8]) -> PasswordCheck {
        let user = userName
        let conversation = Conversation(user: user, password: password)
        defer { conversation.wipe() }
        let unmanaged = Unmanaged.passRetained(conversation)
        defer { unmanaged.release() }
        var conv = pam_conv(conv: converse, appdata_ptr: unmanaged.toOpaque())
        var handle: OpaquePointer?
        let started =
            confdir.map { cl_pam_start_confdir(service, user, &conv, $0, &handle) }
            ?? cl_pam_start(service, user, &conv, &handle)
        guard started == PAM_SUCCESS, let handle else {
            return .unavailable(reason: tr("PAM could not start (%d)", started))
        }
        var rc = cl_pam_authenticate(handle, 0)
        if rc == PAM_SUCCESS { rc = cl_pam_acct_mgmt(handle, 0) }
        // The message is read while the handle is alive: cl_pam_end frees it.
        let check = Self.outcome(rc, message: Self.message(handle, rc))
        cl_pam_end(handle, rc)
        return check
    }

    /// What a PAM result code means for the password.
    static func outcome(_ rc: Int32, message: String) -> PasswordCheck {
        switch rc {
        case PAM_SUCCESS: .accepted
        case PAM_AUTH_ERR, PAM_USER_UNKNOWN, PAM_PERM_DENIED, PAM_CRED_INSUFFICIENT, PAM_MAXTRIES, PAM_ACCT_EXPIRED,
            PAM_NEW_AUTHTOK_REQD:
            .rejected
        default: .unavailable(reason: message)
        }
    }

    /// PAM's text for `rc` (copied: the string may belong to the handle).
    static func message(_ handle: OpaquePointer, _ rc: Int32) -> String {
        guard let text = cl_pam_strerror(handle, rc) else { return "PAM error \(rc)" }
        return String(cString: text)
    }
}

/// What the conversation answers: the user name when asked with echo, the password without.
final class Conversation {
    let user: String
    var password: [UInt8]
    /// Info and error texts PAM sent (shown nowhere; kept for diagnostics).
    var messages: [String] = []

    init(user: String, password: [UInt8]) {
        self.user = user
        self.password = password
    }

    func wipe() {
        Sodium.wipe(&password)
    }
}

/// The PAM conversation function: answers every message style, replies allocated with calloc
/// and strdup because PAM frees them.
private func converse(
    _ count: Int32, _ messages: UnsafeMutablePointer<UnsafePointer<pam_message>?>?,
    _ responses: UnsafeMutablePointer<UnsafeMutablePointer<pam_response>?>?, _ appdata: UnsafeMutableRawPointer?
) -> Int32 {
    guard count > 0, let messages, let responses, let appdata else { return PAM_CONV_ERR }
    let conversation = Unmanaged<Conversation>.fromOpaque(appdata).takeUnretainedValue()
    guard
        let replies = calloc(Int(count), MemoryLayout<pam_response>.stride)?.assumingMemoryBound(to: pam_response.self)
    else { return PAM_BUF_ERR }
    for index in 0..<Int(count) {
        guard let message = messages[index]?.pointee else { continue }
        switch message.msg_style {
        case PAM_PROMPT_ECHO_OFF:
            var bytes = conversation.password + [0]
            replies[index].resp = bytes.withUnsafeBufferPointer {
                strdup(UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self))
            }
            Sodium.wipe(&bytes)
        case PAM_PROMPT_ECHO_ON:
            replies[index].resp = strdup(conversation.user)
        case PAM_ERROR_MSG, PAM_TEXT_INFO:
            if let text = message.msg { conversation.messages.append(String(cString: text)) }
        default:
            for i in 0..<index { free(replies[i].resp) }
            free(replies)
            return PAM_CONV_ERR
        }
    }
    responses.pointee = replies
    return PAM_SUCCESS
}
