// The floor: a Swift program linked like `checklists` (static Swift stdlib and Foundation)
// that only prints. It touches FileManager so that Foundation is really linked in and started.
// bench/bench.py builds it with `swiftc -O -static-stdlib`.
import Foundation

print(FileManager.default.fileExists(atPath: "/") ? "hello" : "no root")
