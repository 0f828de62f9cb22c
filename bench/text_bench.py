#!/usr/bin/env python3
"""bench/text_bench.sh's Python side: the corpus generator and the Python baseline.

    text_bench.py generate OUT_DIR [--megabytes 10]   # text.txt, words.vocab, wordpiece.vocab
    text_bench.py run word|regex|wordpiece VOCAB TEXT LENGTH  # one JSON line, like text-bench

Throughput is per CPU second of the process (the machines are shared and
noisy); wall-clock MB/s is printed too. The baseline is the straightforward Python implementation of the same rules
(scripts/fixtures/text_tokenizers.py), encoding line by line to LENGTH ids.
Its checksum (sum of every sequence id) must equal the Swift one.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "scripts" / "fixtures"))
import text_tokenizers as tt  # noqa: E402

COMMON = ("the of and to a in is it you that he was for on are with as his they be at one have this from "
          "or had by hot word but what some we can out other were all there when up use your how said an "
          "each she which do their time if will way about many then them write would like so these her long "
          "make thing see him two has look more day could go come did number sound no most people my over "
          "know water than call first who may down side been now find any new work part take get place made "
          "live where after back little only round man year came show every good me give our under name very "
          "through just form sentence great think say help low line differ turn cause much mean before move "
          "right boy old too same tell does set three want air well also play small end put home read hand "
          "port large spell add even land here must big high such follow act why ask men change went light "
          "kind off need house picture try us again animal point mother world near build self earth father "
          "movie love hate wonderful terrible happy sad don't it's café naïve").split()
SYLLABLES = "ka ri to men sha lo vi dex ber qui nor tal sen pra gho lun fi ze mo tra".split()


def generate(out: Path, megabytes: float) -> None:
    rng = np.random.default_rng(2026)
    rare = sorted({"".join(rng.choice(SYLLABLES, rng.integers(2, 5))) for _ in range(4000)})
    words = COMMON + rare
    weights = 1.0 / np.arange(1, len(words) + 1) ** 1.05
    weights /= weights.sum()
    target = int(megabytes * 1_000_000)
    lines, size = [], 0
    while size < target:
        n = int(rng.integers(4, 40))
        picks = rng.choice(len(words), n, p=weights)
        sentence = []
        for i, k in enumerate(picks):
            w = words[k]
            if i == 0:
                w = w.capitalize()
            r = rng.random()
            if r < 0.08:
                w += ","
            elif r < 0.09:
                w = '"' + w + '"'
            sentence.append(w)
        line = " ".join(sentence) + rng.choice([".", ".", ".", "!", "?", "..."])
        lines.append(line)
        size += len(line.encode("utf-8")) + 1
    out.mkdir(parents=True, exist_ok=True)
    (out / "text.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
    # Word index: specials, then the 5,000 most frequent words of the text.
    counts: dict[str, int] = {}
    for line in lines[:20000]:
        for w in tt.word_tokenize(line):
            counts[w] = counts.get(w, 0) + 1
    vocab = ["<PAD>", "<START>", "<UNKNOWN>"] + [w for w, _ in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))][:5000]
    (out / "words.vocab").write_text("".join(f"{w} {i}\n" for i, w in enumerate(vocab)), encoding="utf-8")
    # WordPiece: specials, ASCII punctuation, letters and ##letters, syllables as pieces, common words.
    pieces = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]"]
    pieces += [chr(c) for c in range(33, 127) if not chr(c).isalnum()]
    pieces += [chr(c) for c in range(97, 123)] + ["##" + chr(c) for c in range(97, 123)]
    pieces += SYLLABLES + ["##" + s for s in SYLLABLES]
    pieces += [w for w in dict.fromkeys(tt.basic_tokenize(" ".join(COMMON))) if w not in pieces]
    (out / "wordpiece.vocab").write_text("".join(f"{p}\n" for p in pieces), encoding="utf-8")


def run(kind: str, vocab_path: str, text_path: str, length: int) -> None:
    raw = Path(text_path).read_bytes()
    lines = raw.decode("utf-8").splitlines()
    vocab_text = Path(vocab_path).read_text(encoding="utf-8")
    checksum = tokens = 0
    start, cpu_start = time.perf_counter(), time.process_time()
    if kind == "word":
        vocab = tt.parse_word_index(vocab_text)
        for line in lines:
            words = tt.word_tokenize(line)
            ids = tt.encode_words(words, vocab, length)
            tokens += min(len(words) + 1, 10**9)
            checksum += sum(ids)
    elif kind == "regex":
        vocab = tt.parse_word_index(vocab_text)
        for line in lines:
            words = tt.regex_tokenize(line)
            ids = tt.encode_words(words, vocab, length)
            tokens += len(words) + 1
            checksum += sum(ids)
    elif kind == "wordpiece":
        vocab = tt.parse_token_list(vocab_text)
        for line in lines:
            pieces = tt.wordpiece_tokenize(line, vocab)
            ids, _, _ = tt.encode_bert(pieces, vocab, length)
            tokens += len(pieces) + 2
            checksum += sum(ids)
    else:
        sys.exit(f"unknown tokenizer {kind}")
    seconds, cpu = time.perf_counter() - start, time.process_time() - cpu_start
    print(json.dumps({"bytes": len(raw), "lines": len(lines), "seconds": seconds, "cpu_seconds": cpu,
                      "mb_per_s": len(raw) / 1e6 / cpu, "wall_mb_per_s": len(raw) / 1e6 / seconds,
                      "tokens": tokens, "checksum": checksum}))


if __name__ == "__main__":
    if len(sys.argv) >= 3 and sys.argv[1] == "generate":
        mb = float(sys.argv[sys.argv.index("--megabytes") + 1]) if "--megabytes" in sys.argv else 10.0
        generate(Path(sys.argv[2]), mb)
    elif len(sys.argv) == 6 and sys.argv[1] == "run":
        run(sys.argv[2], sys.argv[3], sys.argv[4], int(sys.argv[5]))
    else:
        sys.exit(__doc__)
