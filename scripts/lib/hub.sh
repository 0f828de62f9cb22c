# Shell helpers for scripts that run a ModelHub: `source` this file, then
#   hub_start BIN DATA LOG [hub serve flags…]   starts `BIN hub serve --data DATA --port 0 …` in the
#                                              background, waits for it to listen, and sets
#                                              HUB_PID and HUB_URL (http://127.0.0.1:PORT);
#   hub_stop                                   stops it gracefully (safe to call twice: put it in
#                                              the script's EXIT trap).
HUB_PID=""
HUB_URL=""

hub_start() {
  local bin="$1" data="$2" log="$3"
  shift 3
  "$bin" hub serve --data "$data" --port 0 "$@" > "$log" 2>&1 &
  HUB_PID=$!
  for _ in $(seq 1 300); do
    grep -q 'listening on http://' "$log" 2>/dev/null && break
    kill -0 "$HUB_PID" 2>/dev/null || { cat "$log" >&2; HUB_PID=""; return 1; }
    sleep 0.1
  done
  HUB_URL="$(grep -o 'http://[0-9.]*:[0-9]*' "$log" | head -1)"
  [ -n "$HUB_URL" ] || { echo "the hub did not start:" >&2; cat "$log" >&2; return 1; }
}

hub_stop() {
  if [ -n "$HUB_PID" ]; then
    kill "$HUB_PID" 2>/dev/null || true
    wait "$HUB_PID" 2>/dev/null || true
    HUB_PID=""
  fi
}
