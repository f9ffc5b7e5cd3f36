#!/usr/bin/env bash
# A throwaway PostgreSQL server on loopback, for the tests and the server example.
#
#   eval "$(bash Scripts/postgres.sh start)"   # prints export DATABASE_URL=... ONEWAY_PG_DIR=...
#   bash Scripts/postgres.sh pause|resume      # stops and starts it again, data kept
#   bash Scripts/postgres.sh stop              # stops it and removes its folder
#
# start installs Debian's postgresql package when initdb is missing, and initialises a cluster
# in a temporary folder owned by an unprivileged user (postgres when run as root: the server
# refuses to run as root), listening on 127.0.0.1 and a free port only.
set -euo pipefail

command=${1:-}
bin=/usr/lib/postgresql/15/bin
export PATH="$bin:$PATH"

# Runs a command as the cluster's owner.
as_owner() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

ctl() {
  as_owner pg_ctl -D "$ONEWAY_PG_DIR/data" -l "$ONEWAY_PG_DIR/server.log" -w -t 30 "$@" >&2
}

need_dir() {
  if [ -z "${ONEWAY_PG_DIR:-}" ] || [ ! -f "$ONEWAY_PG_DIR/port" ]; then
    echo "error: ONEWAY_PG_DIR does not name a cluster made by '$0 start'" >&2
    exit 1
  fi
}

case "$command" in
  start)
    if ! command -v initdb >/dev/null; then
      echo "installing postgresql (Debian's package)" >&2
      apt-get update >&2 && DEBIAN_FRONTEND=noninteractive apt-get install -y postgresql >&2
    fi
    if [ "$(id -u)" = 0 ] && ! id postgres >/dev/null 2>&1; then
      useradd --system --no-create-home --shell /usr/sbin/nologin postgres
    fi
    ONEWAY_PG_DIR=$(mktemp -d /tmp/oneway-postgres.XXXXXX)
    export ONEWAY_PG_DIR
    port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
    password=$(python3 -c 'import secrets; print(secrets.token_hex(12))')
    echo "$port" >"$ONEWAY_PG_DIR/port"
    echo "$password" >"$ONEWAY_PG_DIR/password"
    if [ "$(id -u)" = 0 ]; then chown -R postgres "$ONEWAY_PG_DIR"; fi
    chmod 700 "$ONEWAY_PG_DIR"
    as_owner initdb -D "$ONEWAY_PG_DIR/data" -U oneway --auth=scram-sha-256 \
      --pwfile="$ONEWAY_PG_DIR/password" >"$ONEWAY_PG_DIR/initdb.log" 2>&1 \
      || { cat "$ONEWAY_PG_DIR/initdb.log" >&2; exit 1; }
    cat >>"$ONEWAY_PG_DIR/data/postgresql.conf" <<CONF
listen_addresses = '127.0.0.1'
port = $port
unix_socket_directories = '$ONEWAY_PG_DIR'
max_connections = 200
fsync = on
CONF
    ctl start
    PGPASSWORD=$password createdb -h 127.0.0.1 -p "$port" -U oneway oneway
    echo "export ONEWAY_PG_DIR=$ONEWAY_PG_DIR"
    echo "export DATABASE_URL=postgres://oneway:$password@127.0.0.1:$port/oneway?sslmode=disable"
    ;;
  pause)
    need_dir
    ctl stop -m fast
    ;;
  resume)
    need_dir
    ctl start
    ;;
  stop)
    need_dir
    ctl stop -m fast || true
    rm -rf "$ONEWAY_PG_DIR"
    ;;
  *)
    echo "usage: $0 start|pause|resume|stop" >&2
    exit 2
    ;;
esac
