"""Cases: resource variables shared by signatures (on-device training), and ops the runtime does not have."""

from __future__ import annotations

import numpy as np

from .base import Built, Step, _tf, case, f32, w
from .tf_models import from_concrete, from_saved_model


# ---------------------------------------------------------------------------
# Cases: resource variables (on-device training)
# ---------------------------------------------------------------------------

@case("resource_variables_training", "tf.Module with tf.Variable and train/infer/save/restore signatures -> from_saved_model",
      notes="Variables are resources (VAR_HANDLE, READ_VARIABLE, ASSIGN_VARIABLE) shared by all "
            "signatures of one interpreter; the init subgraph runs once (CALL_ONCE). The gradient "
            "step is written with plain ops (no Flex). Steps: infer, train x3 (loss falls), infer "
            "(differs from step 0), save, restore(initial weights), infer (equals step 0), save.")
def _(rng):
    t = _tf()
    w0, b0 = w(rng, 3, 2), np.zeros(2, np.float32)

    class Trainable(t.Module):
        def __init__(self):
            self.w = t.Variable(w0)
            self.b = t.Variable(b0)

        @t.function(input_signature=[t.TensorSpec([None, 3], t.float32, name="x")])
        def infer(self, x):
            return {"y": t.matmul(x, self.w) + self.b}

        @t.function(input_signature=[t.TensorSpec([4, 3], t.float32, name="x"), t.TensorSpec([4, 2], t.float32, name="y")])
        def train(self, x, y):
            err = t.matmul(x, self.w) + self.b - y
            loss = t.reduce_mean(t.square(err))
            grad = err * (2.0 / 8.0)
            self.w.assign_sub(0.1 * t.matmul(t.transpose(x), grad))
            self.b.assign_sub(0.1 * t.reduce_sum(grad, axis=0))
            return {"loss": loss}

        @t.function(input_signature=[])
        def save(self):
            return {"w": t.identity(self.w), "b": t.identity(self.b)}

        @t.function(input_signature=[t.TensorSpec([3, 2], t.float32, name="w"), t.TensorSpec([2], t.float32, name="b")])
        def restore(self, w, b):
            self.w.assign(w)
            self.b.assign(b)
            return {"w": t.identity(self.w), "b": t.identity(self.b)}

    m = Trainable()
    sigs = {"infer": m.infer, "train": m.train, "save": m.save, "restore": m.restore}
    data = from_saved_model(m, sigs, keys=list(sigs))
    x_probe = f32(rng, 2, 3)
    xs, true_w = f32(rng, 4, 3), w(rng, 3, 2)
    ys = xs @ true_w
    steps = [Step("infer", {"x": x_probe})]
    steps += [Step("train", {"x": xs, "y": ys}) for _ in range(3)]
    steps += [Step("infer", {"x": x_probe}), Step("save", {}), Step("restore", {"w": w0, "b": b0}),
              Step("infer", {"x": x_probe}), Step("save", {})]

    def check(out):
        losses = [float(out[k][0]) for k in (1, 2, 3)]
        if not losses[0] > losses[1] > losses[2]:
            raise RuntimeError(f"loss does not fall: {losses}")
        if np.allclose(out[0][0], out[4][0]):
            raise RuntimeError("training did not change infer")
        if not np.array_equal(out[0][0], out[7][0]):
            raise RuntimeError("restore did not bring back the first infer")
    return Built(data, steps, check=check)


# ---------------------------------------------------------------------------
# Cases: ops the runtime does not have
# ---------------------------------------------------------------------------

@case("flex_select_tf_op", "converter with target_spec.supported_ops=[TFLITE_BUILTINS, SELECT_TF_OPS]; tf.linalg.det "
      "becomes the Flex op FlexMatrixDeterminant",
      expect="load_error", error_contains=["FlexMatrixDeterminant"],
      notes="The LiteRT wheel (and TensorBridge) has no Flex delegate.")
def _(rng):
    t = _tf()

    class Det(t.Module):
        @t.function(input_signature=[t.TensorSpec([3, 3], t.float32, name="m")])
        def serve(self, m):
            return {"det": t.linalg.det(m) * 2.0, "trace": t.linalg.trace(m)}

    m = Det()

    def configure(c):
        c.target_spec.supported_ops = [t.lite.OpsSet.TFLITE_BUILTINS, t.lite.OpsSet.SELECT_TF_OPS]
    data = from_concrete(m, [m.serve], configure)
    return Built(data, [Step("serving_default", {"m": f32(rng, 3, 3)})])


@case("custom_op_unresolved", "converter with allow_custom_ops=True; tf.math.igamma becomes the custom op 'Igamma'",
      expect="load_error", error_contains=["Igamma"],
      notes="No kernel is registered for the custom op in LiteRT.")
def _(rng):
    t = _tf()

    class Gamma(t.Module):
        @t.function(input_signature=[t.TensorSpec([4], t.float32, name="x")])
        def serve(self, x):
            return {"p": t.math.igamma(x, x + 1.0), "y": t.exp(x)}

    m = Gamma()

    def configure(c):
        c.allow_custom_ops = True
    data = from_concrete(m, [m.serve], configure)
    return Built(data, [Step("serving_default", {"x": rng.uniform(0.5, 3, 4).astype(np.float32)})])
