#!/bin/bash
# Test rig: a private session bus with gnome-keyring-daemon (Secret Service) on it.
#
#   printf '%s' "$PW" | scripts/rig-keyring.sh start DIR   # prints `export VAR=value` lines
#   scripts/rig-keyring.sh kill-daemon DIR                  # kill only the keyring daemon
#   scripts/rig-keyring.sh stop DIR                         # idempotent
#
# start: the login keyring password is read from stdin (trailing newlines dropped; it never
# goes into argv or the environment). If stdin is a terminal or empty, a random password is
# generated and left in DIR/keyring.password (0600). Ready when the `Locked` property of
# /org/freedesktop/secrets/collection/login is false. Exports DBUS_SESSION_BUS_ADDRESS, HOME,
# XDG_DATA_HOME, XDG_RUNTIME_DIR (all isolated inside DIR). Logs: DIR/*.log.
# Every PID started is recorded in DIR/pids as "NAME PID STARTTIME"; stop kills only those.
set -u
PROG=rig-keyring
TIMEOUT_S=10

# ---------------------------------------------------------------- common helpers
usage() { echo "usage: $0 start DIR | kill-daemon DIR | stop DIR" >&2; exit 2; }
. "$(dirname "$0")/rig-lib.sh"

# ---------------------------------------------------------------- keyring
[ $# -ge 2 ] || usage
CMD=$1
DIR=$(realpath -m -- "$2")

case $CMD in
start)
    [ $# -eq 2 ] || usage
    begin_start
    rm -f "$DIR/pids"
    PW=""
    if [ ! -t 0 ]; then PW=$(cat); fi
    if [ -z "$PW" ]; then
        PW=$(head -c 18 /dev/urandom | base64)
        (umask 077; printf '%s\n' "$PW" >"$DIR/keyring.password")
    fi
    mkdir -p "$DIR/home" "$DIR/data" "$DIR/config" "$DIR/cache" "$DIR/tmp"
    mkdir -p -m 0700 "$DIR/runtime" && chmod 0700 "$DIR/runtime"

    start_bus session-bus session "$DIR/bus"
    ADDR=$BUS_ADDR
    # The daemon must own the bus name before any client touches the bus.
    printf '%s' "$PW" | env -u DISPLAY -u WAYLAND_DISPLAY -u GNOME_KEYRING_CONTROL -u SSH_AUTH_SOCK \
        DBUS_SESSION_BUS_ADDRESS="$ADDR" HOME="$DIR/home" XDG_DATA_HOME="$DIR/data" \
        XDG_CONFIG_HOME="$DIR/config" XDG_CACHE_HOME="$DIR/cache" \
        XDG_RUNTIME_DIR="$DIR/runtime" TMPDIR="$DIR/tmp" \
        gnome-keyring-daemon --foreground --unlock --components=secrets \
        >"$DIR/keyring.log" 2>&1 &
    KPID=$!
    record_pid "$DIR" keyring "$KPID"
    KST=$(awk -v p="$KPID" '$2 == p { print $3 }' "$DIR/pids")
    PW=""
    export DBUS_SESSION_BUS_ADDRESS=$ADDR
    gdbus wait --session --timeout "$(remaining_s)" org.freedesktop.secrets >/dev/null 2>&1 \
        || fail "gnome-keyring-daemon did not take org.freedesktop.secrets (see $DIR/keyring.log)"
    while :; do
        r=$(gdbus call --session --dest org.freedesktop.secrets \
              --object-path /org/freedesktop/secrets/collection/login \
              --method org.freedesktop.DBus.Properties.Get \
              org.freedesktop.Secret.Collection Locked 2>/dev/null)
        [ "$r" = "(<false>,)" ] && break
        alive "$KPID" "$KST" \
            || fail "gnome-keyring-daemon exited (see $DIR/keyring.log)"
        grep -q 'failed to unlock login keyring' "$DIR/keyring.log" 2>/dev/null \
            && fail "wrong password for the existing login keyring in $DIR/data (see $DIR/keyring.log)"
        [ "$(now_us)" -ge "$DEADLINE" ] && fail "login collection not unlocked within ${TIMEOUT_S}s (last: ${r:-no reply})"
        sleep 0.01
    done
    echo "export DBUS_SESSION_BUS_ADDRESS=$(q "$ADDR")"
    echo "export HOME=$(q "$DIR/home")"
    echo "export XDG_DATA_HOME=$(q "$DIR/data")"
    echo "export XDG_RUNTIME_DIR=$(q "$DIR/runtime")"
    ;;
kill-daemon)
    [ $# -eq 2 ] || usage
    stop_pids "$DIR" keyring
    # Wait until the bus has noticed (a zombie has closed its sockets).
    if [ -S "$DIR/bus" ]; then
        DEADLINE=$(( $(now_us) + 5000000 ))
        while :; do
            r=$(DBUS_SESSION_BUS_ADDRESS="unix:path=$DIR/bus" gdbus call --session \
                  --dest org.freedesktop.DBus --object-path /org/freedesktop/DBus \
                  --method org.freedesktop.DBus.NameHasOwner org.freedesktop.secrets 2>/dev/null)
            [ "$r" = "(true,)" ] || break
            [ "$(now_us)" -ge "$DEADLINE" ] && { echo "$PROG: org.freedesktop.secrets still owned" >&2; exit 1; }
            sleep 0.01
        done
    fi
    ;;
stop)
    [ $# -eq 2 ] || usage
    stop_pids "$DIR"
    ;;
*) usage ;;
esac
