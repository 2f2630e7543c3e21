# Sourced by the load scripts: `temp_postgres DIR` starts a throw-away PostgreSQL cluster in
# DIR/pg on a free loopback port (as the postgres user when run as root) with a database
# `load`, and sets `db` to its URL. `stop_temp_postgres DIR` stops it (for an EXIT trap).
# Needs `free_port` from the caller.

temp_postgres() {
    local dir=$1 pgbin pgport
    pgbin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
    pg_ctl=$pgbin/pg_ctl
    as_pg=""
    if [ "$(id -u)" -eq 0 ]; then chown postgres "$dir"; as_pg="runuser -u postgres --"; fi
    pgport=$(free_port)
    $as_pg "$pgbin/initdb" -U postgres --auth=trust -E UTF8 -D "$dir/pg" >/dev/null
    $as_pg "$pg_ctl" -w -l "$dir/pg.log" -D "$dir/pg" \
        -o "-k $dir -h 127.0.0.1 -p $pgport -c max_connections=200" start >/dev/null
    $as_pg "$pgbin/createdb" -h 127.0.0.1 -p "$pgport" -U postgres load
    db="postgres://postgres@127.0.0.1:$pgport/load"
}

stop_temp_postgres() {
    if [ -n "${pg_ctl:-}" ]; then $as_pg "$pg_ctl" -D "$1/pg" stop -m immediate >/dev/null 2>&1 || true; fi
}
