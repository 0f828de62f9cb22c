#!/usr/bin/env bash
# ModelHub benchmark on loopback: the `:download` version check (304 path) and model file
# throughput (100 MB), each next to nginx serving a static file on the same machine as a
# ceiling reference. Prints a Markdown table for BENCHMARKS.md.
#
#   bash bench/hub/run.sh            # builds tensorbridge in release mode first
#   DURATION=20 ROUNDS=5 bash bench/hub/run.sh
#   CHUNKS="128 1024" bash bench/hub/run.sh   # one hub per `--chunk-kib`, all measured in one run
#   S3=0 bash bench/hub/run.sh                # leave out the scale-out hub (PostgreSQL + S3 blobs)
#   PG=0 bash bench/hub/run.sh                # the scale-out hub keeps its metadata in SQLite
#   ROUTED=0 bash bench/hub/run.sh            # leave out the hub whose router answers every check
#   BIN=.build/debug/tensorbridge DURATION=2 ROUNDS=1 bash bench/hub/run.sh   # check the script only
#
# With S3=1 (the default) one more hub runs as a scale-out node: its metadata in PostgreSQL 15
# (PG=1, the default; a throwaway server from scripts/postgres/start.sh on loopback, installed by
# scripts/postgres/setup.sh when missing) and its blobs in S3: moto_server on loopback (from
# .venv-s3, scripts/s3/setup.sh; signature checking on), `--s3-downloads stream`, so the 100 MB
# file goes bucket → hub → client. (moto cannot serve presigned URLs with authentication on, so the
# redirect mode cannot be measured against it; behind a real S3 or a CDN the hub is out of that path.)
#
# Needs wrk and nginx from Debian (installed when missing, as root). Everything stays on 127.0.0.1
# and stops by itself: each wrk run is bounded by DURATION seconds.
set -euo pipefail
cd "$(dirname "$0")/../.."

DURATION=${DURATION:-10}
ROUNDS=${ROUNDS:-3}
CHUNKS=${CHUNKS:-256}
CONNECTIONS=${CONNECTIONS:-32}
HUB_PORT=${HUB_PORT:-18080}
NGINX_PORT=${NGINX_PORT:-18070}
SCRATCH=${SCRATCH:-.build-hub-release}
S3=${S3:-1}
S3_HUB_PORT=${S3_HUB_PORT:-18090}
PG=${PG:-1}
ROUTED=${ROUTED:-1}
ROUTED_PORT=${ROUTED_PORT:-18100}
PG_PORT=${PG_PORT:-18060}

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

if [ -z "${BIN:-}" ]; then
  nice swift build -c release --scratch-path "$SCRATCH" --product tensorbridge >&2
  BIN="$SCRATCH/release/tensorbridge"
fi

WORK=$(mktemp -d)
HUB_PIDS=()
MOTO_PID=
PG_DIR=
cleanup() {
  [ -n "$MOTO_PID" ] && kill "$MOTO_PID" 2>/dev/null || true
  for pid in "${HUB_PIDS[@]}"; do kill "$pid" 2>/dev/null || true; done
  [ -n "$PG_DIR" ] && bash scripts/postgres/stop.sh "$PG_DIR" 2>/dev/null || true
  [ -f "$WORK/nginx.pid" ] && kill "$(cat "$WORK/nginx.pid")" 2>/dev/null || true
  rm -rf "$WORK"
}
trap cleanup EXIT

# --- the hub, with a small model and a 100 MB model -------------------------------------------
ADMIN=$("$BIN" hub keys create --data "$WORK/hub" --scope admin)
CLIENT=$("$BIN" hub keys create --data "$WORK/hub" --scope client)
# One hub process per chunk size, on consecutive ports, over the same data folder.
i=0
for chunk in $CHUNKS; do
  "$BIN" hub serve --data "$WORK/hub" --port $((HUB_PORT + i)) --chunk-kib "$chunk" --log-level error \
    --url-lifetime 86400 > "$WORK/hub-$chunk.out" 2>&1 &
  HUB_PIDS+=($!)
  for _ in $(seq 100); do grep -q listening "$WORK/hub-$chunk.out" 2>/dev/null && break; sleep 0.1; done
  i=$((i + 1))
done
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

# --- a hub whose router answers every version check (--no-direct-version-checks), the small model:
# the same answers as the direct 304 path, for its row beside it (304 check only).
if [ "$ROUTED" = 1 ]; then
  ADMIN_ROUTED=$("$BIN" hub keys create --data "$WORK/hub-routed" --scope admin)
  CLIENT_ROUTED=$("$BIN" hub keys create --data "$WORK/hub-routed" --scope client)
  "$BIN" hub serve --data "$WORK/hub-routed" --port "$ROUTED_PORT" --log-level error --no-direct-version-checks \
    > "$WORK/hub-routed.out" 2>&1 &
  HUB_PIDS+=($!)
  for _ in $(seq 100); do grep -q listening "$WORK/hub-routed.out" 2>/dev/null && break; sleep 0.1; done
  TENSORBRIDGE_HUB_URL="http://127.0.0.1:$ROUTED_PORT" TENSORBRIDGE_HUB_KEY="$ADMIN_ROUTED" \
    "$BIN" hub deploy small Tests/Fixtures/models/linear.tflite --publish >&2
fi

# --- the hub with S3 blobs (moto on loopback), the same two models --------------------------------
if [ "$S3" = 1 ]; then
  S3_PYTHON=$(bash scripts/s3/setup.sh)
  "$S3_PYTHON" scripts/s3/moto_s3.py --bucket=bench-hub > "$WORK/moto.out" 2>/dev/null < <(sleep 1000000) &
  MOTO_PID=$!
  for _ in $(seq 300); do [ -s "$WORK/moto.out" ] && break; sleep 0.1; done
  read -r S3_ENDPOINT AWS_ACCESS_KEY_ID AWS_SECRET_ACCESS_KEY < <(python3 -c '
import json, sys; i = json.loads(open(sys.argv[1]).readline())
print(i["endpoint"], i["accessKeyID"], i["secretAccessKey"])' "$WORK/moto.out")
  export AWS_ACCESS_KEY_ID AWS_SECRET_ACCESS_KEY
  DATABASE=()
  if [ "$PG" = 1 ]; then
    bash scripts/postgres/setup.sh > /dev/null
    # Under /tmp, not in $WORK (0700): when run as root the server runs as the postgres user.
    PG_DIR=$(mktemp -d /tmp/tb-bench-postgres.XXXXXX)
    bash scripts/postgres/start.sh "$PG_DIR" "$PG_PORT"
    DATABASE=(--database "postgres://postgres@127.0.0.1:$PG_PORT/postgres?sslmode=disable")
    "$BIN" hub migrate --data "$WORK/hub-s3" "${DATABASE[@]}" >&2
  fi
  ADMIN_S3=$("$BIN" hub keys create --data "$WORK/hub-s3" "${DATABASE[@]}" --scope admin)
  CLIENT_S3=$("$BIN" hub keys create --data "$WORK/hub-s3" "${DATABASE[@]}" --scope client)
  "$BIN" hub serve --data "$WORK/hub-s3" "${DATABASE[@]}" --port "$S3_HUB_PORT" --log-level error \
    --url-lifetime 86400 --blobs s3://bench-hub/hub --s3-endpoint "$S3_ENDPOINT" --s3-downloads stream \
    > "$WORK/hub-s3.out" 2>&1 &
  HUB_PIDS+=($!)
  for _ in $(seq 100); do grep -q listening "$WORK/hub-s3.out" 2>/dev/null && break; sleep 0.1; done
  for model in small:Tests/Fixtures/models/linear.tflite "big:$WORK/big.tflite"; do
    TENSORBRIDGE_HUB_URL="http://127.0.0.1:$S3_HUB_PORT" TENSORBRIDGE_HUB_KEY="$ADMIN_S3" \
      "$BIN" hub deploy "${model%%:*}" "${model#*:}" --publish >&2
  done
  BIG_URI_S3=$(curl -sf -H "Authorization: Bearer $CLIENT_S3" -H "X-Installation-Id: bench" \
    "http://127.0.0.1:$S3_HUB_PORT/v1/models/big:download" \
    | python3 -c 'import json,sys; print(json.load(sys.stdin)["downloadUri"])')
fi

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
# nginx's workers run as an unprivileged user: let them read the files (mktemp -d is 0700).
chmod 755 "$WORK" "$WORK/www"
chmod 644 "$WORK/www/"*
nginx -c "$WORK/nginx.conf" -p "$WORK"
sleep 0.5

# Every endpoint must answer as expected before anything is timed (a 403 is fast, and wrong).
expect_status() {
  local want=$1; shift
  local got
  got=$(curl -s -o /dev/null -w '%{http_code}' "$@")
  [ "$got" = "$want" ] || { echo "error: $* answered $got, expected $want" >&2; exit 1; }
}
i=0
for chunk in $CHUNKS; do
  port=$((HUB_PORT + i)); uri=${BIG_URI/:$HUB_PORT\//:$port/}
  expect_status 304 -H "Authorization: Bearer $CLIENT" -H "X-Installation-Id: bench" \
    -H "If-None-Match: \"$SMALL_HASH\"" "http://127.0.0.1:$port/v1/models/small:download"
  expect_status 200 "$uri"
  [ "$(curl -s "$uri" | sha256sum)" = "$(sha256sum < "$WORK/big.tflite")" ] \
    || { echo "error: the hub on port $port served different bytes" >&2; exit 1; }
  i=$((i + 1))
done
if [ "$ROUTED" = 1 ]; then
  expect_status 304 -H "Authorization: Bearer $CLIENT_ROUTED" -H "X-Installation-Id: bench" \
    -H "If-None-Match: \"$SMALL_HASH\"" "http://127.0.0.1:$ROUTED_PORT/v1/models/small:download"
fi
if [ "$S3" = 1 ]; then
  expect_status 304 -H "Authorization: Bearer $CLIENT_S3" -H "X-Installation-Id: bench" \
    -H "If-None-Match: \"$SMALL_HASH\"" "http://127.0.0.1:$S3_HUB_PORT/v1/models/small:download"
  expect_status 200 "$BIG_URI_S3"
  [ "$(curl -s "$BIG_URI_S3" | sha256sum)" = "$(sha256sum < "$WORK/big.tflite")" ] \
    || { echo "error: the hub with S3 blobs served different bytes" >&2; exit 1; }
fi
expect_status 200 "http://127.0.0.1:$NGINX_PORT/check.json"
expect_status 200 "http://127.0.0.1:$NGINX_PORT/big.tflite"
[ "$(curl -s "http://127.0.0.1:$NGINX_PORT/big.tflite" | sha256sum)" = "$(sha256sum < "$WORK/big.tflite")" ] \
  || { echo "error: nginx served different bytes" >&2; exit 1; }

# --- measurements -------------------------------------------------------------------------------
# wrk prints "Requests/sec: N", "Transfer/sec: N[KMG]B" and, with --latency, "99%  Nms".
run_wrk() { wrk -t2 -c"$1" -d"${DURATION}s" --latency "${@:2}"; }
rps() { awk '/Requests\/sec/ {print $2}'; }
p99() { awk '$1 == "99%" {print $2}'; }
mbps() { awk '/Transfer\/sec/ {v=$2; u=substr(v, length(v)-1); n=substr(v, 1, length(v)-2);
  if (u=="GB") n*=1024; else if (u=="KB") n/=1024; printf "%.0f", n}'; }

# ROUNDS rounds, hub and nginx alternating (which goes first alternates too), so both see the
# same machine; the table gives the median over rounds and the range of the per-round ratio.
: > "$WORK/results"
sides="nginx"; for chunk in $CHUNKS; do sides="$sides hub-$chunk"; done
[ "$ROUTED" = 1 ] && sides="$sides hub-routed"
[ "$S3" = 1 ] && sides="$sides hub-s3"
for round in $(seq "$ROUNDS"); do
  order=$sides; [ $((round % 2)) = 0 ] && order=$(echo "$sides" | tr ' ' '\n' | tac | tr '\n' ' ')
  for side in $order; do
    if [ "$side" = nginx ]; then
      small=$(run_wrk "$CONNECTIONS" "http://127.0.0.1:$NGINX_PORT/check.json")
      big=$(run_wrk 4 "http://127.0.0.1:$NGINX_PORT/big.tflite")
    elif [ "$side" = hub-routed ]; then
      small=$(run_wrk "$CONNECTIONS" -H "Authorization: Bearer $CLIENT_ROUTED" -H "X-Installation-Id: bench" \
        -H "If-None-Match: \"$SMALL_HASH\"" "http://127.0.0.1:$ROUTED_PORT/v1/models/small:download")
      big="Transfer/sec: 0.00MB"
    elif [ "$side" = hub-s3 ]; then
      small=$(run_wrk "$CONNECTIONS" -H "Authorization: Bearer $CLIENT_S3" -H "X-Installation-Id: bench" \
        -H "If-None-Match: \"$SMALL_HASH\"" "http://127.0.0.1:$S3_HUB_PORT/v1/models/small:download")
      big=$(run_wrk 4 "$BIG_URI_S3")
    else
      i=0; for chunk in $CHUNKS; do [ "hub-$chunk" = "$side" ] && break; i=$((i + 1)); done
      port=$((HUB_PORT + i))
      small=$(run_wrk "$CONNECTIONS" -H "Authorization: Bearer $CLIENT" -H "X-Installation-Id: bench" \
        -H "If-None-Match: \"$SMALL_HASH\"" "http://127.0.0.1:$port/v1/models/small:download")
      big=$(run_wrk 4 "${BIG_URI/:$HUB_PORT\//:$port/}")
    fi
    echo "$round $side $(echo "$small" | rps) $(echo "$small" | p99) $(echo "$big" | mbps)" >> "$WORK/results"
    echo "round $round $side: $(tail -1 "$WORK/results" | cut -d' ' -f3-) (requests/s, p99, MB/s)" >&2
  done
done

python3 - "$WORK/results" "$DURATION" "$CONNECTIONS" "$(cut -d' ' -f1 /proc/loadavg)" "$PG" <<'PY'
import statistics, sys
rows = [line.split() for line in open(sys.argv[1])]
duration, connections, load, pg = sys.argv[2], sys.argv[3], sys.argv[4], sys.argv[5] == "1"
def ms(text):  # wrk latency: 850.00us, 12.3ms, 1.2s
    for unit, factor in (("us", 0.001), ("ms", 1.0), ("s", 1000.0)):
        if text.endswith(unit):
            return float(text[: -len(unit)]) * factor
    return float(text)
by = {}
for r, side, rps, p99, mbps in rows:
    by.setdefault(side, {})[r] = (float(rps), ms(p99), float(mbps))
rounds = sorted(by["nginx"], key=int)
hubs = [side for side in by if side != "nginx"]
scale_out = "ModelHub, PostgreSQL + S3 blobs (moto), streamed" if pg else "ModelHub, S3 blobs (moto), streamed"
def name(side):
    if side == "hub-s3":
        return scale_out
    if side == "hub-routed":
        return "ModelHub, every check through the router (`--no-direct-version-checks`)"
    return f"ModelHub `--chunk-kib {side[4:]}`"
med = lambda side, i: statistics.median(by[side][r][i] for r in rounds)
ratio = lambda side, i: [by[side][r][i] / by["nginx"][r][i] for r in rounds]
print(f"\n{len(rounds)} rounds, wrk {duration}s each; 1-minute load average at the end: {load}\n")
print("| on loopback, 2 cores | server | requests/s or MB/s | p99 ms | vs nginx (median of rounds) | per round | p99 / nginx's p99 (median) |")
print("|---|---|---|---|---|---|---|")
print(f"| `:download` version check (304), {connections} connections | nginx (static JSON) | {med('nginx',0):.0f} | {med('nginx',1):.2f} | | | |")
for side in hubs:
    q, l = ratio(side, 0), ratio(side, 1)
    print(f"| | {name(side)} | {med(side,0):.0f} | {med(side,1):.2f} | **{statistics.median(q):.2f}** | {min(q):.2f}–{max(q):.2f} | {statistics.median(l):.2f} |")
print(f"| 100 MB model file, 4 connections | nginx (sendfile) | {med('nginx',2):.0f} MB/s | | | | |")
for side in [side for side in hubs if side != "hub-routed"]:
    t = ratio(side, 2)
    print(f"| | {name(side)} | {med(side,2):.0f} MB/s | | **{statistics.median(t):.2f}** | {min(t):.2f}–{max(t):.2f} | |")
PY
