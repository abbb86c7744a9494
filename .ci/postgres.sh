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
    PG_BIN=$(pg_bin)
    start_cluster "$PG_BIN" QUEENS_TEST_POSTGRES
}

# PostgreSQL 18, the second major the tests run on (install.sh puts it in
# target/pg18), in a cluster of its own; QUEENS_TEST_POSTGRES18 names it.
start_postgres18() {
    install_postgres18 || return 1
    start_cluster "$CI_PG18_BIN" QUEENS_TEST_POSTGRES18
}

# The clusters start_cluster started, as "BIN DIR", for stop_clusters.
CI_CLUSTERS=()

# initdb refuses to run as root: the clusters run as the postgres user.
as_postgres() {
    if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

# Starts a throwaway cluster of the server whose programs are in `bin`, and
# exports its URL as `variable`.
start_cluster() {
    local bin=$1 variable=$2 dir password port
    CI_SERVER_STARTED=1
    dir=$(mktemp -d)
    password=$(od -An -N12 -tx1 /dev/urandom | tr -d ' \n')
    printf '%s\n' "$password" > "$dir/password"
    [ "$(id -u)" = 0 ] && chown postgres "$dir" "$dir/password"
    port=$(free_port)
    as_postgres "$bin/initdb" -D "$dir/data" -U queens --pwfile="$dir/password" \
        -A scram-sha-256 >/dev/null
    CI_CLUSTERS+=("$bin $dir")
    trap stop_clusters EXIT
    as_postgres "$bin/pg_ctl" -D "$dir/data" -l "$dir/log" -w \
        -o "-p $port -k $dir -c listen_addresses=127.0.0.1" start >/dev/null
    export "$variable=postgres://queens:$password@127.0.0.1:$port/postgres"
    echo "PostgreSQL $("$bin/postgres" --version | awk '{print $3}') for the tests on 127.0.0.1:$port"
}

# Stops and removes every cluster start_cluster started.
stop_clusters() {
    local cluster
    for cluster in "${CI_CLUSTERS[@]}"; do
        as_postgres "${cluster%% *}/pg_ctl" -D "${cluster#* }/data" -m immediate stop >/dev/null 2>&1 || true
        rm -rf "${cluster#* }"
    done
}
