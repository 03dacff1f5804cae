#!/bin/sh
# Runs one AT-SPI scenario against checklists-gtk on a private Xvfb display and session bus:
#   run-scenario.sh APP SCENARIO.py
# The environment carries CHECKLISTS_HOME and the rest for the app; the scenario's output ends
# with PASSED or FAILED. Everything started here is stopped here.
set -u
app=$1
scenario=$2
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'kill "$xvfb" 2>/dev/null; rm -rf "$work"' EXIT

# A free display number, chosen by the server itself.
Xvfb -displayfd 3 -screen 0 1024x700x24 -nolisten tcp 3>"$work/display" >/dev/null 2>&1 &
xvfb=$!
i=0
while [ ! -s "$work/display" ]; do
    i=$((i + 1))
    [ "$i" -gt 300 ] && { echo "FAILED: Xvfb did not start"; exit 1; }
    sleep 0.1
done
DISPLAY=:$(cat "$work/display")
export DISPLAY GSK_RENDERER=cairo NO_AT_BRIDGE=0 GTK_A11Y=atspi

# DISPLAY is exported before the bus starts (see notes/GTK.md): the app, the AT-SPI bus and
# the scenario all live and die inside this dbus-run-session.
exec dbus-run-session -- sh -c '
    "$1" >"$3/app.log" 2>&1 &
    app=$!
    cd "$2" && /usr/bin/python3 "$4"
    status=$?
    kill "$app" 2>/dev/null
    wait "$app" 2>/dev/null
    if [ "$status" -ne 0 ]; then echo "--- app log"; grep -v "Screen coordinates" "$3/app.log" | tail -20; fi
    exit "$status"
' sh "$app" "$here" "$work" "$scenario" 2>&1 | grep -v "dbus-daemon\|SpiRegistry daemon\|dbind-WARNING"
