#!/usr/bin/env bash
# Frame times of the release build on a GPU machine, for the README's "frame time, GPU" rows.
#
#   scripts/gpu-bench.sh prepare   here: build the release game (the bare scene is its
#                                  --bare-scene mode) and pack it, with the Vulkan loader
#                                  packages the GPU machine lacks, into .gpu/ (ignored)
#   scripts/gpu-bench.sh run       there (the device tool, carrying .gpu): unpack, then render
#                                  FRAMES (300) frames offscreen at 1920x1080, 3D and 2D, 4x MSAA,
#                                  and scripts/frame-ratio.sh: the game against the bare scene,
#                                  alternately, three rounds each, same size and MSAA
#
# The one device call, after `scripts/gpu-bench.sh prepare` here (about 2-4 minutes there):
#   run  carry: [".gpu"]  timeout_s: 480  command: scripts/gpu-bench.sh run
# Its figures come back in $OUT: gpu-bench.txt (the game alone) and frame-ratio.txt (whose last
# two lines are "3d ratio mean .. p99 .." and "2d ratio ..."), logs beside them.
#
# The yardstick is the bare scene (`parachess --bare-scene`) measured in the same run. The goal is
# the game within 1.2x of it.
set -euo pipefail
cd "$(dirname "$0")/.."

case "${1:-}" in
prepare)
    mkdir -p .gpu /tmp/amd64/partial
    grep -qx '/.gpu/' .git/info/exclude 2>/dev/null || echo '/.gpu/' >> .git/info/exclude
    o=(-oAPT::Architecture=amd64 -oAPT::Architectures=amd64 -oDir::State::Lists=/tmp/amd64)
    apt-get "${o[@]}" update >/dev/null
    (cd .gpu && apt-get "${o[@]}" download libvulkan1 libegl1 libglvnd0 libopengl0 libgl1 \
        libglx0 libgles2 >/dev/null)
    cargo build --release --bin parachess
    target="${CARGO_TARGET_DIR:-target}"
    xz -T2 -c "$target/release/parachess" > .gpu/parachess.xz
    du -sh .gpu
    ;;
run)
    for f in .gpu/*.deb; do dpkg -x "$f" /; done
    ldconfig
    icd=/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json
    [ -f "$icd" ] && export VK_DRIVER_FILES="$icd"
    xz -dc .gpu/parachess.xz > /tmp/parachess && chmod +x /tmp/parachess
    export WGPU_BACKEND=vulkan PARACHESS_DATA_DIR=/tmp/parachess-data
    out="${OUT:-/tmp}"
    for view in 3d 2d; do
        echo "== $view, 1920x1080, 4x MSAA"
        /tmp/parachess --bench-frames "${FRAMES:-300}" --size 1920x1080 --view "$view" --antialias on \
            2> "$out/gpu-bench-$view.log" | tee -a "$out/gpu-bench.txt"
        grep -m1 AdapterInfo "$out/gpu-bench-$view.log" || true
    done
    /tmp/parachess --screenshot "$out/gpu-3d.png" --size 1920x1080 --antialias on 2>/dev/null
    echo "== the game against the bare scene, 1920x1080, 4x MSAA"
    PARACHESS=/tmp/parachess FRAME_RATIO_LOGS="$out/frame-ratio" \
        scripts/frame-ratio.sh --size 1920x1080 --frames "${FRAMES:-300}" --antialias on \
        | tee "$out/frame-ratio.txt"
    ;;
*)
    echo "usage: $0 prepare|run" >&2
    exit 2
    ;;
esac
