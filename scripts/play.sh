#!/usr/bin/env bash
# Installs what is missing, builds the optimised game and starts it. Arguments are passed on
# (e.g. `scripts/play.sh --view 2d`).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
exec cargo run --release -- "$@"
