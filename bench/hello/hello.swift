// The floor: a Swift program with the static Swift stdlib (as `checklists`) that only prints.
// bench/bench.py builds it with `swiftc -O -static-stdlib`.
print("hello")
