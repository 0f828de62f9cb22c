#!/usr/bin/env python3
"""Noise-free cross-check of bench/compare.sh: instructions per invoke and per load + compile,
counted with valgrind's callgrind, for the C baseline, TensorBridge (Swift) and Python's classic
ai_edge_litert Interpreter.

    bench/instructions.py [MODEL...] [--swift-bin PATH]

Wall-clock medians on a shared 2-CPU machine move by several percent from run to run; instruction
counts do not. Each implementation runs three times under callgrind (1 thread):
  base       --runs A --loads 1
  invokes    --runs B --loads 1     (B - A more invokes)
  loads      --runs A --loads 6     (5 more load + compile + release cycles)
and the differences divided by the extra count give instructions per invoke and per load. The
inclusive cost of named functions splits them: LiteRtRunCompiledModel inside an invoke, and for
Swift TFLiteModel(data:) (our flatbuffer decoder + validator) inside a load.

Needs valgrind (callgrind_annotate) and what compare.sh sets up (run it once first). Takes a few
minutes per model on an idle machine, far more on a busy one (the Python runs are the slowest;
--no-python skips them); models default to two_vectors, blazeface_short_range and
efficientnet_lite0_uint8. Pass --swift-bin when the release build is not in .build-release.
"""

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LIB = os.path.join(ROOT, ".litert", "lib", "libLiteRt.so")
C_BIN = os.path.join(ROOT, ".build-bench-c", "litert_bench")
PY = os.path.join(ROOT, ".venv-bench", "bin", "python")

# Substrings of (mangled) function names whose inclusive cost is reported.
RUN = "???:LiteRtRunCompiledModel"
SWIFT_INVOKE = "TensorBridge11InterpreterC6invokeyyAA0C5ErrorOYKF"
SWIFT_MODEL = "TFLiteFormat0A5ModelV4dataAC20FoundationEssentials4DataV_tAA0aB5ErrorOYKcfC"
SWIFT_VALIDATE = "TFLiteFormat14ModelValidatorO8validate_"
PY_CREATE = "InterpreterWrapper::CreateWrapperCPPFromBuffer"
PY_ALLOCATE = "InterpreterWrapper::AllocateTensors"


def profile(cmd, out):
    subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}"] + cmd,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    text = subprocess.run(["callgrind_annotate", "--inclusive=yes", "--threshold=100", out],
                          capture_output=True, text=True, check=True).stdout
    costs = {}
    for line in text.splitlines():
        m = re.match(r"\s*([\d,]+) \(\s*[\d.]+%\)\s+(.*)", line)
        if m:
            name = re.sub(r"\s*\[[^\]]*\]$", "", m.group(2))
            costs[name] = max(costs.get(name, 0), int(m.group(1).replace(",", "")))
    return costs


def cost(costs, needle):
    """Inclusive cost of the function whose name contains `needle` (largest match), or 0."""
    if needle == "PROGRAM TOTALS":
        return costs.get("PROGRAM TOTALS", 0)
    return max((v for k, v in costs.items() if needle in k and not k.startswith("=>")), default=0)


def measure(cmd_for, tmp, tag, a, b, needles, invokes=True):
    base = profile(cmd_for(a, 1), os.path.join(tmp, f"{tag}.base"))
    lds = profile(cmd_for(a, 6), os.path.join(tmp, f"{tag}.loads"))
    per_invoke = {}
    if invokes:
        inv = profile(cmd_for(b, 1), os.path.join(tmp, f"{tag}.inv"))
        per_invoke = {n: (cost(inv, n) - cost(base, n)) / (b - a) for n in needles}
    per_load = {n: (cost(lds, n) - cost(base, n)) / 5 for n in needles}
    return per_invoke, per_load


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("models", nargs="*")
    parser.add_argument("--swift-bin", default=os.path.join(ROOT, ".build-release", "release", "tensorbridge"))
    parser.add_argument("--no-python", action="store_true", help="skip the (slow) Python classic interpreter")
    args = parser.parse_args()
    for tool in ("valgrind", "callgrind_annotate"):
        if not shutil.which(tool):
            sys.exit(f"instructions.py: {tool} not found (apt-get install valgrind)")
    for path in (LIB, C_BIN, args.swift_bin):
        if not os.path.exists(path):
            sys.exit(f"instructions.py: {path} is missing; run bench/compare.sh once first")
    models = args.models or [
        os.path.join(ROOT, "Tests/Fixtures/models/two_vectors.tflite"),
        os.path.join(ROOT, ".thirdparty/models/blazeface_short_range.tflite"),
        os.path.join(ROOT, ".thirdparty/models/efficientnet_lite0_uint8.tflite"),
    ]
    models = [m for m in models if os.path.exists(m)]
    # valgrind 3.19 gives up on the DWARF of larger Swift binaries ("Possibly corrupted debuginfo
    # file"); a copy without debug sections keeps the symbol table, which is all this needs.
    stripped_dir = tempfile.TemporaryDirectory()
    if shutil.which("objcopy"):
        stripped = os.path.join(stripped_dir.name, "tensorbridge")
        subprocess.run(["objcopy", "--strip-debug", args.swift_bin, stripped], check=True)
        args.swift_bin = stripped
    print("Instructions counted by callgrind, 1 thread (M = million).")
    print()
    print("| model | invoke: C loop | Swift loop | Swift − C | in LiteRtRunCompiledModel (C / Swift) "
          "| load: C | Swift | Swift − C | of which TFLiteModel(data:) | of which validator | Python classic |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    wrappers = []
    for model in models:
        name = os.path.splitext(os.path.basename(model))[0]
        size = os.path.getsize(model)
        a, b = (200, 1200) if size < 100_000 else (5, 25)
        with tempfile.TemporaryDirectory() as tmp:
            c_inv, c_load = measure(
                lambda runs, loads: [C_BIN, model, "--lib", LIB, "--runs", str(runs), "--warmup", "0",
                                     "--loads", str(loads), "--threads", "1"],
                tmp, "c", a, b, ["PROGRAM TOTALS", RUN])
            s_inv, s_load = measure(
                lambda runs, loads: [args.swift_bin, "bench", model, "--runtime", LIB, "--json", "--runs", str(runs),
                                     "--warmup", "0", "--loads", str(loads), "--threads", "1"],
                tmp, "s", a, b, ["PROGRAM TOTALS", RUN, SWIFT_INVOKE, SWIFT_MODEL, SWIFT_VALIDATE])
            py = "–"
            if not args.no_python and os.path.exists(PY):
                _, p_load = measure(
                    lambda runs, loads: [PY, os.path.join(ROOT, "bench", "python_bench.py"), model, "--api", "classic",
                                         "--runs", str(runs), "--warmup", "0", "--loads", str(loads), "--threads", "1"],
                    tmp, "p", 1, 1, [PY_CREATE, PY_ALLOCATE], invokes=False)
                py = fmt(p_load[PY_CREATE] + p_load[PY_ALLOCATE])
        print(f"| {name} | {fmt(c_inv['PROGRAM TOTALS'])} | {fmt(s_inv['PROGRAM TOTALS'])} "
              f"| {s_inv['PROGRAM TOTALS'] - c_inv['PROGRAM TOTALS']:+.0f} "
              f"| {fmt(c_inv[RUN])} / {fmt(s_inv[RUN])} "
              f"| {fmt(c_load['PROGRAM TOTALS'])} | {fmt(s_load['PROGRAM TOTALS'])} "
              f"| {fmt(s_load['PROGRAM TOTALS'] - c_load['PROGRAM TOTALS'], sign=True)} "
              f"| {fmt(s_load[SWIFT_MODEL])} | {fmt(s_load[SWIFT_VALIDATE])} | {py} |", flush=True)
        wrappers.append(f"{name}: {s_inv[SWIFT_INVOKE] - s_inv[RUN]:.0f}")
    print()
    print("Swift's own instructions per invoke (Interpreter.invoke() minus the LiteRtRunCompiledModel")
    print("inside it): " + "; ".join(wrappers) + ".")
    print("Loop = everything one timed iteration of the bench executes (the call and the two clock reads).")
    print("Load = one load + compile + buffers and its release; Python classic = its constructor +")
    print("allocate_tensors() only (the interpreter's own C++ work, without Python's bookkeeping).")


def fmt(v, sign=False):
    s = "+" if sign and v >= 0 else ""
    if abs(v) >= 1e6:
        return f"{s}{v / 1e6:.2f}M"
    return f"{s}{v:,.0f}"


if __name__ == "__main__":
    main()
