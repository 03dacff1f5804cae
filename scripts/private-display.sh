# Sourced by scripts that need an X display of their own: `start_private_display` starts Xvfb
# on a random free display number and sets DISPLAY_NUMBER and XVFB_PID (the caller stops it).
# Other test runs may start servers at the same time, so `-displayfd`'s "first free" races and
# a number free when checked may be taken a moment later: the display counts as ours only when
# a server answers on it AND its lock file names our Xvfb's PID. Otherwise ours is stopped and
# another number tried.
start_private_display() {
    XVFB_PID=
    for attempt in 1 2 3 4 5 6 7 8 9 10; do
        DISPLAY_NUMBER=$(( $(od -An -N2 -tu2 /dev/urandom) % 900 + 100 ))
        [ -e "/tmp/.X$DISPLAY_NUMBER-lock" ] && continue
        Xvfb ":$DISPLAY_NUMBER" -screen 0 1024x700x24 -nolisten tcp >/dev/null 2>&1 &
        XVFB_PID=$!
        i=0
        while [ "$i" -lt 100 ] && kill -0 "$XVFB_PID" 2>/dev/null \
            && ! xdpyinfo -display ":$DISPLAY_NUMBER" >/dev/null 2>&1; do
            i=$((i + 1))
            sleep 0.1
        done
        if kill -0 "$XVFB_PID" 2>/dev/null && xdpyinfo -display ":$DISPLAY_NUMBER" >/dev/null 2>&1 \
            && [ "$(tr -d ' \n' <"/tmp/.X$DISPLAY_NUMBER-lock" 2>/dev/null)" = "$XVFB_PID" ]; then
            return 0
        fi
        kill "$XVFB_PID" 2>/dev/null || true
        XVFB_PID=
    done
    return 1
}
