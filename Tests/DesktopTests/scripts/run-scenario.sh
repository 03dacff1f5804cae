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
# The server is waited for: one still shutting down could unlink the socket of a new server
# that took the same display number.
trap '[ -n "$xvfb" ] && kill "$xvfb" 2>/dev/null && wait "$xvfb" 2>/dev/null; rm -rf "$work"' EXIT

# A display of our own (shared with bench/desktop.sh).
. "$here/../../../scripts/private-display.sh"
xvfb=
start_private_display || { echo "FAILED: Xvfb did not start"; exit 1; }
xvfb=$XVFB_PID
DISPLAY=:$DISPLAY_NUMBER
export DISPLAY GSK_RENDERER=cairo NO_AT_BRIDGE=0 GTK_A11Y=atspi

# DISPLAY is exported before the bus starts (see notes/GTK.md): the app, the AT-SPI bus and
# the scenario all live and die inside this dbus-run-session.
dbus-run-session -- sh -c '
    "$1" ${APP_ARGS:-} >"$3/app.log" 2>&1 &
    app=$!
    cd "$2" && /usr/bin/python3 "$4"
    status=$?
    kill "$app" 2>/dev/null
    wait "$app" 2>/dev/null
    if [ "$status" -ne 0 ]; then
        kill -0 "$5" 2>/dev/null || echo "--- the X server on $DISPLAY (PID $5) is gone"
        n=${DISPLAY#:}
        echo "--- display $DISPLAY: lock file PID $(tr -d " \n" <"/tmp/.X$n-lock" 2>/dev/null), socket" \
            "$(ls "/tmp/.X11-unix/X$n" 2>/dev/null || echo missing), xdpyinfo" \
            "$(xdpyinfo -display "$DISPLAY" >/dev/null 2>&1 && echo answers || echo "does not answer")"
        echo "--- app log"; grep -v "Screen coordinates" "$3/app.log" | tail -400
    fi
    exit "$status"
' sh "$app" "$here" "$work" "$scenario" "$xvfb" 2>&1 | grep -v "dbus-daemon\|SpiRegistry daemon\|dbind-WARNING"
