#!/usr/bin/env bash
# What the game adds to Bevy's own frame cost: the game's `--bench-frames` (an animated game)
# against the bare scene (`parachess --bare-scene`, src/game/bare_scene.rs: the same board,
# pieces, camera, light, shadows and multisampling, nothing else), run alternately on the same renderer, three rounds
# each, in 3D and in 2D. Goal: the game within 1.2x of the bare scene, mean and p99.
#
#   scripts/frame-ratio.sh [--size WxH] [--frames N] [--antialias auto|on|off] [--rounds R]
#
# Builds the release game first (`cargo build --release --bin parachess`: one Bevy build, the
# bare scene is a mode of the same binary) unless PARACHESS names a binary to use
# (scripts/gpu-bench.sh does so on the GPU machine); BARE_SCENE may name another yardstick
# program taking the same options (e.g. examples/bare_scene.rs's build). Renders offscreen: no
# display is needed. Software Vulkan (lavapipe) takes about 0.3-0.5 s a frame at 1280x800, so
# keep N small there (60-120).
#
# Prints each run's figures, then the medians over the rounds, and as its last two lines
#   3d ratio mean <game/bare> p99 <game/bare>
#   2d ratio mean <game/bare> p99 <game/bare>
# (each the game's median over the rounds divided by the bare scene's).
set -euo pipefail
cd "$(dirname "$0")/.."

size=1280x800
frames=60
antialias=auto
rounds=3
while [ $# -gt 0 ]; do
    case "$1" in
    --size) size="${2:?--size needs WxH}"; shift 2 ;;
    --frames) frames="${2:?--frames needs N}"; shift 2 ;;
    --antialias) antialias="${2:?--antialias needs auto|on|off}"; shift 2 ;;
    --rounds) rounds="${2:?--rounds needs R}"; shift 2 ;;
    *)
        echo "usage: $0 [--size WxH] [--frames N] [--antialias auto|on|off] [--rounds R]" >&2
        exit 2
        ;;
    esac
done

target="${CARGO_TARGET_DIR:-target}"
if [ -z "${PARACHESS:-}" ]; then
    cargo build --release --bin parachess
fi
game="${PARACHESS:-$target/release/parachess}"
if [ -n "${BARE_SCENE:-}" ]; then
    bare=("$BARE_SCENE")
else
    bare=("$game" --bare-scene)
fi
export WGPU_BACKEND="${WGPU_BACKEND:-vulkan}"
logs="${FRAME_RATIO_LOGS:-$(mktemp -d "${TMPDIR:-/tmp}/frame-ratio.XXXXXX")}"
mkdir -p "$logs"

# Runs one benchmark; prints "<mean> <p99> <moving frames>" or fails with the program's log.
bench() {
    local name="$1" view="$2" round="$3"
    shift 3
    local out="$logs/$view-$name-$round.txt"
    if ! "$@" --bench-frames "$frames" --size "$size" --view "$view" --antialias "$antialias" \
        > "$out" 2> "$logs/$view-$name-$round.log"; then
        echo "frame-ratio: $name ($view) failed; the end of its log:" >&2
        tail -n 20 "$logs/$view-$name-$round.log" >&2
        exit 1
    fi
    awk '/^frame time mean / { mean = $4; p99 = $10 }
         /^meshes moved in / { moved = $4 "/" $6 }
         END { if (mean == "" || p99 == "") exit 1; print mean, p99, moved }' "$out" || {
        echo "frame-ratio: no frame times in $out" >&2
        exit 1
    }
}

median() { printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

echo "frame-ratio: $size, $frames frames, --antialias $antialias, $rounds rounds; logs in $logs"
declare -A result
for view in 3d 2d; do
    bare_mean=() bare_p99=() game_mean=() game_p99=()
    for round in $(seq 1 "$rounds"); do
        figures=$(bench bare "$view" "$round" "${bare[@]}")
        read -r mean p99 moved <<< "$figures"
        echo "$view round $round bare: mean $mean ms p99 $p99 ms (moving $moved frames)"
        bare_mean+=("$mean") bare_p99+=("$p99")
        figures=$(bench game "$view" "$round" "$game")
        read -r mean p99 moved <<< "$figures"
        echo "$view round $round game: mean $mean ms p99 $p99 ms (moving $moved frames)"
        game_mean+=("$mean") game_p99+=("$p99")
    done
    bm=$(median "${bare_mean[@]}") bp=$(median "${bare_p99[@]}")
    gm=$(median "${game_mean[@]}") gp=$(median "${game_p99[@]}")
    echo "$view median bare: mean $bm ms p99 $bp ms; game: mean $gm ms p99 $gp ms"
    result[$view]=$(awk -v gm="$gm" -v bm="$bm" -v gp="$gp" -v bp="$bp" \
        'BEGIN { printf "ratio mean %.2f p99 %.2f", gm / bm, gp / bp }')
done
echo "3d ${result[3d]}"
echo "2d ${result[2d]}"
