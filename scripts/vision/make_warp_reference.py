"""OpenCV 4.10's cv2.warpPerspective bytes for ResizeFilter.bilinearWarp (MediaPipe Tasks' CPU resize).

    python3 -m venv /tmp/cv4 && /tmp/cv4/bin/pip install opencv-python-headless==4.10.0.84 "numpy<2.3" pillow
    /tmp/cv4/bin/python scripts/vision/make_warp_reference.py

MediaPipe's ImageToTensorCalculator (CPU) warps the image onto the tensor with
cv2.warpPerspective(INTER_LINEAR, BORDER_REPLICATE) on the 8-bit image, mapping output pixel x to
about source x0 + x * (x1 - x0) / width, in OpenCV's fixed point as it was up to 4.10 (4.11 and
later compute warps in floating point; the script refuses them). The matrix is made as MediaPipe
makes it (boxPoints, getPerspectiveTransform; warpPerspective inverts it), since its last bits
break ties at 1/32 pixel. Checked by hand on 2026-11-29 against
MediaPipe 1.2.3's ImageSegmenter from PyPI: its selfie models' confidence masks equal those of
Python LiteRT fed these bytes (scores resized with INTER_LINEAR) exactly on 3 of the 4 photo and
model pairs tried, within 0.073 on the fourth.
For each case (a committed PNG, a region, an output size: downscales by integer and other
factors, an upscale, a region with fractional edges; and three letterboxes, MediaPipe's padded
region warped with border 0), writes the output's bytes (base64) to
Tests/Fixtures/vision/warp_reference.json; WarpScalerTests compares ResizeFilter.bilinearWarp
with them byte for byte.
"""

import base64
import json
from pathlib import Path

import cv2
import numpy as np
from PIL import Image

ROOT = Path(__file__).resolve().parents[2]
VISION = ROOT / "Tests" / "Fixtures" / "vision"
CASES = [
    ("images/photo_160x120.png", None, 64, 48),  # 2.5x down
    ("images/photo_160x120.png", None, 57, 31),  # odd factors
    ("images/photo_160x120.png", None, 256, 144),  # up, MediaPipe's landscape selfie input
    ("tasklibrary/burger-224.png", None, 256, 256),  # up
    ("tasklibrary/burger-224.png", None, 37, 100),  # mixed
    ("tasklibrary/burger-224.png", (10.5, 20.25, 200.75, 150.0), 64, 64),  # fractional region
    ("samples/0_red_circle.png", (0, 0, 96, 64), 7, 5),  # steep downscale: samples, no averaging
    # 150 / 128 x 32 = 37.5 (the ratio of a 451 x 300 photo's rows onto MediaPipe's 256 x 256
    # selfie input): every odd row and column's position is a tie, broken by the last bit of the
    # matrix OpenCV computes (6,246 bytes differ from the exact map's).
    ("tasklibrary/burger-224.png", (0, 0, 150, 150), 128, 128),
]
# MediaPipe's letterbox (FitMode.letterbox with bilinearWarp): the whole image padded around its
# centre to the output's aspect ratio in float32 (MediaPipe's PadRoi), warped with border 0.
LETTERBOXES = [
    ("images/photo_160x120.png", 128, 128),  # wide into square: bands above and below
    ("tasklibrary/burger-224.png", 256, 144),  # square into wide: bands left and right
    ("samples/0_red_circle.png", 33, 70),  # odd sizes
]


def padded(width, height, out_width, out_height):
    """MediaPipe's PadRoi with keep_aspect_ratio, in float32: (left, top, right, bottom)."""
    w, h = np.float32(width), np.float32(height)
    target, source = np.float32(out_height) / np.float32(out_width), h / w
    new_w, new_h = (w, w * target) if target > source else (h / target, h)
    left, top = w / np.float32(2) - new_w / np.float32(2), h / np.float32(2) - new_h / np.float32(2)
    return float(left), float(top), float(left) + float(new_w), float(top) + float(new_h)


def warp(image, region, width, height, border):
    """MediaPipe's OpenCV converter: the region as a cv::RotatedRect (centre, size, angle 0), its
    corners by boxPoints, the transform onto the output's corners by getPerspectiveTransform,
    and warpPerspective (which inverts it itself)."""
    x0, y0, x1, y1 = region
    center = (float(np.float32((x0 + x1) / 2)), float(np.float32((y0 + y1) / 2)))
    size = (float(np.float32(x1 - x0)), float(np.float32(y1 - y0)))
    source = cv2.boxPoints((center, size, 0.0)).astype(np.float32)
    target = np.array([[0, height], [0, 0], [width, 0], [width, height]], np.float32)
    matrix = cv2.getPerspectiveTransform(source, target)
    return cv2.warpPerspective(image, matrix, (width, height), flags=cv2.INTER_LINEAR, borderMode=border,
                               borderValue=0)


def main() -> None:
    major, minor = (int(part) for part in cv2.__version__.split(".")[:2])
    if (major, minor) > (4, 10):
        raise SystemExit(f"OpenCV {cv2.__version__} warps in floating point; MediaPipe's is 4.10's fixed point")
    cases = []
    for path, region, width, height in CASES:
        image = np.asarray(Image.open(VISION / path).convert("RGB"))
        region = region or (0, 0, image.shape[1], image.shape[0])
        out = warp(image, region, width, height, cv2.BORDER_REPLICATE)
        cases.append({"image": path, "region": list(region), "width": width, "height": height,
                      "rgb": base64.b64encode(np.ascontiguousarray(out).tobytes()).decode()})
    for path, width, height in LETTERBOXES:
        image = np.asarray(Image.open(VISION / path).convert("RGB"))
        region = padded(image.shape[1], image.shape[0], width, height)
        out = warp(image, region, width, height, cv2.BORDER_CONSTANT)
        cases.append({"image": path, "letterbox": True, "region": list(region), "width": width, "height": height,
                      "rgb": base64.b64encode(np.ascontiguousarray(out).tobytes()).decode()})
    reference = {"generator": "scripts/vision/make_warp_reference.py", "opencv": cv2.__version__, "cases": cases}
    (VISION / "warp_reference.json").write_text(json.dumps(reference, indent=1) + "\n")
    print(f"warp_reference.json: {len(cases)} cases, OpenCV {cv2.__version__}")


if __name__ == "__main__":
    main()
