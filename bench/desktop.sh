#!/bin/sh
# Cold start of the desktop app: process start → first frame painted with the lists shown,
# on 100 lists × 1,000 items (cairo renderer under Xvfb, release build), and the same with an
# empty store in the same run (GTK's and libadwaita's own start-up). Prints hyperfine's
# summary (BUILT=1 skips the release builds; RUNS=N sets the runs).
# The first frame is seen from outside the app: bench/first-frame.c, built here and preloaded,
# ends the process after the main window's first painted frame (the app has no hook for it).
set -eu
cd "$(dirname "$0")/.."
if [ -z "${BUILT:-}" ]; then
    swift build -c release --static-swift-stdlib --product checklists-gtk >/dev/null
    swift build -c release --static-swift-stdlib --product checklists-bench >/dev/null
fi
bin=$(swift build -c release --static-swift-stdlib --show-bin-path)
work=$(mktemp -d)
xvfb=
trap '[ -n "$xvfb" ] && kill "$xvfb" 2>/dev/null && wait "$xvfb" 2>/dev/null; rm -rf "$work"' EXIT
# shellcheck disable=SC2046 # pkg-config's flags are words
cc -shared -fPIC -O2 -o "$work/first-frame.so" bench/first-frame.c $(pkg-config --cflags --libs gtk4) -ldl
"$bin/checklists-bench" populate "$work/home" 100 1000
mkdir -p "$work/empty"
. scripts/private-display.sh
start_private_display || { echo "Xvfb did not start" >&2; exit 1; }
xvfb=$XVFB_PID
export DISPLAY=":$DISPLAY_NUMBER" GSK_RENDERER=cairo CHECKLISTS_HOME="$work/home" \
    DBUS_SYSTEM_BUS_ADDRESS="unix:path=$work/no-bus" XDG_RUNTIME_DIR="$work" HOME="$work"
first="env LD_PRELOAD=$work/first-frame.so"
# The shim must end the app (else hyperfine would wait for ever): one run first, bounded.
dbus-run-session -- timeout 60 $first "$bin/checklists-gtk" >/dev/null 2>&1 ||
    { echo "bench/desktop.sh: the app did not exit after its first frame" >&2; exit 1; }
dbus-run-session -- timeout 600 hyperfine --warmup 2 --runs "${RUNS:-20}" --export-json "$work/cold.json" \
    -n "100 lists x 1,000 items" "$first $bin/checklists-gtk" \
    -n "empty store" "$first CHECKLISTS_HOME=$work/empty $bin/checklists-gtk" 2>&1 | grep -v "dbus-daemon\|SpiRegistry"
