#!/usr/bin/env bash
# Frame times of the release build on a GPU machine, for the README's "frame time, GPU" row.
#
#   scripts/gpu-bench.sh prepare   here: build the release binary and pack it, with the Vulkan
#                                  loader packages the GPU machine lacks, into .gpu/ (ignored)
#   scripts/gpu-bench.sh run       there (the device tool, carrying .gpu): unpack, then render
#                                  FRAMES (300) frames offscreen at 1920x1080, 3D and 2D, 4x MSAA
#
# The yardstick (shared/RENDERING.md): Bevy's bare 72-tile scene at 1920x1080, 4x MSAA,
# shadows: mean 3.4 ms, p99 10.6 ms. The goal is within 1.2x of it.
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
    cargo build --release
    xz -T2 -c target/release/parachess > .gpu/parachess.xz
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
    ;;
*)
    echo "usage: $0 prepare|run" >&2
    exit 2
    ;;
esac
