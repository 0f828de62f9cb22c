"""Paths, pinned versions, lazy TensorFlow, the case registry and the seeded value helpers."""

from __future__ import annotations

import dataclasses
import os
import sys
import zlib
from pathlib import Path
from typing import Callable

import numpy as np

ROOT = Path(__file__).resolve().parents[3]
OUT = ROOT / "Tests" / "Fixtures" / "converters"
README = Path(__file__).resolve().parents[1] / "README.md"

sys.path.insert(0, str(ROOT / "scripts" / "lib"))
from versions import pinned_versions  # noqa: E402

VERSIONS = pinned_versions()

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")
os.environ.setdefault("TF_ENABLE_ONEDNN_OPTS", "0")
os.environ.setdefault("CUDA_VISIBLE_DEVICES", "-1")
os.environ.setdefault("TF_USE_LEGACY_KERAS", "0")  # tf.keras is Keras 3; tf_keras is imported by name

# Imported after the environment is set; the other modules take these from here.
from ai_edge_litert import schema_py_generated as schema  # noqa: E402
from ai_edge_litert.interpreter import Interpreter, OpResolverType  # noqa: E402


# TensorFlow is imported lazily: --list and --verify need none.
from tflite_files import tensorflow as _tf  # noqa: E402, F401 (the case modules take it from here)


# ---------------------------------------------------------------------------
# Case registry
# ---------------------------------------------------------------------------

@dataclasses.dataclass
class Step:
    signature: str | None
    inputs: dict[str, np.ndarray]


@dataclasses.dataclass
class Built:
    model: bytes
    steps: list[Step]
    notes: str = ""
    # Optional invariant over the reference outputs ([step][output] -> array); raises if broken.
    check: Callable[[list[list[np.ndarray]]], None] | None = None


@dataclasses.dataclass
class Case:
    name: str
    path: str
    build: Callable[[np.random.Generator], Built]
    expect: str = "ok"
    error_contains: list[str] = dataclasses.field(default_factory=list)
    tolerance: float = 1e-4
    notes: str = ""
    # Set when Python's builtin kernels are known to disagree with its XNNPACK references by
    # more than the tolerance (the references stay XNNPACK's; the notes give the numbers).
    kernels_disagree: bool = False
    # A load_error case that Python's classic interpreter runs but LiteRT's CompiledModel API
    # (which TensorBridge uses) refuses to load: references are written anyway, and the
    # generator checks that ai_edge_litert.compiled_model refuses the model.
    classic_only: bool = False
    # An 'ok' case that LiteRT's CompiledModel API refuses (fused LSTM/RNN state in variable
    # tensors) and TensorBridge runs by lowering it at load: the generator checks the refusal.
    lowered: bool = False
    # A step the pinned LiteRT cannot take although Python runs it: {"step", "error_contains",
    # "why"} (check.py requires that step to fail with those words, and the steps before it to match).
    runtime_limit: dict | None = None
    # Python's default interpreter (XNNPACK) misreads the model (it reads sparse int8 weights as
    # dense, past their buffer, or fails to prepare): the references are the builtin kernels'
    # (case.json says "reference_kernels": "builtin"), and the generator checks that XNNPACK
    # still fails or differs by more than the tolerance, and says by how much in the notes.
    xnnpack_misreads: bool = False


CASES: dict[str, Case] = {}


def case(name: str, path: str, *, expect="ok", error_contains=(), tolerance=1e-4, notes="",
         kernels_disagree=False, classic_only=False, lowered=False, runtime_limit=None, xnnpack_misreads=False):
    def register(fn):
        assert name not in CASES, name
        assert not (lowered and expect != "ok"), name
        assert not (xnnpack_misreads and (expect != "ok" or kernels_disagree)), name
        CASES[name] = Case(name, path, fn, expect, list(error_contains), tolerance, notes,
                           kernels_disagree, classic_only, lowered, runtime_limit, xnnpack_misreads)
        return fn
    return register


def seed_of(name: str) -> int:
    return zlib.crc32(name.encode())


# ---------------------------------------------------------------------------
# Small helpers
# ---------------------------------------------------------------------------

def file_safe(name: str) -> str:
    """Like the CLI's OutputWriter.fileName: non [A-Za-z0-9-_.] -> '_', empty -> 'output', 100 chars."""
    safe = "".join(c if (c.isascii() and (c.isalnum() or c in "-_.")) else "_" for c in name)
    return safe[:100] if safe else "output"


def w(rng, *shape, scale=0.5) -> np.ndarray:
    return (rng.standard_normal(shape) * scale).astype(np.float32)


def f32(rng, *shape, scale=1.0) -> np.ndarray:
    return (rng.standard_normal(shape) * scale).astype(np.float32)
