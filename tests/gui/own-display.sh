#!/bin/sh
# Runs one GUI test on an X server of its own. CTest runs GUI tests side by side, and on one shared
# Xvfb without a window manager each test's window took the keyboard focus from the other's: key
# shortcuts then went nowhere (seen in CI as a failed hover and a crash on the next key). Xvfb
# picks a free display itself (-displayfd), so parallel tests cannot race for a number.
# Without Xvfb the test runs on the display it was given.
set -eu
command -v Xvfb >/dev/null 2>&1 || exec "$@"
ready=$(mktemp)
Xvfb -displayfd 3 -screen 0 1280x800x24 -nolisten tcp -noreset 3>"$ready" 2>/dev/null &
server=$!
trap 'kill "$server" 2>/dev/null; rm -f "$ready"' EXIT
trap 'exit 143' HUP INT TERM
waited=0
until [ -s "$ready" ] && grep -q '^[0-9]' "$ready"; do
    kill -0 "$server" 2>/dev/null || { echo "own-display: Xvfb did not start" >&2; exit 1; }
    [ "$waited" -lt 600 ] || { echo "own-display: Xvfb gave no display in 60 s" >&2; exit 1; }
    sleep 0.1
    waited=$((waited + 1))
done
DISPLAY=":$(head -n1 "$ready")"
export DISPLAY
"$@"
