#!/bin/bash
# The README's keyboard pictures: the typed-move field and the cell cursor (and the title menu
# with the focus ring), taken from the game in a window under Xvfb, keys sent with xdotool, the
# screen captured with ImageMagick's `import`.
#
#   xvfb-run -a -s "-screen 0 1024x600x24" scripts/keyboard-screenshots.sh [OUT_DIR]
#
# Needs xdotool and ImageMagick; BIN (default target/debug/parachess) is the game to run.
set -eu
OUT=${1:-docs}
BIN=${BIN:-${CARGO_TARGET_DIR:-target}/debug/parachess}
mkdir -p "$OUT"
PARACHESS_DATA_DIR=$(mktemp -d)
export PARACHESS_DATA_DIR
"$BIN" --size 1024x600 > "$PARACHESS_DATA_DIR/game.log" 2>&1 &
GAME=$!
trap 'kill $GAME 2>/dev/null || true' EXIT
WINDOW=""
for _ in $(seq 1 120); do
    WINDOW=$(xdotool search --onlyvisible --name Parachess 2>/dev/null | head -1 || true)
    [ -n "$WINDOW" ] && break
    sleep 1
done
[ -n "$WINDOW" ] || { echo "no game window" >&2; exit 1; }
# Software rendering takes a while to show the first frames.
sleep 15
xdotool windowfocus "$WINDOW" 2>/dev/null || true
# The title menu: Tab twice (Continue is hidden without a game, so the focus is on Learn).
xdotool key Tab; sleep 1; xdotool key Tab; sleep 4
import -window root "$OUT/screenshot-focus.png"
# Play, Enter: a game between two players; then c4 typed: the field lists what it may be.
xdotool key p; sleep 4; xdotool key Return; sleep 6
xdotool key c; sleep 0.15; xdotool key 4; sleep 6
import -window root "$OUT/screenshot-typed-move.png"
# Esc closes the field; Space shows the cursor on White's King, Up and Right move it.
xdotool key Escape; sleep 2
xdotool key space; sleep 1; xdotool key Up; sleep 1; xdotool key Right; sleep 6
import -window root "$OUT/screenshot-cursor.png"
