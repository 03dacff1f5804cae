#!/bin/sh
# Budgets (DESIGN.md §6): `checklists lists` on 100 lists × 1,000 items ≤ 10 ms wall and
# ≤ 20 MB RSS; a durable toggle ≤ 5 ms in-process. Figures are reported against a floor
# measured in the same run: `true` (process start) and a static hello world where present.
set -eu
cd "$(dirname "$0")/.."
bin=$(swift build -c release --static-swift-stdlib --show-bin-path)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export CHECKLISTS_HOME="$work/home" LANG=C.UTF-8

"$bin/checklists-bench" populate "$work/home" 100 1000
echo
echo "== checklists lists (100 lists × 1,000 items), against process-start floor"
hyperfine -N --warmup 5 --runs 50 --export-json "$work/lists.json" \
    "true" "$bin/checklists lists" "$bin/checklists items 'List 50'" >/dev/null
/usr/bin/python3 - "$work/lists.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))["results"]
floor = r[0]["median"]
for x in r:
    print(f'{x["command"].split("/")[-1]:32s} median {x["median"]*1000:7.2f} ms  ({x["median"]/floor:5.1f}× `true`)')
budget = r[1]["median"]*1000
print(f'lists budget 10 ms: {"OK" if budget <= 10 else "OVER"} ({budget:.2f} ms)')
PY
rss=$( { /usr/bin/time -f "%M" "$bin/checklists" lists >/dev/null; } 2>&1 )
/usr/bin/python3 -c "import sys; kb = int(sys.argv[1]); print(f'lists max RSS: {kb / 1024:.1f} MB (budget 20 MB: {\"OK\" if kb <= 20 * 1024 else \"OVER\"})')" "$rss"
echo
echo "== item toggle, in process"
"$bin/checklists-bench" toggle "$work/home" 300
