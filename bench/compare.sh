#!/usr/bin/env bash
# bench/compare.sh — median invoke latency and load + compile time of the same model(s), measured
# in one run three ways with the same threads: TensorBridge (`tensorbridge bench`, Swift), a minimal
# C program calling LiteRT's C API directly (bench/litert_bench.c), and Python's ai_edge_litert
# (bench/python_bench.py: the classic Interpreter, and the CompiledModel API the other two use).
#
#   bench/compare.sh [MODEL...] [--threads N[,N...]] [--runs N] [--rounds N] [--loads N]
#                    [--warmup N] [--all-thirdparty]
#
#   MODEL              .tflite files (default: the repo fixtures two_vectors and float16_weights,
#                      plus, when present, a few third-party models from .thirdparty/models/)
#   --threads 1,2      thread counts to measure (repeatable or comma-separated; default 1,2)
#   --runs N           timed invokes per process (default: adaptive, about 1.5 s of invokes per
#                      process, between 25 and 2000, from a short C calibration run)
#   --rounds N         interleaved rounds per model and thread count (default 3); the order of
#                      the three implementations rotates every round, and each figure in the
#                      table is the median over the rounds of each process's own median
#   --loads N          load + compile repetitions per process (default 5; the median is kept)
#   --warmup N         untimed invokes before timing (default: runs / 10, at least 5)
#   --all-thirdparty   every model in .thirdparty/models/, not only the default few
#
# Sets up what is missing first: scripts/setup.sh (LiteRT into .litert/), the Swift CLI in release
# (scratch path .build-release, or $TB_BENCH_SWIFT_SCRATCH; or set TB_BENCH_SWIFT_BIN to measure an
# existing `tensorbridge` binary without building), the C program (.build-bench-c/), and the Python
# venv (.venv-bench/, bench/venv.sh). All of these are git-ignored. Raw results (one JSON line per process, with
# the 1-minute load average when it started) are kept in .build-bench-c/results-<time>.jsonl.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# shellcheck source=../scripts/versions.env
source "$root/scripts/versions.env"

printf '$'
for var in TB_BENCH_SWIFT_SCRATCH TB_BENCH_SWIFT_BIN; do
  [ -n "${!var:-}" ] && printf ' %s=%q' "$var" "${!var}"
done
printf ' bench/compare.sh'
for arg in "$@"; do
  if [[ "$arg" =~ ^[A-Za-z0-9_./,=:+-]+$ ]]; then printf ' %s' "$arg"; else printf ' %q' "$arg"; fi
done
printf '\n'

# --- Arguments ----------------------------------------------------------------------------------
models=()
threads_list=()
runs=""
rounds=3
loads=5
warmup=""
all_thirdparty=0
while (($#)); do
  case "$1" in
    --threads) IFS=',' read -r -a t <<<"${2:?--threads needs a value}"; threads_list+=("${t[@]}"); shift 2 ;;
    --threads=*) IFS=',' read -r -a t <<<"${1#*=}"; threads_list+=("${t[@]}"); shift ;;
    --runs) runs="${2:?}"; shift 2 ;;
    --runs=*) runs="${1#*=}"; shift ;;
    --rounds) rounds="${2:?}"; shift 2 ;;
    --rounds=*) rounds="${1#*=}"; shift ;;
    --loads) loads="${2:?}"; shift 2 ;;
    --loads=*) loads="${1#*=}"; shift ;;
    --warmup) warmup="${2:?}"; shift 2 ;;
    --warmup=*) warmup="${1#*=}"; shift ;;
    --all-thirdparty) all_thirdparty=1; shift ;;
    -h|--help) awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "${BASH_SOURCE[0]}"; exit 0 ;;
    -*) echo "compare.sh: unknown option $1" >&2; exit 2 ;;
    *) [ -f "$1" ] || { echo "compare.sh: no such model file: $1" >&2; exit 2; }
       models+=("$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"); shift ;;
  esac
done
((${#threads_list[@]})) || threads_list=(1 2)
for n in "${threads_list[@]}" "$rounds" "$loads" ${runs:+"$runs"} ${warmup:+"$warmup"}; do
  [[ "$n" =~ ^[0-9]+$ ]] || { echo "compare.sh: not a number: $n" >&2; exit 2; }
done

cd "$root"
# Third-party models measured by default: millisecond-scale networks of different kinds (the 3%
# comparison only means something where an invoke takes milliseconds).
default_thirdparty=(blazeface_short_range selfie_segmentation efficientnet_lite0_uint8 deeplabv3_257)
if ((${#models[@]} == 0)); then
  models=("$root/Tests/Fixtures/models/two_vectors.tflite" "$root/Tests/Fixtures/models/float16_weights.tflite")
  if ((all_thirdparty)); then
    for f in "$root"/.thirdparty/models/*.tflite; do [ -f "$f" ] && models+=("$f"); done
  else
    for name in "${default_thirdparty[@]}"; do
      f="$root/.thirdparty/models/$name.tflite"
      [ -f "$f" ] && models+=("$f")
    done
  fi
fi

# --- Setup (each step does nothing when already done) -------------------------------------------
log() { printf 'compare.sh: %s\n' "$*" >&2; }
bash "$root/scripts/setup.sh" >/dev/null
lib="$root/.litert/lib/libLiteRt.so"

cdir="$root/.build-bench-c"
mkdir -p "$cdir"

scratch="${TB_BENCH_SWIFT_SCRATCH:-.build-release}"
case "$scratch" in /*) ;; *) scratch="$root/$scratch" ;; esac
swift_bin="$scratch/release/tensorbridge"
swift_note=""
if [ -n "${TB_BENCH_SWIFT_BIN:-}" ]; then
  swift_bin="$TB_BENCH_SWIFT_BIN"
  [ -x "$swift_bin" ] || { echo "compare.sh: TB_BENCH_SWIFT_BIN is not an executable: $swift_bin" >&2; exit 2; }
  swift_note=" — binary given by TB_BENCH_SWIFT_BIN ($swift_bin, built $(date -u -r "$swift_bin" '+%H:%M UTC'))"
else
  log "building the Swift CLI (release, --scratch-path ${scratch#"$root"/})"
  if ! swift build -c release --scratch-path "$scratch" --product tensorbridge >"$cdir/swift-build.log" 2>&1; then
    [ -x "$swift_bin" ] || { cat "$cdir/swift-build.log" >&2; exit 1; }
    # (e.g. a source file edited while building) Measure the last good build, and say so.
    swift_note=" — WARNING: the build failed (.build-bench-c/swift-build.log); measuring the binary built $(date -u -r "$swift_bin" '+%H:%M UTC')"
    log "Swift build failed; using the existing ${swift_bin#"$root"/}"
  fi
fi

c_bin="$cdir/litert_bench"
if [ ! -x "$c_bin" ] || [ "$root/bench/litert_bench.c" -nt "$c_bin" ] || [ "$root/Sources/CLiteRT/include/CLiteRT.h" -nt "$c_bin" ]; then
  log "compiling bench/litert_bench.c"
  cc -O2 -std=c11 -Wall -I "$root/Sources/CLiteRT/include" "$root/bench/litert_bench.c" -ldl -o "$c_bin"
fi

python="$(bash "$root/bench/venv.sh")"
py_lib="$(ls "$root"/.venv-bench/lib/python3*/site-packages/ai_edge_litert/libLiteRt.so 2>/dev/null | head -n 1)"

# --- Header ---------------------------------------------------------------------------------------
cpu="$(grep -m1 'model name' /proc/cpuinfo | sed 's/.*: //')"
same_lib="no"
if [ -n "$py_lib" ] && cmp -s "$lib" "$py_lib"; then same_lib="yes"; fi
echo "date:      $(date -u '+%Y-%m-%d %H:%M UTC')"
echo "machine:   $(nproc) CPUs, $cpu, $(uname -sr)"
echo "load avg:  $(cut -d' ' -f1-3 /proc/loadavg) (at start)"
echo "LiteRT:    ai-edge-litert $LITERT_VERSION; .litert/lib/libLiteRt.so identical to the Python wheel's: $same_lib"
echo "Swift:     $(swift --version 2>/dev/null | head -n 1)$swift_note"
echo "settings:  rounds $rounds, loads $loads, runs ${runs:-adaptive}, warmup ${warmup:-runs/10 (min 5)}, threads ${threads_list[*]}"
echo

results="$cdir/results-$(date -u +%Y%m%dT%H%M%S).jsonl"
: >"$results"
errlog="$cdir/stderr.log"
: >"$errlog"

# Runs one implementation; appends its JSON line(s), tagged, to the results file.
run_impl() {  # impl model threads round runs warmup
  local impl="$1" model="$2" threads="$3" round="$4" n="$5" w="$6" out status=0 load1
  load1="$(cut -d' ' -f1 /proc/loadavg)"
  local common=(--runs "$n" --warmup "$w" --loads "$loads" --threads "$threads")
  case "$impl" in
    c) out="$("$c_bin" "$model" --lib "$lib" "${common[@]}" 2>>"$errlog")" || status=$? ;;
    swift) out="$("$swift_bin" bench "$model" --runtime "$lib" --json "${common[@]}" 2>>"$errlog")" || status=$? ;;
    python) out="$("$python" "$root/bench/python_bench.py" "$model" "${common[@]}" 2>>"$errlog")" || status=$? ;;
  esac
  if ((status)) && ! grep -q '^{' <<<"$out"; then
    out="{\"impl\": \"$impl\", \"error\": \"exit status $status (see .build-bench-c/stderr.log)\"}"
  fi
  while IFS= read -r line; do
    [[ "$line" == \{* ]] || continue
    printf '{"model": "%s", "threads": %s, "round": %s, "loadavg": %s, "result": %s}\n' \
      "$(basename "$model" .tflite)" "$threads" "$round" "$load1" "$line" >>"$results"
  done <<<"$out"
}

impls=(c swift python)
start=$SECONDS
for model in "${models[@]}"; do
  name="$(basename "$model" .tflite)"
  for threads in "${threads_list[@]}"; do
    n="$runs"
    if [ -z "$n" ]; then
      # Calibrate: a short C run decides how many invokes fill about 1.5 s.
      if ! cal="$("$c_bin" "$model" --lib "$lib" --runs 15 --warmup 3 --loads 1 --threads "$threads" 2>>"$errlog")"; then
        log "$name: LiteRT cannot run it (see .build-bench-c/stderr.log); skipped"
        printf '{"model": "%s", "threads": %s, "round": 0, "result": {"impl": "c", "error": "cannot run"}}\n' \
          "$name" "$threads" >>"$results"
        continue 2
      fi
      n="$(python3 -c 'import json,sys; t=json.loads(sys.argv[1])["invoke_median_ms"]; print(max(25, min(2000, round(1500 / max(t, 1e-3)))))' "$cal")"
    fi
    w="${warmup:-$((n / 10 > 5 ? n / 10 : 5))}"
    log "$name, $threads thread(s): $rounds rounds of $n invokes each"
    for ((r = 0; r < rounds; r++)); do
      for ((k = 0; k < 3; k++)); do
        run_impl "${impls[$(((r + k) % 3))]}" "$model" "$threads" "$r" "$n" "$w"
      done
    done
  done
done

echo "load avg:  $(cut -d' ' -f1-3 /proc/loadavg) (at end; $((SECONDS - start)) s of measuring)"
echo "raw:       ${results#"$root"/}"
echo

# --- Table ----------------------------------------------------------------------------------------
python3 - "$results" <<'PY'
import json, statistics, sys
from collections import defaultdict

rows = defaultdict(lambda: defaultdict(list))  # (model, threads) -> impl -> [(round, result)]
loadavg = defaultdict(list)
order = []
for line in open(sys.argv[1]):
    rec = json.loads(line)
    key = (rec["model"], rec["threads"])
    if key not in rows:
        order.append(key)
    rows[key][rec["result"]["impl"]].append((rec["round"], rec["result"]))
    if "loadavg" in rec:
        loadavg[key].append(rec["loadavg"])
IMPLS = ("c", "swift", "python", "python-compiled")

def med(results, field):
    values = [r[field] for _, r in results if field in r]
    return statistics.median(values) if values and len(values) == len(results) else None

def fmt(v):
    if v is None:
        return "fail"
    return f"{v:.4f}" if v < 0.1 else f"{v:.3f}" if v < 10 else f"{v:.2f}" if v < 100 else f"{v:.1f}"

def ratio(a, b):
    return f"{a / b:.3f}" if a is not None and b else "–"

def round_ratios(num, den, field):
    """Ratio num/den within each round → 'min–max' across rounds: a noise gauge."""
    a = {rnd: r.get(field) for rnd, r in num}
    b = {rnd: r.get(field) for rnd, r in den}
    values = [a[k] / b[k] for k in a if k in b and a[k] and b[k]]
    return f"{min(values):.3f}–{max(values):.3f}" if len(values) > 1 else ""

def table(head, line):
    print(head)
    print("|" + "|".join(["---"] * (head.count("|") - 1)) + "|")
    for key in order:
        print(line(key, {i: rows[key].get(i, []) for i in IMPLS}))

print("Invoke = median per-invoke latency in ms; load = median load + compile in ms (see BENCHMARKS.md")
print("for what each includes). Each figure is the median over rounds of one process's median.")
print("Python = ai_edge_litert classic Interpreter; Py-CM = ai_edge_litert CompiledModel.")
print("Targets: Swift/C invoke <= 1.03; Swift/Python load + compile < 1.")
print()

def main_line(key, v):
    inv = {i: med(v[i], "invoke_median_ms") if v[i] else None for i in IMPLS}
    ld = {i: med(v[i], "load_compile_median_ms") if v[i] else None for i in IMPLS}
    runs = next((r["runs"] for _, r in v["c"] + v["swift"] if "runs" in r), "–")
    la = f"{min(loadavg[key]):.1f}–{max(loadavg[key]):.1f}" if loadavg[key] else ""
    return (f"| {key[0]} | {key[1]} | {runs} | {fmt(inv['c'])} | {fmt(inv['swift'])} | {fmt(inv['python'])} "
            f"| {fmt(inv['python-compiled'])} | **{ratio(inv['swift'], inv['c'])}** "
            f"| {round_ratios(v['swift'], v['c'], 'invoke_median_ms')} "
            f"| {fmt(ld['c'])} | {fmt(ld['swift'])} | {fmt(ld['python'])} | {fmt(ld['python-compiled'])} "
            f"| **{ratio(ld['swift'], ld['python'])}** | {ratio(ld['swift'], ld['python-compiled'])} | {la} |")

table("| model | thr | runs | invoke C | Swift | Python | Py-CM | **Swift/C** | per round "
      "| load C | Swift | Python | Py-CM | **Swift/Py** | Swift/Py-CM | load avg |", main_line)

print()
print("Fastest single invoke (ms; median over rounds of each process's minimum): less sensitive to")
print("other work on the machine than the median, so a cross-check when the load average is high.")
print()

def min_line(key, v):
    mn = {i: med(v[i], "invoke_min_ms") if v[i] else None for i in IMPLS}
    return (f"| {key[0]} | {key[1]} | {fmt(mn['c'])} | {fmt(mn['swift'])} | {fmt(mn['python'])} "
            f"| {fmt(mn['python-compiled'])} | {ratio(mn['swift'], mn['c'])} "
            f"| {round_ratios(v['swift'], v['c'], 'invoke_min_ms')} |")

table("| model | thr | min C | Swift | Python | Py-CM | Swift/C | per round |", min_line)

errors = [(k, i, r["error"]) for k, v in rows.items() for i, rs in v.items() for _, r in rs if "error" in r]
if errors:
    print()
    for (model, threads), impl, error in sorted(set(errors)):
        print(f"- {model} ({threads} thread(s)), {impl}: {error}")
PY
