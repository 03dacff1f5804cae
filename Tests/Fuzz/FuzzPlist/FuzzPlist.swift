import Foundation
import Interchange

/// libFuzzer target: the iOS app's files (`IOSImport.add`): a keyed archive walked by hand,
/// notesData and the preferences, binary or XML. Any input must give a batch or an
/// `InterchangeError`, never a trap, and a batch must be within the reader's limits.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPlist(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var found = IOSImport()
    guard (try? found.add(Data(bytes: data, count: size))) != nil else { return 0 }
    let batch = found.batch
    if batch.itemCount > IOSChecklists.maxItems { fatalError("more items than the limit") }
    for list in batch.lists where list.name.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
        fatalError("a list without a name passed: \(list)")
    }
    return 0
}

/// swift-corelibs' XML property list parser leaks a CFError for each malformed file (in
/// CFPropertyList.c, not here; the CLI parses a file once per process): leak detection would
/// stop every run at the first such input.
@_cdecl("__lsan_is_turned_off")
public func leakDetectionIsOff() -> CInt { 1 }
