#!/bin/sh
# Reminder delivery: 1,000 requests spread over SPREAD seconds (default 120), delivered by the
# real agent to python-dbusmock's notification daemon. Lateness is measured end to end: from
# each request's time to the mock's own timestamp of its Notify call. Reports p50/p99 against
# the budget (p99 ≤ 1 s) and how many never arrived (budget: none).
set -eu
cd "$(dirname "$0")/.."
SPREAD=${SPREAD:-120}
COUNT=${COUNT:-1000}
bin=$(swift build -c release --static-swift-stdlib --show-bin-path)
work=$(mktemp -d /tmp/clrem.XXXXXX)
agent=""
cleanup() {
    [ -n "$agent" ] && kill "$agent" 2>/dev/null || true
    sh scripts/rig-dbusmock.sh stop "$work/rig" >/dev/null 2>&1 || true
    rm -rf "$work"
}
trap cleanup EXIT
mkdir -p "$work/rig"
eval "$(bash scripts/rig-dbusmock.sh start "$work/rig")"
export CHECKLISTS_HOME="$work/home" LANG=C.UTF-8
"$bin/checklists" settings notifications on >/dev/null
"$bin/checklists" agent 2>"$work/agent.log" &
agent=$!
while [ ! -S "$CHECKLISTS_HOME/agent.sock" ]; do sleep 0.05; done

/usr/bin/python3 - "$CHECKLISTS_HOME" "$COUNT" "$SPREAD" <<'PY'
import sqlite3, socket, sys, time
home, count, spread = sys.argv[1], int(sys.argv[2]), float(sys.argv[3])
db = sqlite3.connect(home + "/reminders.sqlite")
start = time.time() + 3
open(home + "/bench-start", "w").write(repr(start))
with db:
    for i in range(count):
        db.execute("INSERT INTO requests(identifier, title, body, icon, fire_at) VALUES (?, ?, 'bench', 'No Icon', ?)",
                   (f"bench-{i}", f"Reminder {i}", start + spread * i / count))
s = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
s.sendto(b"!", home + "/agent.sock")
PY
echo "scheduled $COUNT reminders over ${SPREAD}s; waiting…"
sleep $((SPREAD + 6))

/usr/bin/python3 - "$CHECKLISTS_HOME" "$COUNT" "$SPREAD" "$work/rig/notify.log" <<'PY'
import re, sys
home, count, spread, log = sys.argv[1], int(sys.argv[2]), float(sys.argv[3]), sys.argv[4]
start = float(open(home + "/bench-start").read())
arrived = {}
for line in open(log):
    m = re.match(r'(\d+\.\d+) Notify "Checklists" \d+ "[^"]*" "Reminder (\d+)"', line)
    if m:
        arrived.setdefault(int(m.group(2)), []).append(float(m.group(1)))
late = sorted(times[0] - (start + spread * i / count) for i, times in arrived.items())
lost = count - len(arrived)
twice = sum(1 for t in arrived.values() if len(t) > 1)
def pct(p): return late[min(len(late) - 1, int(len(late) * p))] * 1000 if late else float("nan")
print(f"arrived {len(arrived)}/{count}; lost: {lost} (budget 0); shown twice: {twice}")
print(f"lateness p50 {pct(0.5):.1f} ms, p99 {pct(0.99):.1f} ms, max {late[-1] * 1000 if late else float('nan'):.1f} ms "
      f"(budget p99 ≤ 1000 ms: {'OK' if late and pct(0.99) <= 1000 else 'OVER'})")
PY
