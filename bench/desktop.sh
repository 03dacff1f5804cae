#!/bin/sh
# Cold start of the desktop app: process start → first frame painted with the lists shown,
# on 100 lists × 1,000 items (cairo renderer under Xvfb, release build), and the same with an
# empty store, and the floor (bench/desktop-floor.c: a libadwaita window in C with a header bar
# and a status page, nothing else) in the same run. Prints hyperfine's summary (BUILT=1 skips the
# release builds; RUNS=N sets the runs).
# The first frame is seen from outside the app: bench/first-frame.c, built here and preloaded,
# ends the process after the main window's first painted frame (the app has no hook for it).
set -eu
cd "$(dirname "$0")/.."
. bench/desktop-common.sh
desktop_bench_start first-frame
"$bin/checklists-bench" populate "$work/home" 100 1000
mkdir -p "$work/empty"
# shellcheck disable=SC2046 # pkg-config's flags are words
cc -O2 -o "$work/desktop-floor" bench/desktop-floor.c $(pkg-config --cflags --libs libadwaita-1)
first="env LD_PRELOAD=$work/first-frame.so"
# The shim must end the app (else hyperfine would wait for ever): one run first, bounded.
dbus-run-session -- timeout 60 $first "$bin/checklists-gtk" >/dev/null 2>&1 ||
    { echo "bench/desktop.sh: the app did not exit after its first frame" >&2; exit 1; }
dbus-run-session -- timeout 600 hyperfine --warmup 2 --runs "${RUNS:-20}" --export-json "$work/cold.json" \
    -n "100 lists x 1,000 items" "$first $bin/checklists-gtk" \
    -n "empty store" "$first CHECKLISTS_HOME=$work/empty $bin/checklists-gtk" \
    -n "floor: libadwaita window in C" "$first $work/desktop-floor" 2>&1 | grep -v "dbus-daemon\|SpiRegistry"
