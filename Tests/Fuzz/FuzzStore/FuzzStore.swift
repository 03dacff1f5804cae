import ChecklistsKit
import Foundation
import Sodium

/// libFuzzer target: opening a damaged database through `ChecklistStore` with a fixed key,
/// then reading every list, item and note. The first byte picks the input's meaning:
/// even — the whole database file; odd — damage to a valid store made at start-up (3-byte
/// offsets with the byte to put there, and with bit 1 set a truncation first), which reaches
/// far deeper than random files.
struct FixedKey: KeyProvider {
    var location: String { "fuzz" }
    func loadKey() throws -> SecureBytes? { try createKey() }
    func createKey() throws -> SecureBytes {
        var bytes = [UInt8](repeating: 9, count: SecretBox.keyLength)
        return try SecureBytes(consuming: &bytes)
    }
}

let directory: String = {
    let path = (ProcessInfo.processInfo.environment["TMPDIR"] ?? "/tmp") + "/checklists-fuzz-store-\(getpid())"
    mkdir(path, 0o700)
    return path
}()
let databasePath = directory + "/checklists.sqlite"

func removeDatabase() {
    for suffix in ["", "-wal", "-shm", "-journal"] { unlink(databasePath + suffix) }
}

func writeFile(_ path: String, _ bytes: [UInt8]) {
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    guard fd >= 0 else { fatalError("fuzz setup: cannot write \(path)") }
    _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    close(fd)
}

/// A small valid store: two lists with items (one due, one reminded), a note and a secret.
let template: [UInt8] = {
    removeDatabase()
    do {
        let store = try ChecklistStore(directory: directory, keyProvider: FixedKey())
        let list = try store.addChecklist(name: "Groceries", icon: .groceries, items: [NewItem(text: "Milk")])
        _ = try store.addItem(
            NewItem(text: "Eggs", dueDate: Date(timeIntervalSince1970: 1_800_000_000), shouldRemind: true), to: list.id)
        _ = try store.addChecklist(name: "List 10")
        _ = try store.addNote(title: "Note", body: "Body")
        try store.setSealedSecret("Secret stuff")
        store.close()
    } catch {
        fatalError("fuzz setup: cannot make the template store: \(error)")
    }
    guard let data = FileManager.default.contents(atPath: databasePath) else { fatalError("fuzz setup: no store") }
    return Array(data)
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzStore(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let input = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
    var file: [UInt8]
    if data[0] % 2 == 0 {
        file = input
    } else {
        file = template
        var rest = input[...]
        if data[0] & 2 != 0, rest.count >= 2 {
            file = Array(file.prefix(Int(rest.removeFirst()) << 8 | Int(rest.removeFirst())))
        }
        while rest.count >= 4, !file.isEmpty {
            let offset = Int(rest.removeFirst()) << 16 | Int(rest.removeFirst()) << 8 | Int(rest.removeFirst())
            file[offset % file.count] = rest.removeFirst()
        }
    }
    removeDatabase()
    writeFile(databasePath, file)
    guard let store = try? ChecklistStore(directory: directory, keyProvider: FixedKey()) else { return 0 }
    defer { store.close() }
    for list in (try? store.checklists()) ?? [] { _ = try? store.items(in: list.id) }
    for note in (try? store.notes()) ?? [] { _ = try? store.note(id: note.id) }
    _ = try? store.sealedSecret()
    _ = try? store.resolveList("Groceries")
    return 0
}
