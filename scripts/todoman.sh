#!/bin/sh
# todoman (PyPI) in a venv under .build/todoman, for InterchangeCLITests' round trip through it.
#   sh scripts/todoman.sh       installs it (needs network access to PyPI once)
set -eu
cd "$(dirname "$0")/.."
[ -x .build/todoman/bin/todo ] && exit 0
/usr/bin/python3 -m venv .build/todoman
.build/todoman/bin/pip install --quiet todoman
.build/todoman/bin/todo --version
