"""TFLite metadata as tflite-support lays it out, and what ai-edge-quantizer does to it."""

from __future__ import annotations

import io
import zipfile

import numpy as np

from .base import schema
from .model_io import model_facts, read_model, write_model


def metadata_schema():
    # Only the generated flatbuffer bindings of tflite-support (pure Python; the package's
    # extension modules are not imported).
    from tensorflow_lite_support.metadata import metadata_schema_py_generated as md  # noqa: PLC0415
    return md


def zip_bytes(files: dict[str, bytes]) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_STORED) as z:
        for name, payload in files.items():
            info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
            info.external_attr = 0o644 << 16
            z.writestr(info, payload)
    return out.getvalue()


LABELS = b"".join(f"class_{i}\n".encode() for i in range(8))


def with_tflite_metadata(data: bytes) -> bytes:
    """Adds TFLite metadata the way tflite-support's MetadataPopulator lays it out.

    * a ModelMetadata flatbuffer ("M001") describing the image input (normalization, stats)
      and the logits output (labels.txt as TENSOR_AXIS_LABELS), in a new buffer;
    * a `metadata` entry "TFLITE_METADATA" pointing at that buffer;
    * the deprecated Model.metadata_buffer field listing the same buffer index (old writers set it);
    * labels.txt appended to the file as a zip archive (associated files).
    """
    import flatbuffers  # noqa: PLC0415

    md = metadata_schema()
    norm = md.ProcessUnitT()
    norm.optionsType = md.ProcessUnitOptions.NormalizationOptions
    norm.options = md.NormalizationOptionsT()
    norm.options.mean, norm.options.std = [127.5], [127.5]
    image = md.TensorMetadataT()
    image.name, image.description = "image", "8x8 grayscale image, normalized to [-1, 1]"
    image.content = md.ContentT()
    image.content.contentPropertiesType = md.ContentProperties.ImageProperties
    image.content.contentProperties = md.ImagePropertiesT()
    image.content.contentProperties.colorSpace = md.ColorSpaceType.GRAYSCALE
    image.processUnits = [norm]
    image.stats = md.StatsT()
    image.stats.max, image.stats.min = [1.0], [-1.0]
    labels = md.AssociatedFileT()
    labels.name, labels.description = "labels.txt", "class names"
    labels.type = md.AssociatedFileType.TENSOR_AXIS_LABELS
    logits = md.TensorMetadataT()
    logits.name, logits.description = "logits", "scores of 8 classes"
    logits.associatedFiles = [labels]
    subgraph = md.SubGraphMetadataT()
    subgraph.name = "small_cnn"
    subgraph.inputTensorMetadata, subgraph.outputTensorMetadata = [image], [logits]
    meta = md.ModelMetadataT()
    meta.name, meta.description, meta.version = "small_cnn", "TensorBridge converter corpus model", "v1"
    meta.author, meta.license = "TensorBridge", "Apache-2.0"
    meta.subgraphMetadata = [subgraph]
    meta.minParserVersion = "1.0.0"
    builder = flatbuffers.Builder(1024)
    builder.Finish(meta.Pack(builder), file_identifier=b"M001")
    payload = bytes(builder.Output())

    model = read_model(data)
    buffer = schema.BufferT()
    buffer.data = np.frombuffer(payload, dtype=np.uint8).copy()
    model.buffers.append(buffer)
    index = len(model.buffers) - 1
    entry = schema.MetadataT()
    entry.name, entry.buffer = "TFLITE_METADATA", index
    model.metadata = (model.metadata or []) + [entry]
    model.metadataBuffer = [index]
    return write_model(model) + zip_bytes({"labels.txt": LABELS})


def metadata_story(before: bytes, after: bytes) -> str:
    """What the quantizer did to metadata, metadata_buffer and the appended zip."""
    a, b = model_facts(before), model_facts(after)
    tail = "kept" if after.endswith(zip_bytes({"labels.txt": LABELS})) else "dropped"

    def payload(data):
        m = read_model(data)
        entry = next(x for x in m.metadata if x.name == b"TFLITE_METADATA")
        return bytes(m.buffers[entry.buffer].data)
    same_payload = "unchanged" if payload(before) == payload(after) else "CHANGED"
    odd = [i for i in b["metadata_buffer"] or [] if i >= b["buffers"]]
    oddity = f" (index >= the {b['buffers']} buffers: out of range)" if odd else ""
    return (f"Input file: {a['buffers']} buffers, metadata {a['metadata']}, metadata_buffer "
            f"{a['metadata_buffer']}, labels.txt zip appended. The quantizer drops empty buffers and "
            f"renumbers metadata[].buffer but not metadata_buffer: quantized file has {b['buffers']} buffers, "
            f"metadata {b['metadata']}, metadata_buffer {b['metadata_buffer']}{oddity}; "
            f"TFLITE_METADATA payload {same_payload}; appended zip {tail}. Python LiteRT loads it regardless.")
