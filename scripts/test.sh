#!/bin/sh
# Runs the whole test suite against the debug build, and ReleaseHooksTests against the
# release build (`make test` builds both). Rigs (private D-Bus, daemons) are started by the
# tests that need them, from scripts/rig-*.sh. With arguments (`--filter X`), one `swift test`.
#
# Without arguments the desktop tests (Tests/DesktopTests: a real window each, waited on for
# minutes, the idle test a minute and a half) run in a test process of their own,
# beside the one that runs everything else: Swift Testing runs tests on the cooperative pool, one
# thread per core (two here), which every test waiting on a child process holds, so in one process
# the desktop waits and the other suites' waits queue for the same two threads.
set -eu
cd "$(dirname "$0")/.."
bin=$(swift build --show-bin-path)
release=$(swift build -c release --static-swift-stdlib --show-bin-path)
export CHECKLISTS_BIN="$bin/checklists" CHECKLISTS_RELEASE_BIN="$release/checklists" CHECKLISTS_ROOT="$(pwd)"
[ $# -gt 0 ] && exec swift test --skip-build "$@"

desktop='^DesktopTests\.'
tests="$bin/ChecklistsPackageTests.xctest"
log=$(mktemp)
trap 'rm -f "$log"' EXIT
"$tests" --testing-library swift-testing --filter "$desktop" >"$log" 2>&1 &
desktop_pid=$!
status=0
"$tests" --testing-library swift-testing --skip "$desktop" || status=$?
wait "$desktop_pid" || status=$?
echo "--- the desktop tests (a test process of their own)"
cat "$log"
exit "$status"
