#!/bin/sh
# Installs the Debian packages Checklists needs to build, test and benchmark, if missing.
# Prints what it installs; installs nothing when everything is there. Also generates the
# locales the translation tests run under (zh_CN.UTF-8, en_US.UTF-8) when `locale -a` lacks them.
set -eu

PACKAGES="
pkg-config binutils gcc libstdc++-12-dev libgcc-12-dev
libsqlite3-dev sqlite3
libicu-dev
libsodium-dev
libsecret-1-dev libsecret-tools gnome-keyring
libglib2.0-dev libglib2.0-bin dbus
libpam0g-dev libpam-wrapper pamtester
fprintd python3-dbusmock
libkeyutils-dev keyutils
libncurses-dev tmux vim
hyperfine taskwarrior time gnuplot-nox
gettext locales
man-db groff-base bash fish zsh
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

# The locales the tests need: `locale -a` spells them zh_CN.utf8, en_US.utf8.
LOCALES="zh_CN.UTF-8 en_US.UTF-8"
absent=""
for l in $LOCALES; do
    short=$(printf '%s' "$l" | sed 's/UTF-8$/utf8/')
    locale -a 2>/dev/null | grep -qx "$short" || absent="$absent $l"
done

if [ -z "$missing" ] && [ -z "$absent" ]; then
    exit 0
fi

if [ "$(id -u)" -eq 0 ]; then
    SUDO=""
elif command -v sudo >/dev/null 2>&1; then
    SUDO="sudo"
else
    echo "bootstrap: not root and no sudo; install these first:$missing$absent" >&2
    exit 1
fi

if [ -n "$missing" ]; then
    echo "bootstrap: installing Debian packages:$missing"
    export DEBIAN_FRONTEND=noninteractive
    $SUDO apt-get update -qq
    # shellcheck disable=SC2086
    $SUDO apt-get install -y -qq --no-install-recommends $missing >/dev/null
fi

if [ -n "$absent" ]; then
    # Debian's way: enable the lines in /etc/locale.gen (locale-gen rebuilds from that file,
    # so a locale made only with localedef would vanish at the next locale-gen).
    echo "bootstrap: generating locales:$absent"
    for l in $absent; do
        line="$l UTF-8"
        if grep -q "^# *$line\$" /etc/locale.gen 2>/dev/null; then
            $SUDO sed -i "s/^# *$line\$/$line/" /etc/locale.gen
        elif ! grep -q "^$line\$" /etc/locale.gen 2>/dev/null; then
            echo "$line" | $SUDO tee -a /etc/locale.gen >/dev/null
        fi
    done
    $SUDO locale-gen >/dev/null
fi
echo "bootstrap: done"
