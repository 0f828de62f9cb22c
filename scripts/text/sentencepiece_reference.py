#!/usr/bin/env python3
"""Prints, as JSON, what the `sentencepiece` package (the C++ library) gives for each text of a
JSON array read from standard input, for each model named: pieces and ids from `encode`,
`normalize`, the piece count, and every piece's text. SentencePieceUpstreamTests run it on
sentencepiece's own test models.

    $(bash bench/venv.sh) scripts/text/sentencepiece_reference.py A.model B.model < texts.json
"""
import json
import os
import sys

import sentencepiece as spm


def main() -> None:
    texts = json.load(sys.stdin)
    result = {"sentencepiece": spm.__version__, "models": {}}
    for path in sys.argv[1:]:
        processor = spm.SentencePieceProcessor(model_file=path)
        result["models"][os.path.basename(path)] = {
            "pieces": [processor.encode(text, out_type=str) for text in texts],
            "ids": [processor.encode(text, out_type=int) for text in texts],
            "normalized": [processor.normalize(text) for text in texts],
            "vocabulary": [processor.id_to_piece(i) for i in range(processor.get_piece_size())],
        }
    json.dump(result, sys.stdout, ensure_ascii=False)


if __name__ == "__main__":
    main()
