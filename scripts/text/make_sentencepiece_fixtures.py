#!/usr/bin/env python3
"""Trains small SentencePiece models with the `sentencepiece` package (the C++ library) and
records its tokenization of a varied corpus, for TensorBridgeText's SentencePieceTokenizer tests.

    bash scripts/text/make_fixtures.sh            # sets up the venvs, runs this and the others
    .venv-text-ref/bin/python scripts/text/make_sentencepiece_fixtures.py

Writes Tests/Fixtures/text/sentencepiece/:

* unigram.model   unigram, vocabulary 600, nmt_nfkc, ALBERT's special pieces (<pad> 0, <unk> 1,
                  control [CLS] [SEP], user-defined [MASK] and "@@"), character coverage 0.98
                  (rare characters stay unknown)
* bpe.model       BPE, vocabulary 700, nfkc_cf (case folding), byte fallback, user-defined <sep>
* unigram_identity.model  unigram, no normalization, extra whitespace kept, no dummy prefix
* bpe_suffix.model        BPE, no normalization, whitespace as a suffix
* word.model      WORD, vocabulary 200 (the frequent words; the others stay unknown), nmt_nfkc
* char.model      CHAR, character coverage 0.98, byte fallback, user-defined [MASK] (matched
                  before single characters)
* tflite_support.model  not trained here: tflite-support's own test model
                  (custom_ops/kernel/sentencepiece/testdata/sentencepiece.model, Apache-2.0;
                  a 4,000-piece NMT-NFKC unigram model), committed; only its references are made
* reference.json  for every model and every test text: pieces and ids from `encode`, and
                  `normalize`, plus the sentencepiece version

Deterministic: seeded generation, one training thread.
"""
from __future__ import annotations

import json
import os
import random
import shutil
import sys
import tempfile
from pathlib import Path

import sentencepiece as spm

ROOT = Path(__file__).resolve().parents[2]
OUT = ROOT / "Tests" / "Fixtures" / "text" / "sentencepiece"

WORDS = ("the a of and to in is was for on that with as it by at from this be are an or "
         "have not but had his her they you he she we will can there their which one all would "
         "movie film story actor great terrible boring wonderful plot scene music review recommend "
         "language model token piece sentence word unigram merge byte vocabulary normalization "
         "running jumped happily unbelievable internationalization tokenizer encoder").split()
FOREIGN = ["café", "naïve", "résumé", "Zürich", "straße", "façade", "élan", "mañana", "smörgåsbord",
           "Москва", "привет", "мир", "Ελλάδα", "καλημέρα", "東京", "日本語", "中文", "한국어", "안녕하세요",
           "مرحبا", "שלום", "नमस्ते", "ไทย", "ｆｕｌｌｗｉｄｔｈ", "ＡＢＣ", "①②③", "ﬁne", "㍿", "ｶﾀｶﾅ", "Ⅻ"]
PUNCT = [",", ".", "!", "?", ";", ":", "—", "…", "\"", "'", "(", ")", "«", "»", "“", "”", "’"]


def sentence(rng: random.Random, foreign_rate: float) -> str:
    words = []
    for _ in range(rng.randint(3, 18)):
        if rng.random() < foreign_rate:
            word = rng.choice(FOREIGN)
        else:
            word = rng.choice(WORDS)
            if rng.random() < 0.15:
                word = word.capitalize()
            elif rng.random() < 0.03:
                word = word.upper()
        if rng.random() < 0.05:
            word += str(rng.randint(0, 2026))
        words.append(word)
        if rng.random() < 0.12:
            words[-1] += rng.choice(PUNCT)
    return " ".join(words)


def test_texts(rng: random.Random) -> list[str]:
    texts = [
        "", " ", "   ", "\t", "\n", "Hello world", "hello  world", "  leading and trailing  ",
        "tabs\tand\nnewlines\r\nmixed", "UPPER lower MiXeD", "The movie was unbelievable!",
        "café naïve résumé", "cafe\u0301 (decomposed)", "ｆｕｌｌｗｉｄｔｈ ＡＢＣ １２３", "ﬁne ﬂow ①②③ ㍿ ｶﾀｶﾅ Ⅻ",
        "東京は日本の首都です。", "中文分词测试", "안녕하세요 세계", "مرحبا بالعالم", "שלום עולם",
        "नमस्ते दुनिया", "emoji 😀 👍🏽 👨‍👩‍👧 🇯🇵", "zero\u200bwidth\u200djoiner", "nbsp\u00a0space\u3000ideographic",
        "control\u0001\u0007chars\u007f", "soft\u00adhyphen", "rare 𝔘𝔫𝔦𝔠𝔬𝔡𝔢 ꙮ 𓀀", "[MASK] is masked @@ and <sep>",
        "[CLS] [SEP] <pad> <unk> <s> </s>", "a" * 300, "ab" * 500, "▁already▁escaped ▁", "x\u0300\u0301\u0302",
        "1234567890 3.14159 1,000,000", "email@example.com https://example.org/path?q=1",
        "don't won't it's I’ve", "ÀÉÎÕÜ àéîõü", "İstanbul ıi", "ΣΊΣΥΦΟΣ σίσυφος",
    ]
    for _ in range(160):
        texts.append(sentence(rng, 0.08))
    for _ in range(40):
        texts.append(sentence(rng, 0.5))
    texts.append(" ".join(sentence(rng, 0.1) for _ in range(300)))  # a long input (~20 k characters)
    return texts


MODELS = {
    "unigram": dict(model_type="unigram", vocab_size=600, character_coverage=0.98, pad_id=0, unk_id=1,
                    bos_id=-1, eos_id=-1, control_symbols=["[CLS]", "[SEP]"], user_defined_symbols=["[MASK]", "@@"]),
    "bpe": dict(model_type="bpe", vocab_size=700, normalization_rule_name="nfkc_cf", byte_fallback=True,
                character_coverage=0.98, user_defined_symbols=["<sep>"]),
    "unigram_identity": dict(model_type="unigram", vocab_size=600, normalization_rule_name="identity",
                             remove_extra_whitespaces=False, add_dummy_prefix=False, character_coverage=0.98),
    "bpe_suffix": dict(model_type="bpe", vocab_size=600, normalization_rule_name="identity",
                       treat_whitespace_as_suffix=True, character_coverage=0.98),
    "word": dict(model_type="word", vocab_size=200),
    "char": dict(model_type="char", vocab_size=330, character_coverage=0.98, byte_fallback=True,
                 user_defined_symbols=["[MASK]"]),
}


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    rng = random.Random(2026)
    corpus = [sentence(rng, 0.1) for _ in range(4000)]
    # The training text, regenerated each time, in a temporary folder that training runs in:
    # the model records its input and prefix as given, so relative names keep it reproducible.
    work = Path(tempfile.mkdtemp())
    (work / "corpus.txt").write_text("\n".join(corpus) + "\n", encoding="utf-8")
    texts = test_texts(random.Random(7))
    reference = {"sentencepiece": spm.__version__, "texts": texts, "models": {}}
    for name, options in MODELS.items():
        os.chdir(work)
        spm.SentencePieceTrainer.train(
            input="corpus.txt", model_prefix=name, num_threads=1, seed_sentencepiece_size=20000,
            shuffle_input_sentence=False, minloglevel=2, **options)
        shutil.move(work / f"{name}.model", OUT / f"{name}.model")
    for name in list(MODELS) + ["tflite_support"]:
        processor = spm.SentencePieceProcessor(model_file=str(OUT / f"{name}.model"))
        reference["models"][name] = {
            "pieces": [processor.encode(text, out_type=str) for text in texts],
            "ids": [processor.encode(text, out_type=int) for text in texts],
            "normalized": [processor.normalize(text) for text in texts],
        }
    with open(OUT / "reference.json", "w", encoding="utf-8") as file:
        json.dump(reference, file, ensure_ascii=False, separators=(",", ":"))
        file.write("\n")
    sizes = {path.name: path.stat().st_size for path in sorted(OUT.iterdir())}
    print(json.dumps(sizes), file=sys.stderr)


if __name__ == "__main__":
    main()
