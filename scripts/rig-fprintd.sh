#!/bin/bash
# Test rig: the real fprintd with libfprint's virtual storage device on a PRIVATE
# system-type D-Bus (plus a python-dbusmock polkit that allows everything).
#
#   rig-fprintd.sh start DIR [--enroll ID] [--no-device]
#       Starts dbus-daemon, the polkit mock and fprintd, all state under DIR.
#       --enroll ID   enrolls right-index-finger of the calling user with print id ID.
#       --no-device   no device at all (GetDefaultDevice fails with NoSuchDevice).
#       Prints `export NAME=VALUE` lines on stdout (eval them): DBUS_SYSTEM_BUS_ADDRESS,
#       CHECKLISTS_TEST_FPRINT_SOCKET, CHECKLISTS_TEST_FPRINT_DIR.
#   rig-fprintd.sh send DIR COMMAND...
#       Sends one command to the virtual device (SCAN id, RETRY n, ERROR n, UNPLUG,
#       LIST, ...) and prints its reply. The socket only listens while the device is
#       claimed (a command sent while nobody claims it fails).
#   rig-fprintd.sh enroll DIR ID [FINGER]
#       Enrolls one more finger (default: the first free one of right-index-finger,
#       left-index-finger, right-middle-finger, ...) with print id ID; prints the finger.
#       ID must differ from every enrolled id (the device rejects duplicates).
#   rig-fprintd.sh stop DIR
#       Stops the processes listed in DIR/pids (TERM, then KILL). Idempotent.
#
# Each start begins with no prints (DIR/state is emptied). Client facts checked here:
# a claim belongs to one bus connection; subscribe to VerifyStatus before VerifyStart;
# after a done=true status call VerifyStop before the next VerifyStart; a command sent
# while the device is claimed but not scanning stays queued for the next scan.
# Needs bash >= 5.1 (wait -n -p).
#
# Every PID started is in DIR/pids; logs are DIR/*.log. Nothing is started outside DIR
# and nothing is auto-activated (the bus config has no servicedir).
set -eu

PY=/usr/bin/python3
FPRINTD=/usr/libexec/fprintd
TIMEOUT=10

die() {
    echo "rig-fprintd: $*" >&2
    exit 1
}

usage() {
    cat >&2 <<'EOF'
usage: rig-fprintd.sh start DIR [--enroll ID] [--no-device]
       rig-fprintd.sh send DIR COMMAND...
       rig-fprintd.sh enroll DIR ID [FINGER]
       rig-fprintd.sh stop DIR
EOF
    exit 2
}

# --- helpers -------------------------------------------------------------------------

pid_alive() {
    # Alive and not a zombie (PID 1 here does not reap; a zombie counts as stopped).
    local state
    [ -r "/proc/$1/stat" ] || return 1
    state=$(sed 's/^.*) \(.\).*$/\1/' "/proc/$1/stat" 2>/dev/null) || return 1
    [ -n "$state" ] && [ "$state" != Z ] && [ "$state" != X ]
}

# ours DIR PID: PID is alive and belongs to the rig in DIR (its command line or
# environment names DIR), so a recycled PID is never signalled.
ours() {
    pid_alive "$2" && grep -qaF "$1/" "/proc/$2/cmdline" "/proc/$2/environ" 2>/dev/null
}

stop_rig() {
    local dir=$1 pid pids=() i
    [ -f "$dir/pids" ] || return 0
    while read -r pid; do
        case "$pid" in '' | *[!0-9]*) continue ;; esac
        if ours "$dir" "$pid"; then pids+=("$pid"); fi
    done <"$dir/pids"
    # Stop in reverse start order: fprintd, polkit mock, bus.
    for ((i = ${#pids[@]} - 1; i >= 0; i--)); do
        kill -TERM "${pids[i]}" 2>/dev/null || true
    done
    for _ in $(seq 1 50); do # at most ~5 s
        local left=0
        for pid in "${pids[@]}"; do
            if pid_alive "$pid"; then left=1; fi
        done
        if [ "$left" = 0 ]; then break; fi
        sleep 0.1
    done
    for pid in "${pids[@]}"; do
        if pid_alive "$pid"; then kill -KILL "$pid" 2>/dev/null || true; fi
    done
    : >"$dir/pids"
}

# Seconds left of the start budget (at least 1).
remaining() {
    local left=$((TIMEOUT - SECONDS))
    [ "$left" -ge 1 ] || left=1
    echo "$left"
}

# wait_name WHAT NAME PID LOG: returns once NAME is on the bus; dies if PID exits first
# or the start budget runs out (no sleeps: gdbus wait and the daemon race in `wait -n`).
wait_name() {
    local g done="" rc=0
    gdbus wait --system --timeout "$(remaining)" "$2" >/dev/null 2>&1 &
    g=$!
    wait -n -p done "$g" "$3" || rc=$?
    if [ "$done" = "$g" ]; then
        [ "$rc" = 0 ] || die "$1 did not own $2 within ${TIMEOUT} s (see $4)"
        return 0
    fi
    kill "$g" 2>/dev/null || true
    wait "$g" 2>/dev/null || true
    local last
    last=$(tail -n1 "$4" 2>/dev/null || true)
    die "$1 exited (status $rc) before owning $2${last:+: $last} (see $4)"
}

send_cmd() {
    local sock=$1
    shift
    "$PY" - "$sock" "$*" <<'EOF'
import socket, sys
s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
s.settimeout(5)
try:
    s.connect(sys.argv[1])
except OSError as e:
    sys.exit("rig-fprintd: cannot connect to %s (%s); is the device claimed?" % (sys.argv[1], e.strerror))
s.sendall(sys.argv[2].encode())
s.shutdown(socket.SHUT_WR)
out = b""
while True:
    b = s.recv(4096)
    if not b:
        break
    out += b
sys.stdout.write(out.decode(errors="replace"))
EOF
}

# Enrolls one finger of the calling user over ONE bus connection (a claim belongs to the
# connection that made it): Claim, EnrollStart, a SCAN each time the device waits for
# one, until EnrollStatus done, then Release. Prints the finger on success.
do_enroll() {
    local sock=$1 id=$2 finger=${3:-} budget=$4
    "$PY" - "$sock" "$id" "$finger" "$budget" <<'EOF'
import socket, sys, time
import gi
gi.require_version("Gio", "2.0")
from gi.repository import Gio, GLib

sock, pid_, finger, budget = sys.argv[1], sys.argv[2], sys.argv[3], float(sys.argv[4])
deadline = time.monotonic() + budget
BUS = "net.reactivated.Fprint"
DEV_IF = "net.reactivated.Fprint.Device"
FINGERS = ["right-index-finger", "left-index-finger", "right-middle-finger",
           "left-middle-finger", "right-ring-finger", "left-ring-finger",
           "right-thumb", "left-thumb", "right-little-finger", "left-little-finger"]

def fail(msg):
    sys.stderr.write("rig-fprintd: enroll: %s\n" % msg)
    sys.exit(1)

conn = Gio.bus_get_sync(Gio.BusType.SYSTEM, None)

def call(path, iface, method, args=None, sig=None):
    return conn.call_sync(BUS, path, iface, method, args,
                          GLib.VariantType.new(sig) if sig else None,
                          Gio.DBusCallFlags.NONE, 5000, None)

try:
    dev = call("/net/reactivated/Fprint/Manager", "net.reactivated.Fprint.Manager",
               "GetDefaultDevice", None, "(o)").unpack()[0]
except GLib.Error as e:
    fail("GetDefaultDevice: %s" % e.message)

statuses = []      # EnrollStatus (result, done)
needed = [False]   # finger-needed, from PropertiesChanged
def on_status(c, sender, path, iface, member, params, *_):
    statuses.append(params.unpack())
def on_props(c, sender, path, iface, member, params, *_):
    i, changed, _inv = params.unpack()
    if i == DEV_IF and "finger-needed" in changed:
        needed[0] = changed["finger-needed"]
conn.signal_subscribe(BUS, DEV_IF, "EnrollStatus", dev, None,
                      Gio.DBusSignalFlags.NONE, on_status)
conn.signal_subscribe(BUS, "org.freedesktop.DBus.Properties", "PropertiesChanged", dev,
                      None, Gio.DBusSignalFlags.NONE, on_props)

def send(cmd):
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    s.settimeout(5)
    s.connect(sock)
    s.sendall(cmd.encode())
    s.shutdown(socket.SHUT_WR)
    while s.recv(4096):
        pass
    s.close()

ctx = GLib.MainContext.default()
def pump(cond):
    """Dispatch bus events until cond() holds; False at the deadline."""
    while not cond():
        if time.monotonic() > deadline:
            return False
        if not ctx.iteration(False):
            time.sleep(0.002)
    return True

try:
    call(dev, DEV_IF, "Claim", GLib.Variant("(s)", ("",)))
except GLib.Error as e:
    fail("Claim: %s" % e.message)
if not finger:
    try:
        have = call(dev, DEV_IF, "ListEnrolledFingers", GLib.Variant("(s)", ("",)),
                    "(as)").unpack()[0]
    except GLib.Error:
        have = []   # NoEnrolledPrints
    free = [f for f in FINGERS if f not in have]
    if not free:
        fail("every finger is enrolled already")
    finger = free[0]

# Protocol: EnrollStart; once finger-needed is true, one SCAN per EnrollStatus until
# a status with done=true. (When prints exist, fprintd first identifies the scan to
# reject duplicates; that scan is reported as a stage too.) Exactly one SCAN per status,
# so nothing stays queued in the device for a later verify.
result = None
try:
    try:
        call(dev, DEV_IF, "EnrollStart", GLib.Variant("(s)", (finger,)))
    except GLib.Error as e:
        fail("EnrollStart: %s" % e.message)
    if not pump(lambda: needed[0]):
        fail("device never asked for a finger")
    while result is None:
        n = len(statuses)
        send("SCAN " + pid_)
        if not pump(lambda: len(statuses) > n):
            fail("no EnrollStatus after a scan")
        for status, done in statuses[n:]:
            if done:
                result = status
finally:
    if result is None:
        try:
            call(dev, DEV_IF, "EnrollStop")
        except GLib.Error:
            pass
    try:
        call(dev, DEV_IF, "Release")
    except GLib.Error:
        pass
if result != "enroll-completed":
    fail("%s for %s (id %s)" % (result, finger, pid_))
print(finger)
EOF
}

# --- commands --------------------------------------------------------------------------

cmd_start() {
    local dir="" enroll="" nodev=0
    while [ $# -gt 0 ]; do
        case "$1" in
        --enroll) [ $# -ge 2 ] || usage; enroll=$2; shift 2 ;;
        --enroll=*) enroll=${1#--enroll=}; shift ;;
        --no-device) nodev=1; shift ;;
        -*) usage ;;
        *) [ -z "$dir" ] || usage; dir=$1; shift ;;
        esac
    done
    [ -n "$dir" ] || usage
    [ "$nodev" = 0 ] || [ -z "$enroll" ] || die "--enroll and --no-device exclude each other"
    for tool in dbus-daemon gdbus "$FPRINTD" "$PY"; do
        command -v "$tool" >/dev/null 2>&1 || die "missing $tool (run scripts/bootstrap.sh)"
    done

    mkdir -p "$dir"
    dir=$(cd "$dir" && pwd -P)
    local sock="$dir/vdev.sock"
    [ ${#sock} -lt 100 ] || die "DIR too long for a unix socket path: $dir"
    if [ -s "$dir/pids" ]; then
        local p
        while read -r p; do
            case "$p" in '' | *[!0-9]*) continue ;; esac
            ! ours "$dir" "$p" || die "a rig already runs in $dir (pid $p); stop it first"
        done <"$dir/pids"
    fi
    : >"$dir/pids"
    rm -rf "$dir/state" "$dir/run"
    rm -f "$dir/bus" "$sock"
    mkdir -m 700 "$dir/state" "$dir/run"

    cat >"$dir/bus.conf" <<EOF
<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-BUS Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>system</type>
  <listen>unix:path=$dir/bus</listen>
  <auth>EXTERNAL</auth>
  <policy context="default">
    <allow user="*"/>
    <allow own="*"/>
    <allow send_destination="*" eavesdrop="true"/>
    <allow receive_sender="*"/>
  </policy>
</busconfig>
EOF

    # From here on, a failure stops whatever was started.
    trap 'stop_rig "$dir"' EXIT
    trap 'exit 1' INT TERM HUP
    SECONDS=0

    # Bus: --fork returns once it listens; it prints the address, then its pid.
    local out buspid pid
    out=$(dbus-daemon --config-file="$dir/bus.conf" --fork --print-address=1 --print-pid=1 \
        </dev/null 2>"$dir/dbus.log") || die "dbus-daemon failed: $(tail -n1 "$dir/dbus.log")"
    buspid=$(printf '%s\n' "$out" | sed -n 2p)
    case "$buspid" in '' | *[!0-9]*) die "dbus-daemon printed no pid" ;; esac
    echo "$buspid" >>"$dir/pids"
    export DBUS_SYSTEM_BUS_ADDRESS="unix:path=$dir/bus"
    unset DBUS_SESSION_BUS_ADDRESS

    # polkit mock that authorizes every action.
    env -i PATH="$PATH" DBUS_SYSTEM_BUS_ADDRESS="$DBUS_SYSTEM_BUS_ADDRESS" \
        "$PY" -m dbusmock --system --template polkitd </dev/null >"$dir/polkitd.log" 2>&1 &
    pid=$!
    echo "$pid" >>"$dir/pids"
    wait_name "polkit mock" org.freedesktop.PolicyKit1 "$pid" "$dir/polkitd.log"
    gdbus call --system --dest org.freedesktop.PolicyKit1 \
        --object-path /org/freedesktop/PolicyKit1/Authority \
        --method org.freedesktop.DBus.Mock.AllowUnknown true >/dev/null ||
        die "polkit mock AllowUnknown failed"

    # fprintd with only the virtual storage device (or no device at all).
    local drivers=virtual_device_storage
    [ "$nodev" = 0 ] || drivers=no_such_driver
    env -i PATH="$PATH" \
        DBUS_SYSTEM_BUS_ADDRESS="$DBUS_SYSTEM_BUS_ADDRESS" \
        FP_DRIVERS_WHITELIST="$drivers" \
        FP_VIRTUAL_DEVICE_STORAGE="$sock" \
        STATE_DIRECTORY="$dir/state" \
        RUNTIME_DIRECTORY="$dir/run" \
        G_MESSAGES_DEBUG=all \
        "$FPRINTD" --no-timeout </dev/null >"$dir/fprintd.log" 2>&1 &
    pid=$!
    echo "$pid" >>"$dir/pids"
    wait_name fprintd net.reactivated.Fprint "$pid" "$dir/fprintd.log"

    if [ -n "$enroll" ]; then
        local err
        if ! err=$(do_enroll "$sock" "$enroll" right-index-finger "$(remaining)" 2>&1 >/dev/null); then
            err=$(printf '%s' "$err" | tail -n1)
            die "enrolling right-index-finger as $enroll failed: ${err#rig-fprintd: enroll: }"
        fi
    fi

    trap - EXIT
    printf 'export DBUS_SYSTEM_BUS_ADDRESS=%q\n' "unix:path=$dir/bus"
    printf 'export CHECKLISTS_TEST_FPRINT_SOCKET=%q\n' "$sock"
    printf 'export CHECKLISTS_TEST_FPRINT_DIR=%q\n' "$dir"
}

cmd_send() {
    [ $# -ge 2 ] || usage
    local dir=$1
    shift
    send_cmd "$dir/vdev.sock" "$@"
}

cmd_enroll() {
    [ $# -ge 2 ] && [ $# -le 3 ] || usage
    local dir
    dir=$(cd "$1" && pwd -P) || die "no rig dir $1"
    export DBUS_SYSTEM_BUS_ADDRESS="unix:path=$dir/bus"
    do_enroll "$dir/vdev.sock" "$2" "${3:-}" "$TIMEOUT"
}

cmd_stop() {
    [ $# -eq 1 ] || usage
    [ -d "$1" ] || return 0
    stop_rig "$(cd "$1" && pwd -P)"
}

[ $# -ge 1 ] || usage
sub=$1
shift
case "$sub" in
start) cmd_start "$@" ;;
send) cmd_send "$@" ;;
enroll) cmd_enroll "$@" ;;
stop) cmd_stop "$@" ;;
*) usage ;;
esac
