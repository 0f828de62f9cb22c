#!/usr/bin/env python3
"""Adds TFLite metadata to the models make_task_library_models.py built, and records what the
TFLite Task Library itself (tflite-support's Python bindings of its C++ NLClassifier and
BertNLClassifier) returns on them and on Google's own test models. Run in .venv-text-ref.

    .venv-text-ref/bin/python scripts/text/make_task_library_references.py BUILD_DIR

Reads BUILD_DIR/*.tflite (no metadata) and Tests/Fixtures/text/tasklibrary/google/ (Google's
test models, committed); writes Tests/Fixtures/text/tasklibrary/:

* regex_echo.tflite    RegexTokenizer `[^\\w\\']+` + a small case-sensitive vocabulary; outputs the
                       token ids, so the Task Library's categories are its token ids.
* bert_echo.tflite     BertTokenizer (WordPiece vocabulary of bert.tiobundle); outputs
                       ids + 100000 mask + 1000000 segment_ids.
* albert_echo.tflite   the same model with SentencePieceTokenizer (sentencepiece/unigram.model).
* albert_tiny.tflite   a tiny ALBERT-shaped classifier with SentencePieceTokenizer metadata.
* bert_tiny.tflite     the same classifier with BertTokenizer metadata (the WordPiece vocabulary
                       of bert.tiobundle). (bert_metadata.tflite cannot be used: its associated
                       files are deflated, and the Task Library only reads stored zip entries.)
* nl_classifier_options.tflite, nl_classifier_bool.tflite  string-input twins of the custom-op
                       test models (no metadata).
* nl_classifier_associated_label.tflite  nl_classifier_options with metadata naming output 0
                       `scores_dequantized` and attaching labels.txt (label0..2).
* reference.json       per model and text: the categories (name, score) the Task Library gives.
"""
from __future__ import annotations

import ctypes
import importlib.util
import json
import shutil
import sys
import tempfile
from pathlib import Path

spec = importlib.util.find_spec("libusb_package")  # tflite-support's modules link libusb-1.0.so.0
if spec and spec.origin:
    ctypes.CDLL(str(Path(spec.origin).parent / "libusb-1.0.so"), mode=ctypes.RTLD_GLOBAL)

import sentencepiece  # noqa: E402
import tflite_support  # noqa: E402
from tflite_support import metadata as md  # noqa: E402
from tflite_support import metadata_schema_py_generated as schema  # noqa: E402
from tflite_support.metadata_writers import bert_nl_classifier, metadata_info, nl_classifier  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "lib"))
from re2_split import re2_pieces  # noqa: E402
from tflite_support.task import core, text  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "Tests" / "Fixtures" / "text"
OUT = FIXTURES / "tasklibrary"
REGEX = r"[^\w\']+"

# The inputs of tflite-support's nl_classifier_test.cc and bert_nl_classifier_test.cc ...
TASK_LIBRARY_INPUTS = [
    "This is the best movie I’ve seen in recent years. Strongly recommend it!",
    "What a waste of my time.",
    "hello",
    "unflinchingly bleak and desperate",
    "it's a charming and often affecting journey",
    "it's a charming and often affecting journey and this is a long" + " long" * 128 + " movie review",
]
# ... and ours: case, Unicode letters and apostrophes RE2's ASCII \w splits, punctuation, CJK,
# whitespace RE2's \s does not know, controls, emoji, empty, long.
OWN_INPUTS = [
    "", "   ", "Hello, World!", "HELLO hello Hello", "I've I’ve don't Don’t", "café naïve résumé Ångström",
    "Cafe\u0301 nai\u0308ve", "北京欢迎你 and 東京", "日本語のテキスト", "emoji 😀👍🏽 great 🎉",
    "?!?!... ,,, --- ((( ))) ### $$$", "wait---what?!", "e-mail: user@example.com, http://x.y/z?q=1",
    "numbers 42 3.14 1,000 ½ Ⅻ ٣", "ΟΔΟΣ Σίσυφος straße İstanbul", "tab\tnew\nline\r\ncr\u00a0nbsp\u3000ideo\u000bvt\u000cff",
    "zero\u200bwidth soft\u00adhyphen ctrl\u0007bell", "under_score snake_case_word x_1", "unbelievable playing running jumps",
    "supercalifragilisticexpialidocious" * 4, "The movie was GREAT, really great; the plot? Terrible.",
    "What a wonderful, happy and beautiful day!", "I hate the rude staff and the dirty room.",
    "Not bad at all — I’d watch it again", "▁already ▁escaped", "[CLS] [SEP] [MASK] <unk> @@",
]
INPUTS = TASK_LIBRARY_INPUTS + OWN_INPUTS

REGEX_VOCAB = ["<PAD>", "<START>", "<UNKNOWN>", "hello", "Hello", "HELLO", "world", "World", "I", "ve", "I've",
               "don't", "Don", "t", "caf", "na", "r", "sum", "the", "The", "movie", "was", "GREAT", "great",
               "under_score", "snake_case_word", "x_1", "42", "3", "14", "1", "000", "what", "wait", "e", "mail",
               "user", "example", "com", "http", "x", "y", "z", "q", "it's", "a", "and", "this", "is", "long"]


def categories(result) -> list[dict]:
    return [{"name": c.category_name, "score": c.score} for c in result.classifications[0].categories]


def labels_file(folder: Path, labels: list[str]) -> str:
    path = folder / "labels.txt"
    path.write_text("\n".join(labels) + "\n", encoding="utf-8")
    return str(path)


def with_regex_metadata(model: Path, tmp: Path, length: int) -> bytes:
    vocab = tmp / "vocab.txt"
    vocab.write_text("".join(f"{word} {index}\n" for index, word in enumerate(REGEX_VOCAB)), encoding="utf-8")
    writer = nl_classifier.MetadataWriter.create_for_inference(
        bytearray(model.read_bytes()), metadata_info.RegexTokenizerMd(REGEX, str(vocab)),
        [labels_file(tmp, [str(i) for i in range(length)])])
    return bytes(writer.populate())


def with_bert_metadata(model: Path, tmp: Path, tokenizer, labels: list[str]) -> bytes:
    writer = bert_nl_classifier.MetadataWriter.create_for_inference(
        bytearray(model.read_bytes()), tokenizer, [labels_file(tmp, labels)],
        ids_name="ids", mask_name="mask", segment_name="segment_ids")
    return bytes(writer.populate())


def with_associated_labels(model: Path, tmp: Path) -> bytes:
    """Metadata like tflite-support's test_model_nl_classifier_with_associated_label.json."""
    def tensor(name: str, files: list[str] = ()) -> schema.TensorMetadataT:
        metadata = schema.TensorMetadataT()
        metadata.name = name
        metadata.associatedFiles = []
        for file in files:
            associated = schema.AssociatedFileT()
            associated.name = Path(file).name
            associated.type = schema.AssociatedFileType.TENSOR_AXIS_LABELS
            metadata.associatedFiles.append(associated)
        return metadata
    labels = labels_file(tmp, ["label0", "label1", "label2"])
    subgraph = schema.SubGraphMetadataT()
    subgraph.inputTensorMetadata = [tensor("INPUT")]
    subgraph.outputTensorMetadata = [tensor("scores_dequantized", [labels]), tensor("scores_quantized"),
                                     tensor("labels"), tensor("scores_dequantized_float64")]
    metadata = schema.ModelMetadataT()
    metadata.name = "NLClassifier options twin with an associated label file"
    metadata.subgraphMetadata = [subgraph]
    import flatbuffers  # noqa: PLC0415
    builder = flatbuffers.Builder(0)
    builder.Finish(metadata.Pack(builder), md.MetadataPopulator.METADATA_FILE_IDENTIFIER)
    populator = md.MetadataPopulator.with_model_buffer(model.read_bytes())
    populator.load_metadata_buffer(builder.Output())
    populator.load_associated_files([labels])
    populator.populate()
    return bytes(populator.get_model_buffer())


def nl(model: Path, inputs: list[str]) -> list:
    classifier = text.NLClassifier.create_from_options(
        text.NLClassifierOptions(base_options=core.BaseOptions(file_name=str(model))))
    return [categories(classifier.classify(value)) for value in inputs]


def bert(model: Path, inputs: list[str]) -> list:
    classifier = text.BertNLClassifier.create_from_options(
        text.BertNLClassifierOptions(base_options=core.BaseOptions(file_name=str(model))))
    return [categories(classifier.classify(value)) for value in inputs]


def main() -> None:
    build = Path(sys.argv[1])
    OUT.mkdir(parents=True, exist_ok=True)
    unigram = FIXTURES / "sentencepiece" / "unigram.model"
    with tempfile.TemporaryDirectory() as name:
        tmp = Path(name)
        (OUT / "regex_echo.tflite").write_bytes(with_regex_metadata(build / "regex_echo.tflite", tmp, 32))
        (OUT / "bert_echo.tflite").write_bytes(with_bert_metadata(
            build / "bert_echo.tflite", tmp, metadata_info.BertTokenizerMd(str(FIXTURES / "bert.tiobundle/assets/vocab.txt")),
            [str(i) for i in range(24)]))
        (OUT / "albert_echo.tflite").write_bytes(with_bert_metadata(
            build / "bert_echo.tflite", tmp, metadata_info.SentencePieceTokenizerMd(str(unigram)), [str(i) for i in range(24)]))
        (OUT / "bert_tiny.tflite").write_bytes(with_bert_metadata(
            build / "albert_tiny.tflite", tmp, metadata_info.BertTokenizerMd(str(FIXTURES / "bert.tiobundle/assets/vocab.txt")),
            ["negative", "positive"]))
        (OUT / "albert_tiny.tflite").write_bytes(with_bert_metadata(
            build / "albert_tiny.tflite", tmp, metadata_info.SentencePieceTokenizerMd(str(unigram)), ["negative", "positive"]))
        (OUT / "nl_classifier_associated_label.tflite").write_bytes(
            with_associated_labels(build / "nl_classifier_options.tflite", tmp))
    for name in ("nl_classifier_options", "nl_classifier_bool"):
        shutil.copyfile(build / f"{name}.tflite", OUT / f"{name}.tflite")

    google = OUT / "google"
    reference = {
        "tflite_support": tflite_support.__version__ if hasattr(tflite_support, "__version__") else "0.4.4",
        "sentencepiece": sentencepiece.__version__,
        "inputs": INPUTS,
        "nl_classifier": {
            "google/test_model_nl_classifier_with_regex_tokenizer.tflite":
                nl(google / "test_model_nl_classifier_with_regex_tokenizer.tflite", INPUTS),
            "google/test_model_nl_classifier_with_associated_label_builtin_ops.tflite":
                nl(google / "test_model_nl_classifier_with_associated_label_builtin_ops.tflite", INPUTS),
            "regex_echo.tflite": nl(OUT / "regex_echo.tflite", INPUTS),
            # Default options (INPUT, OUTPUT_SCORE or index 0, no label tensor): "hello" and one other.
            "nl_classifier_options.tflite": nl(OUT / "nl_classifier_options.tflite", ["hello", "Hello"]),
            "nl_classifier_bool.tflite": nl(OUT / "nl_classifier_bool.tflite", ["hello", "Hello"]),
            "nl_classifier_associated_label.tflite": nl(OUT / "nl_classifier_associated_label.tflite", ["hello", "Hello"]),
        },
        "bert_nl_classifier": {
            "bert_tiny.tflite": bert(OUT / "bert_tiny.tflite", INPUTS),
            "bert_echo.tflite": bert(OUT / "bert_echo.tflite", INPUTS),
            "albert_echo.tflite": bert(OUT / "albert_echo.tflite", INPUTS),
            "albert_tiny.tflite": bert(OUT / "albert_tiny.tflite", INPUTS),
        },
        # RE2 (google-re2) splitting as the Task Library's RegexTokenizer does, per delimiter.
        "re2_pieces": {pattern: [re2_pieces(pattern, value) for value in INPUTS]
                       for pattern in [REGEX, r"\s+", r"\W+", r"[\s,.!?]+", r"[^\w\d]+", r"[\W_]+", r"[^a-z\s]+", r"\S+\s*\S"]},
    }
    with open(OUT / "reference.json", "w", encoding="utf-8") as file:
        json.dump(reference, file, ensure_ascii=False, indent=1)
        file.write("\n")
    print(json.dumps({p.name: p.stat().st_size for p in sorted(OUT.iterdir()) if p.is_file()}), file=sys.stderr)


if __name__ == "__main__":
    main()
