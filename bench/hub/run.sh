#!/usr/bin/env bash
# ModelHub benchmark on loopback: the `:download` version check (304 path) and model file
# throughput (100 MB), each next to nginx serving a static file on the same machine as a
# ceiling reference. Prints a Markdown table for BENCHMARKS.md.
#
#   bash bench/hub/run.sh            # builds tensorbridge in release mode first
#   DURATION=20 bash bench/hub/run.sh
#
# Needs wrk and nginx from Debian (installed when missing, as root). Everything stays on 127.0.0.1
# and stops by itself: each wrk run is bounded by DURATION seconds.
set -euo pipefail
cd "$(dirname "$0")/../.."

DURATION=${DURATION:-10}
CONNECTIONS=${CONNECTIONS:-32}
HUB_PORT=${HUB_PORT:-18080}
NGINX_PORT=${NGINX_PORT:-18081}
SCRATCH=${SCRATCH:-.build-hub-release}

# wrk and nginx come from Debian; install them when missing (idempotent), as scripts/setup.sh does.
missing=()
for pkg in wrk:wrk nginx:nginx-light curl:curl; do
  command -v "${pkg%%:*}" >/dev/null || missing+=("${pkg#*:}")
done
if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "installing ${missing[*]}" >&2
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
  else
    echo "error: ${missing[*]} needed (sudo apt-get install ${missing[*]})" >&2; exit 1
  fi
fi

nice swift build -c release --scratch-path "$SCRATCH" --product tensorbridge >&2
BIN="$SCRATCH/release/tensorbridge"

WORK=$(mktemp -d)
HUB_PID=""
cleanup() {
  [ -n "$HUB_PID" ] && kill "$HUB_PID" 2>/dev/null || true
  [ -f "$WORK/nginx.pid" ] && kill "$(cat "$WORK/nginx.pid")" 2>/dev/null || true
  rm -rf "$WORK"
}
trap cleanup EXIT

# --- the hub, with a small model and a 100 MB model -------------------------------------------
ADMIN=$("$BIN" hub keys create --data "$WORK/hub" --scope admin)
CLIENT=$("$BIN" hub keys create --data "$WORK/hub" --scope client)
"$BIN" hub serve --data "$WORK/hub" --port "$HUB_PORT" --log-level error --url-lifetime 86400 \
  > "$WORK/hub.out" 2>&1 &
HUB_PID=$!
for _ in $(seq 100); do grep -q listening "$WORK/hub.out" 2>/dev/null && break; sleep 0.1; done
export TENSORBRIDGE_HUB_URL="http://127.0.0.1:$HUB_PORT" TENSORBRIDGE_HUB_KEY="$ADMIN"

# A valid model followed by padding to 100 MB (the flatbuffer ignores trailing bytes).
python3 - "$WORK/big.tflite" <<'PY'
import sys
model = open("Tests/Fixtures/models/linear.tflite", "rb").read()
with open(sys.argv[1], "wb") as f:
    f.write(model)
    f.write(b"\0" * (100 * 1024 * 1024 - len(model)))
PY
"$BIN" hub deploy small Tests/Fixtures/models/linear.tflite --publish >&2
"$BIN" hub deploy big "$WORK/big.tflite" --publish >&2

download_info() {
  curl -sf -H "Authorization: Bearer $CLIENT" -H "X-Installation-Id: bench" \
    "http://127.0.0.1:$HUB_PORT/v1/models/$1:download"
}
SMALL_HASH=$(download_info small | python3 -c 'import json,sys; print(json.load(sys.stdin)["modelHash"])')
BIG_URI=$(download_info big | python3 -c 'import json,sys; print(json.load(sys.stdin)["downloadUri"])')

# --- nginx serving the same bytes as static files ----------------------------------------------
mkdir -p "$WORK/www" "$WORK/nginx-tmp"
cp "$WORK/big.tflite" "$WORK/www/big.tflite"
download_info small > "$WORK/www/check.json"
cat > "$WORK/nginx.conf" <<CONF
worker_processes 2;
pid $WORK/nginx.pid;
error_log $WORK/nginx-error.log;
events { worker_connections 1024; }
http {
  access_log off;
  sendfile on;
  tcp_nopush on;
  client_body_temp_path $WORK/nginx-tmp;
  proxy_temp_path $WORK/nginx-tmp;
  fastcgi_temp_path $WORK/nginx-tmp;
  uwsgi_temp_path $WORK/nginx-tmp;
  scgi_temp_path $WORK/nginx-tmp;
  server { listen 127.0.0.1:$NGINX_PORT; root $WORK/www; }
}
CONF
nginx -c "$WORK/nginx.conf" -p "$WORK"
sleep 0.5

# --- measurements -------------------------------------------------------------------------------
# wrk prints "Requests/sec: N", "Transfer/sec: N[KMG]B" and, with --latency, "99%  Nms".
run_wrk() { wrk -t2 -c"$1" -d"${DURATION}s" --latency "${@:2}"; }
rps() { awk '/Requests\/sec/ {print $2}'; }
p99() { awk '$1 == "99%" {print $2}'; }
mbps() { awk '/Transfer\/sec/ {v=$2; u=substr(v, length(v)-1); n=substr(v, 1, length(v)-2);
  if (u=="GB") n*=1024; else if (u=="KB") n/=1024; printf "%.0f", n}'; }

HUB_304=$(run_wrk "$CONNECTIONS" -H "Authorization: Bearer $CLIENT" -H "X-Installation-Id: bench" \
  -H "If-None-Match: \"$SMALL_HASH\"" "http://127.0.0.1:$HUB_PORT/v1/models/small:download")
NGINX_SMALL=$(run_wrk "$CONNECTIONS" "http://127.0.0.1:$NGINX_PORT/check.json")
HUB_BIG=$(run_wrk 4 "$BIG_URI")
NGINX_BIG=$(run_wrk 4 "http://127.0.0.1:$NGINX_PORT/big.tflite")

echo "$HUB_304" | grep -q " 304 \|Non-2xx" || true
cat <<TABLE

| ModelHub (loopback, 2 cores, wrk ${DURATION}s) | ModelHub | nginx (static file) | ratio |
|---|---|---|---|
| \`:download\` version check, 304 path, $CONNECTIONS connections: requests/s | $(echo "$HUB_304" | rps) | $(echo "$NGINX_SMALL" | rps) | $(python3 -c "print(f'{$(echo "$HUB_304" | rps)/$(echo "$NGINX_SMALL" | rps):.2f}')") |
| same, p99 latency | $(echo "$HUB_304" | p99) | $(echo "$NGINX_SMALL" | p99) | |
| 100 MB model file, 4 connections: MB/s | $(echo "$HUB_BIG" | mbps) | $(echo "$NGINX_BIG" | mbps) | $(python3 -c "print(f'{$(echo "$HUB_BIG" | mbps)/$(echo "$NGINX_BIG" | mbps):.2f}')") |
TABLE
