#!/bin/sh
# Runs the whole test suite against the debug build, and ReleaseHooksTests against the
# release build (`make test` builds both). Rigs (private D-Bus, daemons) are started by the
# tests that need them, from scripts/rig-*.sh. With arguments (`--filter X`), one `swift test`.
#
# Without arguments the tests run in three test processes side by side: the desktop tests
# (Tests/DesktopTests: a real window each, waited on for minutes, the idle test a minute and a
# half), the end-to-end tests (Tests/EndToEndTests: the built binary, its daemons and rigs), and
# everything else. Swift Testing runs tests on the cooperative pool, one thread per core (two
# here), which every test waiting on a child process holds: in one process these waits queue for
# the same two threads while the cores are idle.
set -eu
cd "$(dirname "$0")/.."
bin=$(swift build --show-bin-path)
release=$(swift build -c release --static-swift-stdlib --show-bin-path)
export CHECKLISTS_BIN="$bin/checklists" CHECKLISTS_RELEASE_BIN="$release/checklists" CHECKLISTS_ROOT="$(pwd)"
[ $# -gt 0 ] && exec swift test --skip-build "$@"

tests="$bin/ChecklistsPackageTests.xctest"
logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT
started=$(date +%s)
# run NAME OPTIONS...: one test process in the background, its output into $logs/NAME.
run() {
    name=$1
    shift
    (
        s=$(date +%s)
        status=0
        "$tests" --testing-library swift-testing "$@" >"$logs/$name" 2>&1 || status=$?
        echo "--- $name: $(($(date +%s) - s)) s, exit status $status" >>"$logs/$name"
        exit "$status"
    ) &
}
run desktop --filter '^DesktopTests\.'
desktop=$!
run end-to-end --filter '^EndToEndTests\.'
endToEnd=$!
run others --skip '^(DesktopTests|EndToEndTests)\.'
others=$!
echo "test.sh: three test processes (desktop, end-to-end, others); their output follows as they end"
status=0
for pid in $others $endToEnd $desktop; do wait "$pid" || status=1; done
for name in others end-to-end desktop; do
    echo "=== the $name tests (a test process of their own)"
    cat "$logs/$name"
done
echo "--- all tests: $(($(date +%s) - started)) s"
exit "$status"
