import Foundation
import Keychain
import Sodium

/// libFuzzer target: reading a damaged file vault. The first byte picks what the rest is:
/// even — the vault file itself (damaged header, truncation, bad ciphertext); odd — the
/// plaintext inside a correctly sealed vault (damaged item encoding, which only a holder of
/// the key could write, but which must still fail cleanly). Then reads, lists, and writes.
let directory: String = {
    let path = (ProcessInfo.processInfo.environment["TMPDIR"] ?? "/tmp") + "/checklists-fuzz-vault-\(getpid())"
    mkdir(path, 0o700)
    return path
}()
let vaultPath = directory + "/keychain.vault"
let keyPath = directory + "/keychain.key"
let keyBytes = [UInt8](repeating: 7, count: SecretBox.keyLength)
let box: SecretBox = {
    var copy = keyBytes
    guard let key = try? SecureBytes(consuming: &copy), let box = try? SecretBox(key: key) else {
        fatalError("fuzz setup: cannot make the vault key")
    }
    return box
}()
let header = Array("CLKV".utf8) + [2, 0]

func writeFile(_ path: String, _ bytes: [UInt8]) {
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    guard fd >= 0 else { fatalError("fuzz setup: cannot write \(path)") }
    _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    close(fd)
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzVault(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let input = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
    writeFile(keyPath, keyBytes)
    writeFile(vaultPath, data[0] % 2 == 0 ? input : header + box.seal(input, associatedData: header))
    let vault = FileVault(path: vaultPath, keySource: .keyFile(keyPath))
    for service in ["Checklists", "SwiftKeychainWrapper", ""] {
        guard let keys = try? vault.keys(service: service) else { return 0 }
        for key in keys { _ = try? vault.read(service: service, key: key) }
    }
    _ = try? vault.write(KeychainRecord(data: Data([1, 2, 3])), service: "Checklists", key: "fuzz")
    _ = try? vault.read(service: "Checklists", key: "fuzz")
    return 0
}
