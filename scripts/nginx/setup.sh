#!/usr/bin/env bash
# Installs (idempotently) Debian's nginx-light when `nginx` is missing and prints the path of the
# binary. `make test` runs this before the tests; TestSupport's NginxBalancer starts a throwaway
# nginx (a round-robin upstream of hub nodes) in a temporary folder on a free loopback port.
#
# Environment: NGINX overrides the binary (then nothing is installed).
set -euo pipefail

if [[ -n "${NGINX:-}" ]]; then
  [[ -x "$NGINX" ]] || { echo "NGINX=$NGINX is not executable" >&2; exit 1; }
  echo "$NGINX"
  exit 0
fi
if ! command -v nginx > /dev/null && [[ ! -x /usr/sbin/nginx ]]; then
  sudo=""
  [[ "$(id -u)" -ne 0 ]] && sudo="sudo"
  $sudo apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq nginx-light >&2
fi
binary="$(command -v nginx || echo /usr/sbin/nginx)"
"$binary" -v >&2
echo "$binary"
