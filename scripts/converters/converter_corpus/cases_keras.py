"""Cases: Keras 3, tf_keras, SavedModel signatures, concrete functions, TF1 sessions and frozen graphs."""

from __future__ import annotations

import numpy as np

from .base import Built, Step, _tf, case, f32, w
from .model_io import main_inputs, model_facts
from .tf_models import builtins_only, from_concrete, from_saved_model, keras3, seed_keras_weights, tempdir, tf_keras


@case("keras3_sequential_export", "Keras 3 Sequential conv+dense -> model.export(path, format='litert')",
      notes="Keras 3's own LiteRT export (ExportArchive -> SavedModel -> from_saved_model, "
            "SELECT_TF_OPS allowed but unused). Batch dimension is dynamic (-1); "
            "the null step uses the default shape [1,8,8,1], the signature step batch 3. Flatten "
            "computes its shape at run time (SHAPE, STRIDED_SLICE, PACK, RESHAPE). LiteRT 2.3.0's "
            "CompiledModel API (also from Python) keeps the output at [1,5] (20 bytes) after resizing "
            "the batch to 3 and then writes 60 bytes into it (heap corruption, 'free(): invalid next "
            "size'); the classic interpreter gives [3,5].")
def _(rng):
    keras = keras3()
    model = keras.Sequential([
        keras.Input((8, 8, 1), name="pixels"),
        keras.layers.Conv2D(4, 3, activation="relu", name="conv"),
        keras.layers.MaxPooling2D(2, name="pool"),
        keras.layers.Flatten(name="flatten"),
        keras.layers.Dense(5, activation="softmax", name="probs"),
    ], name="seq")
    seed_keras_weights(model, rng)
    with tempdir() as d:
        model.export(str(d / "m.tflite"), format="litert", verbose=False)
        data = (d / "m.tflite").read_bytes()
    sig = next(iter(model_facts(data)["signatures"]))
    in_name = model_facts(data)["signatures"][sig]["inputs"][0]
    return Built(data, [
        Step(None, {"0": rng.uniform(0, 1, (1, 8, 8, 1)).astype(np.float32)}),
        Step(sig, {in_name: rng.uniform(0, 1, (3, 8, 8, 1)).astype(np.float32)}),
    ])


@case("keras3_functional", "Keras 3 functional model (2 inputs, 2 outputs, conv+dense) -> TFLiteConverter.from_keras_model")
def _(rng):
    keras = keras3()
    image = keras.Input((6, 6, 2), batch_size=1, name="image")
    features = keras.Input((5,), batch_size=1, name="features")
    h = keras.layers.Conv2D(3, 3, activation="relu", name="conv")(image)
    h = keras.layers.GlobalAveragePooling2D(name="gap")(h)
    h = keras.layers.Concatenate(name="concat")([h, features])
    embedding = keras.layers.Dense(4, activation="tanh", name="embedding")(h)
    logits = keras.layers.Dense(3, name="logits")(embedding)
    model = keras.Model([image, features], {"logits": logits, "embedding": embedding}, name="functional")
    seed_keras_weights(model, rng)
    data = _tf().lite.TFLiteConverter.from_keras_model(model).convert()
    sig = next(iter(model_facts(data)["signatures"]))
    steps = []
    for _ in range(2):
        steps.append(Step(sig, {"image": f32(rng, 1, 6, 6, 2), "features": f32(rng, 1, 5)}))
    # Subgraph 0 lists the inputs in its own order (not the Keras order): key them by position.
    steps.append(Step(None, {str(i): f32(rng, *d["shape"]) for i, d in enumerate(main_inputs(data))}))
    order = ", ".join(d["name"] for d in main_inputs(data))
    return Built(data, steps, notes=f"get_input_details() order: {order}.")


@case("tf_keras_functional", "tf_keras (Keras 2) functional conv+batchnorm+dense -> TFLiteConverter.from_keras_model")
def _(rng):
    tk = tf_keras()
    x = tk.Input((8, 8, 3), name="rgb")
    h = tk.layers.Conv2D(4, 3, padding="same", name="conv")(x)
    h = tk.layers.BatchNormalization(name="bn")(h)
    h = tk.layers.ReLU(name="relu")(h)
    h = tk.layers.AveragePooling2D(2, name="pool")(h)
    h = tk.layers.Flatten(name="flatten")(h)
    y = tk.layers.Dense(6, activation="sigmoid", name="scores")(h)
    model = tk.Model(x, y, name="tfk")
    seed_keras_weights(model, rng)
    data = _tf().lite.TFLiteConverter.from_keras_model(model).convert()
    return Built(data, [Step(None, {"0": f32(rng, 1, 8, 8, 3)}),
                        Step(None, {"0": f32(rng, 2, 8, 8, 3)})],
                 notes="Batch is dynamic (-1): the second step resizes input 0 to [2,8,8,3].")


@case("saved_model_signatures", "tf.Module -> tf.saved_model.save (3 signatures) -> from_saved_model(signature_keys=['add', 'scale'])",
      notes="Steps alternate between the two signatures on one interpreter. 'ignored' is in the "
            "SavedModel but not converted.")
def _(rng):
    t = _tf()

    class Calc(t.Module):
        def __init__(self):
            self.k = t.Variable(w(rng, 3))

        @t.function(input_signature=[t.TensorSpec([None, 3], t.float32), t.TensorSpec([None, 3], t.float32)])
        def add(self, x, y):
            return {"sum": x + y * self.k, "diff": x - y, "max": t.reduce_max(x, axis=1)}

        @t.function(input_signature=[t.TensorSpec([2, 3], t.float32), t.TensorSpec([], t.float32)])
        def scale(self, x, factor):
            return {"scaled": x * factor + self.k}

        @t.function(input_signature=[t.TensorSpec([1], t.float32)])
        def ignored(self, x):
            return {"y": x}

    m = Calc()
    data = from_saved_model(m, {"add": m.add, "scale": m.scale, "ignored": m.ignored}, keys=["add", "scale"])
    return Built(data, [
        Step("add", {"x": f32(rng, 2, 3), "y": f32(rng, 2, 3)}),
        Step("scale", {"x": f32(rng, 2, 3), "factor": np.array(1.5, np.float32)}),
        Step("add", {"x": f32(rng, 4, 3), "y": f32(rng, 4, 3)}),
        # Subgraph 0 is 'add'; this step keys its inputs by TENSOR NAME.
        Step(None, {"add_x:0": f32(rng, 1, 3), "add_y:0": f32(rng, 1, 3)}),
    ], notes="Step 3 addresses subgraph 0 ('add') directly, inputs keyed by tensor name "
             "('add_x:0', 'add_y:0'; get_input_details() lists add_y:0 first).")


@case("concrete_functions", "two tf.functions -> TFLiteConverter.from_concrete_functions([f, g], module)",
      notes="Each concrete function becomes a signature (keyed by function name) in its own subgraph.")
def _(rng):
    t = _tf()

    class Codec(t.Module):
        def __init__(self):
            self.enc = t.Variable(w(rng, 6, 3))
            self.dec = t.Variable(w(rng, 3, 6))

        @t.function(input_signature=[t.TensorSpec([1, 6], t.float32, name="signal")])
        def encode(self, signal):
            return {"code": t.tanh(t.matmul(signal, self.enc))}

        @t.function(input_signature=[t.TensorSpec([1, 3], t.float32, name="code")])
        def decode(self, code):
            return {"signal": t.matmul(code, self.dec)}

    m = Codec()
    data = from_concrete(m, [m.encode, m.decode])
    sigs = model_facts(data)["signatures"]
    enc = next(k for k in sigs if "encode" in k)
    dec = next(k for k in sigs if "decode" in k)
    return Built(data, [
        Step(enc, {sigs[enc]["inputs"][0]: f32(rng, 1, 6)}),
        Step(dec, {sigs[dec]["inputs"][0]: f32(rng, 1, 3)}),
        Step(None, {"0": f32(rng, *main_inputs(data)[0]["shape"])}),
    ], notes=f"Subgraph 0 (the null step) is '{next(k for k, v in sigs.items() if v['subgraph'] == 0)}': "
             "signatures are ordered by key, not by the order of the functions given to the converter.")


def _tf1_graph(rng):
    """A TF1 graph: placeholder 'x' [1,4] -> relu(xW+b) -> softmax 'probs', plus 'norm' (scalar)."""
    t = _tf()
    v1 = t.compat.v1
    graph = t.Graph()
    with graph.as_default():
        x = v1.placeholder(t.float32, [1, 4], name="x")
        w1 = v1.get_variable("w1", initializer=w(rng, 4, 6))
        b1 = v1.get_variable("b1", initializer=w(rng, 6, scale=0.1))
        w2 = v1.get_variable("w2", initializer=w(rng, 6, 3))
        h = t.nn.relu(t.matmul(x, w1) + b1)
        probs = t.nn.softmax(t.matmul(h, w2), name="probs")
        norm = t.identity(t.reduce_sum(t.square(x)), name="norm")
    return graph, x, [probs, norm]


@case("tf1_session", "tf.compat.v1 graph + Session -> tf.compat.v1.lite.TFLiteConverter.from_session",
      notes="Null steps keyed by tensor NAME ('x'), not by position. No SignatureDefs. "
            "Output 'norm' is a scalar (shape []).")
def _(rng):
    t = _tf()
    graph, x, outs = _tf1_graph(rng)
    with graph.as_default(), t.compat.v1.Session(graph=graph) as sess:
        sess.run(t.compat.v1.global_variables_initializer())
        c = t.compat.v1.lite.TFLiteConverter.from_session(sess, [x], outs)
        builtins_only(c)
        data = c.convert()
    return Built(data, [Step(None, {"x": f32(rng, 1, 4)}), Step(None, {"x": f32(rng, 1, 4)})])


@case("tf1_frozen_graph", "frozen GraphDef .pb -> tf.compat.v1.lite.TFLiteConverter.from_frozen_graph")
def _(rng):
    t = _tf()
    graph, x, outs = _tf1_graph(rng)
    with graph.as_default(), t.compat.v1.Session(graph=graph) as sess:
        sess.run(t.compat.v1.global_variables_initializer())
        frozen = t.compat.v1.graph_util.convert_variables_to_constants(
            sess, graph.as_graph_def(), ["probs", "norm"])
    with tempdir() as d:
        (d / "g.pb").write_bytes(frozen.SerializeToString())
        c = t.compat.v1.lite.TFLiteConverter.from_frozen_graph(
            str(d / "g.pb"), ["x"], ["probs", "norm"], input_shapes={"x": [1, 4]})
        builtins_only(c)
        data = c.convert()
    return Built(data, [Step(None, {"0": f32(rng, 1, 4)})])
