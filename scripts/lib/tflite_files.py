"""What the fixture and corpus generators share: writing a .tflite from the schema's object API
(uint8 buffers 16-byte aligned) and importing TensorFlow only when a model is converted."""

from __future__ import annotations

import numpy as np

_tensorflow = None


def tensorflow():
    """TensorFlow, imported on first use with its logger at ERROR (listing and verifying need
    none)."""
    global _tensorflow
    if _tensorflow is None:
        import tensorflow as module  # noqa: PLC0415

        module.get_logger().setLevel("ERROR")
        _tensorflow = module
    return _tensorflow


def aligned_builder():
    """A flatbuffers.Builder that 16-byte-aligns uint8 vectors.

    The generated BufferT.Pack writes `data` with CreateNumpyVector, which only aligns to the
    element size (1 for uint8); align to 16 instead so float weights stay naturally aligned after
    re-packing.
    """
    import flatbuffers  # noqa: PLC0415

    class Builder(flatbuffers.Builder):
        def CreateNumpyVector(self, x):  # noqa: N802 (flatbuffers API)
            if isinstance(x, np.ndarray) and x.dtype == np.uint8:
                payload = x.tobytes()
                self.StartVector(1, len(payload), 16)
                self.head = self.head - len(payload)
                self.Bytes[self.head:self.head + len(payload)] = payload
                return self.EndVector()
            return super().CreateNumpyVector(x)

    return Builder(1024)


def pack_model(model) -> bytes:
    """The .tflite bytes of a schema `ModelT` (file identifier TFL3)."""
    builder = aligned_builder()
    builder.Finish(model.Pack(builder), file_identifier=b"TFL3")
    return bytes(builder.Output())


def first_output(data: bytes, values: np.ndarray, builtin: bool) -> np.ndarray:
    """Python LiteRT's first output for the model's first input resized to `values` (one
    thread; its builtin kernels alone with `builtin`, else its default XNNPACK)."""
    from ai_edge_litert.interpreter import Interpreter, OpResolverType  # noqa: PLC0415

    resolver = OpResolverType.BUILTIN_WITHOUT_DEFAULT_DELEGATES if builtin else OpResolverType.AUTO
    interpreter = Interpreter(model_content=data, num_threads=1, experimental_op_resolver_type=resolver)
    detail = interpreter.get_input_details()[0]
    interpreter.resize_tensor_input(detail["index"], list(values.shape))
    interpreter.allocate_tensors()
    interpreter.set_tensor(detail["index"], values)
    interpreter.invoke()
    return interpreter.get_tensor(interpreter.get_output_details()[0]["index"])
