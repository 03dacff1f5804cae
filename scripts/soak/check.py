#!/usr/bin/python3
"""Soak checker: does the store hold every write a writer acknowledged?

Usage: check.py SNAPSHOT ITEMS_JSON KEYS_TXT LOG...  [--exact]

SNAPSHOT holds the state verified last time (id -> [text, checked]); it must be unchanged
except by this round's logs. Each LOG has "S op" before a command and "A op" after it exited
0: every acknowledged op must show; the one op started but not acknowledged (the writer was
killed during it) may or may not have happened. With --exact every op must be acknowledged
(no kills: the concurrency run). Writes the new snapshot on success; exits 1 with the reasons.
"""
import json
import sys

args = [a for a in sys.argv[1:] if a != "--exact"]
exact = "--exact" in sys.argv
snapshot_path, items_path, keys_path, logs = args[0], args[1], args[2], args[3:]
try:
    previous = json.load(open(snapshot_path))
except FileNotFoundError:
    previous = {}
items = json.load(open(items_path))
actual = {str(i["id"]): [i["text"], i["checked"]] for i in items}
keys = set(open(keys_path).read().split())
problems = []

# Items verified before must be exactly as they were.
for ident, state in previous.items():
    if actual.get(ident) != state:
        problems.append(f"item {ident} was {state}, now {actual.get(ident)}")

expected = {}  # id -> [text, checked] from acknowledged ops
maybe = {}  # id -> alternative state if the in-flight op happened
maybe_add = set()  # texts whose add was in flight
for log in logs:
    lines = [line.split() for line in open(log).read().splitlines() if line.strip()]
    for n, words in enumerate(lines):
        kind, op, rest = words[0], words[1], words[2:]
        if kind == "E":
            problems.append(f"{log}: command failed: {' '.join(words)}")
            continue
        acked = kind == "A"
        if kind == "S":
            if n + 1 < len(lines) and lines[n + 1][0] == "A":
                continue  # handled at its A line
            if exact:
                problems.append(f"{log}: never acknowledged: {' '.join(words)}")
            if op == "add":
                maybe_add.add(rest[0])
            elif op == "check" and rest[0] in expected:
                maybe[rest[0]] = [expected[rest[0]][0], True]
            elif op == "edit" and rest[0] in expected:
                maybe[rest[0]] = [rest[1], expected[rest[0]][1]]
            continue
        if op == "add":
            expected[rest[1]] = [rest[0], False]
        elif op == "check":
            expected[rest[0]][1] = True
        elif op == "edit":
            expected[rest[0]][0] = rest[1]
        elif op == "kset" and f"soak-{rest[0]}" not in keys:
            problems.append(f"keychain item soak-{rest[0]} acknowledged but missing")

for ident, state in expected.items():
    if ident in previous:
        problems.append(f"item {ident} reused an ID verified before")
    got = actual.get(ident)
    if got != state and got != maybe.get(ident):
        problems.append(f"item {ident}: expected {state} (or {maybe.get(ident)}), found {got}")
for ident, state in actual.items():
    if ident not in previous and ident not in expected and state[0] not in maybe_add:
        problems.append(f"unexpected item {ident} {state}")

if problems:
    print("\n".join(problems[:20]), file=sys.stderr)
    sys.exit(1)
json.dump(actual, open(snapshot_path, "w"))
