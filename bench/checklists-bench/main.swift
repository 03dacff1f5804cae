// Populates data directories and measures in-process costs, for bench/run.sh.
//
//   checklists-bench populate DIR [LISTS] [ITEMS]   bulk: LISTS × ITEMS in one process (100 × 1,000)
//   checklists-bench toggle DIR [N]                  median / p90 of N durable toggles (ms)
//   checklists-bench dump DIR                        every list and item as JSON (see BenchDump)
//   checklists-bench load DIR FILE                   a fresh store with the content of a dump
//   checklists-bench passcode-cost DIR [N]           N timed Argon2id runs at the cost of DIR's passcode lock
import ChecklistsKit
import Foundation
import Keychain

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("checklists-bench: \(message)\n".utf8))
    exit(2)
}

func milliseconds(_ body: () throws -> Void) rethrows -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    try body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
}

func percentile(_ values: [Double], _ p: Double) -> Double {
    let sorted = values.sorted()
    return sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))]
}

/// The positional number at `index`, or `fallback` when absent.
func number(_ args: [String], _ index: Int, default fallback: Int) -> Int {
    guard index < args.count else { return fallback }
    guard let value = Int(args[index]), value >= 0 else { fail("not a count: \(args[index])") }
    return value
}

/// The same custody as the CLI without a desktop keyring: the data key in the file vault.
func vault(_ dir: String) -> FileVault {
    FileVault(path: dir + "/keychain.vault", keySource: .keyFile(dir + "/keychain.key"))
}

func openStore(_ dir: String) throws -> ChecklistStore {
    try ChecklistStore(
        directory: dir,
        keyProvider: KeychainKeyProvider(
            keychain: KeychainWrapper(serviceName: KeychainWrapper.defaultServiceName, backend: vault(dir)),
            // Key items are named by the store's ID, as the CLI names them.
            items: KeyItems(storeID: ChecklistStore.peekSettings(directory: dir)["StoreID"])))
}

let args = CommandLine.arguments
guard args.count >= 3 else { fail("usage: checklists-bench populate|toggle|dump|load|passcode-cost DIR [N…]") }
let dir = args[2]

switch args[1] {
case "populate":
    let store = try openStore(dir)
    let lists = number(args, 3, default: 100)
    let items = number(args, 4, default: 1000)
    let ms = try milliseconds {
        for l in 0..<lists {
            var batch: [NewItem] = []
            for i in 0..<items {
                let due: Date? = i % 10 == 0 ? Date(timeIntervalSinceNow: Double(i) * 3600) : nil
                batch.append(
                    NewItem(
                        text: "Item \(i) of list \(l)", checked: i % 3 == 0, dueDate: due, shouldRemind: i % 20 == 0))
            }
            try store.addChecklist(name: "List \(l)", icon: Icon.allCases[l % Icon.allCases.count], items: batch)
        }
    }
    print("populated \(lists) lists × \(items) items in \(Int(ms)) ms")
case "toggle":
    let store = try openStore(dir)
    let n = max(1, number(args, 3, default: 200))
    guard let list = try store.checklists().max(by: { $0.total < $1.total }), list.total > 0 else {
        fail("no items to toggle in \(dir)")
    }
    let ids = try store.items(in: list.id).map(\.id)
    var times: [Double] = []
    for i in 0..<n {
        let id = ids[i % ids.count]
        times.append(try milliseconds { try store.toggleItem(id: id) })
    }
    print(
        String(
            format: "toggle median %.3f ms p90 %.3f ms (n=%d, durable: WAL + synchronous=FULL)",
            percentile(times, 0.5), percentile(times, 0.9), n))
case "dump":
    try BenchDump.write(from: try openStore(dir))
case "load":
    guard args.count > 3 else { fail("usage: checklists-bench load DIR FILE") }
    let ms = try milliseconds { try BenchDump.load(file: args[3], into: try openStore(dir)) }
    print("loaded \(args[3]) in \(Int(ms)) ms")
case "passcode-cost":
    try PasscodeCost.run(vault: vault(dir), runs: max(1, number(args, 3, default: 5)))
default:
    fail("unknown benchmark \(args[1])")
}
