# Sourced by .ci/run (after postgres.sh): starts a throwaway cluster of a
# coordinator and two workers on loopback ports, and stops and removes it
# when the run ends. The tests find it through QUEENS_TEST_CITUS. Citus is
# built from the vendored source by install.sh (install_citus), before any
# server starts.
#
#   bash -c 'source .ci/postgres.sh; source .ci/citus.sh; start_citus; echo $QUEENS_TEST_CITUS; sleep infinity'
#
# starts one by hand for trying (Ctrl-C removes it); alone, it installs and
# builds what it needs first.

# One node: an initdb cluster on `port` in `dir`, with Citus preloaded,
# password logins only, and the password the nodes use among themselves.
citus_node() {
    local dir=$1 port=$2
    "${PG_AS[@]}" "$PG_BIN/initdb" -D "$dir" -U queens --pwfile="$CITUS_DIR/password" \
        -A scram-sha-256 >/dev/null
    {
        echo "shared_preload_libraries = 'citus'"
        echo "max_connections = 200"
        # In the configuration, so that a test that stops a worker can
        # start it again with pg_ctl -D alone.
        echo "port = $port"
        echo "listen_addresses = '127.0.0.1'"
        echo "unix_socket_directories = '$CITUS_DIR'"
        # A connection that comes while a node shuts down gets a process
        # that only refuses it, once the client's first message is in;
        # the node waits for those processes, which no signal ends, for
        # up to this timeout (60 s by default: as long as pg_ctl waits,
        # so a test that stopped a node mid-count once saw pg_ctl give up
        # on a node that shut down a moment later).
        echo "authentication_timeout = '10s'"
    } >> "$dir/postgresql.conf"
    "${PG_AS[@]}" "$PG_BIN/pg_ctl" -D "$dir" -l "$dir.log" -w start >/dev/null
    PGPASSWORD=$(cat "$CITUS_DIR/password") psql -qAt -h 127.0.0.1 -p "$port" -U queens -d postgres \
        -c "create extension citus" \
        -c "insert into pg_dist_authinfo (nodeid, rolename, authinfo)
            values (0, 'queens', 'password=$(cat "$CITUS_DIR/password")')" >/dev/null
}

start_citus() {
    # No-ops when install_everything ran; alone, they install and build
    # before the first node starts.
    install_packages && install_citus || return 1
    CI_SERVER_STARTED=1
    PG_BIN=$(pg_bin)
    CITUS_DIR=$(mktemp -d)
    PG_AS=()
    if [ "$(id -u)" = 0 ]; then
        chown postgres "$CITUS_DIR"
        PG_AS=(runuser -u postgres --)
    fi
    od -An -N12 -tx1 /dev/urandom | tr -d ' \n' > "$CITUS_DIR/password"
    [ "$(id -u)" = 0 ] && chown postgres "$CITUS_DIR/password"
    trap 'stop_citus; stop_clusters' EXIT
    CITUS_PORTS=()
    local node port
    for node in coordinator worker1 worker2; do
        port=$(free_port)
        CITUS_PORTS+=("$port")
        citus_node "$CITUS_DIR/$node" "$port"
    done
    PGPASSWORD=$(cat "$CITUS_DIR/password") psql -qAt -h 127.0.0.1 -p "${CITUS_PORTS[0]}" -U queens -d postgres \
        -c "select citus_set_coordinator_host('127.0.0.1', ${CITUS_PORTS[0]})" \
        -c "select citus_add_node('127.0.0.1', ${CITUS_PORTS[1]})" \
        -c "select citus_add_node('127.0.0.1', ${CITUS_PORTS[2]})" >/dev/null
    export QUEENS_TEST_CITUS="postgres://queens:$(cat "$CITUS_DIR/password")@127.0.0.1:${CITUS_PORTS[0]}/postgres"
    # For the tests that stop a worker and restart the coordinator: their
    # data directories and pg_ctl.
    export QUEENS_TEST_CITUS_WORKER="$CITUS_DIR/worker2"
    export QUEENS_TEST_CITUS_COORDINATOR="$CITUS_DIR/coordinator"
    export QUEENS_TEST_PG_CTL="${PG_AS[*]} $PG_BIN/pg_ctl"
    echo "Citus $CITUS_VERSION for the tests: coordinator on 127.0.0.1:${CITUS_PORTS[0]}, workers on ${CITUS_PORTS[1]} and ${CITUS_PORTS[2]}"
}

stop_citus() {
    local node
    for node in coordinator worker1 worker2; do
        "${PG_AS[@]}" "$PG_BIN/pg_ctl" -D "$CITUS_DIR/$node" -m immediate stop >/dev/null 2>&1 || true
    done
    rm -rf "$CITUS_DIR"
}
