#!/usr/bin/python3
"""Frame times and idle CPU of the desktop app on a 10,000-item list (run by bench/desktop-frames.sh,
which starts Xvfb, builds the shim and the store; this drives the app and reads the shim's log).

    /usr/bin/python3 bench/desktop-frames.py CHECKLISTS_GTK SHIM.so LOG [--item ID]
        [--before OTHER_CHECKLISTS_GTK] [--floor FLOOR] [--rounds N]

With --before, each round runs both builds (a fresh app each, the order alternating between
rounds) and the end prints, per scenario, both builds' figures pooled over the rounds and their
ratio (after / before): a paired comparison under the same load. --floor adds a third program
to each round (bench/desktop-list-floor.c: the same window and rows in C) and the ratios
after / floor.

The app runs with bench/frame-times.c preloaded, which logs when each frame starts and is
painted and when a key or a wheel scroll reaches the window. Each scenario sends input with
xdotool and then waits for the app to go quiet; for the frames painted during it, it prints:

  interval   the time between one painted frame and the next, while input keeps coming
             (at 60 Hz a frame is due every 16.7 ms; an interval over 16.7 ms + 4 ms of timer
             slack means a refresh went by without a frame: a dropped frame)
  work       frame start (events flushed) → painted
  latency    a key or scroll reaching the window → the next painted frame (the key's own
             handling, e.g. moving the focus, happens before the frame starts, so this is what a
             person sees)
  cpu        the app's CPU time (utime + stime) over the scenario, per input event

and then the CPU ticks used over 10 s with the window open and idle (expected: 0).

Profiling (Debian 12 ships GTK without symbols, so internal functions are found by address):
PERF_DATA=FILE PERF_ARGS="--call-graph dwarf,16384" records each scenario into FILE.1 ... FILE.5;
PERF_STAT=EVENTS counts events instead. GTK's style creation
(gtk_css_static_style_new_compute) is at 0x36c6a0 in libgtk-4.so.1.800.3 (4.8.3+ds-2+deb12u1),
so `echo "p:gtk/style_new /usr/lib/x86_64-linux-gnu/libgtk-4.so.1.800.3:0x36c6a0" >>
/sys/kernel/tracing/uprobe_events` and PERF_STAT=gtk:style_new count the styles computed per
scenario (add `node=%dx:x64 name=+4(+64(%dx)):u32 pending=+88(%dx):x64` and PERF_ARGS="-c 1 -e
gtk:style_new" for which CSS node and why; names are GQuarks).
"""
import os
import subprocess
import sys
import time

REFRESH = 1e6 / 60  # µs
SLACK = 4000  # µs: the frame clock's timer may fire a little late on a busy machine


def records(log):
    out = []
    with open(log) as f:
        for line in f:
            parts = line.split()
            if len(parts) == 2:
                out.append((parts[0], int(parts[1])))
    return out


def cpu_ticks(pid):
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12])


def now_us():
    return int(time.clock_gettime(time.CLOCK_MONOTONIC) * 1e6)


def pct(values, p):
    s = sorted(values)
    return s[min(len(s) - 1, int(len(s) * p))] if s else 0


def quiet(log, seconds=0.5, timeout=30.0):
    """Waits until no frame has been logged for `seconds`."""
    deadline = time.monotonic() + timeout
    size, since = -1, time.monotonic()
    while time.monotonic() < deadline:
        current = os.path.getsize(log)
        if current != size:
            size, since = current, time.monotonic()
        elif time.monotonic() - since >= seconds:
            return
        time.sleep(0.05)


def xdotool(*args):
    subprocess.run(["xdotool", *args], check=True)


def summary(name, log, begin, end, pid_ticks, hz):
    """The frames of one scenario: intervals, work and latencies (µs), inputs and CPU (ms)."""
    rs = [(k, t) for k, t in records(log) if begin <= t]
    starts = [t for k, t in rs if k == "start"]
    paints = [t for k, t in rs if k == "paint"]
    inputs = [t for k, t in rs if k in ("key", "scroll") and t <= end]
    if not paints or not inputs:
        return None
    # Intervals between frames painted while input was still arriving (the last input plus one
    # refresh), so that the pause after the last key is not counted.
    last_input = inputs[-1]
    active = [p for p in paints if inputs[0] <= p <= last_input + REFRESH + SLACK]
    work = []
    for s in starts:
        after = [p for p in paints if p >= s]
        if after:
            work.append(after[0] - s)
    latency = []
    for i in inputs:
        after = [p for p in paints if p >= i]
        if after:
            latency.append(after[0] - i)
    return {"inputs": len(inputs), "frames": len(paints), "cpu": pid_ticks * 1000 / hz,
            "interval": [b - a for a, b in zip(active, active[1:])], "work": work, "latency": latency}


def merge(runs):
    """Pools the summaries of one scenario over rounds."""
    runs = [r for r in runs if r]
    if not runs:
        return None
    out = {"inputs": sum(r["inputs"] for r in runs), "frames": sum(r["frames"] for r in runs),
           "cpu": sum(r["cpu"] for r in runs)}
    for key in ("interval", "work", "latency"):
        out[key] = [v for r in runs for v in r[key]]
    return out


def ms(v):
    return v / 1000


def report(name, s):
    if not s:
        print(f"{name}: no frames or no input seen", flush=True)
        return
    intervals, work, latency = s["interval"], s["work"], s["latency"]
    print(f"{name}: {s['inputs']} inputs, {s['frames']} frames, CPU {s['cpu']:.0f} ms "
          f"({s['cpu'] / s['inputs']:.1f} ms per input)", flush=True)
    if intervals:
        dropped = sum(1 for v in intervals if v > REFRESH + SLACK)
        print(f"  interval  median {ms(pct(intervals, 0.5)):6.1f}  p95 {ms(pct(intervals, 0.95)):6.1f}  "
              f"max {ms(max(intervals)):6.1f} ms   missed a refresh (> 20.7 ms): {dropped}/{len(intervals)}",
              flush=True)
    if work:
        print(f"  work      median {ms(pct(work, 0.5)):6.1f}  p95 {ms(pct(work, 0.95)):6.1f}  "
              f"max {ms(max(work)):6.1f} ms   over 16.7 ms: {sum(1 for v in work if v > REFRESH)}/{len(work)}",
              flush=True)
    if latency:
        print(f"  latency   median {ms(pct(latency, 0.5)):6.1f}  p95 {ms(pct(latency, 0.95)):6.1f}  "
              f"max {ms(max(latency)):6.1f} ms   over 16.7 ms: {sum(1 for v in latency if v > REFRESH)}/{len(latency)}",
              flush=True)


def figures(s):
    """The compared figures of a pooled scenario (name → value; times in ms)."""
    if not s or not s["interval"] or not s["latency"]:
        return {}
    iv, lat = s["interval"], s["latency"]
    return {
        "missed refreshes (fraction)": sum(1 for v in iv if v > REFRESH + SLACK) / len(iv),
        "interval p95": ms(pct(iv, 0.95)),
        "longest interval (stall)": ms(max(iv)),
        "time in stalls > 50 ms per input": sum(ms(v) for v in iv if v > 50000) / s["inputs"],
        "latency median": ms(pct(lat, 0.5)),
        "latency p95": ms(pct(lat, 0.95)),
        "latency max": ms(max(lat)),
        "work p95": ms(pct(s["work"], 0.95)) if s["work"] else 0,
        "CPU per input": s["cpu"] / s["inputs"],
    }


def compare(name, before, after, what="before"):
    print(f"{name} (against {what})", flush=True)
    fb, fa = figures(before), figures(after)
    for key in fb:
        if key not in fa:
            continue
        b, a = fb[key], fa[key]
        ratio = f"{a / b:5.2f}x" if b else "    -"
        print(f"  {key:34} {what:6} {b:8.3f}  after {a:8.3f}  after/{what} {ratio}", flush=True)


def scenario(name, log, pid, hz, send):
    quiet(log)
    perf = None
    if os.environ.get("PERF_DATA"):
        # Profiles the scenarios (perf record -g), for `perf report -i PERF_DATA`; with more than
        # one scenario, each gets its own file (PERF_DATA.1, .2, ... in the order below).
        path = os.environ["PERF_DATA"] + ("" if os.environ.get("ONLY") else f".{SCENARIO_NUMBER[name]}")
        if os.environ.get("PERF_STAT"):  # counts events instead (perf stat -e PERF_STAT)
            command = ["perf", "stat", "-e", os.environ["PERF_STAT"]]
        else:
            args = os.environ.get("PERF_ARGS", "-g").split()
            # 2,000 samples a second unless PERF_ARGS sets the rate (-c 1: every event of a probe)
            command = ["perf", "record", *args, *([] if {"-c", "-F"} & set(args) else ["-F", "2000"])]
        perf = subprocess.Popen(command + ["-o", path, "-p", str(pid)],
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(1.0)
    begin, ticks = now_us(), cpu_ticks(pid)
    send()
    end = now_us()
    quiet(log)
    if perf:
        perf.send_signal(2)
        perf.wait()
    return summary(name, log, begin, end, cpu_ticks(pid) - ticks, hz)


def keys(key, count, delay_ms):
    return lambda: xdotool("key", "--delay", str(delay_ms), *([key] * count))


SCENARIOS = [
    ("Down x 100, a key every 33 ms (held key, GNOME's 30 ms repeat)", keys("Down", 100, 33)),
    ("Down x 100, a key every 16 ms (60 per second)", keys("Down", 100, 16)),
    ("Page_Down x 30, every 100 ms", keys("Page_Down", 30, 100)),
    ("mouse wheel down x 100, every 16 ms", lambda: xdotool("click", "--repeat", "100", "--delay", "16", "5")),
    ("Space (toggle) then Down, x 50, a key every 50 ms",
     lambda: xdotool("key", "--delay", "50", *(["space", "Down"] * 50))),
]
SCENARIO_NUMBER = {name: i + 1 for i, (name, _) in enumerate(SCENARIOS)}


def run(binary, shim, log, item, hz):
    """One app, every scenario (or those of ONLY=WORDS), then idle: {scenario: summary}, idle ticks."""
    open(log, "w").close()
    env = dict(os.environ, LD_PRELOAD=shim, FRAME_TIMES_LOG=log)
    app = subprocess.Popen([binary, "--item", item], env=env, stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL)
    out = {}
    try:
        deadline = time.monotonic() + 60
        while not any(k == "paint" for k, _ in records(log)):
            if time.monotonic() > deadline or app.poll() is not None:
                raise SystemExit("desktop-frames: the window never painted")
            time.sleep(0.05)
        time.sleep(1.0)
        quiet(log, 1.0)
        # The window sits at 0,0 (no window manager); the list is on the right of the sidebar.
        xdotool("mousemove", *os.environ.get("POINTER", "600 350").split())
        only = os.environ.get("ONLY")
        for name, send in SCENARIOS:
            if not only or only in name:
                out[name] = scenario(name, log, app.pid, hz, send)
        # The change events of the toggles (the store's change monitor looks again for a second
        # after a write) settle first.
        quiet(log, 1.0)
        time.sleep(3.0)
        ticks = cpu_ticks(app.pid)
        time.sleep(10)
        idle = cpu_ticks(app.pid) - ticks
    finally:
        app.kill()
        app.wait()
    return out, idle


def main():
    binary, shim, log = sys.argv[1:4]
    option = lambda flag, default: sys.argv[sys.argv.index(flag) + 1] if flag in sys.argv else default
    item, before, rounds = option("--item", "0"), option("--before", None), int(option("--rounds", "1"))
    floor = option("--floor", None)
    hz = os.sysconf("SC_CLK_TCK")
    builds = {"after": binary}
    if before:
        builds["before"] = before
    if floor:
        builds["floor"] = floor
    results = {b: {} for b in builds}
    for n in range(rounds):
        order = list(builds) if n % 2 else list(reversed(builds))
        for build in order:
            print(f"round {n + 1}, {build} ({builds[build]}), load {open('/proc/loadavg').read().split()[0]}",
                  flush=True)
            out, idle = run(builds[build], shim, log, item, hz)
            for name, s in out.items():
                report(name, s)
                results[build].setdefault(name, []).append(s)
            print(f"idle: {idle} CPU ticks in 10 s ({idle * 1000 / hz:.0f} ms) with the window open", flush=True)
    if len(builds) > 1 or rounds > 1:
        print(f"\npooled over {rounds} round(s), load now {open('/proc/loadavg').read().strip()}", flush=True)
        for name in results["after"]:
            if len(builds) == 1:
                report(name, merge(results["after"][name]))
            for other in ("before", "floor"):
                if other in builds:
                    compare(name, merge(results[other].get(name, [])), merge(results["after"][name]), other)


if __name__ == "__main__":
    main()
