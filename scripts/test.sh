#!/bin/sh
# Runs the whole test suite against the debug build. Rigs (private D-Bus, daemons) are
# started by the tests that need them, from scripts/rig-*.sh.
set -eu
cd "$(dirname "$0")/.."
bin=$(swift build --show-bin-path)
CHECKLISTS_BIN="$bin/checklists" CHECKLISTS_ROOT="$(pwd)" exec swift test --skip-build "$@"
