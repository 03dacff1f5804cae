# Helpers shared by the rig scripts (sourced, not run): process records that survive PID
# reuse, bounded stops, private bus configs. The sourcing script sets PROG, DIR, DEADLINE
# and usage().
# shellcheck shell=bash
now_us() { local t=${EPOCHREALTIME/./}; echo "$((10#$t))"; }
# Shell-quote for eval by sh or bash.
q() { local s=${1//\'/\'\\\'\'}; printf "'%s'" "$s"; }
# "STATE STARTTIME" of a process, or nothing if gone.
proc_info() {
    local s
    s=$(cat "/proc/$1/stat" 2>/dev/null) || return 1
    s=${s##*) }
    # shellcheck disable=SC2086
    set -- $s
    echo "$1 ${20}"
}
# Alive = exists, same start time as recorded, not a zombie (PID 1 here does not reap).
alive() {
    local info
    info=$(proc_info "$1") || return 1
    [ "${info#* }" = "$2" ] || return 1
    case ${info%% *} in Z|X|x) return 1 ;; esac
    return 0
}
record_pid() { # DIR NAME PID
    local info
    info=$(proc_info "$3") || info="? 0"
    echo "$2 $3 ${info#* }" >>"$1/pids"
}
# Stop recorded processes (all, or only those named $2): TERM, bounded wait, KILL.
stop_pids() {
    local dir=$1 only=${2:-} name pid st keep="" targets="" deadline
    [ -f "$dir/pids" ] || return 0
    while read -r name pid st; do
        [ -n "${pid:-}" ] || continue
        if [ -n "$only" ] && [ "$name" != "$only" ]; then
            keep="$keep$name $pid $st"$'\n'; continue
        fi
        targets="$pid:$st $targets"    # reverse order: last started, first stopped
    done <"$dir/pids"
    local t
    for t in $targets; do alive "${t%%:*}" "${t#*:}" && kill -TERM "${t%%:*}" 2>/dev/null; done
    for sig in KILL none; do
        deadline=$(( $(now_us) + 3000000 ))
        while :; do
            local any=0
            for t in $targets; do alive "${t%%:*}" "${t#*:}" && any=1; done
            [ $any = 0 ] && break
            [ "$(now_us)" -ge "$deadline" ] && break
            sleep 0.02
        done
        [ $any = 0 ] && break
        [ $sig = none ] && { echo "$PROG: some processes did not die" >&2; break; }
        for t in $targets; do alive "${t%%:*}" "${t#*:}" && kill -KILL "${t%%:*}" 2>/dev/null; done
    done
    if [ -n "$keep" ]; then printf '%s' "$keep" >"$dir/pids"; else rm -f "$dir/pids"; fi
    return 0
}
any_alive() {
    local name pid st
    [ -f "$1/pids" ] || return 1
    while read -r name pid st; do
        [ -n "${pid:-}" ] && alive "$pid" "$st" && return 0
    done <"$1/pids"
    return 1
}
remaining_s() { local r=$(( (DEADLINE - $(now_us) + 999999) / 1000000 )); [ $r -lt 1 ] && r=1; echo $r; }
fail() { echo "$PROG: $*" >&2; stop_pids "$DIR"; exit 1; }
write_bus_conf() { # FILE TYPE SOCKET
    cat >"$1" <<EOF
<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>$2</type>
  <listen>unix:path=$3</listen>
  <auth>EXTERNAL</auth>
  <policy context="default">
    <allow send_destination="*" eavesdrop="true"/>
    <allow eavesdrop="true"/>
    <allow own="*"/>
  </policy>
</busconfig>
EOF
}
start_bus() { # NAME TYPE SOCKET -> sets BUS_ADDR
    local out pid
    [ ${#3} -lt 100 ] || fail "socket path too long (${#3} bytes): $3"
    rm -f "$3" 2>/dev/null
    write_bus_conf "$DIR/$1.conf" "$2" "$3"
    out=$(timeout "$(remaining_s)" dbus-daemon --config-file="$DIR/$1.conf" --fork \
            --print-address=1 --print-pid=1 </dev/null 2>"$DIR/$1.log") \
        || fail "$1 dbus-daemon did not start (see $DIR/$1.log)"
    pid=$(printf '%s\n' "$out" | sed -n 2p)
    [ -n "$pid" ] && record_pid "$DIR" "$1" "$pid"
    BUS_ADDR="unix:path=$3"
}
# The common beginning of `start`: the deadline, the directory, refusing to start twice,
# and stopping what was started if interrupted.
begin_start() {
    DEADLINE=$(( $(now_us) + TIMEOUT_S * 1000000 ))
    mkdir -p "$DIR" || { echo "$PROG: cannot create $DIR" >&2; exit 1; }
    if any_alive "$DIR"; then echo "$PROG: already running in $DIR (stop it first)" >&2; exit 1; fi
    trap 'fail "interrupted"' INT TERM HUP
}
