# pokerdb's throwaway PostgreSQL server for the test suite (used by .ci/run, and by hand).
#
#   source scripts/pg-test-server.sh            # start it; stops when this shell exits
#   bash scripts/pg-test-server.sh pytest -q    # start it, run one command, stop it
#
# Installs Debian's `postgresql` package when no server is installed (needs root), starts a
# cluster under /tmp on 127.0.0.1:$PG_PORT (default: the first free port from 55432) with
# password authentication,
# creates role `poker` (password `poker`, CREATEDB: the tests make one database per test;
# CREATEROLE: `pokerdb query` sets up its role pokerdb_reader, as it does where it may) and
# database `pokerdb`, and exports POKERDB_TEST_PG_URL. Durability is switched off for speed:
# the data is thrown away anyway. So is autovacuum: a worker in a test's database makes the
# fixture's DROP DATABASE ... WITH (FORCE) fail for a role that is not superuser.

_pg_install() {
    if compgen -G "/usr/lib/postgresql/*/bin/initdb" >/dev/null; then
        return 0
    fi
    if [ "$(id -u)" != 0 ]; then
        echo "pg-test-server: PostgreSQL is not installed; install Debian's postgresql package" >&2
        return 1
    fi
    echo "pg-test-server: installing PostgreSQL from Debian's packages" >&2
    # Exit 101 forbids the package from starting its own cluster; ours runs on its own port.
    local policy=/usr/sbin/policy-rc.d created=""
    if [ ! -e "$policy" ]; then
        printf '#!/bin/sh\nexit 101\n' >"$policy" && chmod +x "$policy" && created=1
    fi
    local status=0
    { DEBIAN_FRONTEND=noninteractive apt-get update -qq &&
        DEBIAN_FRONTEND=noninteractive apt-get install -qq -y --no-install-recommends \
            postgresql >/dev/null; } || status=$?
    if [ -n "$created" ]; then rm -f "$policy"; fi
    return "$status"
}

# A port nothing listens on, so a developer's own server (or another run) is left alone.
_pg_free_port() {
    local port
    for port in $(seq 55432 55531); do
        if ! (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
            echo "$port"
            return 0
        fi
    done
    echo "pg-test-server: no free port in 55432-55531" >&2
    return 1
}

# initdb and postgres refuse to run as root.
_pg_as_owner() {
    if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

_pg_fail() {
    echo "pg-test-server: $1; server log:" >&2
    cat "$PG_TEST_DIR/server.log" >&2 2>/dev/null
    return 1
}

_pg_start() {
    if [ -n "${PG_TEST_DIR:-}" ] && [ -d "$PG_TEST_DIR" ]; then
        echo "pg-test-server: already running (POKERDB_TEST_PG_URL=$POKERDB_TEST_PG_URL)" >&2
        return 0
    fi
    _pg_install || return 1
    local bin port="${PG_PORT:-}"
    if [ -z "$port" ]; then port="$(_pg_free_port)" || return 1; fi
    bin="$(printf '%s\n' /usr/lib/postgresql/*/bin | sort -V | tail -n 1)"
    PG_TEST_BIN="$bin"
    PG_TEST_DIR="$(mktemp -d /tmp/pokerdb-pg.XXXXXX)" || return 1
    export PG_TEST_DIR
    if [ "$(id -u)" = 0 ]; then chown postgres: "$PG_TEST_DIR" || return 1; fi
    # initdb wants a superuser password once TCP connections need one.
    local pwfile="$PG_TEST_DIR/superuser-password"
    _pg_as_owner sh -c "umask 077 && echo postgres >'$pwfile'" || return 1
    # Local (socket) connections trust, so this script can create the role; TCP needs a password.
    _pg_as_owner "$bin/initdb" -D "$PG_TEST_DIR/data" -U postgres -E UTF8 --locale=C.UTF-8 \
        --auth-local=trust --auth-host=scram-sha-256 --pwfile="$pwfile" \
        >"$PG_TEST_DIR/initdb.log" 2>&1 || { cat "$PG_TEST_DIR/initdb.log" >&2; return 1; }
    _pg_as_owner "$bin/pg_ctl" -D "$PG_TEST_DIR/data" -l "$PG_TEST_DIR/server.log" -w -t 60 \
        -o "-c listen_addresses=127.0.0.1 -p $port -k $PG_TEST_DIR -c max_connections=200" \
        -o "-c fsync=off -c synchronous_commit=off -c full_page_writes=off -c autovacuum=off" \
        start >/dev/null \
        || { _pg_fail "the server did not start"; return 1; }
    "$bin/pg_isready" -q -h 127.0.0.1 -p "$port" -t 30 \
        || { _pg_fail "the server does not answer on 127.0.0.1:$port"; return 1; }
    _pg_as_owner "$bin/psql" -q -h "$PG_TEST_DIR" -p "$port" -U postgres -d postgres \
        -v ON_ERROR_STOP=1 \
        -c "CREATE ROLE poker LOGIN CREATEDB CREATEROLE PASSWORD 'poker'" \
        -c "CREATE DATABASE pokerdb OWNER poker" \
        || { _pg_fail "cannot create the role and database"; return 1; }
    export POKERDB_TEST_PG_URL="postgresql+psycopg://poker:poker@127.0.0.1:$port/pokerdb"
    # Replaces any EXIT trap of the caller's shell. A cancelled CI job (INT/TERM) exits through
    # it too; an interactive shell keeps its own Ctrl-C.
    trap pg_test_server_stop EXIT
    if [[ $- != *i* ]]; then trap 'exit 130' INT; trap 'exit 143' TERM; fi
    echo "pg-test-server: PostgreSQL $("$bin/postgres" -V | awk '{print $3}')" \
        "on 127.0.0.1:$port; POKERDB_TEST_PG_URL=$POKERDB_TEST_PG_URL" >&2
}

pg_test_server_stop() {
    if [ -n "${PG_TEST_DIR:-}" ] && [ -d "$PG_TEST_DIR" ]; then
        _pg_as_owner "$PG_TEST_BIN/pg_ctl" -D "$PG_TEST_DIR/data" -m immediate stop \
            >/dev/null 2>&1 || true
        rm -rf "$PG_TEST_DIR"
    fi
    unset PG_TEST_DIR POKERDB_TEST_PG_URL
}

if [ "${BASH_SOURCE[0]}" = "$0" ]; then
    # Run as a program: serve one command, then stop.
    if [ $# -eq 0 ]; then
        echo "usage: source $0   or   bash $0 COMMAND [ARGS...]" >&2
        exit 2
    fi
    _pg_start || { pg_test_server_stop; exit 1; }
    "$@"
    exit
fi
_pg_start || { pg_test_server_stop; return 1; }
