#!/usr/bin/env python3
"""Reference outputs of Google's Python LiteRT for the third-party model corpus.

Run it through the wrapper, which creates the venv and fetches the models:

    bash scripts/thirdparty/reference.sh              # every model in models.tsv
    bash scripts/thirdparty/reference.sh NAME...      # only these
    bash scripts/thirdparty/reference.sh --list       # table of what is there

For every model .thirdparty/models/<name>.tflite it writes .thirdparty/cases/<name>/:

    input_<i>.npy     deterministic input for model input i (seeded per model and
                      input; float uniform in the model's float_range from
                      models.tsv, int8/uint8 over their whole range, other ints
                      in [0, 10), bool random; a dynamic (-1) dimension is 1)
    expected_<i>.npy  what ai_edge_litert.interpreter returns for output i
                      (i = position in the primary subgraph's outputs)
    case.json         tensor names / dtypes / shapes, the model's ops and
                      properties, and what Python LiteRT did: "python.status" is
                      ok | load_failed | allocate_failed | invoke_failed |
                      crashed (killed by a signal) | timeout | error, with the
                      exact exception text in "python.error" and, when it names
                      one, the op it could not resolve in "expected_error_op".

Each model runs in its own child process, so a model that kills the Python
runtime outright (SIGSEGV, SIGABRT, ...) is recorded as "crashed" with the
signal and the stage it was in, and the other models still run. Inputs are
written before LiteRT touches the model, so they exist even for models Python
cannot load. The interpreter is created with num_threads=1 and the default op
resolver (builtin kernels + XNNPACK), the same as scripts/fixtures.
"""
import argparse
import json
import os
import sys

from reference_cases.child import child, write_json
from reference_cases.corpus import DEFAULT_DIR, read_list  # quantize.py imports them from here too
from reference_cases.parent import describe, print_table, run_one


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("names", nargs="*", help="models to run (default: all in models.tsv)")
    ap.add_argument("--dir", default=DEFAULT_DIR, help="the .thirdparty directory (default: %(default)s)")
    ap.add_argument("--timeout", type=float, default=600, help="seconds per model (default: %(default)s)")
    ap.add_argument("--list", action="store_true", help="only print the table of existing cases")
    ap.add_argument("--child", help=argparse.SUPPRESS)
    ap.add_argument("--float-range", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    base_dir = os.path.abspath(args.dir)

    if args.child:
        lo, hi = (float(x) for x in args.float_range.split(","))
        return child(args.child, base_dir, (lo, hi))

    rows = read_list(derived=True)
    known = {r["name"] for r in rows}
    unknown = [n for n in args.names if n not in known]
    if unknown:
        print(f"error: not in models.tsv: {', '.join(unknown)}", file=sys.stderr)
        return 2
    if args.names:
        rows = [r for r in rows if r["name"] in args.names]

    cases = []
    missing = []
    for row in rows:
        model = os.path.join(base_dir, "models", row["name"] + ".tflite")
        if args.list:
            p = os.path.join(base_dir, "cases", row["name"], "case.json")
            if os.path.exists(p):
                cases.append(json.load(open(p)))
            continue
        if not os.path.exists(model):
            missing.append(row["name"])
            continue
        print(f"reference {row['name']} ...", file=sys.stderr, flush=True)
        cases.append(run_one(row, base_dir, args.timeout))

    if cases:
        print_table([describe(c) for c in cases],
                    ["model", "size", "inputs", "outputs", "properties", "Python LiteRT"])
    if not args.list:
        index = os.path.join(base_dir, "cases", "index.json")
        summary = {}
        if os.path.exists(index):
            summary = json.load(open(index))
        for c in cases:
            summary[c["name"]] = {"status": c["python"]["status"], "error": c["python"].get("error"),
                                  "signal": c["python"].get("signal"),
                                  "expected_error_op": c.get("expected_error_op")}
        os.makedirs(os.path.dirname(index), exist_ok=True)
        write_json(index, dict(sorted(summary.items())))
    if missing:
        print(f"error: models not fetched (run scripts/thirdparty/fetch.sh): {', '.join(missing)}",
              file=sys.stderr)
        return 1
    bad = [c["name"] for c in cases if c["python"]["status"] in ("error", "timeout")]
    if bad:
        print(f"error: the reference harness itself failed on: {', '.join(bad)} (see child.log)",
              file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
