"""Writes Tests/Fixtures/vision/tasklibrary/mobilenet_v1_0.25_224_quant_calibrated.tflite:
the Task Library's mobilenet_v1_0.25_224_quant.tflite (unchanged weights) with two metadata
additions on its output tensor, so ImageClassifier's score calibration and display names by
locale are tested on a real model:

  * ScoreCalibrationOptions (INVERSE_LOGISTIC, default score 0.01) with a
    TENSOR_AXIS_SCORE_CALIBRATION file "score_calibration.txt": parameters for
    cheeseburger (934: scale 0.9, slope 2, offset -1) and bagel (932: scale 1, slope 1,
    offset 0, min_score 0.5), empty lines for every other class;
  * a second TENSOR_AXIS_LABELS file "labels_fr.txt" with locale "fr"
    ("fr:" + each English label);
  * ScoreThresholdingOptions with a global threshold of 0.02 (above the default score, so
    classes without parameters drop out unless the caller sets its own threshold).

Needs tflite-support 0.4.4's metadata package (pip install --no-deps tflite-support==0.4.4
libusb-package==1.0.30.0, on top of numpy and flatbuffers). Run from the repository root:

    PYTHONPATH=<tflite-support target dir> python scripts/vision/make_calibrated_classifier.py
"""
import ctypes
import importlib.util
import zipfile
from pathlib import Path

spec = importlib.util.find_spec("libusb_package")
if spec is not None:
    ctypes.CDLL(str(Path(spec.origin).parent / "libusb-1.0.so"), mode=ctypes.RTLD_GLOBAL)
import flatbuffers  # noqa: E402
from tensorflow_lite_support.metadata import metadata_schema_py_generated as mfb  # noqa: E402
from tensorflow_lite_support.metadata.python import metadata as md  # noqa: E402

folder = Path("Tests/Fixtures/vision/tasklibrary")
source = folder / "mobilenet_v1_0.25_224_quant.tflite"
target = folder / "mobilenet_v1_0.25_224_quant_calibrated.tflite"

with zipfile.ZipFile(source) as archive:
    labels_text = archive.read("labels.txt").decode("utf-8")
labels = labels_text.splitlines()

calibration_lines = [""] * len(labels)
calibration_lines[labels.index("cheeseburger")] = "0.9,2,-1"
calibration_lines[labels.index("bagel")] = "1,1,0,0.5"
work = Path("/tmp/tensorbridge-calibrated")
work.mkdir(exist_ok=True)
(work / "score_calibration.txt").write_text("\n".join(calibration_lines))
(work / "labels_fr.txt").write_text("".join(f"fr:{label}\n" for label in labels))
(work / "labels.txt").write_text(labels_text)

displayer = md.MetadataDisplayer.with_model_file(str(source))
metadata = mfb.ModelMetadataT.InitFromObj(
    mfb.ModelMetadata.GetRootAsModelMetadata(displayer._metadata_buffer, 0))
output = metadata.subgraphMetadata[0].outputTensorMetadata[0]

french = mfb.AssociatedFileT()
french.name = "labels_fr.txt"
french.description = "Labels in French (test fixture)."
french.type = mfb.AssociatedFileType.TENSOR_AXIS_LABELS
french.locale = "fr"
calibration_file = mfb.AssociatedFileT()
calibration_file.name = "score_calibration.txt"
calibration_file.description = "Per-class sigmoid parameters (test fixture)."
calibration_file.type = mfb.AssociatedFileType.TENSOR_AXIS_SCORE_CALIBRATION
output.associatedFiles = list(output.associatedFiles or []) + [french, calibration_file]

options = mfb.ScoreCalibrationOptionsT()
options.scoreTransformation = mfb.ScoreTransformationType.INVERSE_LOGISTIC
options.defaultScore = 0.01
unit = mfb.ProcessUnitT()
unit.optionsType = mfb.ProcessUnitOptions.ScoreCalibrationOptions
unit.options = options
thresholding = mfb.ScoreThresholdingOptionsT()
thresholding.globalScoreThreshold = 0.02
threshold_unit = mfb.ProcessUnitT()
threshold_unit.optionsType = mfb.ProcessUnitOptions.ScoreThresholdingOptions
threshold_unit.options = thresholding
output.processUnits = list(output.processUnits or []) + [unit, threshold_unit]

builder = flatbuffers.Builder(0)
builder.Finish(metadata.Pack(builder), md.MetadataPopulator.METADATA_FILE_IDENTIFIER)
target.write_bytes(source.read_bytes())
populator = md.MetadataPopulator.with_model_file(str(target))
populator.load_metadata_buffer(builder.Output())
populator.load_associated_files([str(work / name) for name in ("labels_fr.txt", "score_calibration.txt")])
populator.populate()
print(md.MetadataDisplayer.with_model_file(str(target)).get_packed_associated_file_list())
