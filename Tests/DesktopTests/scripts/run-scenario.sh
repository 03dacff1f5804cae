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

# A display of our own: a random free number (other test runs may start servers at the same
# time, so `-displayfd`'s "first free" races); retried until a server answers.
xvfb=
for attempt in 1 2 3 4 5 6 7 8 9 10; do
    n=$(( $(od -An -N2 -tu2 /dev/urandom) % 900 + 100 ))
    [ -e "/tmp/.X$n-lock" ] && continue
    Xvfb ":$n" -screen 0 1024x700x24 -nolisten tcp >/dev/null 2>&1 &
    xvfb=$!
    i=0
    while [ "$i" -lt 100 ] && kill -0 "$xvfb" 2>/dev/null && ! xdpyinfo -display ":$n" >/dev/null 2>&1; do
        i=$((i + 1))
        sleep 0.1
    done
    if xdpyinfo -display ":$n" >/dev/null 2>&1; then break; fi
    kill "$xvfb" 2>/dev/null
    xvfb=
done
[ -n "$xvfb" ] || { echo "FAILED: Xvfb did not start"; exit 1; }
DISPLAY=:$n
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
    if [ "$status" -ne 0 ]; then echo "--- app log"; grep -v "Screen coordinates" "$3/app.log" | tail -400; fi
    exit "$status"
' sh "$app" "$here" "$work" "$scenario" 2>&1 | grep -v "dbus-daemon\|SpiRegistry daemon\|dbind-WARNING"
