#!/usr/bin/env bash
# The engine's load figures (README, "Measured figures"; issue 37). Not a test: the figures
# depend on the machine.
#
# 1. SQLite: GAMES human games (guest bots at full speed, TC) on a server without engine work,
#    then the same with the engine pool busy (COMPUTER games against the computer at LEVEL and
#    ANALYSES finished games' analyses asked for), ROUNDS times in turn (one run lasts seconds
#    on a release build, so one pair alone is mostly noise): each run's move round trip
#    p50/p99, the medians' ratio, and the computer's moves per minute under that load.
# 2. SQLite, the server killed with kill -9 while the computer searches (KILL_GAMES games at
#    Hard), and started again on the same port and database: how soon the computer moves again
#    in the games the bots take up again, and how often in the next SECS seconds.
# 3. PostgreSQL (a private server in a temporary folder), a web instance with
#    --engine-threads 0: WORKER_GAMES games against the computer at WORKER_LEVEL played through
#    one engine worker for SECS seconds, then through two (one engine thread each): the jobs per
#    minute per worker; then a worker killed with kill -9 mid-job: the same job done by the
#    other worker, and the game going on.
#
#   GAMES=300 TC=60+1 COMPUTER=20 LEVEL=hard ANALYSES=5 ROUNDS=3 SECS=60 scripts/engine-load.sh [sqlite|sqlite-kill|workers|all]
#
# PROFILE=release (default) builds and runs the release binary; PROFILE=dev the debug one
# (quicker to build; the engine's searches are bounded by time, so the load is the same).
set -euo pipefail
. "$(dirname "$0")/temp-postgres.sh"
cd "$(dirname "$0")/.."
what=${1:-all}
games=${GAMES:-300}
tc=${TC:-60+1}
computer=${COMPUTER:-20}
level=${LEVEL:-hard}
analyses=${ANALYSES:-5}
secs=${SECS:-60}
rounds=${ROUNDS:-3}
worker_games=${WORKER_GAMES:-8}
kill_games=${KILL_GAMES:-4}
worker_level=${WORKER_LEVEL:-normal}
profile=${PROFILE:-release}

if [ "$profile" = release ]; then
    cargo build --release --no-default-features --features server --bin parachess-server
    sub=release
else
    cargo build --no-default-features --features server --bin parachess-server
    sub=debug
fi
target=${CARGO_TARGET_DIR:-target}
case "$target" in /*) ;; *) target=$PWD/$target ;; esac
bin=$target/$sub/parachess-server
ulimit -n 65536 2>/dev/null || ulimit -n "$(ulimit -Hn)"

dir=$(mktemp -d /tmp/parachess-engine-load.XXXXXX)
chmod 755 "$dir"
pids=()
cleanup() {
    for p in "${pids[@]}"; do kill -9 "$p" 2>/dev/null || true; done
    stop_temp_postgres "$dir"
    rm -rf "$dir"
}
trap cleanup EXIT

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }

# Waits (at most $3 seconds) for a line matching $2 in file $1.
wait_line() {
    for _ in $(seq $(($3 * 10))); do grep -qE "$2" "$1" 2>/dev/null && return 0; sleep 0.1; done
    echo "no line /$2/ in $1 after $3 s:" >&2; tail -5 "$1" >&2; return 1
}

# Starts a server on database $1 with more flags; sets $url.
start_server() {
    local db=$1; shift
    "$bin" --listen "${listen:-127.0.0.1:0}" --db "$db" --no-showcase --per-address 100000 --address-rate 0 \
        --computer-games 4 --computer-games-per-address 100000 --analyses-per-address 1000 "$@" \
        >"$dir/server.out" 2>"$dir/server.err" &
    pids+=($!)
    server_pid=$!
    wait_line "$dir/server.out" "^listening on " 30
    url=$(sed -n 's/^listening on //p' "$dir/server.out")
}

# The human games: prints the bots' last line.
humans() {
    "$bin" bots --server "$url" --games "$games" --player random --tc "$tc" --timeout 1200 >"$dir/bots.out"
    tail -1 "$dir/bots.out"
}

p99() { sed -n 's/.* p99 \([0-9.]*\) ms.*/\1/p' <<<"$1"; }

median() { python3 -c 'import statistics,sys; print(f"{statistics.median(map(float, sys.argv[1:])):.1f}")' "$@"; }

if [ "$what" = sqlite ] || [ "$what" = all ]; then
    start_server "sqlite:$dir/load.sqlite"
    echo "SQLite, $sub build; server $url; engine threads: the default (half the cores)"
    echo "$rounds rounds of $games human games ($tc, random bots) without engine work, then with"
    echo "$computer games against the computer at $level and $analyses game analyses asked for:"
    quiet_p99=() busy_p99=()
    for r in $(seq "$rounds"); do
        quiet=$(humans); echo "  round $r, quiet: $quiet"
        quiet_p99+=("$(p99 "$quiet")")
        "$bin" bots --server "$url" --computer "$computer" --level "$level" --analyses "$analyses" \
            >"$dir/load.out" 2>"$dir/load.err" &
        pids+=($!)
        load_pid=$!
        wait_line "$dir/load.out" "^loaded" 300
        busy=$(humans); echo "  round $r, busy:  $busy"
        busy_p99+=("$(p99 "$busy")")
        kill -TERM "$load_pid"
        wait "$load_pid" || true
        echo "  round $r, the computer: $(tail -1 "$dir/load.out")"
    done
    q=$(median "${quiet_p99[@]}"); b=$(median "${busy_p99[@]}")
    echo "  median p99: quiet $q ms, busy $b ms; ratio busy / quiet: $(python3 -c "print(f'{$b/$q:.2f}')")"
    kill -TERM "$server_pid" 2>/dev/null || true
    wait "$server_pid" 2>/dev/null || true
fi

if [ "$what" = sqlite-kill ] || [ "$what" = all ]; then
    listen=127.0.0.1:$(free_port)
    start_server "sqlite:$dir/kill.sqlite"
    echo "SQLite, $sub build; server $url; $kill_games games against the computer at hard"
    "$bin" bots --server "$url" --computer "$kill_games" --level hard \
        >"$dir/kill.out" 2>"$dir/kill.err" &
    pids+=($!)
    kill_load=$!
    wait_line "$dir/kill.out" "^loaded" 120
    # Hard thinks 4 s a move and the bots answer at once: a search is under way.
    sleep 3
    kill -9 "$server_pid"
    wait "$server_pid" 2>/dev/null || true
    echo "  server killed (kill -9) mid-search; started again on the same port and database"
    start_server "sqlite:$dir/kill.sqlite"
    sleep "$secs"
    kill -TERM "$kill_load"; wait "$kill_load" || true
    echo "  $(tail -1 "$dir/kill.out")"
    kill -TERM "$server_pid" 2>/dev/null || true
    wait "$server_pid" 2>/dev/null || true
    unset listen
fi

if [ "$what" = workers ] || [ "$what" = all ]; then
    temp_postgres "$dir"
    start_server "$db" --engine-threads 0
    echo "PostgreSQL, $sub build; server $url with --engine-threads 0; workers of 1 engine thread;"
    echo "$worker_games games against the computer at $worker_level, $secs s each run"
    n=0
    start_worker() {
        n=$((n + 1))
        "$bin" worker --db "$db" --engine-threads 1 --name "w$n" >"$dir/w$n.out" 2>"$dir/w$n.err" &
        pids+=($!)
        worker_pid=$!
        wait_line "$dir/w$n.out" "^taking engine jobs" 30
    }
    # Runs the games for $secs s on the workers started; prints jobs per minute per worker.
    run_games() {
        local workers=("$@") before=() i=0
        "$bin" bots --server "$url" --computer "$worker_games" --level "$worker_level" \
            >"$dir/games.out" 2>"$dir/games.err" &
        local games_pid=$!
        pids+=("$games_pid")
        wait_line "$dir/games.out" "^loaded" 120
        for w in "${workers[@]}"; do before[i]=$(grep -c '^done ' "$dir/w$w.out" || true); i=$((i + 1)); done
        sleep "$secs"
        local total=0 line="" i=0
        for w in "${workers[@]}"; do
            local done_n=$(( $(grep -c '^done ' "$dir/w$w.out" || true) - before[i] ))
            total=$((total + done_n)); i=$((i + 1))
            line+=" w$w $done_n jobs;"
        done
        kill -TERM "$games_pid"; wait "$games_pid" || true
        echo "  ${#workers[@]} worker(s):$line $(python3 -c "print(f'{$total*60/$secs/${#workers[@]}:.1f}')") jobs/min per worker, $(python3 -c "print(f'{$total*60/$secs:.1f}')") in all; $(tail -1 "$dir/games.out")"
    }
    start_worker; first=$n; first_pid=$worker_pid
    run_games "$first"
    start_worker; second=$n
    run_games "$first" "$second"
    # kill -9 mid-job: the next job the first worker takes.
    "$bin" bots --server "$url" --computer 2 --level hard >"$dir/kill.out" 2>"$dir/kill.err" &
    kill_games=$!
    pids+=("$kill_games")
    taken=$(grep -c '^took move ' "$dir/w$first.out" || true)
    for _ in $(seq 600); do
        [ "$(grep -c '^took move ' "$dir/w$first.out" || true)" -gt "$taken" ] && break
        sleep 0.1
    done
    job=$(grep '^took move ' "$dir/w$first.out" | tail -1 | awk '{print $3}')
    killed_at=$(date +%s.%N)
    kill -9 "$first_pid"
    echo "  worker w$first killed (kill -9) while searching job $job"
    wait_line "$dir/w$second.out" "^done $job\$" 120
    done_at=$(date +%s.%N)
    echo "  job $job done by w$second $(python3 -c "print(f'{$done_at-$killed_at:.1f}')") s after the kill (its lease ran out)"
    after=$(grep -c '^done ' "$dir/w$second.out")
    sleep 10
    echo "  the games go on: w$second finished $(( $(grep -c '^done ' "$dir/w$second.out") - after )) more jobs in the next 10 s"
    kill -TERM "$kill_games"; wait "$kill_games" || true
    echo "  $(tail -1 "$dir/kill.out")"
fi
