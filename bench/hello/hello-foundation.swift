// The floor: a Swift program linked like `checklists` (static Swift stdlib and Foundation)
// that only prints. bench/bench.py builds it with `swiftc -O -static-stdlib`.
import Foundation

print("hello")
