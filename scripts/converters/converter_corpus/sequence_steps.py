"""The steps of the stateful sequence cases: state that carries over from invoke to invoke."""

from __future__ import annotations

import numpy as np

from .base import Built, Step, f32

STATE_NOTES = ("The classic interpreter keeps that state from one invoke to the next (it is reset only by "
               "allocate_tensors / reset_all_variables), so steps 0 and 1 (the same input) give different "
               "outputs, unlike the Keras model; step 2 uses another input.")


def carried_state(data: bytes, seq: np.ndarray, other: np.ndarray, what: str) -> Built:
    """Steps: x, x again, another; checks that `what` (e.g. "the LSTM state") carries over from step 0 to 1."""
    def check(out):
        if np.array_equal(out[0][0], out[1][0]):
            raise RuntimeError(f"{what} no longer carries over between invokes")
    return Built(data, [Step(None, {"0": seq}), Step(None, {"0": seq}), Step(None, {"0": other})], check=check)


def dynamic_time_steps(data: bytes, rng, what: str | None = None) -> Built:
    """Steps over sequences [1, T, 3] of 4, 4, 6, 6 and 1 steps; with `what` (e.g. "the LSTM state"), checks
    that it carries over between invokes of one shape (steps 0 to 1 and 2 to 3)."""
    seq = f32(rng, 1, 4, 3)
    longer = f32(rng, 1, 6, 3)
    steps = [Step(None, {"0": seq}), Step(None, {"0": seq}), Step(None, {"0": longer}),
             Step(None, {"0": longer}), Step(None, {"0": f32(rng, 1, 1, 3)})]
    if what is None:
        return Built(data, steps)

    def check(out):
        if np.array_equal(out[0][0], out[1][0]) or np.array_equal(out[2][0], out[3][0]):
            raise RuntimeError(f"{what} no longer carries over between invokes of one shape")
    return Built(data, steps, check=check)
