#!/bin/bash
# Prints the game window's accessibility tree as a Linux screen reader (Orca) reads it: over
# AT-SPI, from the real game in a window under Xvfb, on a private D-Bus session with the
# accessibility bus switched on. Three trees: the title screen, a game (after Play, Enter and
# the move c4-d3 typed), and Settings.
#
#   scripts/atspi-tree.sh            # builds the game first (accesskit_unix is a default feature)
#   BIN=path/to/parachess scripts/atspi-tree.sh
#
# Needs (scripts/install-deps.sh --atspi): Xvfb, xdotool, dbus (dbus-run-session), at-spi2-core
# and Debian's python3-pyatspi. The game must have the `accesskit_unix` feature (a default one):
# without it AccessKit has no Linux adapter and the window shows no tree at all.
set -eu
cd "$(dirname "$0")/.."
if [ -z "${BIN:-}" ]; then
    cargo build --bin parachess
    BIN=${CARGO_TARGET_DIR:-target}/debug/parachess
fi
export BIN
if [ -z "${PARACHESS_ATSPI_INNER:-}" ]; then
    export PARACHESS_ATSPI_INNER=1
    # A private session bus (the accessibility bus is started from it) and a private X server.
    exec dbus-run-session -- xvfb-run -a -s "-screen 0 1280x800x24" "$0" "$@"
fi

# The accessibility bus on, and a screen reader said to be running, as Orca says it: AccessKit's
# Linux adapter serves its tree only while org.a11y.Status's ScreenReaderEnabled is true
# (IsEnabled alone is not enough). The bus launcher keeps the settings in memory here.
export GSETTINGS_BACKEND=memory
export NO_AT_BRIDGE=1
/usr/libexec/at-spi-bus-launcher --launch-immediately &
LAUNCHER=$!
for _ in $(seq 1 50); do
    gdbus call --session --dest org.a11y.Bus --object-path /org/a11y/bus \
        --method org.freedesktop.DBus.Properties.Set org.a11y.Status IsEnabled '<true>' \
        >/dev/null 2>&1 &&
    gdbus call --session --dest org.a11y.Bus --object-path /org/a11y/bus \
        --method org.freedesktop.DBus.Properties.Set org.a11y.Status ScreenReaderEnabled '<true>' \
        >/dev/null 2>&1 && break
    sleep 0.2
done

PARACHESS_DATA_DIR=$(mktemp -d)
export PARACHESS_DATA_DIR
"$BIN" --size 1280x800 > "$PARACHESS_DATA_DIR/game.log" 2>&1 &
GAME=$!
trap 'kill $GAME $LAUNCHER 2>/dev/null || true' EXIT
WINDOW=""
for _ in $(seq 1 120); do
    WINDOW=$(xdotool search --onlyvisible --name Parachess 2>/dev/null | head -1 || true)
    [ -n "$WINDOW" ] && break
    sleep 1
done
[ -n "$WINDOW" ] || { echo "no game window" >&2; cat "$PARACHESS_DATA_DIR/game.log" >&2; exit 1; }
xdotool windowfocus "$WINDOW" 2>/dev/null || true

tree() {
    /usr/bin/python3 - "$1" <<'EOF'
import sys, time
import pyatspi

title = sys.argv[1]

def find_app():
    """The game's application node: by its name, or by its window's."""
    desktop = pyatspi.Registry.getDesktop(0)
    apps = [a for a in desktop if a is not None]
    for app in apps:
        names = [app.name or ""] + [(c.name or "") for c in app if c is not None]
        if any("parachess" in n.lower() for n in names):
            return app
    return apps[0] if len(apps) == 1 else None

def dump(node, depth, out):
    try:
        role = node.getRoleName()
        name = node.name or ""
    except Exception:  # a node gone while walking
        return
    try:
        checked = node.getState().contains(pyatspi.STATE_CHECKED)
    except Exception:
        checked = False
    out.append("  " * depth + f"[{role}] {name}" + (" (checked)" if checked else ""))
    for i in range(node.childCount):
        child = node.getChildAtIndex(i)
        if child is not None:
            dump(child, depth + 1, out)

# The tree comes a few frames after the window: wait for more than the window's own node.
deadline = time.time() + 60
lines = []
while time.time() < deadline:
    app = find_app()
    if app is not None:
        lines = []
        dump(app, 0, lines)
        if len(lines) > 3:
            break
    time.sleep(1)
print(f"=== {title} ===")
print("\n".join(lines) if lines else "(no Parachess application on the AT-SPI bus)")
EOF
}

# Software rendering takes a while to show the first frames.
sleep 12
tree "Title screen"
# Play, Enter: a game between two players; c4d3 typed plays the move.
xdotool key p; sleep 4; xdotool key Return; sleep 6
xdotool type --delay 200 c4d3; sleep 6
tree "A game, after c4-d3"
# F2 opens Settings from the board.
xdotool key F2; sleep 6
tree "Settings"
