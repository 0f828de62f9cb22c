#!/usr/bin/env bash
# Stops a server started by scripts/postgres/start.sh DIR (fast shutdown) and removes DIR.
# Usage: stop.sh DIR
set -euo pipefail

dir="$1"
bin="${PG_BIN:-$(bash "$(dirname "${BASH_SOURCE[0]}")/setup.sh" 2>/dev/null)}"
as_owner=()
[[ "$(id -u)" -eq 0 ]] && as_owner=(runuser -u postgres --)
if [[ -f "$dir/data/postmaster.pid" ]]; then
  "${as_owner[@]}" "$bin/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null 2>&1 || true
fi
rm -rf "$dir"
