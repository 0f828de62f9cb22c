"""Deterministic model inputs."""
import zlib


NP_TYPES = {
    "FLOAT32": "float32", "FLOAT16": "float16", "FLOAT64": "float64",
    "INT8": "int8", "UINT8": "uint8", "INT16": "int16", "UINT16": "uint16",
    "INT32": "int32", "UINT32": "uint32", "INT64": "int64", "UINT64": "uint64",
    "BOOL": "bool", "COMPLEX64": "complex64", "COMPLEX128": "complex128",
}


def make_input(np, name, index, ttype, shape, float_range):
    """Deterministic input for input `index` of model `name`; returns (array, how)."""
    seed = zlib.crc32(f"{name}/input/{index}".encode())
    rng = np.random.default_rng(seed)
    dtype = NP_TYPES.get(ttype)
    if dtype is None:
        raise ValueError(f"cannot generate an input of type {ttype}")
    lo, hi = float_range
    if dtype in ("float32", "float16", "float64"):
        arr = rng.uniform(lo, hi, size=shape).astype(dtype)
        how = f"uniform[{lo:g},{hi:g})"
    elif dtype in ("complex64", "complex128"):
        arr = (rng.uniform(lo, hi, size=shape) + 1j * rng.uniform(lo, hi, size=shape)).astype(dtype)
        how = f"complex uniform[{lo:g},{hi:g})"
    elif dtype == "uint8":
        arr = rng.integers(0, 256, size=shape, dtype=np.int64).astype(np.uint8)
        how = "uniform ints [0,256)"
    elif dtype == "int8":
        arr = rng.integers(-128, 128, size=shape, dtype=np.int64).astype(np.int8)
        how = "uniform ints [-128,128)"
    elif dtype == "bool":
        arr = rng.integers(0, 2, size=shape, dtype=np.int64).astype(bool)
        how = "random bool"
    else:
        arr = rng.integers(0, 10, size=shape, dtype=np.int64).astype(dtype)
        how = "uniform ints [0,10)"
    return np.asarray(arr), f"{how}, numpy default_rng(seed={seed})"


def concrete_shape(info, dynamic_dim=1, batch=1, rebatch=None):
    """The input's shape with its dynamic (-1) dimensions fixed: a leading one (the batch) is
    `batch` (a model's `batch=N` property), the others `dynamic_dim` (its `dynamic-dim=N`
    property); 1 by default. `rebatch` (a `rebatch=N` property) sets the leading dimension even
    where the file fixes it, as Python's non-strict `resize_tensor_input` allows."""
    sig = info.get("shape_signature")
    if sig:
        shape = [(batch if i == 0 else dynamic_dim) if d < 0 else d for i, d in enumerate(sig)]
    else:
        shape = list(info["shape"])
    if rebatch and shape:
        shape[0] = rebatch
    return shape


def tag_value(properties, key):
    """N of a `<key>=N` property tag, else 1."""
    for tag in properties:
        if tag.startswith(key + "="):
            return int(tag.split("=", 1)[1])
    return 1


def dynamic_dim(properties):
    """N of a `dynamic-dim=N` property tag, else 1."""
    return tag_value(properties, "dynamic-dim")


def batch(properties):
    """N of a `batch=N` property tag, else 1."""
    return tag_value(properties, "batch")


def rebatch(properties):
    """N of a `rebatch=N` property tag, else None."""
    return tag_value(properties, "rebatch") if any(t.startswith("rebatch=") for t in properties) else None
