#!/usr/bin/env bash
# Installs what is missing and runs every test: formatting, unit, property, integration,
# headless game and offscreen screenshot tests, and the web pages in headless Chromium. CI runs
# exactly this.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh --test
cargo fmt --check
# The lints of Cargo.toml's [lints] table and clippy's defaults, as errors. Check mode: it adds
# the dependencies' metadata pass (README, "Measured figures") to CI, not a second build.
cargo clippy --all-targets -- -D warnings
# Software Vulkan (lavapipe) for the offscreen screenshot test; no display is needed.
export WGPU_BACKEND=vulkan
cargo test --all-targets
cargo test --doc
# The server's web pages in a real browser: headless Chromium driven by playwright-core
# (web-tests/, one server with a temporary SQLite database per test file). The server binary is
# the one `cargo test` built for the integration tests: a `cargo build` here would rebuild Bevy
# and half the tree, as the dev-dependencies (proptest, criterion) unify other features into
# rustix and so the window's crates (minutes and gigabytes in CI).
target_dir="${CARGO_TARGET_DIR:-target}"
export PARACHESS_SERVER="$(cd "$target_dir" && pwd)/debug/parachess-server"
export WEB_SCREENSHOTS="$(cd "$target_dir" && pwd)/web-screenshots"
npm ci --prefix web-tests --no-audit --no-fund
# One test file at a time (each starts its own server and browser); blind.test.mjs injects
# axe-core (a devDependency) into the pages, in a context of its own that bypasses their CSP.
(cd web-tests && for t in *.test.mjs; do node --test "$t"; done)
