#!/bin/sh
# Frame times and idle CPU of the desktop app on one list of 10,000 items (cairo renderer under
# Xvfb, release build): held Down, Page_Down, mouse wheel and Space toggles, each reported as
# frame intervals, frame work and input-to-paint latency (median, p95, max, frames over 16.7 ms),
# then the CPU used over 10 s idle. See bench/desktop-frames.py and bench/frame-times.c.
# BUILT=1 skips the release builds; ITEMS=N sets the list's size.
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
cc -shared -fPIC -O2 -o "$work/frame-times.so" bench/frame-times.c $(pkg-config --cflags --libs gtk4) -ldl
"$bin/checklists-bench" populate "$work/home" 1 "${ITEMS:-10000}" >/dev/null
. scripts/private-display.sh
start_private_display || { echo "Xvfb did not start" >&2; exit 1; }
xvfb=$XVFB_PID
export DISPLAY=":$DISPLAY_NUMBER" GSK_RENDERER=cairo CHECKLISTS_HOME="$work/home" \
    DBUS_SYSTEM_BUS_ADDRESS="unix:path=$work/no-bus" XDG_RUNTIME_DIR="$work" HOME="$work"
echo "load: $(cut -d' ' -f1-3 /proc/loadavg)"
dbus-run-session -- /usr/bin/python3 bench/desktop-frames.py "$bin/checklists-gtk" "$work/frame-times.so" \
    "$work/frames.log" --item 0 2>&1 | grep -v "dbus-daemon\|SpiRegistry"
