#!/usr/bin/env bash
# The game server's load figures (README, "Server"): GAMES games at once between guest bots on
# loopback (two connections each), at the bots' full speed, against a release build of
# parachess-server on SQLite (default) or PostgreSQL (`scripts/server-load.sh postgres`, a
# private server started in a temporary folder). Prints the bots' last line and the moves per
# second. Not a test: the figures depend on the machine.
#
#   GAMES=1000 TC=60+1 PLAYER=random SYNC=full scripts/server-load.sh [sqlite|postgres]
#
# SYNC is the server's --sync: full (each commit flushed to disk) or normal (no flush per
# commit; survives a killed server, not a power cut).
set -euo pipefail
. "$(dirname "$0")/temp-postgres.sh"
cd "$(dirname "$0")/.."
backend=${1:-sqlite}
games=${GAMES:-1000}
tc=${TC:-60+1}
player=${PLAYER:-random}
sync=${SYNC:-full}

cargo build --release --no-default-features --features server --bin parachess-server
target=${CARGO_TARGET_DIR:-target}
case "$target" in /*) ;; *) target=$PWD/$target ;; esac
bin=$target/release/parachess-server
ulimit -n 65536 2>/dev/null || ulimit -n "$(ulimit -Hn)"

dir=$(mktemp -d /tmp/parachess-load.XXXXXX)
chmod 755 "$dir"
pids=()
cleanup() {
    for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
    stop_temp_postgres "$dir"
    rm -rf "$dir"
}
trap cleanup EXIT

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }

case "$backend" in
sqlite) db="sqlite:$dir/load.sqlite" ;;
postgres)
    temp_postgres "$dir"
    ;;
*) echo "usage: $0 [sqlite|postgres]" >&2; exit 2 ;;
esac

"$bin" --listen 127.0.0.1:0 --db "$db" --no-showcase --per-address $((games * 2 + 100)) --address-rate 0 --sync "$sync" >"$dir/server.out" 2>"$dir/server.err" &
pids+=($!)
for _ in $(seq 100); do grep -q "listening on" "$dir/server.out" 2>/dev/null && break; sleep 0.1; done
url=$(sed -n 's/^listening on //p' "$dir/server.out")
[ -n "$url" ] || { cat "$dir/server.err" >&2; exit 1; }
echo "server $url on $backend, --sync $sync; $games games at once, $tc, $player bots"

# The bots say on stderr how long the games took and the moves per second.
"$bin" bots --server "$url" --games "$games" --player "$player" --tc "$tc" --timeout 1200 >"$dir/bots.out"
tail -1 "$dir/bots.out"
echo "server peak memory: $(grep VmHWM /proc/"${pids[0]}"/status | awk '{print $2, $3}')"
