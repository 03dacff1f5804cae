// Populates a data directory and measures in-process operations of the store.
//
//   checklists-bench populate DIR [LISTS] [ITEMS]   100 × 1,000 by default
//   checklists-bench toggle DIR [N]                  median / p90 of N durable toggles (ms)
//   checklists-bench floor DIR [N]                   median of N bare `BEGIN; UPDATE; COMMIT` fsyncs
import ChecklistsKit
import Foundation
import Keychain

func milliseconds(_ body: () throws -> Void) rethrows -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    try body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
}

func percentile(_ values: [Double], _ p: Double) -> Double {
    let sorted = values.sorted()
    return sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))]
}

let args = CommandLine.arguments
guard args.count >= 3 else {
    FileHandle.standardError.write(Data("usage: checklists-bench populate|toggle DIR [N…]\n".utf8))
    exit(2)
}
let dir = args[2]
// The same custody as the CLI without a desktop keyring: the data key in the file vault.
let vault = FileVault(path: dir + "/keychain.vault", keySource: .keyFile(dir + "/keychain.key"))
let store = try ChecklistStore(
    directory: dir,
    keyProvider: KeychainKeyProvider(
        keychain: KeychainWrapper(serviceName: KeychainWrapper.defaultServiceName, backend: vault)))

switch args[1] {
case "populate":
    let lists = args.count > 3 ? Int(args[3])! : 100
    let items = args.count > 4 ? Int(args[4])! : 1000
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
    let n = args.count > 3 ? Int(args[3])! : 200
    let list = try store.checklists().max { $0.total < $1.total }!
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
default:
    FileHandle.standardError.write(Data("unknown benchmark \(args[1])\n".utf8))
    exit(2)
}
