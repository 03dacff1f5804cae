#!/bin/sh
# Starts checklists-gtk on a private Xvfb display, as the user "nobody" when run as root (so that
# "not dumpable" shows: a non-dumpable process's /proc files belong to root, not to its user):
#   private-memory.sh APP DIR
# DIR is a fresh directory for its home. Once the window is mapped, prints the app's umask, its
# core size limit and the owner of /proc/PID/status, then stops everything it started.
set -u
app=$1
dir=$2
here=$(cd "$(dirname "$0")" && pwd)
xvfb=
pid=
trap '[ -n "$pid" ] && kill "$pid" 2>/dev/null; [ -n "$xvfb" ] && kill "$xvfb" 2>/dev/null; wait' EXIT
. "$here/../../../scripts/private-display.sh"
start_private_display || { echo "FAILED: Xvfb did not start"; exit 1; }
xvfb=$XVFB_PID
mkdir -p "$dir/home" "$dir/run"
as_other=
if [ "$(id -u)" = 0 ] && [ -x /usr/bin/setpriv ]; then
    chmod 0711 "$dir"
    chown -R 65534:65534 "$dir/home" "$dir/run"
    as_other="/usr/bin/setpriv --reuid=65534 --regid=65534 --clear-groups"
fi
# No session bus: the window does not need one to start.
env -i PATH=/usr/bin:/bin LANG=C.UTF-8 HOME="$dir/home" CHECKLISTS_HOME="$dir/home/data" \
    XDG_RUNTIME_DIR="$dir/run" DISPLAY=":$DISPLAY_NUMBER" GSK_RENDERER=cairo \
    DBUS_SESSION_BUS_ADDRESS="unix:path=$dir/no-bus" DBUS_SYSTEM_BUS_ADDRESS="unix:path=$dir/no-bus" \
    $as_other "$app" >/dev/null 2>&1 &
pid=$!
if ! DISPLAY=":$DISPLAY_NUMBER" timeout 30 xdotool search --sync --onlyvisible --name '^Checklists$' >/dev/null 2>&1; then
    echo "NO WINDOW"
    exit 1
fi
# The app itself (setpriv execs it, so the PID is the same).
echo "user $( [ -n "$as_other" ] && echo other || echo same)"
grep '^Umask:' "/proc/$pid/status"
grep '^Max core file size' "/proc/$pid/limits"
echo "status owner $(stat -c %u "/proc/$pid/status")"
