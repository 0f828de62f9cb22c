#!/usr/bin/env bash
# Starts a throwaway PostgreSQL server: initdb into DIR/data (trust authentication, loopback
# only, the unix socket in DIR), then `pg_ctl start` on PORT. Prints nothing on success; the
# server's log is DIR/postgres.log. Stop it with scripts/postgres/stop.sh DIR.
#
# PostgreSQL refuses to run as root: when run as root, DIR is handed to the `postgres` user
# (created by Debian's package) and the server runs as that user.
#
# Usage: start.sh DIR PORT [SUPERUSER]   (SUPERUSER defaults to `postgres`)
set -euo pipefail

dir="$1"
port="$2"
superuser="${3:-postgres}"
bin="${PG_BIN:-$(bash "$(dirname "${BASH_SOURCE[0]}")/setup.sh" 2>/dev/null)}"

as_owner=()
if [[ "$(id -u)" -eq 0 ]]; then
  chown -R postgres: "$dir"
  as_owner=(runuser -u postgres --)
fi
if [[ ! -f "$dir/data/PG_VERSION" ]]; then
  "${as_owner[@]}" "$bin/initdb" -D "$dir/data" -U "$superuser" --auth=trust --no-sync -E UTF8 \
    >"$dir/initdb.log" 2>&1 || { cat "$dir/initdb.log" >&2; exit 1; }
fi
# fsync off: a test server's data is thrown away; crash safety of the hub is about its own
# transactions, which PostgreSQL honours either way while the server itself keeps running.
# The server must not inherit our descriptors beyond 0-2: a parent watching for our exit through
# one of them (Foundation's Process does) would otherwise wait for the server too.
(
  for fd in /proc/self/fd/*; do
    fd="${fd##*/}"
    if [[ "$fd" -gt 2 ]]; then eval "exec $fd>&-" 2>/dev/null || true; fi
  done
  exec "${as_owner[@]}" "$bin/pg_ctl" -D "$dir/data" -l "$dir/postgres.log" -w -t 60 \
    -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off -c max_connections=200" \
    start >/dev/null
) || { cat "$dir/postgres.log" >&2; exit 1; }
