#!/usr/bin/env bash
# Tokenize + encode ~10 MB of English text with TensorBridgeText (release build) and with a
# straightforward Python implementation of the same rules, in the same run; print MB/s and
# the ratio for the word-index and WordPiece tokenizers (and, for information, regex). Checksums (sum of all sequence ids)
# must agree, so both sides did the same work with the same results.
#
#   bash bench/text_bench.sh              # 10 MB, sequence length 128
#   MEGABYTES=2 bash bench/text_bench.sh  # smaller
#   TB_BENCH_TEXT_BIN=path/to/text-bench bash bench/text_bench.sh   # measure that binary, no build
#   PYTHON=/path/to/python bash bench/text_bench.sh   # any Python 3 with numpy and sentencepiece
#
# Then SentencePiece: text-bench against the `sentencepiece` package (C++) on the same text,
# with the committed unigram (NMT-NFKC) and BPE (NFKC case folding, byte fallback) models of
# Tests/Fixtures/text/sentencepiece. Python (both sides) is .venv-bench (bench/venv.sh: numpy and
# sentencepiece pinned in scripts/versions.env) unless PYTHON names another.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
python="${PYTHON:-$(bash bench/venv.sh)}"
out="$root/.build-textbench"
megabytes="${MEGABYTES:-10}"
length="${LENGTH:-128}"

echo "generating ${megabytes} MB of text in $out" >&2
"$python" bench/text_bench.py generate "$out" --megabytes "$megabytes"
bin="${TB_BENCH_TEXT_BIN:-}"
if [[ -z "$bin" ]]; then
  echo "building text-bench (release)" >&2
  swift build -c release --product text-bench >&2
  bin="$(swift build -c release --show-bin-path)/text-bench"
fi

echo "MB/s per CPU second of each process (wall-clock MB/s in brackets)"
printf '%-10s %20s %20s %8s  %s\n' tokenizer "swift MB/s" "python MB/s" ratio checksums
# regex (Model Maker's [^\w\']+) is shown for information: there Python's tokenizer is its C
# regex engine, not a per-character loop.
for kind in word wordpiece regex; do
  vocab="$out/words.vocab"
  [[ "$kind" == wordpiece ]] && vocab="$out/wordpiece.vocab"
  swift_json="$("$bin" "$kind" "$vocab" "$out/text.txt" "$length")"
  python_json="$("$python" bench/text_bench.py run "$kind" "$vocab" "$out/text.txt" "$length")"
  "$python" - "$kind" "$swift_json" "$python_json" <<'PY'
import json, sys
kind, s, p = sys.argv[1], json.loads(sys.argv[2]), json.loads(sys.argv[3])
same = "equal" if s["checksum"] == p["checksum"] else f"DIFFER ({s['checksum']} vs {p['checksum']})"
cell = lambda r: f"{r['mb_per_s']:.2f} [{r['wall_mb_per_s']:.2f}]"
print(f"{kind:<10} {cell(s):>20} {cell(p):>20} {s['mb_per_s'] / p['mb_per_s']:7.1f}x  {same}")
if s["checksum"] != p["checksum"]:
    sys.exit(1)
PY
done

echo
echo "SentencePiece: MB/s per CPU second; baseline = sentencepiece $("$python" -c 'import sentencepiece; print(sentencepiece.__version__)') encode(lines, num_threads=1)"
printf '%-22s %20s %20s %8s  %s\n' model "swift MB/s" "C++ MB/s" ratio checksums
for model in unigram bpe; do
  file="Tests/Fixtures/text/sentencepiece/$model.model"
  swift_json="$("$bin" sentencepiece "$file" "$out/text.txt" 0)"
  cpp_json="$("$python" bench/sentencepiece_bench.py "$file" "$out/text.txt")"
  "$python" - "$model" "$swift_json" "$cpp_json" <<'PY'
import json, sys
model, s, p = sys.argv[1], json.loads(sys.argv[2]), json.loads(sys.argv[3])
same = "equal" if s["checksum"] == p["checksum"] and s["tokens"] == p["tokens"] else f"DIFFER ({s['checksum']} vs {p['checksum']})"
cell = lambda r: f"{r['mb_per_s']:.2f} [{r['wall_mb_per_s']:.2f}]"
print(f"{model:<22} {cell(s):>20} {cell(p):>20} {s['mb_per_s'] / p['mb_per_s']:7.2f}x  {same}"
      f"   (Python loop of encode(line): {p['loop_mb_per_s']:.2f} MB/s)")
if same != "equal":
    sys.exit(1)
PY
done
