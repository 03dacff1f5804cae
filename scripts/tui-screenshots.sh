#!/bin/sh
# Text screenshots of the terminal UI's main screens (capture-pane of an 80x24 tmux window):
#   sh scripts/tui-screenshots.sh [BINARY]     -> docs/screenshots/tui-*.txt
# Uses a throwaway data directory with a few sample lists; nothing of yours is touched.
set -eu
cd "$(dirname "$0")/.."
bin=${1:-.build/debug/checklists}
out=docs/screenshots
mkdir -p "$out"
tmp=$(mktemp -d)
sock="$tmp/tmux"
trap 'tmux -S "$sock" kill-server 2>/dev/null || true; rm -rf "$tmp"' EXIT
export CHECKLISTS_HOME="$tmp/home" HOME="$tmp" LANG=C.UTF-8 TZ=UTC
cl() { "$bin" "$@" >/dev/null; }
cl lists
cl list add Groceries --icon groceries
cl list add Birthdays --icon birthdays
cl list add "Trip to Lisbon" --icon trips
cl item add Groceries Milk
cl item add Groceries Bread --due "2026-12-24 09:00" --remind
cl item add Groceries Coffee beans
cl item toggle 0
cl item add Birthdays Call grandma --due "2026-12-28 18:00"
cl item toggle 3
cl note add --title "Packing list" --body "Passport
Adapter
Sunscreen"

tmux -S "$sock" -f /dev/null new-session -d -s s -x 80 -y 24 \
    "env CHECKLISTS_HOME=$CHECKLISTS_HOME HOME=$HOME LANG=C.UTF-8 TZ=UTC TERM=screen $bin"
wait_for() {
    i=0
    until tmux -S "$sock" capture-pane -p -t s | grep -qF -- "$1"; do
        i=$((i + 1))
        [ $i -lt 400 ] || { echo "tui-screenshots: \"$1\" never appeared" >&2; exit 1; }
        sleep 0.05
    done
}
keys() { tmux -S "$sock" send-keys -t s "$@"; }
shot() { wait_for "$2"; tmux -S "$sock" capture-pane -p -t s > "$out/tui-$1.txt"; echo "$out/tui-$1.txt"; }

wait_for "? help"
if ! tmux -S "$sock" capture-pane -p -t s | sed -n 2p | grep -qx " Checklists"; then keys q; fi
shot checklists "Trip to Lisbon"
keys g Enter
shot checklist "Space check"
keys j e
shot edit-item "Edit Item"
keys Escape a
shot add-item "Add Item"
keys Escape q a
keys -l "Weekend"
keys Tab
shot add-checklist "Add Checklist"
keys Enter
shot icon-picker "Choose Icon"
keys Escape Escape
keys g d
shot delete-list "go with it"
keys n /
keys -l "bread"
shot search "1 match"
keys Escape 2
shot notes "Packing list"
keys Enter
shot note "Sunscreen"
keys Escape 3
shot secret "Nothing to see here"
keys 4
shot settings "App Lock"
keys ?
shot help "undo the last delete"
