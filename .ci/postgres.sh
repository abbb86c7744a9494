# Sourced by .ci/run: starts a throwaway PostgreSQL cluster for the tests
# and stops and removes it when the run ends, whether it passed or not.
# The tests find it through QUEENS_TEST_POSTGRES. What it runs is installed
# by install.sh, before it starts: nothing is installed once it runs.

source "$(dirname "${BASH_SOURCE[0]}")/install.sh"

pg_bin() {
    ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1
}

# A TCP port on the loopback address that nothing listens on now.
free_port() {
    python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

start_postgres() {
    # A no-op when install_everything ran; alone, it installs the server
    # before starting it.
    install_packages || return 1
    CI_SERVER_STARTED=1
    PG_BIN=$(pg_bin)
    PG_DIR=$(mktemp -d)
    # initdb refuses to run as root: run the cluster as the postgres user.
    PG_AS=()
    if [ "$(id -u)" = 0 ]; then
        chown postgres "$PG_DIR"
        PG_AS=(runuser -u postgres --)
    fi
    local password port
    password=$(od -An -N12 -tx1 /dev/urandom | tr -d ' \n')
    printf '%s\n' "$password" > "$PG_DIR/password"
    [ "$(id -u)" = 0 ] && chown postgres "$PG_DIR/password"
    port=$(free_port)
    "${PG_AS[@]}" "$PG_BIN/initdb" -D "$PG_DIR/data" -U queens --pwfile="$PG_DIR/password" \
        -A scram-sha-256 >/dev/null
    trap stop_postgres EXIT
    "${PG_AS[@]}" "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -l "$PG_DIR/log" -w \
        -o "-p $port -k $PG_DIR -c listen_addresses=127.0.0.1" start >/dev/null
    export QUEENS_TEST_POSTGRES="postgres://queens:$password@127.0.0.1:$port/postgres"
    echo "PostgreSQL $("$PG_BIN/postgres" --version | awk '{print $3}') for the tests on 127.0.0.1:$port"
}

stop_postgres() {
    "${PG_AS[@]}" "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -m immediate stop >/dev/null 2>&1 || true
    rm -rf "$PG_DIR"
}
