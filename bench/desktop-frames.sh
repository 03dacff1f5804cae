#!/bin/sh
# Frame times and idle CPU of the desktop app on one list of 10,000 items (cairo renderer under
# Xvfb, release build): held Down, Page_Down, mouse wheel and Space toggles, each reported as
# frame intervals, frame work and input-to-paint latency (median, p95, max, frames over 16.7 ms),
# then the CPU used over 10 s idle. See bench/desktop-frames.py and bench/frame-times.c.
# BUILT=1 skips the release builds; ITEMS=N sets the list's size. BEFORE=PATH (another build of
# checklists-gtk, e.g. a copy kept from before a change) pairs it with this one: ROUNDS=N rounds
# (default 3 with BEFORE, else 1), each running both builds in alternating order, then their
# figures pooled and the ratios after/before. AFTER=PATH runs that build instead of this tree's.
# FLOOR=1 adds bench/desktop-list-floor.c (the same window and rows in C) to every round and
# prints the ratios after/floor too.
set -eu
cd "$(dirname "$0")/.."
. bench/desktop-common.sh
desktop_bench_start frame-times
"$bin/checklists-bench" populate "$work/home" 1 "${ITEMS:-10000}" >/dev/null
rounds=${ROUNDS:-1}
[ -n "${BEFORE:-}${FLOOR:-}" ] && rounds=${ROUNDS:-3}
floor=
if [ -n "${FLOOR:-}" ]; then
    # shellcheck disable=SC2046 # pkg-config's flags are words
    cc -O2 -o "$work/desktop-list-floor" bench/desktop-list-floor.c $(pkg-config --cflags --libs libadwaita-1)
    floor="$work/desktop-list-floor"
fi
echo "load: $(cut -d' ' -f1-3 /proc/loadavg)"
dbus-run-session -- /usr/bin/python3 bench/desktop-frames.py "${AFTER:-$bin/checklists-gtk}" "$work/frame-times.so" \
    "$work/frames.log" --item 0 ${BEFORE:+--before "$BEFORE"} ${floor:+--floor "$floor"} --rounds "$rounds" 2>&1 | grep -v "dbus-daemon\|SpiRegistry"
