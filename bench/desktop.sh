#!/bin/sh
# Cold start of the desktop app: process start → first frame painted with the lists shown,
# on 100 lists × 1,000 items (cairo renderer under Xvfb, release build), and the same with an
# empty store in the same run (GTK's and libadwaita's own start-up). Prints hyperfine's
# summary (BUILT=1 skips the release builds; RUNS=N sets the runs).
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
"$bin/checklists-bench" populate "$work/home" 100 1000
mkdir -p "$work/empty"
. scripts/private-display.sh
start_private_display || { echo "Xvfb did not start" >&2; exit 1; }
xvfb=$XVFB_PID
export DISPLAY=":$DISPLAY_NUMBER" GSK_RENDERER=cairo CHECKLISTS_HOME="$work/home" \
    DBUS_SYSTEM_BUS_ADDRESS="unix:path=$work/no-bus" XDG_RUNTIME_DIR="$work" HOME="$work"
dbus-run-session -- timeout 600 hyperfine --warmup 2 --runs "${RUNS:-20}" --export-json "$work/cold.json" \
    -n "100 lists x 1,000 items" "env CHECKLISTS_GTK_EXIT_AFTER_FIRST_FRAME=1 $bin/checklists-gtk" \
    -n "empty store" "env CHECKLISTS_GTK_EXIT_AFTER_FIRST_FRAME=1 CHECKLISTS_HOME=$work/empty $bin/checklists-gtk" 2>&1 | grep -v "dbus-daemon\|SpiRegistry"
