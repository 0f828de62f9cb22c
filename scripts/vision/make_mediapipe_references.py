"""MediaPipe Tasks' own results on the third-party MediaPipe models, for the `--resize mediapipe` tests.

    python3 -m venv /tmp/mpvenv && /tmp/mpvenv/bin/pip install mediapipe==1.2.3
    bash scripts/thirdparty/fetch.sh && bash scripts/vision/fetch_photos.sh
    /tmp/mpvenv/bin/python scripts/vision/make_mediapipe_references.py

Runs MediaPipe 1.2.3's Python FaceDetector (blazeface_short_range.tflite) and ImageSegmenter
(selfie_segmentation.tflite, selfie_segmentation_landscape.tflite: category mask) on
scikit-image's photos (astronaut, chelsea, coffee; for faces also a wide and a tall crop of the
astronaut, which MediaPipe letterboxes) and writes Tests/Fixtures/vision/mediapipe.reference.json:
each face's score, MediaPipe's integer box and its keypoints in pixels; each segmentation's foreground share (category 0) and its confidence mask summarised (mean, 81 pixels). MediaPipe is not pinned in
the project (this script is run by hand; its outputs are committed).
"""

import json
from pathlib import Path

import mediapipe as mp
import numpy as np
from PIL import Image
from mediapipe.tasks import python as tasks
from mediapipe.tasks.python import vision

ROOT = Path(__file__).resolve().parents[2]
MODELS = ROOT / ".thirdparty" / "models"
PHOTOS = ROOT / ".build-vision-data" / "photos"
NAMES = ["astronaut", "chelsea", "coffee"]
# Regions of the astronaut photo (left, top, right, bottom) that MediaPipe's FaceDetector
# letterboxes into its square input: a wide and a tall one.
CROPS = {"astronaut_wide": (0, 0, 512, 300), "astronaut_tall": (100, 0, 400, 512)}


def faces():
    detector = vision.FaceDetector.create_from_options(vision.FaceDetectorOptions(
        base_options=tasks.BaseOptions(model_asset_path=str(MODELS / "blazeface_short_range.tflite"))))
    out = {}
    images = {name: mp.Image.create_from_file(str(PHOTOS / f"{name}.png")) for name in NAMES}
    portrait = np.asarray(Image.open(PHOTOS / "astronaut.png").convert("RGB"))
    for name, (left, top, right, bottom) in CROPS.items():
        images[name] = mp.Image(image_format=mp.ImageFormat.SRGB,
                                data=np.ascontiguousarray(portrait[top:bottom, left:right]))
    for name, image in images.items():
        found = []
        for detection in detector.detect(image).detections:
            box = detection.bounding_box
            found.append({
                "score": float(detection.categories[0].score),
                "box": [box.origin_x, box.origin_y, box.width, box.height],
                "keypoints": [[k.x * image.width, k.y * image.height] for k in detection.keypoints],
            })
        out[name] = found
    detector.close()
    return out


def segmentations():
    """Per model and photo: the category mask's foreground share, and the confidence mask at
    the image's size summarised (its mean, and its values on a 9 x 9 grid of pixels from corner
    to corner)."""
    shares, confidences = {}, {}
    for model in ("selfie_segmentation", "selfie_segmentation_landscape"):
        segmenter = vision.ImageSegmenter.create_from_options(vision.ImageSegmenterOptions(
            base_options=tasks.BaseOptions(model_asset_path=str(MODELS / f"{model}.tflite")),
            output_category_mask=True, output_confidence_masks=True))
        for name in NAMES:
            result = segmenter.segment(mp.Image.create_from_file(str(PHOTOS / f"{name}.png")))
            mask = np.asarray(result.category_mask.numpy_view())
            shares.setdefault(model, {})[name] = float((mask == 0).mean())
            confidence = np.asarray(result.confidence_masks[0].numpy_view()).astype(np.float64).squeeze()
            height, width = confidence.shape[:2]
            samples = [[int(x), int(y), float(confidence[y, x])]
                       for y in np.linspace(0, height - 1, 9).round().astype(int)
                       for x in np.linspace(0, width - 1, 9).round().astype(int)]
            confidences.setdefault(model, {})[name] = {"mean": float(confidence.mean()), "samples": samples}
        segmenter.close()
    return shares, confidences


def main() -> None:
    reference = {
        "generator": "scripts/vision/make_mediapipe_references.py",
        "mediapipe": mp.__version__,
        "crops": {name: list(box) for name, box in CROPS.items()},
        "faces": faces(),
    }
    reference["foreground_shares"], reference["confidence_masks"] = segmentations()
    (ROOT / "Tests" / "Fixtures" / "vision" / "mediapipe.reference.json").write_text(
        json.dumps(reference, indent=1) + "\n")
    print(json.dumps(reference["foreground_shares"]))


if __name__ == "__main__":
    main()
