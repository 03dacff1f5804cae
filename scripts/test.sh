#!/bin/sh
# Runs the whole test suite against the debug build, and ReleaseHooksTests against the
# release build (`make test` builds both). Rigs (private D-Bus, daemons) are started by the
# tests that need them, from scripts/rig-*.sh.
set -eu
cd "$(dirname "$0")/.."
bin=$(swift build --show-bin-path)
release=$(swift build -c release --static-swift-stdlib --show-bin-path)
CHECKLISTS_BIN="$bin/checklists" CHECKLISTS_RELEASE_BIN="$release/checklists" CHECKLISTS_ROOT="$(pwd)" \
    exec swift test --skip-build "$@"
