#!/bin/sh
# The benchmarks (docs/BENCHMARKS.md): sh bench/run.sh [--quick] [--only peer,history,growth,scale,unlock]
#   --quick   small counts, under a minute; the full run takes 30–40 minutes (stores built by
#             tens of thousands of `checklists` processes, scale up to 1,000,000 items).
# Needs the release binaries (`make bench` builds them). Results: bench/results/report.md (the
# tables with their exact commands), bench/results/results.json, the scale plot (docs/ on full runs).
# The full run also runs bench/reminders.sh (reminder lateness, ~2.5 minutes).
set -eu
cd "$(dirname "$0")/.."
bin=$(swift build -c release --static-swift-stdlib --show-bin-path)
for p in checklists checklists-bench; do
    [ -x "$bin/$p" ] || { echo "bench: $bin/$p is missing; run make bench (or build it)" >&2; exit 1; }
done
/usr/bin/python3 bench/bench.py "$bin" "$@"
case " $* " in
    *" --quick "* | *" --only "*) ;;
    *)
        echo
        echo "== reminders: bench/reminders.sh"
        sh bench/reminders.sh | tee bench/results/reminders.txt
        ;;
esac
