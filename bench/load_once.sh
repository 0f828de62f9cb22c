#!/usr/bin/env bash
# bench/load_once.sh — wall time of whole `tensorbridge` commands (process start, model load,
# one run), two CLI binaries interleaved: the load-once change (issue 15) against its base.
#
#   bench/load_once.sh BEFORE_BIN AFTER_BIN ROUNDS ARGS...
#
# Runs `BIN ARGS...` ROUNDS times per binary, alternating which goes first, and prints the
# median and the fastest wall time of each in ms, with their ratio. With
# TENSORBRIDGE_LOAD_REPORT=1 the AFTER binary also prints its load counts once.
set -euo pipefail
[ $# -ge 4 ] || { sed -n 2,10p "$0"; exit 2; }
before="$1" after="$2" rounds="$3"
shift 3
echo "\$ bench/load_once.sh $before $after $rounds $*"
echo "$(date -u +%Y-%m-%dT%H:%MZ), $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg)"
"$after" "$@" >/dev/null 2>&1 || { echo "the command fails with $after" >&2; exit 1; }
TENSORBRIDGE_LOAD_REPORT=1 "$after" "$@" 2>&1 >/dev/null | grep '^load: read' | sed 's/^/after: /' || true
time_ms() {
  local start end
  start=$(date +%s%N)
  "$@" >/dev/null 2>&1
  end=$(date +%s%N)
  echo $(((end - start) / 1000))
}
b=() a=()
for ((i = 0; i < rounds; i++)); do
  if ((i % 2 == 0)); then
    b+=("$(time_ms "$before" "$@")"); a+=("$(time_ms "$after" "$@")")
  else
    a+=("$(time_ms "$after" "$@")"); b+=("$(time_ms "$before" "$@")")
  fi
done
python3 - "${b[*]}" "${a[*]}" <<'PY'
import statistics, sys
before = [int(x) / 1000 for x in sys.argv[1].split()]
after = [int(x) / 1000 for x in sys.argv[2].split()]
mb, ma = statistics.median(before), statistics.median(after)
print(f"before: median {mb:.1f} ms, fastest {min(before):.1f} ms")
print(f"after:  median {ma:.1f} ms, fastest {min(after):.1f} ms")
print(f"after/before: median {ma / mb:.2f}, fastest {min(after) / min(before):.2f}")
PY
