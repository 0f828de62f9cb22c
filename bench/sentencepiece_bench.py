#!/usr/bin/env python3
"""The baseline side of bench/text_bench.sh's SentencePiece rows: the `sentencepiece` package
(Google's C++ library behind a Python binding) encodes every line of a text file to piece ids.

    python bench/sentencepiece_bench.py MODEL_FILE TEXT_FILE

Times one call of `encode(lines, num_threads=1)` (the whole batch in C++, one thread: the
library's own speed) and, for information, a Python loop of `encode(line)`. Prints one JSON
object; its checksum (sum of every piece id) must equal text-bench's.
"""
import json
import sys
import time

import sentencepiece as spm


def main() -> None:
    model, text = sys.argv[1], sys.argv[2]
    raw = open(text, "rb").read()
    lines = raw.decode("utf-8").split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    processor = spm.SentencePieceProcessor(model_file=model)
    cpu, wall = time.process_time(), time.perf_counter()
    batch = processor.encode(lines, num_threads=1)
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    loop_cpu = time.process_time()
    loop = [processor.encode(line) for line in lines]
    loop_cpu = time.process_time() - loop_cpu
    if loop != batch:
        sys.exit("the batch and per-line encodings differ")
    megabytes = len(raw) / 1e6
    print(json.dumps({"bytes": len(raw), "lines": len(lines), "cpu_seconds": cpu, "seconds": wall,
                      "mb_per_s": megabytes / cpu, "wall_mb_per_s": megabytes / wall,
                      "loop_mb_per_s": megabytes / loop_cpu,
                      "tokens": sum(len(ids) for ids in batch), "checksum": sum(sum(ids) for ids in batch)}))


if __name__ == "__main__":
    main()
