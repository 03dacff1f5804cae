#!/bin/sh
# libFuzzer targets (Tests/Fuzz): the argument parser, due-date parsing, the file vault reader,
# the store reader and the interchange readers (iOS plist, JSON backup, iCalendar), built with
# `-sanitize=fuzzer,address` into .build/fuzz.
#
#   sh scripts/fuzz.sh build                 build the seven targets
#   sh scripts/fuzz.sh run [SECONDS] [T...]  fuzz each target for SECONDS (default $FUZZ_SECONDS or 60)
#   sh scripts/fuzz.sh seeds [T...]          run each target once over its seed corpus (quick check)
#
# Seeds: Tests/Fuzz/corpus/<target> (committed, small). What a run finds goes to
# .build/fuzz/corpus/<target>; a crash to .build/fuzz/crashes/<target>-crash-… (exit 1).
set -eu
cd "$(dirname "$0")/.."
targets="FuzzArguments FuzzDueDate FuzzVault FuzzStore FuzzPlist FuzzBackup FuzzICS"
bin=.build/fuzz/release
mode=${1:-run}
[ $# -gt 0 ] && shift

case $mode in
build)
    # One build of the seven (in fuzz mode the manifest holds only them and the libraries they use).
    log=$(mktemp)
    trap 'rm -f "$log"' EXIT
    status=0
    CHECKLISTS_FUZZ=1 swift build -c release --scratch-path .build/fuzz -Xswiftc -sanitize=fuzzer,address \
        >"$log" 2>&1 || status=$?
    grep -vE "prohibited flag|Cannot export local symbol" "$log" | grep -E "error|complete" || true
    [ "$status" -eq 0 ] || { echo "fuzz: the build failed" >&2; exit 1; }
    for t in $targets; do
        [ -x "$bin/$t" ] || { echo "fuzz: $t did not build" >&2; exit 1; }
    done
    exit 0
    ;;
run)
    seconds=${1:-${FUZZ_SECONDS:-60}}
    [ $# -gt 0 ] && shift
    ;;
seeds) ;;
*)
    echo "usage: fuzz.sh build | run [SECONDS] [TARGET...] | seeds [TARGET...]" >&2
    exit 2
    ;;
esac
[ $# -gt 0 ] && targets="$*"

# The vault and store targets write a file per input: keep that in memory.
scratch=$(mktemp -d "${FUZZ_TMPDIR:-/dev/shm}/checklists-fuzz.XXXXXX")
trap 'rm -rf "$scratch"' EXIT
mkdir -p .build/fuzz/crashes
total=0 failed=0
for t in $targets; do
    [ -x "$bin/$t" ] || { echo "fuzz: $bin/$t is missing (sh scripts/fuzz.sh build)" >&2; exit 1; }
    seeds=Tests/Fuzz/corpus/$t
    if [ "$mode" = seeds ]; then
        TMPDIR=$scratch "$bin/$t" -runs=0 "$seeds" >"$scratch/$t.log" 2>&1 || {
            failed=1
            tail -30 "$scratch/$t.log" >&2
        }
        echo "fuzz $t: $(ls "$seeds" | wc -l) seeds, no crash"
        continue
    fi
    mkdir -p ".build/fuzz/corpus/$t"
    if TMPDIR=$scratch "$bin/$t" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=4096 \
        -print_final_stats=1 -artifact_prefix=".build/fuzz/crashes/$t-" ".build/fuzz/corpus/$t" "$seeds" \
        >"$scratch/$t.log" 2>&1; then
        result="no crash"
    else
        result="CRASH (see .build/fuzz/crashes/$t-*)"
        failed=1
        grep -A30 "==ERROR\|Fatal error\|deadly signal" "$scratch/$t.log" | head -40 >&2 || tail -30 "$scratch/$t.log" >&2
    fi
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$scratch/$t.log" | tail -1)
    total=$((total + ${runs:-0}))
    echo "fuzz $t: ${runs:-?} executions in ${seconds} s, $result"
done
[ "$mode" = run ] && echo "fuzz: $total executions in total"
exit $failed
