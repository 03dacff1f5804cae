#!/usr/bin/python3
"""The terminal UI's Search as a user types into it: key to redrawn frame on a big store.

    /usr/bin/python3 bench/tui-search.py BEFORE_BIN AFTER_BIN QUERY [--items N] [--rounds R]
    /usr/bin/python3 bench/tui-search.py BEFORE_BIN AFTER_BIN QUERY --cli-built N [--cli-lists L]

BEFORE_BIN and AFTER_BIN are two `checklists` binaries (release builds); `checklists-bench` is
taken from beside AFTER_BIN to populate one list of N items (default 100,000: "Item I of list
0"). Each round opens each binary on a pseudo-terminal (bench/tui.py's helpers), presses `/`
and types QUERY one key at a time, timing each key to its redrawn frame; the two binaries
alternate. Prints the median, p90, max and total per binary. With --cli-built the store is made the
way a user makes one instead: L lists (default 20) and N items, each added by its own `checklists`
process (AFTER_BIN's; bench/tui.py's `build_by_cli`).
"""
import os
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import tui  # noqa: E402


def main():
    before, after, query = sys.argv[1], sys.argv[2], sys.argv[3]
    items = int(sys.argv[sys.argv.index("--items") + 1]) if "--items" in sys.argv else 100_000
    rounds = int(sys.argv[sys.argv.index("--rounds") + 1]) if "--rounds" in sys.argv else 3
    home = os.path.join(tempfile.mkdtemp(prefix="checklists-tui-search."), "home")
    if "--cli-built" in sys.argv:
        lists = int(sys.argv[sys.argv.index("--cli-lists") + 1]) if "--cli-lists" in sys.argv else 20
        built = int(sys.argv[sys.argv.index("--cli-built") + 1])
        seconds = tui.build_by_cli(after, home, lists, built)
        print(f"store: {built} items in {lists} lists, each added by its own process ({seconds:.0f} s)")
    else:
        populate = os.path.join(os.path.dirname(after), "checklists-bench")
        subprocess.run([populate, "populate", home, "1", str(items)], check=True, stdout=subprocess.DEVNULL)
    times = {"before": [], "after": []}
    for _ in range(rounds):
        for name, binary in [("before", before), ("after", after)]:
            pid, fd = tui.spawn(binary, home)
            tui.read_frame(fd, time.monotonic())
            os.write(fd, b"/")
            tui.read_frame(fd, time.monotonic())
            for character in query:
                start = time.monotonic()
                os.write(fd, character.encode())
                elapsed, _ = tui.read_frame(fd, start)
                times[name].append(elapsed * 1000)
            tui.stop(pid, fd)
    for name, values in times.items():
        values.sort()
        print(f"{name}: {len(values)} keys, median {values[len(values) // 2]:.1f} ms, "
              f"p90 {values[int(len(values) * 0.9)]:.1f} ms, max {values[-1]:.1f} ms, total {sum(values):.0f} ms")


main()
