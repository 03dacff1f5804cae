"""Fingerprint unlock of two `checklists` binaries, paired and interleaved, on one fprintd rig:
    python3 bench/pair-fingerprint.py BEFORE AFTER RUNS
Each binary gets its own store with the fingerprint lock on; then RUNS times each `lists` on a pty
(bench.py's pty_fingerprint: SCAN sent as soon as the prompt shows), the order alternating."""
import os, sys, shlex, shutil, subprocess, statistics, tempfile
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import bench
bins = [os.path.abspath(b) for b in sys.argv[1:3]]; runs = int(sys.argv[3])
W = tempfile.mkdtemp(prefix="pair-fingerprint."); os.makedirs(W + "/run", mode=0o700)
RIG = os.path.join(os.path.dirname(HERE), "scripts", "rig-fprintd.sh")
env = {k: v for k, v in os.environ.items() if not k.startswith(("DBUS_", "CHECKLISTS_"))}
env.update(LANG="C.UTF-8", TZ="UTC", HOME=W, XDG_RUNTIME_DIR=W + "/run", DBUS_SESSION_BUS_ADDRESS="unix:path=" + W + "/no-bus")
rig = W + "/rig"; os.makedirs(rig)
r = subprocess.run(["bash", RIG, "start", rig, "--enroll", "bench-finger"], capture_output=True, text=True, timeout=60)
assert r.returncode == 0, r.stderr
for line in r.stdout.splitlines():
    if line.startswith("export "):
        k, v = line[7:].split("=", 1); env[k] = shlex.split(v)[0] if v else ""
sock = env["CHECKLISTS_TEST_FPRINT_SOCKET"]
try:
    homes = []
    for i, b in enumerate(bins):
        h = f"{W}/h{i}"; homes.append(h)
        subprocess.run([b, "--home", h, "list", "add", "L"], env=env, check=True, capture_output=True)
        subprocess.run([b, "--home", h, "lock", "set", "--reuse", "0"], env=env, check=True, capture_output=True)
        _, out = bench.pty_fingerprint([b, "--home", h, "lock", "enable", "--method", "fingerprint"], env, sock)
        assert "The app lock is on" in out, out
    res = {0: [], 1: []}
    for k in range(runs):
        for i in ((0, 1) if k % 2 == 0 else (1, 0)):
            res[i].append(bench.pty_fingerprint([bins[i], "--home", homes[i], "lists"], env, sock)[0])
    for i in (0, 1):
        walls, scans, prompts, afters = zip(*res[i])
        print(f"{bins[i]}: wall {statistics.median(walls):.1f} ms, scan {statistics.median(scans):.1f}, prompt {statistics.median(prompts):.1f}, scan-accepted->exit {statistics.median(afters):.1f}, minus scan {statistics.median([w - s for w, s, _, _ in res[i]]):.1f} (n={runs})")
    print("ratio after/before (median of wall-scan):", f"{statistics.median([w - s for w, s, _, _ in res[1]]) / statistics.median([w - s for w, s, _, _ in res[0]]):.2f}")
finally:
    subprocess.run(["bash", RIG, "stop", rig], capture_output=True)
    shutil.rmtree(W, ignore_errors=True)
