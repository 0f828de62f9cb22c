"""Cases: control flow (WHILE and IF subgraphs)."""

from __future__ import annotations

import numpy as np

from .base import Built, Step, _tf, case, f32, w
from .tf_models import from_concrete


@case("control_flow_while", "tf.while_loop with a data-dependent trip count -> WHILE (cond/body subgraphs)",
      notes="Steps with 0, 3 and 7 iterations.")
def _(rng):
    t = _tf()

    class Loop(t.Module):
        @t.function(input_signature=[t.TensorSpec([4], t.float32, name="x"), t.TensorSpec([], t.int32, name="n")])
        def serve(self, x, n):
            def body(i, acc):
                return i + 1, acc * 0.5 + t.sin(acc) + t.cast(i, t.float32)
            i, acc = t.while_loop(lambda i, acc: i < n, body, [t.constant(0), x])
            return {"result": acc, "iterations": i}

    m = Loop()
    data = from_concrete(m, [m.serve])
    steps = [Step("serving_default", {"x": f32(rng, 4), "n": np.array(k, np.int32)}) for k in (0, 3, 7)]
    return Built(data, steps)


@case("control_flow_if", "tf.cond on a boolean scalar input -> IF (then/else subgraphs)",
      notes="Steps take both branches.")
def _(rng):
    t = _tf()

    class Branch(t.Module):
        def __init__(self):
            self.a = t.Variable(w(rng, 3, 3))

        @t.function(input_signature=[t.TensorSpec([1, 3], t.float32, name="x"), t.TensorSpec([], t.bool, name="flag")])
        def serve(self, x, flag):
            y = t.cond(flag, lambda: t.matmul(x, self.a), lambda: t.nn.softmax(x) - 1.0)
            return {"y": y}

    m = Branch()
    data = from_concrete(m, [m.serve])
    steps = [Step("serving_default", {"x": f32(rng, 1, 3), "flag": np.array(f, np.bool_)}) for f in (True, False, True)]
    return Built(data, steps)
