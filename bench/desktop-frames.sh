#!/bin/sh
# Frame times and idle CPU of the desktop app on one list of 10,000 items (cairo renderer under
# Xvfb, release build): held Down, Page_Down, mouse wheel and Space toggles, each reported as
# frame intervals, frame work and input-to-paint latency (median, p95, max, frames over 16.7 ms),
# then the CPU used over 10 s idle. See bench/desktop-frames.py and bench/frame-times.c.
# BUILT=1 skips the release builds; ITEMS=N sets the list's size.
set -eu
cd "$(dirname "$0")/.."
. bench/desktop-common.sh
desktop_bench_start frame-times
"$bin/checklists-bench" populate "$work/home" 1 "${ITEMS:-10000}" >/dev/null
echo "load: $(cut -d' ' -f1-3 /proc/loadavg)"
dbus-run-session -- /usr/bin/python3 bench/desktop-frames.py "$bin/checklists-gtk" "$work/frame-times.so" \
    "$work/frames.log" --item 0 2>&1 | grep -v "dbus-daemon\|SpiRegistry"
