#!/usr/bin/env python3
"""The Python baseline for bench/compare.sh: the same model through the PyPI wheel ai_edge_litert.

    python_bench.py MODEL [--runs N] [--warmup N] [--loads N] [--threads N] [--api classic|compiled|both]
                    [--shape INDEX=D0,D1,...]

Two Python APIs ship in the wheel, and both are measured (one JSON line each):

  "python"           ai_edge_litert.interpreter.Interpreter(model_content=..., num_threads=N): the
                     classic TensorFlow Lite interpreter (with its default XNNPACK delegate).
                     load + compile = the constructor + allocate_tensors(). Inputs are written with
                     set_tensor() once, before timing; each timed call is interpreter.invoke().
  "python-compiled"  ai_edge_litert.compiled_model.CompiledModel.from_buffer(...) with CPU options
                     num_threads=N: the same LiteRT CompiledModel API TensorBridge and the C program
                     call. load + compile = from_buffer() (which also creates the environment) +
                     create_input_buffers() + create_output_buffers(). Each timed call is
                     run_by_index(signature, inputs, outputs).

Inputs are the Swift and C benches' byte ramp, byte[i] = (i * 7) % 61 over each input's bytes,
reinterpreted as the tensor's element type. With --shape (classic API only, as `tensorbridge bench
--shape`), inputs are resized with resize_tensor_input() and allocate_tensors() after loading,
timed on their own ("resize_ms"). Times use time.perf_counter_ns (CLOCK_MONOTONIC on
Linux). The model file is read once, before timing, as the other two do.

Run it with the benchmarks' venv, whose ai-edge-litert is the pinned LITERT_VERSION
(scripts/versions.env): `$(bash bench/venv.sh) bench/python_bench.py MODEL`.
"""

import argparse
import gc
import json
import statistics
import sys
import time

def ramp(nbytes):
    import numpy as np

    return ((np.arange(nbytes, dtype=np.int64) * 7) % 61).astype(np.uint8)


def ms(ns):
    return ns / 1e6


def bench_classic(data, args):
    import numpy as np
    from ai_edge_litert.interpreter import Interpreter

    load_times = []
    interpreter = None
    for _ in range(args.loads):
        interpreter = None  # the previous instance is released outside the timing
        gc.collect()
        t0 = time.perf_counter_ns()
        interpreter = Interpreter(model_content=data, num_threads=args.threads)
        interpreter.allocate_tensors()
        load_times.append(ms(time.perf_counter_ns() - t0))
    t0 = time.perf_counter_ns()
    for index, dims in args.shape:
        interpreter.resize_tensor_input(interpreter.get_input_details()[index]["index"], dims)
    if args.shape:
        interpreter.allocate_tensors()
    args.resize_ms = ms(time.perf_counter_ns() - t0) if args.shape else 0.0
    for detail in interpreter.get_input_details():
        dtype = np.dtype(detail["dtype"])
        shape = tuple(int(d) for d in detail["shape"])
        count = int(np.prod(shape)) if shape else 1
        interpreter.set_tensor(detail["index"], ramp(count * dtype.itemsize).view(dtype).reshape(shape))
    for _ in range(args.warmup):
        interpreter.invoke()
    times = []
    for _ in range(args.runs):
        t0 = time.perf_counter_ns()
        interpreter.invoke()
        times.append(ms(time.perf_counter_ns() - t0))
    del interpreter
    gc.collect()
    return times, load_times


def bench_compiled(data, args):
    import numpy as np
    from ai_edge_litert.compiled_model import CompiledModel, CpuOptions, HardwareAccelerator, Options

    def options():
        return Options(hardware_accelerators=HardwareAccelerator.CPU, cpu_options=CpuOptions(num_threads=args.threads))

    load_times = []
    model = inputs = outputs = None
    for _ in range(args.loads):
        model = inputs = outputs = None  # released outside the timing
        gc.collect()
        t0 = time.perf_counter_ns()
        model = CompiledModel.from_buffer(data, options=options())
        inputs = model.create_input_buffers(0)
        outputs = model.create_output_buffers(0)
        load_times.append(ms(time.perf_counter_ns() - t0))
    # Signature 0, as created above (the Swift and C benches pick the signature over the main
    # subgraph, which is signature 0 for every model without several signatures).
    key = list(model.get_signature_list().keys())[0]
    details = model.get_input_tensor_details(key)
    names = model.get_signature_list()[key]["inputs"]
    for buffer, name in zip(inputs, names):
        detail = details[name]
        dtype = np.dtype(detail["dtype"])
        shape = tuple(int(d) for d in detail["shape"])
        count = int(np.prod(shape)) if shape else 1
        buffer.write(ramp(count * dtype.itemsize).view(dtype))
    for _ in range(args.warmup):
        model.run_by_index(0, inputs, outputs)
    times = []
    for _ in range(args.runs):
        t0 = time.perf_counter_ns()
        model.run_by_index(0, inputs, outputs)
        times.append(ms(time.perf_counter_ns() - t0))
    return times, load_times


def input_shape(text):
    """`0=1,33,16` as (0, [1, 33, 16])."""
    index, _, dims = text.partition("=")
    try:
        parsed = (int(index), [int(d) for d in dims.split(",")])
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text}: expected INDEX=D0,D1,... (0=1,33,16)") from None
    if parsed[0] < 0 or any(d < 0 for d in parsed[1]):
        raise argparse.ArgumentTypeError(f"{text}: index and dimensions must be >= 0")
    return parsed


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("model")
    parser.add_argument("--runs", type=int, default=200)
    parser.add_argument("--warmup", type=int, default=20)
    parser.add_argument("--loads", type=int, default=5)
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument("--api", choices=["classic", "compiled", "both"], default="both")
    parser.add_argument("--shape", action="append", default=[], type=input_shape, metavar="INDEX=D0,D1,...",
                        help="resize input INDEX after loading (classic API only)")
    args = parser.parse_args()
    if args.shape and args.api != "classic":
        parser.error("--shape goes with --api classic")
    if args.runs < 1 or args.loads < 1 or args.warmup < 0 or args.threads < 1:
        parser.error("--runs, --loads and --threads must be at least 1")
    with open(args.model, "rb") as f:
        data = f.read()
    # Import outside every timing (numpy, the pybind modules, libLiteRt.so).
    import numpy  # noqa: F401
    import ai_edge_litert.interpreter  # noqa: F401
    import ai_edge_litert.compiled_model  # noqa: F401

    apis = ["classic", "compiled"] if args.api == "both" else [args.api]
    status = 0
    for api in apis:
        impl = "python" if api == "classic" else "python-compiled"
        try:
            times, load_times = (bench_classic if api == "classic" else bench_compiled)(data, args)
        except Exception as error:  # report and go on with the other API
            print(json.dumps({"impl": impl, "error": f"{type(error).__name__}: {error}"}), flush=True)
            status = 1
            continue
        print(json.dumps({
            "impl": impl,
            "invoke_median_ms": statistics.median(times),
            "invoke_min_ms": min(times),
            "load_compile_median_ms": statistics.median(load_times),
            "resize_ms": getattr(args, "resize_ms", 0.0),
            "runs": args.runs,
            "loads": args.loads,
            "threads": args.threads,
        }), flush=True)
    return status


if __name__ == "__main__":
    sys.exit(main())
