#!/usr/bin/env python3
"""The Python half of bench/vision_bench.sh: the pipeline people use today.

End to end: PIL decodes the JPEG, converts to RGB and resizes to the model input (BILINEAR,
stretch), numpy makes the input tensor (uint8 models: the raw pixels; float models:
(x - mean) / std), ai_edge_litert runs it (1 thread), numpy picks the top 5.
Preprocessing: an already decoded 1920x1080 PIL image → PIL resize to SIZE x SIZE → numpy
float32 (x - 127.5) / 127.5 with a batch dimension; again with reducing_gap=2.0. Prints one
JSON line of medians (ms).
"""
import argparse
import json
import time

import numpy as np
from PIL import Image
from ai_edge_litert.interpreter import Interpreter


def median(runs, warmup, body):
    for _ in range(warmup):
        body()
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        body()
        times.append((time.perf_counter() - start) * 1000)
    return float(np.median(times))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("model")
    parser.add_argument("photo")
    parser.add_argument("--runs", type=int, default=30)
    parser.add_argument("--warmup", type=int, default=3)
    parser.add_argument("--size", type=int, default=224)
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument("--mean", type=float, default=127.5)
    parser.add_argument("--std", type=float, default=127.5)
    args = parser.parse_args()

    interpreter = Interpreter(model_path=args.model, num_threads=args.threads)
    interpreter.allocate_tensors()
    detail = interpreter.get_input_details()[0]
    output = interpreter.get_output_details()[0]
    height, width = int(detail["shape"][1]), int(detail["shape"][2])
    top = []

    def end_to_end():
        image = Image.open(args.photo).convert("RGB").resize((width, height), Image.Resampling.BILINEAR)
        if detail["dtype"] == np.uint8:
            tensor = np.asarray(image, np.uint8)[None]
        else:
            tensor = ((np.asarray(image, np.float32) - args.mean) / args.std)[None]
        interpreter.set_tensor(detail["index"], tensor)
        interpreter.invoke()
        scores = interpreter.get_tensor(output["index"])[0]
        top[:] = [int(i) for i in np.argsort(-scores.astype(np.float32), kind="stable")[:5]]

    e2e = median(args.runs, args.warmup, end_to_end)
    decoded = Image.open(args.photo).convert("RGB")
    decoded.load()
    result = {}

    def preprocess():
        image = decoded.resize((args.size, args.size), Image.Resampling.BILINEAR)
        result["tensor"] = ((np.asarray(image, np.float32) - 127.5) / 127.5)[None]

    pre = median(args.runs, args.warmup, preprocess)
    checksum = float(result["tensor"].sum())

    def preprocess_gap():  # the same with Pillow's block reduction first
        image = decoded.resize((args.size, args.size), Image.Resampling.BILINEAR, reducing_gap=2.0)
        result["tensor"] = ((np.asarray(image, np.float32) - 127.5) / 127.5)[None]

    pre_gap = median(args.runs, args.warmup, preprocess_gap)
    checksum_gap = float(result["tensor"].sum())
    import cv2  # noqa: PLC0415 (only this measurement needs it)

    cv2.setNumThreads(1)
    rgb = np.asarray(decoded)
    warp = np.array([[decoded.width / args.size, 0, 0], [0, decoded.height / args.size, 0], [0, 0, 1]])

    def preprocess_warp():  # MediaPipe's resize: OpenCV's fixed-point bilinear warpPerspective
        image = cv2.warpPerspective(rgb, warp, (args.size, args.size),
                                    flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP, borderMode=cv2.BORDER_REPLICATE)
        result["tensor"] = ((image.astype(np.float32) - 127.5) / 127.5)[None]

    pre_warp = median(args.runs, args.warmup, preprocess_warp)
    checksum_warp = float(result["tensor"].sum())
    decode = median(args.runs, args.warmup, lambda: Image.open(args.photo).convert("RGB").load())
    print(json.dumps({"implementation": "python", "end_to_end_ms": e2e, "preprocess_ms": pre, "preprocess_gap_ms": pre_gap,
                      "preprocess_warp_ms": pre_warp, "checksum_warp": checksum_warp,
                      "full_decode_ms": decode, "photo": f"{decoded.width}x{decoded.height}", "top5": top,
                      "checksum": checksum, "checksum_gap": checksum_gap}, sort_keys=True))


if __name__ == "__main__":
    main()
