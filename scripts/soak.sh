#!/bin/sh
# Reliability soak (issue 13): kill -9 and power-cut loops and a concurrency run against the
# `checklists` binary, each checked for lost acknowledged writes and a damaged store.
#
#   sh scripts/soak.sh crash N          N writers killed with SIGKILL at random moments
#   sh scripts/soak.sh powercut N       the same, then the data dir cut back to its synced state
#   sh scripts/soak.sh concurrent P N   P processes × N edits of the same list on a fresh home,
#                                      with the terminal UI open on it in tmux (when tmux is installed)
#   sh scripts/soak.sh pack N           N list deletes that leave holes in the items table, so the
#                                      command packs the store as it closes (VACUUM), killed at random
#   sh scripts/soak.sh rekey N          N changes of the data key (lock enable, passcode change, lock
#                                      disable in turn) killed at random; the data must open with the
#                                      old or the new credential and keep what was written
#   sh scripts/soak.sh all              `make soak`: concurrent 6 1000, crash 1000, powercut 300, pack 15,
#                                      rekey 60
#
# Binary: $CHECKLISTS_BIN, else the release build. Prints one summary line per run; exits 1
# on the first inconsistency, leaving its files in the work directory it names.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
here=$root/scripts/soak
bin=${CHECKLISTS_BIN:-$root/.build/release/checklists}
py=/usr/bin/python3
[ -x "$bin" ] || { echo "soak: no binary at $bin (make release)" >&2; exit 2; }

work=$(cd "$(mktemp -d "${TMPDIR:-/tmp}/checklists-soak.XXXXXX")" && pwd -P) # canonical, as /proc shows it
export HOME="$work" CHECKLISTS_HOME="$work/home" TMPDIR="$work/tmp" TZ=UTC LANG=C.UTF-8
export XDG_RUNTIME_DIR="$work/run" PATH=/usr/bin:/bin
unset DBUS_SESSION_BUS_ADDRESS DBUS_SYSTEM_BUS_ADDRESS DISPLAY WAYLAND_DISPLAY 2>/dev/null || true
mkdir -p "$TMPDIR" && mkdir -m 700 -p "$XDG_RUNTIME_DIR"
trap 'status=$?; [ $status -eq 0 ] && rm -rf "$work"; exit $status' EXIT
# A private copy: a rebuild of the original during the run must not fail a command.
cp "$bin" "$work/checklists"
bin=$work/checklists

fail() {
    echo "soak: $*" >&2
    echo "soak: files kept in $work" >&2
    trap - EXIT
    exit 1
}

now_ms() { date +%s%3N; }

# A random delay in seconds with millisecond resolution, between $1 and $2 ms.
random_delay() { awk -v lo="$1" -v hi="$2" -v seed="$(od -An -N4 -tu4 /dev/urandom)" \
    'BEGIN { srand(seed); printf "%.3f", (lo + rand() * (hi - lo)) / 1000 }'; }

# Checks the store after a kill: the app still reads it, the keychain still opens, the database
# passes integrity_check, and every acknowledged write is there.
verify() {
    "$bin" items Soak --json >"$work/items.json" 2>"$work/err" || fail "items failed: $(cat "$work/err")"
    "$bin" keychain keys >"$work/keys.txt" 2>"$work/err" || fail "keychain keys failed: $(cat "$work/err")"
    "$bin" keychain status >/dev/null 2>"$work/err" || fail "keychain status failed: $(cat "$work/err")"
    "$bin" lists >/dev/null 2>"$work/err" || fail "lists failed: $(cat "$work/err")"
    check=$(sqlite3 "$CHECKLISTS_HOME/checklists.sqlite" "PRAGMA integrity_check" 2>&1) || true
    [ "$check" = ok ] || fail "integrity_check: $check"
    $py "$here/check.py" "$work/snapshot.json" "$work/items.json" "$work/keys.txt" "$@" ||
        fail "lost or wrong writes (logs: $*)"
}

# crash|powercut N: N rounds of start writer, wait a random moment, kill -9 (and cut power).
kill_loop() {
    mode=$1 rounds=$2
    "$bin" list add Soak >/dev/null || fail "cannot set up"
    [ "$mode" = powercut ] && cc -shared -fPIC -O2 -o "$work/powercut.so" "$here/powercut.c" -ldl
    acked=0 start=$(now_ms) round=0 cuts=0 dbcuts=0
    while [ "$round" -lt "$rounds" ]; do
        log="$work/log.$round"
        : >"$log"
        if [ "$mode" = powercut ]; then
            $py "$here/restore.py" baseline "$CHECKLISTS_HOME" "$work/shadow"
            LD_PRELOAD="$work/powercut.so" POWERCUT_ROOT="$CHECKLISTS_HOME" POWERCUT_SHADOW="$work/shadow" \
                setsid sh "$here/writer.sh" "$bin" Soak "r$round" "$log" 2>>"$work/writer.err" &
        else
            setsid sh "$here/writer.sh" "$bin" Soak "r$round" "$log" 2>>"$work/writer.err" &
        fi
        pid=$!
        sleep "$(random_delay 20 400)"
        if ! /bin/kill -KILL -- "-$pid" 2>/dev/null; then
            grep '^E' "$log" >/dev/null && fail "the writer failed: $(grep '^E' "$log") — $(tail -2 "$work/writer.err")"
        fi
        wait "$pid" 2>/dev/null || true
        # No member of the writer's process group may outlive the kill (e.g. mid-exec).
        # (Killed children may linger as zombies here: PID 1 does not reap them.)
        while ps -eo pgid=,stat= | awk -v g="$pid" '$1 == g && $2 !~ /^Z/ { found = 1 } END { exit !found }'; do
            /bin/kill -KILL -- "-$pid" 2>/dev/null || true
            sleep 0.01
        done
        if [ "$mode" = powercut ]; then
            if grep -q '^A' "$log" && [ -z "$(find "$work/shadow" -name 'ino-*' -newer "$work/shadow/.baseline")" ]; then
                fail "the power-cut shim recorded no fsync (is LD_PRELOAD honoured?)"
            fi
            dropped=$($py "$here/restore.py" cut "$CHECKLISTS_HOME" "$work/shadow")
            [ -z "$dropped" ] || cuts=$((cuts + 1))
            case " $dropped " in *" checklists.sqlite "* | *" checklists.sqlite-wal "*) dbcuts=$((dbcuts + 1)) ;; esac
        fi
        verify "$log"
        acked=$((acked + $(grep -c '^A' "$log" || true)))
        rm -f "$log"
        round=$((round + 1))
    done
    grep -i "locked" "$work/writer.err" && fail "a writer reported a locked database"
    lost=""
    [ "$mode" = powercut ] && lost=" ($cuts cuts dropped unsynced data, $dbcuts of them in the database files)"
    echo "soak $mode: $rounds kills$lost, $acked acknowledged writes all present, integrity ok," \
        "$(($(now_ms) - start)) ms"
}

# concurrent P N: P writers, about N edits each, on one fresh home; nothing may fail.
concurrent() {
    procs=$1 edits=$2
    per=$(((edits * 4 + 12) / 13)) # 3¼ commands per item
    start=$(now_ms) p=0 pids=""
    ui_start
    while [ "$p" -lt "$procs" ]; do
        : >"$work/clog.$p"
        sh "$here/writer.sh" "$bin" List "p$p" "$work/clog.$p" "$per" 2>"$work/cerr.$p" &
        pids="$pids $!"
        p=$((p + 1))
    done
    for pid in $pids; do wait "$pid" || true; done
    cat "$work"/cerr.* >"$work/cerr"
    ! grep -i "locked\|busy" "$work/cerr" || fail "\"database is locked\" reached the user"
    [ ! -s "$work/cerr" ] || fail "writers wrote errors: $(head -5 "$work/cerr")"
    "$bin" items List --json >"$work/items.json" || fail "items failed"
    "$bin" keychain keys >"$work/keys.txt" || fail "keychain keys failed"
    check=$(sqlite3 "$CHECKLISTS_HOME/checklists.sqlite" "PRAGMA integrity_check" 2>&1) || true
    [ "$check" = ok ] || fail "integrity_check: $check"
    $py "$here/check.py" --exact "$work/snapshot.json" "$work/items.json" "$work/keys.txt" "$work"/clog.* ||
        fail "lost updates"
    ops=$(cat "$work"/clog.* | grep -c '^A')
    ui=$(ui_check)
    echo "soak concurrent: $procs processes, $ops acknowledged writes (fresh home), none lost, no lock errors," \
        "$ui, $(($(now_ms) - start)) ms"
}

# pack N: N rounds (a fresh home every 5) of 750 items added to list A and 750 to list C, the
# two interleaved (two processes at a time, one item each), then `list delete A` killed at a
# random moment: A's items leave holes in the items table's pages, so the delete packs the
# store as it closes (StoreCompaction). After each kill the store reads, passes integrity_check,
# and A is either whole or gone while every C list keeps its 750 items; then A is deleted and
# the round counts as packed when the page count fell.
pack_loop() {
    rounds=$1 round=0 kills=0 packs=0 start=$(now_ms)
    pad=$(printf '%0200d' 0)
    while [ "$round" -lt "$rounds" ]; do
        [ $((round % 5)) -eq 0 ] && rm -rf "$CHECKLISTS_HOME"
        "$bin" list add "A$round" >/dev/null && "$bin" list add "C$round" >/dev/null || fail "cannot set up"
        i=0
        while [ "$i" -lt 750 ]; do
            printf 'A%s\0%s-%s\0C%s\0%s-%s\0' "$round" "$i" "$pad" "$round" "$i" "$pad"
            i=$((i + 1))
        done | xargs -0 -n2 -P2 sh -c '"$0" item add "$1" "$2" >/dev/null' "$bin" 2>"$work/err" ||
            fail "adding failed: $(head -2 "$work/err")"
        before=$(sqlite3 "$CHECKLISTS_HOME/checklists.sqlite" "PRAGMA page_count")
        setsid "$bin" list delete "A$round" >/dev/null 2>&1 &
        pid=$!
        sleep "$(random_delay 0 60)"
        /bin/kill -KILL -- "-$pid" 2>/dev/null && kills=$((kills + 1))
        wait "$pid" 2>/dev/null || true
        "$bin" lists >/dev/null 2>"$work/err" || fail "lists failed: $(cat "$work/err")"
        check=$(sqlite3 "$CHECKLISTS_HOME/checklists.sqlite" "PRAGMA integrity_check" 2>&1) || true
        [ "$check" = ok ] || fail "integrity_check: $check"
        if left=$("$bin" items "A$round" 2>/dev/null); then
            [ "$(printf '%s\n' "$left" | grep -c -- "-$pad")" -eq 750 ] || fail "A$round was half deleted"
            "$bin" list delete "A$round" >/dev/null || fail "cannot delete A$round"
        fi
        after=$(sqlite3 "$CHECKLISTS_HOME/checklists.sqlite" "PRAGMA page_count")
        [ "$after" -lt "$before" ] && packs=$((packs + 1))
        c=$((round - round % 5))
        while [ "$c" -le "$round" ]; do
            [ "$("$bin" items "C$c" | grep -c -- "-$pad")" -eq 750 ] || fail "C$c lost items"
            c=$((c + 1))
        done
        round=$((round + 1))
    done
    # A kill between the delete's commit and its pack leaves the holes for a later check.
    [ "$rounds" -lt 5 ] || [ "$packs" -gt 0 ] || fail "the store never packed itself"
    echo "soak pack: $rounds list deletes leaving holes, $kills killed mid-way, $packs packed the store," \
        "integrity ok, no item of another list lost, $(($(now_ms) - start)) ms"
}

# rekey N: each round a fresh home with one item, then `lock enable --method passcode`,
# `passcode change` or `lock disable` (in turn; the last two after an enable left to finish),
# killed with SIGKILL at a random moment. Afterwards the store must open with the credential
# its lock setting names — the old passcode or the new one — hold the item and pass
# integrity_check.
rekey_loop() {
    rounds=$1 start=$(now_ms) kills=0 old=0 new=0 off=0 i=0
    while [ "$i" -lt "$rounds" ]; do
        i=$((i + 1))
        rm -rf "$CHECKLISTS_HOME" "$HOME/.local/state" "$XDG_RUNTIME_DIR" && mkdir -m 700 -p "$XDG_RUNTIME_DIR"
        "$bin" list add Keep >/dev/null 2>&1 || fail "round $i: list add failed"
        "$bin" item add Keep "kept $i" >/dev/null 2>&1 || fail "round $i: item add failed"
        "$bin" lock set --reuse 0 >/dev/null 2>&1 || fail "round $i: lock set failed"
        case $((i % 3)) in
        1) step=enable input='111111' ;;
        2) step=change input='111111\n222222' ;;
        0) step=disable input='111111' ;;
        esac
        if [ "$step" != enable ]; then
            printf '111111\n' | "$bin" lock enable --method passcode --stdin >/dev/null 2>&1 ||
                fail "round $i: lock enable failed"
        fi
        case $step in
        enable) set -- lock enable --method passcode --stdin ;;
        change) set -- passcode change --stdin ;;
        disable) set -- lock disable --stdin ;;
        esac
        printf "$input\n" | "$bin" "$@" >/dev/null 2>&1 &
        pid=$!
        # Up to 2.5 s: enable takes about 0.8 s, change 1.6 s and disable 0.4 s (release build,
        # Argon2id at its full cost), so each ends both killed and finished.
        sleep "$(random_delay 0 2500)"
        # Counted only when it was still running (not already a zombie waiting to be reaped).
        if [ -r "/proc/$pid/stat" ] && ! grep -q ') Z ' "/proc/$pid/stat" 2>/dev/null; then
            kill -9 "$pid" 2>/dev/null && kills=$((kills + 1))
        fi
        wait "$pid" 2>/dev/null || true
        opened=
        if "$bin" lock status 2>/dev/null | head -1 | grep -q ': off'; then
            "$bin" items Keep >"$work/out" 2>&1 && opened=off
        else
            for passcode in 111111 222222; do
                if printf '%s\n' "$passcode" | "$bin" export --format json --stdin >"$work/out" 2>/dev/null; then
                    opened=$passcode
                    break
                fi
            done
        fi
        [ -n "$opened" ] || fail "round $i ($step killed): the store opens with neither passcode"
        grep -q "kept $i" "$work/out" || fail "round $i ($step killed): the item is gone"
        check=$(sqlite3 "$CHECKLISTS_HOME/checklists.sqlite" "PRAGMA integrity_check" 2>&1) || true
        [ "$check" = ok ] || fail "round $i: integrity_check: $check"
        case $opened in 222222) new=$((new + 1)) ;; off) off=$((off + 1)) ;; *) old=$((old + 1)) ;; esac
    done
    echo "soak rekey: $rounds changes of the data key, $kills killed mid-way; every store opened with the" \
        "credential its setting names ($old with the first passcode, $new with the new one, $off with" \
        "the lock off), the item kept, integrity ok, $(($(now_ms) - start)) ms"
}

# The terminal UI, open in tmux on the same fresh home while the writers run (a seventh
# process racing the first run), must end up showing their result without a keypress.
ui_start() {
    command -v tmux >/dev/null || return 0
    export TMUX_TMPDIR="$work" TERM=xterm-256color
    tmux -L soak new-session -d -x 100 -y 30 "'$bin'; echo TUI-EXITED \$?; sleep 60"
}

# Waits (up to 5 s) for `text` on the UI's screen.
ui_wait() {
    n=0
    while [ $n -lt 50 ]; do
        tmux -L soak capture-pane -p >"$work/screen.txt" 2>/dev/null || break
        grep -q "TUI-EXITED" "$work/screen.txt" && break
        grep -q "$1" "$work/screen.txt" && return 0
        sleep 0.1
        n=$((n + 1))
    done
    tmux -L soak kill-server 2>/dev/null || true
    fail "the terminal UI did not show \"$1\"; its screen: $(cat "$work/screen.txt")"
}

# After the writers: every item they added is checked ("All Done!"); one more added by the
# CLI shows as "1 Remaining".
ui_check() {
    if ! command -v tmux >/dev/null; then
        echo "no terminal UI (tmux missing)"
        return 0
    fi
    ui_wait "All Done!"
    "$bin" item add List "from the CLI" >/dev/null 2>&1 || "$bin" item add 1 "from the CLI" >/dev/null
    ui_wait "1 Remaining"
    tmux -L soak kill-server 2>/dev/null || true
    echo "the terminal UI open throughout showed the result"
}

case ${1:-all} in
crash | powercut) kill_loop "$1" "${2:-50}" ;;
concurrent) concurrent "${2:-6}" "${3:-50}" ;;
pack) pack_loop "${2:-15}" ;;
rekey) rekey_loop "${2:-20}" ;;
all)
    sh "$0" concurrent 6 1000
    sh "$0" crash 1000
    sh "$0" powercut 300
    sh "$0" pack 15
    sh "$0" rekey 60
    ;;
*) echo "usage: soak.sh crash N | powercut N | concurrent P N | pack N | rekey N | all" >&2; exit 2 ;;
esac
