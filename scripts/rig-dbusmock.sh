#!/bin/bash
# Test rig: python3-dbusmock's notification daemon on a private session bus and its logind
# on a private system-type bus.
#
#   scripts/rig-dbusmock.sh start DIR            # prints `export VAR=value` lines
#   scripts/rig-dbusmock.sh notifications DIR    # Notify calls so far, one per line (see below)
#   scripts/rig-dbusmock.sh clear-notifications DIR
#   scripts/rig-dbusmock.sh click DIR ID           # the user clicks notification ID (ActionInvoked ID "default")
#   scripts/rig-dbusmock.sh sleep DIR true|false # logind Manager PrepareForSleep(b)
#   scripts/rig-dbusmock.sh lock DIR             # session Lock signal (+ LockedHint=true)
#   scripts/rig-dbusmock.sh unlock DIR           # session Unlock signal (+ LockedHint=false)
#   scripts/rig-dbusmock.sh stop DIR             # idempotent
#
# Buses: session unix:path=DIR/bus, system unix:path=DIR/sysbus. Mocks:
#   /usr/bin/python3 -m dbusmock --session -t notification_daemon -l DIR/notify.log
#   /usr/bin/python3 -m dbusmock --system  -t logind -l DIR/logind.log
# plus one session added at start: Mock.AddSession c1 seat0 <uid> <user> true
# -> /org/freedesktop/login1/session/c1 (also GetSession("c1")).
# Exports DBUS_SESSION_BUS_ADDRESS, DBUS_SYSTEM_BUS_ADDRESS, XDG_SESSION_ID=c1 and
# CHECKLISTS_LOGIND_SESSION=/org/freedesktop/login1/session/c1.
#
# `notifications` output: one line per Notify call, oldest first, three TAB-separated fields
#   APP_NAME<TAB>SUMMARY<TAB>BODY
# with backslash, TAB, CR and LF inside a field written as \\ \t \r \n.
# Every PID started is recorded in DIR/pids as "NAME PID STARTTIME"; stop kills only those.
set -u
PROG=rig-dbusmock
TIMEOUT_S=10
PY=/usr/bin/python3
SESSION_ID=c1
SESSION_PATH=/org/freedesktop/login1/session/$SESSION_ID

# ---------------------------------------------------------------- common helpers
usage() { echo "usage: $0 start|notifications|clear-notifications|lock|unlock|stop DIR | sleep DIR true|false | click DIR ID" >&2; exit 2; }
. "$(dirname "$0")/rig-lib.sh"

# ---------------------------------------------------------------- dbusmock
sys_call() { # OBJECT_PATH METHOD ARGS...  (on the rig's system bus)
    local path=$1 method=$2; shift 2
    DBUS_SYSTEM_BUS_ADDRESS="unix:path=$DIR/sysbus" timeout 10 gdbus call --system \
        --dest org.freedesktop.login1 --object-path "$path" --method "$method" "$@" >/dev/null
}
need_running() {
    [ -S "$DIR/bus" ] && [ -S "$DIR/sysbus" ] && any_alive "$DIR" \
        || { echo "$PROG: no rig running in $DIR" >&2; exit 1; }
}

[ $# -ge 2 ] || usage
CMD=$1
DIR=$(realpath -m -- "$2")

case $CMD in
start)
    [ $# -eq 2 ] || usage
    begin_start
    rm -f "$DIR/pids" "$DIR/notify.log" "$DIR/logind.log"
    start_bus session-bus session "$DIR/bus"
    SESSION_ADDR=$BUS_ADDR
    start_bus system-bus system "$DIR/sysbus"
    SYSTEM_ADDR=$BUS_ADDR
    export DBUS_SESSION_BUS_ADDRESS=$SESSION_ADDR DBUS_SYSTEM_BUS_ADDRESS=$SYSTEM_ADDR
    "$PY" -m dbusmock --session -t notification_daemon -l "$DIR/notify.log" \
        </dev/null >"$DIR/notify-mock.log" 2>&1 &
    record_pid "$DIR" notify-mock $!
    "$PY" -m dbusmock --system -t logind -l "$DIR/logind.log" \
        </dev/null >"$DIR/logind-mock.log" 2>&1 &
    record_pid "$DIR" logind-mock $!
    gdbus wait --session --timeout "$(remaining_s)" org.freedesktop.Notifications >/dev/null 2>&1 \
        || fail "notification mock did not appear (see $DIR/notify-mock.log)"
    gdbus wait --system --timeout "$(remaining_s)" org.freedesktop.login1 >/dev/null 2>&1 \
        || fail "logind mock did not appear (see $DIR/logind-mock.log)"
    # A blocking call on each mock: its template is loaded and it is serving.
    timeout "$(remaining_s)" gdbus call --session --dest org.freedesktop.Notifications \
        --object-path /org/freedesktop/Notifications \
        --method org.freedesktop.Notifications.GetServerInformation >/dev/null 2>&1 \
        || fail "notification mock does not answer (see $DIR/notify-mock.log)"
    timeout "$(remaining_s)" gdbus call --system --dest org.freedesktop.login1 \
        --object-path /org/freedesktop/login1 --method org.freedesktop.DBus.Mock.AddSession \
        "$SESSION_ID" seat0 "$(id -u)" "$(id -un)" true >/dev/null 2>"$DIR/addsession.err" \
        || fail "logind mock AddSession failed: $(head -c 200 "$DIR/addsession.err")"
    # The mock's own log of calls so far is noise for the tests.
    timeout "$(remaining_s)" gdbus call --session --dest org.freedesktop.Notifications \
        --object-path /org/freedesktop/Notifications \
        --method org.freedesktop.DBus.Mock.ClearCalls >/dev/null 2>&1 \
        || fail "notification mock ClearCalls failed"
    echo "export DBUS_SESSION_BUS_ADDRESS=$(q "$SESSION_ADDR")"
    echo "export DBUS_SYSTEM_BUS_ADDRESS=$(q "$SYSTEM_ADDR")"
    echo "export XDG_SESSION_ID=$SESSION_ID"
    echo "export CHECKLISTS_LOGIND_SESSION=$SESSION_PATH"
    ;;
click)
    [ $# -eq 3 ] || usage
    need_running
    DBUS_SESSION_BUS_ADDRESS="unix:path=$DIR/bus" timeout 10 gdbus call --session \
        --dest org.freedesktop.Notifications --object-path /org/freedesktop/Notifications \
        --method org.freedesktop.DBus.Mock.EmitSignal org.freedesktop.Notifications ActionInvoked us \
        "[<uint32 $3>, <'default'>]" >/dev/null
    ;;
notifications)
    [ $# -eq 2 ] || usage
    need_running
    "$PY" - "unix:path=$DIR/bus" <<'PYEOF' || { echo "$PROG: GetMethodCalls failed" >&2; exit 1; }
import sys, dbus
bus = dbus.bus.BusConnection(sys.argv[1])
mock = bus.get_object('org.freedesktop.Notifications', '/org/freedesktop/Notifications')
calls = mock.GetMethodCalls('Notify', dbus_interface='org.freedesktop.DBus.Mock', timeout=10)
def esc(s):
    return (str(s).replace('\\', '\\\\').replace('\t', '\\t')
            .replace('\r', '\\r').replace('\n', '\\n'))
out = []
for _ts, args in calls:
    # Notify(s app_name, u replaces_id, s app_icon, s summary, s body, as actions, a{sv} hints, i timeout)
    out.append('\t'.join(esc(a) for a in (args[0], args[3], args[4])))
sys.stdout.write(''.join(line + '\n' for line in out))
PYEOF
    ;;
clear-notifications)
    [ $# -eq 2 ] || usage
    need_running
    DBUS_SESSION_BUS_ADDRESS="unix:path=$DIR/bus" timeout 10 gdbus call --session \
        --dest org.freedesktop.Notifications --object-path /org/freedesktop/Notifications \
        --method org.freedesktop.DBus.Mock.ClearCalls >/dev/null \
        || { echo "$PROG: ClearCalls failed" >&2; exit 1; }
    ;;
sleep)
    [ $# -eq 3 ] || usage
    case $3 in true|false) ;; *) usage ;; esac
    need_running
    sys_call /org/freedesktop/login1 org.freedesktop.DBus.Mock.EmitSignal \
        org.freedesktop.login1.Manager PrepareForSleep b "[<$3>]" \
        || { echo "$PROG: EmitSignal PrepareForSleep failed" >&2; exit 1; }
    ;;
lock|unlock)
    [ $# -eq 2 ] || usage
    need_running
    if [ "$CMD" = lock ]; then m=Lock hint=true; else m=Unlock hint=false; fi
    sys_call "$SESSION_PATH" "org.freedesktop.login1.Session.$m" \
        && sys_call "$SESSION_PATH" org.freedesktop.login1.Session.SetLockedHint "$hint" \
        || { echo "$PROG: Session.$m failed" >&2; exit 1; }
    ;;
stop)
    [ $# -eq 2 ] || usage
    stop_pids "$DIR"
    ;;
*) usage ;;
esac
