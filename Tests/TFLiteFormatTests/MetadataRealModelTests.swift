import Foundation
import XCTest

@testable import TFLiteFormat

/// Metadata and associated files of real published models, compared with
/// what tflite-support 0.4.4's `MetadataDisplayer` (Python) and Python's
/// `zipfile` report for the same files.
///
/// The models live in `.thirdparty/models/` (not committed); each test skips
/// when its model is absent.
final class MetadataRealModelTests: XCTestCase {
  /// Loads a third-party model, its metadata and its archive.
  private func load(_ name: String) throws -> (model: TFLiteModel, metadata: TFLiteMetadata, files: AssociatedFiles) {
    let data = try MetadataFixtures.thirdPartyModel(name)
    let model = try TFLiteModel(data: data)
    let metadata = try XCTUnwrap(model.tfliteMetadata(), "\(name) has TFLITE_METADATA")
    let files = try AssociatedFiles(modelData: data)
    return (model, metadata, files)
  }

  private func labels(_ files: AssociatedFiles, _ name: String) throws -> [String] {
    let data = try XCTUnwrap(files.file(named: name))
    return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
  }

  private func feature(
    _ name: String, _ description: String, files: [AssociatedFileInfo] = [],
    stats: TensorStats? = TensorStats(max: [], min: [])
  ) -> TensorMetadata {
    TensorMetadata(
      name: name, description: description, dimensionNames: [],
      content: TensorContent(properties: .feature, range: nil),
      processUnits: [], stats: stats, associatedFiles: files)
  }

  private func image(_ description: String, mean: [Float], std: [Float], max: [Float], min: [Float]) -> TensorMetadata {
    TensorMetadata(
      name: "image", description: description, dimensionNames: [],
      content: TensorContent(properties: .image(colorSpace: .rgb), range: nil),
      processUnits: [.normalization(mean: mean, std: std)], stats: TensorStats(max: max, min: min), associatedFiles: [])
  }

  private func labelFile(_ name: String, _ description: String) -> AssociatedFileInfo {
    AssociatedFileInfo(name: name, description: description, type: .tensorAxisLabels, locale: nil, version: nil)
  }

  func testEfficientNetLite0() throws {
    let (_, metadata, files) = try load("efficientnet_lite0_uint8")
    XCTAssertEqual(metadata.name, "EfficientNet-lite image classifier (quantized)")
    XCTAssertEqual(
      metadata.description,
      "Identify the most prominent object in the image from a set of 1,000 categories such as trees, animals, food, vehicles, person etc."
    )
    XCTAssertEqual(metadata.version, "v1")
    XCTAssertEqual(metadata.author, "TensorFlow")
    XCTAssertEqual(metadata.license, "Apache License. Version 2.0 http://www.apache.org/licenses/LICENSE-2.0.")
    XCTAssertNil(metadata.minParserVersion)
    XCTAssertEqual(metadata.associatedFiles, [])
    XCTAssertEqual(metadata.subgraphs.count, 1)
    let subgraph = metadata.subgraphs[0]
    XCTAssertEqual(
      subgraph.inputs,
      [
        image(
          "Input image to be classified. The expected image is 224 x 224, with three channels (red, blue, and green) per pixel. Each element in the tensor is a value between min and max, where (per-channel) min is [0] and max is [255].",
          mean: [127.0], std: [128.0], max: [255.0], min: [0.0])
      ])
    XCTAssertEqual(
      subgraph.outputs,
      [
        feature(
          "probability", "Probabilities of the 1000 labels respectively.",
          files: [labelFile("labels_without_background.txt", "Labels for objects that the model can recognize.")],
          stats: TensorStats(max: [1.0], min: [0.0]))
      ])
    XCTAssertEqual(subgraph.inputTensorGroups, [])
    XCTAssertEqual(subgraph.customMetadata, [])

    XCTAssertEqual(files.names, ["labels_without_background.txt"])
    let data = try XCTUnwrap(files.file(named: "labels_without_background.txt"))
    XCTAssertEqual(data.count, 10473)
    XCTAssertEqual(CRC32.checksum(data), 0x4182_894F)
    let lines = try labels(files, "labels_without_background.txt")
    XCTAssertEqual(lines.count, 1000)
    XCTAssertEqual(Array(lines.prefix(2)), ["tench", "goldfish"])
    XCTAssertEqual(lines.last, "toilet tissue")
    XCTAssertNil(try files.file(named: "labels.txt"))
  }

  func testSelfieSegmentation() throws {
    let (_, metadata, files) = try load("selfie_segmentation")
    XCTAssertEqual(metadata.name, "ImageSegmenter")
    XCTAssertEqual(
      metadata.description,
      "Semantic image segmentation predicts whether each pixel of an image is associated with a certain class.")
    XCTAssertNil(metadata.version)
    XCTAssertNil(metadata.author)
    XCTAssertEqual(metadata.minParserVersion, "1.5.0")
    let subgraph = try XCTUnwrap(metadata.subgraphs.first)
    XCTAssertEqual(
      subgraph.inputs, [image("Input image to be processed.", mean: [0.0], std: [255.0], max: [1.0], min: [0.0])])
    XCTAssertEqual(
      subgraph.outputs,
      [
        TensorMetadata(
          name: "segmentation_masks", description: "Masks over the target objects with high accuracy.",
          dimensionNames: [],
          content: TensorContent(properties: .image(colorSpace: .grayscale), range: ValueRange(min: 1, max: 2)),
          processUnits: [], stats: TensorStats(max: [], min: []),
          associatedFiles: [labelFile("labels.txt", "Labels for categories that the model can recognize.")])
      ])
    XCTAssertEqual(
      subgraph.customMetadata,
      [
        CustomMetadata(
          name: "SEGMENTER_METADATA", data: Data([12, 0, 0, 0, 86, 48, 48, 49, 4, 0, 4, 0, 4, 0, 0, 0]))
      ])
    XCTAssertEqual(files.names, ["labels.txt"])
    XCTAssertEqual(try labels(files, "labels.txt"), ["selfie"])
  }

  func testBlazeFaceShortRange() throws {
    let (_, metadata, files) = try load("blazeface_short_range")
    XCTAssertEqual(metadata.name, "Short Range Face Detection")
    XCTAssertEqual(metadata.description, "Detects human face with frontal camera")
    XCTAssertEqual(metadata.minParserVersion, "1.0.0")
    let subgraph = try XCTUnwrap(metadata.subgraphs.first)
    XCTAssertEqual(
      subgraph.inputs, [image("Input image to be detected", mean: [127.5], std: [127.5], max: [1.0], min: [-1.0])])
    XCTAssertEqual(
      subgraph.outputs,
      [
        feature("raw boxes/keypoints", "Undecoded face bboxes location and keypoints"),
        feature("scores", "Scores of the detected bboxes."),
      ])
    // The populator appended an empty archive (an end record with no entries).
    XCTAssertEqual(files.names, [])
  }

  func testStarTrekAudioClassifier() throws {
    let (model, metadata, files) = try load("star_trek_activation")
    XCTAssertEqual(model.metadata.map(\.name), ["min_runtime_version", "TFLITE_METADATA"])
    XCTAssertEqual(metadata.name, "AudioClassifier")
    XCTAssertEqual(
      metadata.description, "Identify the most prominent type in the audio clip from a known set of categories.")
    XCTAssertEqual(metadata.minParserVersion, "1.3.0")
    let subgraph = try XCTUnwrap(metadata.subgraphs.first)
    XCTAssertEqual(
      subgraph.inputs,
      [
        TensorMetadata(
          name: "audio_clip", description: "Input audio clip to be classified.", dimensionNames: [],
          content: TensorContent(properties: .audio(sampleRate: 44100, channels: 1), range: nil),
          processUnits: [], stats: TensorStats(max: [], min: []), associatedFiles: [])
      ])
    XCTAssertEqual(
      subgraph.outputs,
      [
        feature(
          "probability", "Scores of the labels respectively.",
          files: [labelFile("labels.txt", "Labels for categories that the model can recognize.")],
          stats: TensorStats(max: [1.0], min: [0.0]))
      ])
    XCTAssertEqual(files.names, ["labels.txt"])
    XCTAssertEqual(try labels(files, "labels.txt"), ["0 Background Noise", "1 annuler", "2 ordinateur"])
  }

  func testHandLandmarkLite() throws {
    let (_, metadata, files) = try load("hand_landmark_lite")
    XCTAssertEqual(metadata.name, "HandLandmarkDetector")
    XCTAssertEqual(
      metadata.description,
      "Identify the predefined landmarks on a potentially present hand andprovide information about their positions within the given image or avideo stream."
    )
    XCTAssertEqual(metadata.minParserVersion, "1.2.0")
    let subgraph = try XCTUnwrap(metadata.subgraphs.first)
    XCTAssertEqual(
      subgraph.inputs,
      [
        image(
          "Input image to be detected.", mean: [0, 0, 0], std: [255, 255, 255], max: [1, 1, 1], min: [0, 0, 0])
      ])
    XCTAssertEqual(
      subgraph.outputs,
      [
        feature(
          "handedness", "The score of left or right handedness.",
          files: [labelFile("handedness.txt", "Labels for categories that the model can recognize.")]),
        feature("presense score", "The score of hand presence in the image."),
        feature("landmarks", "The hand landmarks in normalized coordinates."),
        feature("world landmarks", "The hand landmarks in world coordinates."),
      ])
    XCTAssertEqual(
      subgraph.outputTensorGroups,
      [
        TensorGroup(
          name: "detection_result", tensorNames: ["landmarks", "presense score", "handedness", "world landmarks"])
      ])
    XCTAssertEqual(subgraph.inputTensorGroups, [])
    XCTAssertEqual(files.names, ["handedness.txt"])
    XCTAssertEqual(try labels(files, "handedness.txt"), ["Left", "Right"])
  }

  func testDeepLabV3() throws {
    let (_, metadata, files) = try load("deeplabv3_257")
    XCTAssertEqual(metadata.name, "DeepLabV3")
    XCTAssertEqual(metadata.version, "v1")
    let output = try XCTUnwrap(metadata.subgraphs.first?.outputs.first)
    XCTAssertEqual(output.name, "segmentation masks")
    XCTAssertEqual(
      output.content, TensorContent(properties: .image(colorSpace: .grayscale), range: ValueRange(min: 1, max: 2)))
    XCTAssertNil(output.stats)
    XCTAssertEqual(
      output.associatedFiles, [labelFile("labelmap.txt", "Label of classes that this model can recognize.")])
    XCTAssertEqual(files.names, ["labelmap.txt"])
    let lines = try labels(files, "labelmap.txt")
    XCTAssertEqual(lines.count, 21)
    XCTAssertEqual(lines.first, "background")
    XCTAssertEqual(lines.last, "tv")
  }

  func testFaceLandmarkWithAttentionHasNameOnlyOutputs() throws {
    let (_, metadata, files) = try load("face_landmark_with_attention")
    XCTAssertEqual(metadata.name, "Face landmarks detection with attention")
    let subgraph = try XCTUnwrap(metadata.subgraphs.first)
    XCTAssertEqual(
      subgraph.inputs, [image("Input image to be detected", mean: [0.0], std: [255.0], max: [1.0], min: [0.0])])
    XCTAssertEqual(
      subgraph.outputs.map(\.name),
      [
        "output_mesh_identity", "output_lips", "output_left_eye", "output_right_eye", "output_left_iris",
        "output_right_iris", "conv_faceflag",
      ])
    XCTAssertEqual(
      subgraph.outputs.last,
      TensorMetadata(
        name: "conv_faceflag", description: nil, dimensionNames: [], content: nil, processUnits: [], stats: nil,
        associatedFiles: []))
    XCTAssertEqual(files.names, [])
  }

  /// Models without metadata have neither metadata nor an archive.
  func testModelsWithoutMetadata() throws {
    for name in ["hand_recrop", "mltk_anomaly_detection", "mltk_resnet_int8", "okay_nabu_int8"] {
      let data = try MetadataFixtures.thirdPartyModel(name)
      XCTAssertNil(try TFLiteModel(data: data).tfliteMetadata(), name)
      XCTAssertEqual(try AssociatedFiles(modelData: data).names, [], name)
    }
  }

  /// Every associated file that the metadata of a third-party model names
  /// and its archive holds extracts with a matching CRC-32.
  func testEveryNamedFileExtracts() throws {
    let urls =
      (try? FileManager.default.contentsOfDirectory(
        at: MetadataFixtures.thirdPartyModels, includingPropertiesForKeys: nil)) ?? []
    let models = urls.filter { $0.pathExtension == "tflite" }
    guard !models.isEmpty else { throw XCTSkip("no third-party models") }
    for url in models {
      let data = try Data(contentsOf: url)
      let files = try AssociatedFiles(modelData: data)
      for name in files.names {
        XCTAssertNotNil(try files.file(named: name), "\(url.lastPathComponent): \(name)")
      }
      guard let model = try? TFLiteModel(data: data), let metadata = try model.tfliteMetadata() else { continue }
      // ai-edge-quantizer keeps the metadata but drops the appended archive (quantize.py's
      // derived models): their named files are legitimately missing.
      if url.lastPathComponent.contains("__aeq_") {
        XCTAssertTrue(files.names.isEmpty, "\(url.lastPathComponent): the quantizer kept an archive after all")
        continue
      }
      for info in metadata.allAssociatedFiles {
        XCTAssertTrue(files.names.contains(info.name ?? ""), "\(url.lastPathComponent) lacks \(info.name ?? "nil")")
      }
    }
  }

  /// The committed classifier fixtures: `metadata_classifier` stores its
  /// labels, `metadata_classifier_uint8` deflates them (as Python's
  /// `zipfile` and tflite-support's `MetadataDisplayer` report).
  func testCommittedMetadataClassifierValues() throws {
    let cases: [(name: String, mean: [Float], std: [Float], inputStats: TensorStats, outputMax: Float)] = [
      (
        "metadata_classifier", [0.5, 1.0, -1.0, 2.0], [2.0, 0.5, 1.0, 4.0],
        TensorStats(max: [1.75, 6.0, 5.0, 0.5], min: [-0.25, -2.0, 1.0, -0.5]), 1.0
      ),
      ("metadata_classifier_uint8", [127.5], [127.5], TensorStats(max: [255.0], min: [0.0]), 255.0),
    ]
    for expected in cases {
      let url = MetadataFixtures.fixtureModels.appendingPathComponent(expected.name + ".tflite")
      guard FileManager.default.fileExists(atPath: url.path) else { throw XCTSkip("\(url.path) is not available") }
      let data = try Data(contentsOf: url)
      let metadata = try XCTUnwrap(TFLiteModel(data: data).tfliteMetadata())
      XCTAssertEqual(metadata.name, "TensorBridge metadata classifier")
      XCTAssertEqual(metadata.description, "Classifies a vector of four features into three classes. Test fixture.")
      XCTAssertEqual(metadata.version, "1.0")
      XCTAssertEqual(metadata.author, "TensorBridge")
      XCTAssertEqual(metadata.license, "Apache-2.0")
      XCTAssertEqual(metadata.minParserVersion, "1.0.0")
      XCTAssertEqual(metadata.subgraphs.count, 1)
      XCTAssertEqual(
        metadata.subgraphs.first?.inputs,
        [
          TensorMetadata(
            name: "features", description: "Four features. Normalize each with (value - mean) / std.",
            dimensionNames: [],
            content: TensorContent(properties: .feature, range: nil),
            processUnits: [.normalization(mean: expected.mean, std: expected.std)], stats: expected.inputStats,
            associatedFiles: [])
        ])
      XCTAssertEqual(
        metadata.subgraphs.first?.outputs,
        [
          feature(
            "probabilities", "Probabilities of the three classes.",
            files: [labelFile("labels.txt", "Labels for categories that the model can recognize.")],
            stats: TensorStats(max: [expected.outputMax], min: [0.0]))
        ])
      let files = try AssociatedFiles(modelData: data)
      XCTAssertEqual(files.names, ["labels.txt"])
      XCTAssertEqual(try labels(files, "labels.txt"), ["apple", "banana", "cherry"])
      XCTAssertEqual(try files.file(named: "labels.txt").map(CRC32.checksum), 0x4AA3_A8D7)
    }
  }

  /// The committed classifier fixtures (one with a deflated, one with a stored
  /// label file), when present.
  func testCommittedMetadataClassifierFixtures() throws {
    let urls =
      (try? FileManager.default.contentsOfDirectory(at: MetadataFixtures.fixtureModels, includingPropertiesForKeys: nil))
      ?? []
    let fixtures = urls.filter { $0.lastPathComponent.hasPrefix("metadata_classifier") && $0.pathExtension == "tflite" }
    guard !fixtures.isEmpty else { throw XCTSkip("no metadata_classifier fixtures yet") }
    for url in fixtures {
      let data = try Data(contentsOf: url)
      let model = try TFLiteModel(data: data)
      let metadata = try XCTUnwrap(model.tfliteMetadata(), url.lastPathComponent)
      let files = try AssociatedFiles(modelData: data)
      XCTAssertFalse(files.names.isEmpty, url.lastPathComponent)
      for info in metadata.allAssociatedFiles {
        let name = try XCTUnwrap(info.name)
        let contents = try XCTUnwrap(files.file(named: name), "\(url.lastPathComponent): \(name)")
        if info.type == .tensorAxisLabels {
          XCTAssertFalse(String(decoding: contents, as: UTF8.self).split(separator: "\n").isEmpty)
        }
      }
    }
  }
}
