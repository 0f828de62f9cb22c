"""Writes Tests/Fixtures/vision/tasklibrary/references.json: tflite-support's own Task Library
(its Python bindings run the C++ ObjectDetector, ImageClassifier and ImageSegmenter with libyuv
and the TFLite build they ship) on the Task Library's models and images.

Each image is decoded by Pillow, whose libjpeg-turbo gives the same bytes as TensorBridge's
decoder, and handed over as an RGB array: the Task Library's own file loader (stb_image) decodes
JPEGs slightly differently, and that, not the pipeline, is what separates these answers from the
C++ tests' constants. A photo stored rotated by 180 degrees is turned upright before (what the
Task Library does for a frame with orientation kBottomRight) and its boxes are mapped back to the
stored pixels.

Run through make_task_library_references.sh (it makes the venv), from the repository root.
"""
import ctypes
import importlib.util
import json
import re
from pathlib import Path

spec = importlib.util.find_spec("libusb_package")
if spec is not None:
    ctypes.CDLL(str(Path(spec.origin).parent / "libusb-1.0.so"), mode=ctypes.RTLD_GLOBAL)
import numpy as np  # noqa: E402
from importlib.metadata import version  # noqa: E402
from PIL import Image  # noqa: E402
from tflite_support.task import core, processor, vision  # noqa: E402

FIXTURES = Path("Tests/Fixtures/vision/tasklibrary")
SSD = "coco_ssd_mobilenet_v1_1.0_quant_2018_06_29.tflite"


def pixels(name, rotated=False):
    """The file's RGB pixels as TensorBridge decodes them; upright when `rotated` (180 degrees)."""
    array = np.array(Image.open(FIXTURES / name).convert("RGB"))
    return np.ascontiguousarray(array[::-1, ::-1] if rotated else array)


def tensor_image(array):
    # The TensorImage does not own `array`: the caller keeps it alive while the image is used.
    return vision.TensorImage.create_from_array(array)


def detections(name, rotated=False, max_results=4):
    options = vision.ObjectDetectorOptions(
        base_options=core.BaseOptions(file_name=str(FIXTURES / SSD)),
        detection_options=processor.DetectionOptions(max_results=max_results))
    detector = vision.ObjectDetector.create_from_options(options)
    array = pixels(name, rotated)
    height, width = array.shape[:2]
    image = tensor_image(array)
    out = []
    for detection in detector.detect(image).detections:
        box = detection.bounding_box
        x, y, w, h = box.origin_x, box.origin_y, box.width, box.height
        if rotated:
            x, y = width - x - w, height - y - h
        category = detection.categories[0]
        out.append({"x": x, "y": y, "width": w, "height": h, "index": category.index,
                    "name": category.category_name, "score": category.score})
    return {"model": SSD, "image": name, "orientation": "down" if rotated else "up",
            "max_results": max_results, "detections": out}


def classification(model, name, roi=None):
    options = vision.ImageClassifierOptions(
        base_options=core.BaseOptions(file_name=str(FIXTURES / model)),
        classification_options=processor.ClassificationOptions(max_results=-1))
    classifier = vision.ImageClassifier.create_from_options(options)
    array = pixels(name)
    image = tensor_image(array)
    box = processor.BoundingBox(origin_x=roi[0], origin_y=roi[1], width=roi[2], height=roi[3]) if roi else None
    result = classifier.classify(image, box) if box else classifier.classify(image)
    scores = {c.index: c.score for c in result.classifications[0].categories}
    top = max(scores, key=lambda i: (scores[i], -i))
    return {"model": model, "image": name, "roi": roi, "top": top,
            "scores": [scores.get(i, 0.0) for i in range(max(scores) + 1)]}


def segmentation(name):
    options = vision.ImageSegmenterOptions(
        base_options=core.BaseOptions(file_name=str(FIXTURES / "deeplabv3.tflite")))
    segmenter = vision.ImageSegmenter.create_from_options(options)
    array = pixels(name)
    image = tensor_image(array)
    segmentation = segmenter.segment(image).segmentations[0]
    mask = np.array(segmentation.category_mask)
    return {"model": "deeplabv3.tflite", "image": name, "width": int(mask.shape[1]), "height": int(mask.shape[0]),
            "category_mask_runs": runs(mask.reshape(-1))}


def runs(values):
    """`[value, count, value, count, ...]` of the row-major mask."""
    out = []
    for v in values:
        if out and out[-2] == int(v):
            out[-1] += 1
        else:
            out += [int(v), 1]
    return out


def main():
    references = {
        "generator": f"tflite-support {version('tflite-support')} (PyPI), Python bindings of the C++ Task Library; "
                     "pixels decoded by Pillow (libjpeg-turbo), as TensorBridge decodes them; "
                     "scripts/vision/make_task_library_references.py",
        "detector": [detections("cats_and_dogs.jpg"), detections("cats_and_dogs_rotation180.jpg", rotated=True)],
        "classifier": [
            classification("mobilenet_v1_0.25_224_quant.tflite", "burger.jpg"),
            classification("mobilenet_v1_0.25_224_quant.tflite", "burger-224.png"),
            classification("mobilenet_v1_0.25_224_quant.tflite", "burger-224.png", roi=[0, 0, 100, 100]),
            classification("automl_labeler_model.tflite", "burger.jpg"),
            classification("automl_labeler_model.tflite", "burger.jpg", roi=[50, 40, 300, 200]),
        ],
        "segmenter": [segmentation("segmentation_input_rotation0.jpg")],
    }
    path = FIXTURES / "references.json"
    # Arrays of numbers on one line each.
    text = re.sub(r"\[[-0-9.e,\s]*\]", lambda m: re.sub(r"\s+", "", m.group(0)).replace(",", ", "),
                  json.dumps(references, indent=1))
    path.write_text(text + "\n")
    print(f"wrote {path} ({len(text)} bytes)")


if __name__ == "__main__":
    main()
