#!/bin/sh
# Import/export of 100,000 items (issue 16): sh bench/interchange.sh [--items N] [--only json|vdir] [--before DIR]
# Needs the release binary (make release). Prints the median of 3 runs of each step; with
# --before DIR (an earlier build's bin directory) both builds run alternately, 5 rounds, with ratios.
set -eu
cd "$(dirname "$0")/.."
bin=$(swift build -c release --static-swift-stdlib --show-bin-path)
[ -x "$bin/checklists" ] || { echo "bench: $bin/checklists is missing; run make release" >&2; exit 1; }
exec /usr/bin/python3 bench/interchange.py "$bin" "$@"
