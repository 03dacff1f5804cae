#!/usr/bin/python3
"""The terminal UI's budgets (DESIGN.md §6): start to first frame, keypress to redrawn frame, idle CPU.

    /usr/bin/python3 bench/tui.py BIN_DIR [--lists 100 --items 1000] [--big 100000] [--runs 20]
    /usr/bin/python3 bench/tui.py BIN_DIR --cli-built 2000 [--cli-lists 20] [--runs 20]

The second form measures a store built the way a user builds one: one `checklists` process per
`list add` and per `item add` (xargs -P2), not bulk-populated.

BIN_DIR holds `checklists` and `checklists-bench` (release: `swift build -c release
--static-swift-stdlib --show-bin-path`). Each run starts `checklists` on a fresh 80x24
pseudo-terminal; a frame counts as drawn when ncurses has written it and then stays quiet
for 30 ms (the time of that wait is not counted).
"""
import argparse, fcntl, os, pty, select, struct, subprocess, sys, tempfile, termios, time


def spawn(binary, home):
    pid, fd = pty.fork()
    if pid == 0:
        env = {"PATH": "/usr/bin:/bin", "HOME": home, "CHECKLISTS_HOME": home, "LANG": "C.UTF-8",
               "TZ": "UTC", "TERM": "xterm-256color"}
        os.execve(binary, [binary], env)
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    return pid, fd


def read_frame(fd, start, marker=None, quiet=0.03, timeout=20.0):
    """Reads until the output (containing `marker`, when given) has been quiet for `quiet` seconds.
    Returns (seconds from `start` to the last byte of the frame, bytes)."""
    data, last = b"", None
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        ready, _, _ = select.select([fd], [], [], quiet)
        if ready:
            try:
                chunk = os.read(fd, 65536)
            except OSError:
                break
            data += chunk
            last = time.monotonic()
        elif last is not None and (marker is None or marker in data):
            return last - start, data
    raise SystemExit(f"tui bench: no frame (marker {marker!r}); got {data[-400:]!r}")


def stop(pid, fd):
    # Killed, not quit: going back would change the list opened last (ChecklistIndex).
    os.kill(pid, 9)
    try:
        os.waitpid(pid, 0)
    except ChildProcessError:
        pass
    os.close(fd)


def cpu_ticks(pid):
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12])


def median(values):
    s = sorted(values)
    return s[len(s) // 2]


def p90(values):
    s = sorted(values)
    return s[min(len(s) - 1, int(len(s) * 0.9))]


def env_for(home):
    return {"PATH": "/usr/bin:/bin", "HOME": home, "CHECKLISTS_HOME": home, "LANG": "C.UTF-8", "TZ": "UTC"}


def build_by_cli(checklists, home, lists, items):
    """`lists` lists and `items` items spread evenly over them, each added by its own process."""
    subprocess.run([checklists, "lists"], check=True, stdout=subprocess.DEVNULL, env=env_for(home))
    lines = [f'list add "List {l}"' for l in range(lists)]
    lines += [f'item add "List {i % lists}" "Item {i // lists} of list {i % lists}"' for i in range(items)]
    t0 = time.monotonic()
    for chunk in (lines[:lists], lines[lists:]):  # the lists exist before their items
        subprocess.run(f"xargs -P2 -L1 {checklists}", shell=True, input="\n".join(chunk) + "\n", text=True,
                       check=True, stdout=subprocess.DEVNULL, env=env_for(home))
    return time.monotonic() - t0


def keypresses(fd, keys, runs):
    """Keypress to redrawn frame, in ms, cycling through `keys`."""
    times = []
    for run in range(runs):
        key = keys[run % len(keys)]
        t0 = time.monotonic()
        os.write(fd, key)
        took, _ = read_frame(fd, t0)
        times.append(took * 1000)
        # A toggle's own change event comes back from the change monitor: let it settle.
        if key == b" ":
            try:
                read_frame(fd, time.monotonic(), quiet=0.2, timeout=2)
            except SystemExit:
                pass
    return times


def cli_built(checklists, items, lists, runs):
    with tempfile.TemporaryDirectory() as tmp:
        home = os.path.join(tmp, "cli")
        built = build_by_cli(checklists, home, lists, items)
        per = items // lists
        print(f"store built by {items + lists + 1} checklists processes ({lists} lists x {per} items, "
              f"xargs -P2): {built:.0f} s")
        subprocess.run([checklists, "items", "List 0"], check=True, stdout=subprocess.DEVNULL, env=env_for(home))
        starts = []
        for _ in range(runs):
            t0 = time.monotonic()
            pid, fd = spawn(checklists, home)
            took, _ = read_frame(fd, t0, marker=b"Space check")
            starts.append(took * 1000)
            stop(pid, fd)
        print(f"start to first frame (List 0 open, {per} items): median {median(starts):.1f} ms, "
              f"p90 {p90(starts):.1f} ms ({runs} runs)")
        pid, fd = spawn(checklists, home)
        read_frame(fd, time.monotonic(), marker=b"Space check")
        for name, keys in [("j / k (down / up)", [b"j", b"k"]), ("PgDn / PgUp", [b"\x1b[6~", b"\x1b[5~"]),
                           ("Space (toggle, saved)", [b" "]), ("q / Enter (Checklists and back)", [b"q", b"\r"])]:
            times = keypresses(fd, keys, runs)
            print(f"keypress to frame, {name}: median {median(times):.2f} ms, p90 {p90(times):.2f} ms")
        shows = []
        for run in range(max(5, runs // 2)):
            subprocess.run([checklists, "item", "add", "List 0", f"from the CLI {run}"], check=True,
                           stdout=subprocess.DEVNULL, env=env_for(home))
            t0 = time.monotonic()
            took, _ = read_frame(fd, t0, timeout=10)
            shows.append(took * 1000)
        print(f"a CLI change shows in the TUI: median {median(shows):.1f} ms, p90 {p90(shows):.1f} ms "
              f"after the CLI exits ({len(shows)} runs)")
        before = cpu_ticks(pid)
        time.sleep(3)
        print(f"idle: {cpu_ticks(pid) - before} CPU ticks (1/100 s) in 3 s")
        stop(pid, fd)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("bin")
    ap.add_argument("--lists", type=int, default=100)
    ap.add_argument("--items", type=int, default=1000)
    ap.add_argument("--big", type=int, default=100000)
    ap.add_argument("--runs", type=int, default=20)
    ap.add_argument("--cli-built", type=int, metavar="ITEMS", help="measure a store built by separate CLI commands")
    ap.add_argument("--cli-lists", type=int, default=20)
    a = ap.parse_args()
    if a.cli_built:
        cli_built(os.path.join(a.bin, "checklists"), a.cli_built, a.cli_lists, a.runs)
        return
    checklists, populate = os.path.join(a.bin, "checklists"), os.path.join(a.bin, "checklists-bench")
    with tempfile.TemporaryDirectory() as tmp:
        wide, big = os.path.join(tmp, "wide"), os.path.join(tmp, "big")
        subprocess.run([populate, "populate", wide, str(a.lists), str(a.items)], check=True, stdout=subprocess.DEVNULL)
        subprocess.run([populate, "populate", big, "1", str(a.big)], check=True, stdout=subprocess.DEVNULL)
        # Both open on a populated list (`items LIST` makes it the one opened last), over Checklists.
        for home in (wide, big):
            env = {"PATH": "/usr/bin:/bin", "HOME": home, "CHECKLISTS_HOME": home, "LANG": "C.UTF-8", "TZ": "UTC"}
            subprocess.run([checklists, "items", "List 0"], check=True, stdout=subprocess.DEVNULL, env=env)

        starts = []
        for _ in range(a.runs):
            t0 = time.monotonic()
            pid, fd = spawn(checklists, wide)
            took, _ = read_frame(fd, t0, marker=b"help")
            starts.append(took * 1000)
            stop(pid, fd)
        print(f"start to first frame, {a.lists} lists x {a.items} items: median {median(starts):.1f} ms, "
              f"p90 {p90(starts):.1f} ms ({a.runs} runs)")

        # A change by the CLI in another process, from the CLI's exit to the TUI's frame showing it.
        pid, fd = spawn(checklists, wide)
        read_frame(fd, time.monotonic(), marker=b"Space check")
        env = {"PATH": "/usr/bin:/bin", "HOME": wide, "CHECKLISTS_HOME": wide, "LANG": "C.UTF-8", "TZ": "UTC"}
        shows = []
        for run in range(max(5, a.runs // 2)):
            # The new item goes to the end of the list; the title's count changes on screen.
            subprocess.run([checklists, "item", "add", "List 0", f"from the CLI {run}"], check=True,
                           stdout=subprocess.DEVNULL, env=env)
            t0 = time.monotonic()
            took, _ = read_frame(fd, t0, timeout=10)
            shows.append(took * 1000)
        print(f"a CLI change shows in the TUI ({a.items}-item list open): median {median(shows):.1f} ms, "
              f"p90 {p90(shows):.1f} ms after the CLI exits ({len(shows)} runs)")
        stop(pid, fd)

        t0 = time.monotonic()
        pid, fd = spawn(checklists, big)
        took, _ = read_frame(fd, t0, marker=b"Space check", timeout=60)
        print(f"start to first frame with the {a.big}-item list opened last: {took * 1000:.0f} ms")
        results = {}
        for name, keys in [("j (down)", [b"j"]), ("k (up)", [b"k"]), ("PgDn", [b"\x1b[6~"]), ("PgUp", [b"\x1b[5~"]),
                           ("Space (toggle, saved)", [b" "]), ("G / g (last / first item)", [b"G", b"g"])]:
            times = []
            print(f"  {name} ...", file=sys.stderr)
            for run in range(a.runs):
                key = keys[run % len(keys)]
                t0 = time.monotonic()
                os.write(fd, key)
                took, _ = read_frame(fd, t0)
                times.append(took * 1000)
                # A toggle's own change event comes back from the change monitor: let it settle.
                if key == b" ":
                    try:
                        read_frame(fd, time.monotonic(), quiet=0.2, timeout=2)
                    except SystemExit:
                        pass
            results[name] = times
        for name, times in results.items():
            print(f"keypress to frame, {a.big}-item list, {name}: median {median(times):.2f} ms, p90 {p90(times):.2f} ms")
        before = cpu_ticks(pid)
        time.sleep(3)
        idle = cpu_ticks(pid) - before
        print(f"idle: {idle} CPU ticks (1/100 s) in 3 s")
        stop(pid, fd)


if __name__ == "__main__":
    main()
