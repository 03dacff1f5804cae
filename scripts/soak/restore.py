#!/usr/bin/python3
"""Power-cut restore for the soak test (see powercut.c).

restore.py baseline DIR SHADOW  — everything in DIR counts as synced (start of a round).
restore.py cut DIR SHADOW       — DIR becomes what a power cut would leave: the names of its
                                  last recorded listing, each with its file's last synced content;
                                  prints the names of the files that lost unsynced changes.
Only regular files directly in DIR are modelled.
"""
import os
import shutil
import subprocess
import sys

mode, directory, shadow = sys.argv[1:4]


def identity(path):
    """Inode and birth time, as powercut.c names its records (inode numbers get reused)."""
    return subprocess.run(["stat", "-c", "%i-%.9W", path], check=True, capture_output=True, text=True).stdout.strip()


listing_path = os.path.join(shadow, f"dir-{identity(directory)}")

if mode == "baseline":
    shutil.rmtree(shadow, ignore_errors=True)
    os.makedirs(shadow)
    open(os.path.join(shadow, ".baseline"), "w").close()  # records newer than this: the shim's
    with open(listing_path, "w") as listing:
        for entry in os.scandir(directory):
            if entry.is_file(follow_symlinks=False):
                ino = identity(entry.path)
                shutil.copyfile(entry.path, os.path.join(shadow, f"ino-{ino}"))
                listing.write(f"{ino} {entry.name}\n")
elif mode == "cut":
    names = {}
    for line in open(listing_path).read().splitlines():
        ino, name = line.split(" ", 1)
        names[name] = ino
    before = {}
    for entry in os.scandir(directory):
        if entry.is_file(follow_symlinks=False):
            before[entry.name] = open(entry.path, "rb").read()
            os.unlink(entry.path)
    after = {}
    for name, ino in names.items():
        path = os.path.join(directory, name)
        if os.path.isdir(path):
            continue
        source = os.path.join(shadow, f"ino-{ino}")
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "wb") as out:
            if os.path.exists(source):  # a name made durable before its content: empty
                after[name] = open(source, "rb").read()
                out.write(after[name])
            else:
                after[name] = b""
    # Report which files lost unsynced changes (the soak counts cuts that dropped something).
    print(" ".join(sorted(n for n in before.keys() | after.keys() if before.get(n) != after.get(n))))
else:
    sys.exit(f"unknown mode {mode}")
