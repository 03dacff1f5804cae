#!/bin/sh
# Starts checklists-gtk on a private Xvfb display with a session bus that never answers:
#   silent-bus.sh APP BUS-ADDRESS
# Prints "WINDOW after N s" once its window is mapped (or "NO WINDOW" after 30 s), then the
# app's standard error. No AT-SPI here: that needs the session bus. Everything started here is
# stopped here.
set -u
app=$1
address=$2
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
xvfb=
trap '[ -n "$xvfb" ] && kill "$xvfb" 2>/dev/null && wait "$xvfb" 2>/dev/null; rm -rf "$work"' EXIT
. "$here/../../../scripts/private-display.sh"
start_private_display || { echo "FAILED: Xvfb did not start"; exit 1; }
xvfb=$XVFB_PID
export DISPLAY=:$DISPLAY_NUMBER GSK_RENDERER=cairo DBUS_SESSION_BUS_ADDRESS=$address
"$app" 2>"$work/app.err" >/dev/null &
pid=$!
start=$(date +%s)
if timeout 30 xdotool search --sync --onlyvisible --name '^Checklists$' >/dev/null 2>&1; then
    echo "WINDOW after $(( $(date +%s) - start )) s"
else
    echo "NO WINDOW"
fi
kill "$pid" 2>/dev/null
wait "$pid" 2>/dev/null
cat "$work/app.err"
