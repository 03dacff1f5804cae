import Foundation
import Interchange

/// libFuzzer target: the JSON backup reader (`Backup.decode`). Any input gives a batch or an
/// `InterchangeError`; IDs in a batch are within 0…2^53.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzBackup(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard let (batch, _) = try? Backup.decode(Data(bytes: data, count: size)) else { return 0 }
    let ids = batch.lists.compactMap(\.id) + batch.lists.flatMap { $0.items.compactMap(\.id) }
    if ids.contains(where: { $0 < 0 || $0 > 1 << 53 }) { fatalError("an ID out of range passed") }
    return 0
}
