# Sourced by bench/desktop.sh and bench/desktop-frames.sh. desktop_bench_start SHIM builds the
# release binaries (unless BUILT=1), makes a work directory that is removed at exit (our Xvfb
# stopped first), builds the preloaded shim bench/SHIM.c into $work/SHIM.so, starts a private
# Xvfb (scripts/private-display.sh) and exports the display, the cairo renderer, a private home
# ($work/home, to be populated by the caller) and no system bus. Sets bin, work and xvfb.
desktop_bench_start() {
    if [ -z "${BUILT:-}" ]; then
        swift build -c release --static-swift-stdlib --product checklists-gtk >/dev/null
        swift build -c release --static-swift-stdlib --product checklists-bench >/dev/null
    fi
    bin=$(swift build -c release --static-swift-stdlib --show-bin-path)
    work=$(mktemp -d)
    xvfb=
    trap '[ -n "$xvfb" ] && kill "$xvfb" 2>/dev/null && wait "$xvfb" 2>/dev/null; rm -rf "$work"' EXIT
    # shellcheck disable=SC2046 # pkg-config's flags are words
    cc -shared -fPIC -O2 -o "$work/$1.so" "bench/$1.c" $(pkg-config --cflags --libs gtk4) -ldl
    . scripts/private-display.sh
    start_private_display || { echo "Xvfb did not start" >&2; exit 1; }
    xvfb=$XVFB_PID
    export DISPLAY=":$DISPLAY_NUMBER" GSK_RENDERER=cairo CHECKLISTS_HOME="$work/home" \
        DBUS_SYSTEM_BUS_ADDRESS="unix:path=$work/no-bus" XDG_RUNTIME_DIR="$work" HOME="$work"
}
