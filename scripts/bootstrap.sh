#!/bin/sh
# Installs the Debian packages Checklists needs to build, test and benchmark, if missing.
# Prints what it installs; installs nothing when everything is there.
set -eu

PACKAGES="
pkg-config
libsqlite3-dev sqlite3
libsodium-dev
libsecret-1-dev libsecret-tools gnome-keyring
libglib2.0-dev libglib2.0-bin dbus
libpam0g-dev libpam-wrapper pamtester
fprintd python3-dbusmock
libkeyutils-dev keyutils
libncurses-dev tmux
hyperfine taskwarrior time gnuplot-nox
libgtk-4-dev libadwaita-1-dev xvfb at-spi2-core python3-pyatspi xdotool x11-utils imagemagick
"

missing=""
for p in $PACKAGES; do
    status=$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null || true)
    case "$status" in
        *"ok installed"*) ;;
        *) missing="$missing $p" ;;
    esac
done

if [ -z "$missing" ]; then
    exit 0
fi

echo "bootstrap: installing Debian packages:$missing"
if [ "$(id -u)" -eq 0 ]; then
    SUDO=""
elif command -v sudo >/dev/null 2>&1; then
    SUDO="sudo"
else
    echo "bootstrap: not root and no sudo; install these packages first:$missing" >&2
    exit 1
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
# shellcheck disable=SC2086
$SUDO apt-get install -y -qq --no-install-recommends $missing >/dev/null
echo "bootstrap: done"
