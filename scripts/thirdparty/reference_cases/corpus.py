"""Paths and the model list (models.tsv, then .thirdparty/derived.tsv)."""
import os

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))  # scripts/thirdparty
ROOT = os.path.dirname(os.path.dirname(HERE))
LIST = os.path.join(HERE, "models.tsv")
DEFAULT_DIR = os.environ.get("THIRDPARTY_DIR") or os.path.join(ROOT, ".thirdparty")
# What the parent runs again with --child (the entry script).
SCRIPT = os.path.join(HERE, "reference.py")


# ---------------------------------------------------------------------------
# models.tsv


def read_list(path=LIST, derived=False):
    """models.tsv's rows; with `derived`, then those quantize.py listed in .thirdparty/derived.tsv."""
    rows = _read_rows(path)
    extra = os.path.join(DEFAULT_DIR, "derived.tsv")
    if derived and os.path.exists(extra):
        rows += _read_rows(extra)
    return rows


def _read_rows(path):
    rows = []
    header = None
    with open(path) as f:
        for line in f:
            line = line.rstrip("\n")
            if not line or line.startswith("#"):
                continue
            cols = line.split("\t")
            if header is None:
                header = cols
                continue
            row = dict(zip(header, cols))
            row["properties"] = [p for p in row.get("properties", "").split(",") if p]
            lo, hi = (float(x) for x in row.get("float_range", "0,1").split(","))
            row["float_range"] = [lo, hi]
            rows.append(row)
    return rows

