#!/usr/bin/env bash
# Installs what is missing and runs every test: formatting, unit, property, integration,
# headless game and offscreen screenshot tests. CI runs exactly this.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
cargo fmt --check
# Software Vulkan (lavapipe) for the offscreen screenshot test; no display is needed.
export WGPU_BACKEND=vulkan
cargo test --all-targets
cargo test --doc
