#!/usr/bin/env bash
# Installs (idempotently) Debian's PostgreSQL 15 server when `initdb` is missing and prints the
# folder holding its binaries (initdb, pg_ctl, postgres, createdb). `make test` runs this before
# the tests; TestSupport's PostgresServer starts a throwaway server with scripts/postgres/start.sh.
#
# Environment: PG_BIN overrides the folder (then nothing is installed).
set -euo pipefail

bin="${PG_BIN:-/usr/lib/postgresql/15/bin}"
if [[ ! -x "$bin/initdb" ]]; then
  if [[ -n "${PG_BIN:-}" ]]; then
    echo "PG_BIN=$PG_BIN has no initdb" >&2
    exit 1
  fi
  sudo=""
  [[ "$(id -u)" -ne 0 ]] && sudo="sudo"
  $sudo apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq postgresql-15 >&2
fi
"$bin/initdb" --version >&2
echo "$bin"
