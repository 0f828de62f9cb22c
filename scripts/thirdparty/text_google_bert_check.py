#!/usr/bin/env python3
"""Cross-checks TensorBridgeText's WordPiece reference against Google's own BERT tokenizer.

TensorBridgeText's token ids are tested against scripts/fixtures/text_tokenizers.py
(Tests/Fixtures/text/tokenization.reference.json). This script checks that reference against
google-research/bert's tokenization.py, as published on PyPI in `bert-tensorflow` 1.0.4
(not a dependency; download it yourself):

    .venv-fixtures/bin/python -m pip download --no-deps bert-tensorflow==1.0.4 -d /tmp/bert
    (cd /tmp/bert && python3 -m zipfile -e bert_tensorflow-1.0.4-py2.py3-none-any.whl x)
    .venv-fixtures/bin/python scripts/thirdparty/text_google_bert_check.py /tmp/bert/x [TEXT_FILE]

For every committed tricky string (and every line of TEXT_FILE, e.g. the benchmark's text),
Google's BasicTokenizer(do_lower_case=True) + WordpieceTokenizer(max_input_chars_per_word=100)
over the fixture vocabulary
must give the reference's tokens. Prints each difference and exits 1 if there is any.
"""

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, sys.argv[1] if len(sys.argv) > 1 else sys.exit(__doc__))
sys.path.insert(0, str(ROOT / "scripts" / "fixtures"))

from absl import flags  # noqa: E402
from bert import tokenization as google  # noqa: E402
import text_tokenizers as tt  # noqa: E402

flags.FLAGS(["text_google_bert_check"])  # the module reads --preserve_unused_tokens (default False)

vocab_lines = (ROOT / "Tests/Fixtures/text/bert.tiobundle/assets/vocab.txt").read_text(encoding="utf-8").splitlines()
vocab = {token: index for index, token in enumerate(vocab_lines)}
basic = google.BasicTokenizer(do_lower_case=True)
# google-research/bert's default is 200 code points; TensorBridgeText (like HuggingFace's
# BertTokenizer and the TFLite Task Library) defaults to 100, so compare at 100.
wordpiece = google.WordpieceTokenizer(vocab=vocab, max_input_chars_per_word=100)


def google_tokens(text):
    return [piece for token in basic.tokenize(text) for piece in wordpiece.tokenize(token)]


texts = [case["text"] for case in json.loads((ROOT / "Tests/Fixtures/text/tokenization.reference.json").read_text(encoding="utf-8"))["cases"]]
reference = {case["text"]: case["wordpiece"]["tokens"] for case in json.loads(
    (ROOT / "Tests/Fixtures/text/tokenization.reference.json").read_text(encoding="utf-8"))["cases"]}
if len(sys.argv) > 2:
    texts += Path(sys.argv[2]).read_text(encoding="utf-8").splitlines()

differences = 0
for text in texts:
    ours = reference.get(text) or tt.wordpiece_tokenize(text, vocab)
    theirs = google_tokens(text)
    if ours != theirs:
        differences += 1
        print(f"DIFFER {text[:60]!r}\n  ours:   {ours[:20]}\n  google: {theirs[:20]}")
print(f"{len(texts)} texts, {differences} differ from Google's BERT tokenizer")
sys.exit(1 if differences else 0)
