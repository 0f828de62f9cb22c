#!/usr/bin/env bash
# Fused tf_keras LSTMs, lowered by TensorBridge at load (unrolled builtin ops over resource
# variables), against Python's classic interpreter running the fused UNIDIRECTIONAL_SEQUENCE_LSTM
# kernel on the same file. (LiteRT's CompiledModel API, Python's or C's, refuses these models.)
#
#   bash bench/lstm_bench.sh [--rounds N] [--runs N]
#
# Models: the corpus cases tf_keras_lstm_fused (LSTM(4), 5 steps) and tf_keras_lstm_stacked
# (LSTM(5) then LSTM(4), 4 steps, batch 2), and lstm64_t32 (LSTM(64) over 32 steps of 16 features,
# then Dense(8); made here once with .venv-converters, see scripts/converters/README.md), each at
# its file's sizes (steps unrolled) and the first and last at another sequence length (8 and 33
# steps: lowered again as a WHILE loop, the resize timed on its own).
# Each round runs Swift (`tensorbridge bench`, release build) then Python
# (`bench/python_bench.py --api classic`) as fresh processes, 1 thread; prints the median over
# rounds of each side's median invoke and load + compile, and the Swift/Python ratios.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
rounds=5
runs=2000
while (($#)); do
  case "$1" in
    --rounds) rounds="$2"; shift 2 ;;
    --runs) runs="$2"; shift 2 ;;
    *) echo "unknown argument $1" >&2; exit 2 ;;
  esac
done

out=".build-bench-lstm"
mkdir -p "$out"
if [[ ! -f "$out/lstm64_t32.tflite" ]]; then
  [[ -x .venv-converters/bin/python ]] || { echo "needs .venv-converters (bash scripts/converters/make_corpus.sh --list creates it)" >&2; exit 1; }
  TF_CPP_MIN_LOG_LEVEL=3 .venv-converters/bin/python - "$out/lstm64_t32.tflite" <<'PY'
import sys
import numpy as np
import tensorflow as tf
import tf_keras as tk
tk.utils.set_random_seed(0)
x = tk.Input((32, 16), batch_size=1)
model = tk.Model(x, tk.layers.Dense(8)(tk.layers.LSTM(64)(x)))
rng = np.random.default_rng(0)
model.set_weights([(rng.standard_normal(w.shape) * 0.2).astype(np.float32) for w in model.get_weights()])
data = tf.lite.TFLiteConverter.from_keras_model(model).convert()
open(sys.argv[1], "wb").write(data)
PY
fi

python="$(bash bench/venv.sh)"
swift build -c release --scratch-path .build-release --product tensorbridge | grep -v '^\[' >&2
bin=.build-release/release/tensorbridge
fused=Tests/Fixtures/converters/tf_keras_lstm_fused/model.tflite
# MODEL|SHAPE: an empty SHAPE runs the file's sizes (steps unrolled); another sequence length
# makes TensorBridge lower the model again as a WHILE loop over the steps (timed as "resize").
cases=("$fused|" Tests/Fixtures/converters/tf_keras_lstm_stacked/model.tflite"|" "$out/lstm64_t32.tflite|"
  "$fused|0=1,8,3" "$out/lstm64_t32.tflite|0=1,33,16")
results="$out/results.jsonl"
: > "$results"
echo "lstm_bench: $rounds rounds, $runs invokes each, 1 thread, load average $(cut -d' ' -f1-3 /proc/loadavg)" >&2
for round in $(seq "$rounds"); do
  for case in "${cases[@]}"; do
    model="${case%%|*}"
    shape="${case#*|}"
    resize=()
    [[ -n "$shape" ]] && resize=(--shape "$shape")
    tag="{\"model\": \"$model\", \"shape\": \"$shape\", \"round\": $round, "
    "$bin" bench "$model" "${resize[@]}" --runs "$runs" --warmup 100 --json | sed "s|^{|$tag|" >> "$results"
    "$python" bench/python_bench.py "$model" "${resize[@]}" --api classic --runs "$runs" --warmup 100 \
      2> >(grep -v '^INFO:' >&2) | sed "s|^{|$tag|" >> "$results"
  done
done

python3 - "$results" <<'PY'
import json, statistics, sys
rows = [json.loads(line) for line in open(sys.argv[1])]
print("| model | input | Swift invoke (µs) | Python classic invoke (µs) | Swift/Python "
      "| Swift load (ms) | Python load (ms) | Swift resize (ms) | Python resize (ms) |")
print("|---|---|---|---|---|---|---|---|---|")
for model, shape in dict.fromkeys((r["model"], r["shape"]) for r in rows):
    def med(impl, key):
        return statistics.median(r[key] for r in rows
                                 if r["model"] == model and r["shape"] == shape and r["impl"] == impl)
    s, p = med("swift", "invoke_median_ms"), med("python", "invoke_median_ms")
    sl, pl = med("swift", "load_compile_median_ms"), med("python", "load_compile_median_ms")
    sr, pr = med("swift", "resize_ms"), med("python", "resize_ms")
    name = model.split('/')[-2] if model.endswith('model.tflite') else model.split('/')[-1]
    size = f"[{shape.split('=')[1]}] (looped)" if shape else "stored (unrolled)"
    print(f"| `{name}` | {size} | {s * 1000:.1f} | {p * 1000:.1f} | {s / p:.2f} | {sl:.2f} | {pl:.2f} "
          f"| {sr:.2f} | {pr:.2f} |")
PY
