#!/usr/bin/env bash
# Tokenize + encode ~10 MB of English text with TensorBridgeText (release build) and with a
# straightforward Python implementation of the same rules, in the same run; print MB/s and
# the ratio for the word-index and WordPiece tokenizers (and, for information, regex). Checksums (sum of all sequence ids)
# must agree, so both sides did the same work with the same results.
#
#   bash bench/text_bench.sh              # 10 MB, sequence length 128
#   MEGABYTES=2 bash bench/text_bench.sh  # smaller
#   PYTHON=.venv-fixtures/bin/python bash bench/text_bench.sh   # any Python 3 with numpy
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
python="${PYTHON:-python3}"
out="$root/.build-textbench"
megabytes="${MEGABYTES:-10}"
length="${LENGTH:-128}"

echo "generating ${megabytes} MB of text in $out" >&2
"$python" bench/text_bench.py generate "$out" --megabytes "$megabytes"
echo "building text-bench (release)" >&2
swift build -c release --product text-bench >&2
bin="$(swift build -c release --show-bin-path)/text-bench"

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
