import Foundation
import Keychain
import Sodium

/// Times Argon2id at the cost recorded in a passcode lock's sealed data key ("LockWrap.passcode",
/// named "LockWrap.passcode.<store id>" since items carry the store's identity: kind byte 1, then
/// `PasswordHash.header(salt:)`), so unlock time minus this is the app's own cost.
enum PasscodeCost {
    static func run(vault: FileVault, runs: Int) throws {
        let service = KeychainWrapper.defaultServiceName
        let names = try vault.keys(service: service).filter { $0.hasPrefix("LockWrap.passcode") }.sorted()
        guard let name = names.last, let record = try vault.read(service: service, key: name),
            let kind = record.data.first, kind == 1,
            let (cost, salt) = PasswordHash.read(header: Array(record.data.dropFirst())[...])
        else { fail("no passcode lock in this data directory") }
        let passcode = Array("bench passcode".utf8)
        var times: [Double] = []
        for _ in 0..<runs {
            times.append(try milliseconds { _ = try cost.deriveKey(passcode, salt: salt) })
        }
        print(
            String(
                format: "argon2id ops=%llu mem=%d MiB median %.2f ms min %.2f ms (n=%d)", cost.opsLimit,
                cost.memLimit >> 20, percentile(times, 0.5), times.min() ?? 0, runs))
    }
}
