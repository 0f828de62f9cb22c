import Foundation
import XCTest

@testable import TFLiteFormat

/// Parsing `TFLITE_METADATA` buffers written by the schema's own generated code.
final class MetadataParsingTests: XCTestCase {
  private func file(
    _ name: String, _ type: AssociatedFileType, description: String? = nil, locale: String? = nil,
    version: String? = nil
  ) -> AssociatedFileInfo {
    AssociatedFileInfo(name: name, description: description, type: type, locale: locale, version: version)
  }

  /// Every field of the synthetic buffer, as the Python object API wrote it.
  func testSyntheticMetadataDecodesEveryField() throws {
    let metadata = try TFLiteMetadata(data: SyntheticMetadata.bytes)
    XCTAssertEqual(metadata.name, "Synthetic kitchen sink")
    XCTAssertEqual(metadata.description, "Every union member and list of metadata_schema.fbs — ünïcødé")
    XCTAssertEqual(metadata.version, "v7")
    XCTAssertEqual(metadata.author, "TensorBridge tests")
    XCTAssertEqual(metadata.license, "Apache-2.0")
    XCTAssertEqual(metadata.minParserVersion, "1.5.0")
    XCTAssertEqual(
      metadata.associatedFiles, [file("model_card.md", .descriptions, description: "About the model", version: "3")])
    XCTAssertEqual(metadata.subgraphs.count, 2)

    let main = metadata.subgraphs[0]
    XCTAssertEqual(main.name, "main")
    XCTAssertEqual(main.description, "The only subgraph")
    XCTAssertEqual(
      main.inputs,
      [
        TensorMetadata(
          name: "image", description: "RGB image", dimensionNames: ["batch", "height", "width", "channels"],
          content: TensorContent(properties: .image(colorSpace: .rgb), range: nil),
          processUnits: [.normalization(mean: [127.5, 127.0, 126.5], std: [128.0, 64.0, 0.5])],
          stats: TensorStats(max: [1.0, 2.5, -3.25], min: [-1.0]), associatedFiles: []),
        TensorMetadata(
          name: "mask_in", description: nil, dimensionNames: [],
          content: TensorContent(properties: .image(colorSpace: .grayscale), range: nil),
          processUnits: [], stats: nil, associatedFiles: []),
        TensorMetadata(
          name: "audio", description: nil, dimensionNames: [],
          content: TensorContent(properties: .audio(sampleRate: 16000, channels: 2), range: nil),
          processUnits: [], stats: nil, associatedFiles: []),
        TensorMetadata(
          name: "ids", description: "Token ids", dimensionNames: [],
          content: TensorContent(properties: .feature, range: ValueRange(min: -5, max: 2_147_483_647)),
          processUnits: [
            .regexTokenizer(delimiterRegex: "[^\\w']+", vocabFiles: [file("regex_vocab.txt", .vocabulary)])
          ],
          stats: nil, associatedFiles: []),
      ])
    XCTAssertEqual(
      main.outputs,
      [
        TensorMetadata(
          name: "location", description: nil, dimensionNames: [],
          content: TensorContent(
            properties: .boundingBox(index: [1, 0, 3, 2], type: .boundaries, coordinateType: .pixel),
            range: ValueRange(min: 2, max: 2)),
          processUnits: [], stats: nil, associatedFiles: []),
        TensorMetadata(
          name: "centers", description: nil, dimensionNames: [],
          content: TensorContent(
            properties: .boundingBox(index: [], type: .center, coordinateType: .ratio), range: nil),
          processUnits: [], stats: nil, associatedFiles: []),
        TensorMetadata(
          name: "category", description: "Class per box", dimensionNames: [], content: nil, processUnits: [],
          stats: nil,
          associatedFiles: [
            file("labels_en.txt", .tensorValueLabels, description: "English labels", locale: "en"),
            file("labels_fr.txt", .tensorValueLabels, description: "Étiquettes", locale: "fr", version: "2"),
          ]),
        TensorMetadata(
          name: "score", description: nil, dimensionNames: [], content: nil,
          processUnits: [
            .scoreCalibration(transformation: .inverseLogistic, defaultScore: 0.25),
            .scoreThresholding(globalScoreThreshold: 0.5),
          ],
          stats: TensorStats(max: [], min: []),
          associatedFiles: [
            file("score_calibration.txt", .tensorAxisScoreCalibration), file("axis_labels.txt", .tensorAxisLabels),
            file("index.scann", .scannIndexFile), file("mystery.bin", .unknown),
          ]),
      ])
    XCTAssertEqual(
      main.inputProcessUnits,
      [
        .bertTokenizer(vocabFiles: [file("vocab.txt", .vocabulary, version: "uncased")]),
        .sentencePieceTokenizer(
          modelFiles: [file("sp.model", .descriptions)], vocabFiles: [file("sp.vocab", .vocabulary)]),
      ])
    XCTAssertEqual(main.outputProcessUnits, [.scoreThresholding(globalScoreThreshold: -1.5)])
    XCTAssertEqual(main.associatedFiles, [file("subgraph_notes.txt", .descriptions)])
    XCTAssertEqual(main.inputTensorGroups, [TensorGroup(name: "text", tensorNames: ["ids"])])
    XCTAssertEqual(
      main.outputTensorGroups,
      [
        TensorGroup(name: "detection_result", tensorNames: ["location", "category", "score"]),
        TensorGroup(name: "empty", tensorNames: []),
      ])
    XCTAssertEqual(main.customMetadata, [CustomMetadata(name: "VENDOR_BLOB", data: Data([0, 1, 2, 253, 254, 255]))])

    XCTAssertEqual(
      metadata.subgraphs[1],
      SubgraphMetadata(
        name: "second", description: nil, inputs: [], outputs: [], inputProcessUnits: [], outputProcessUnits: [],
        associatedFiles: [], inputTensorGroups: [], outputTensorGroups: [], customMetadata: []))

    XCTAssertEqual(
      metadata.allAssociatedFiles.compactMap(\.name),
      [
        "model_card.md", "subgraph_notes.txt", "regex_vocab.txt", "labels_en.txt", "labels_fr.txt",
        "score_calibration.txt", "axis_labels.txt", "index.scann", "mystery.bin", "vocab.txt", "sp.model", "sp.vocab",
      ])
  }

  /// A `Data` slice that does not start at index 0 parses the same.
  func testParsesDataSlice() throws {
    let padded = Data([9, 9, 9]) + SyntheticMetadata.bytes
    let slice = padded[3...]
    XCTAssertEqual(try TFLiteMetadata(data: slice), try TFLiteMetadata(data: SyntheticMetadata.bytes))
  }

  func testRejectsWrongIdentifierAndShortData() {
    var bytes = Array(SyntheticMetadata.bytes)
    bytes[4] = UInt8(ascii: "T")
    assertFailure(parseMetadata(bytes), pathContains: "M001")
    assertFailure(
      parseMetadata(Array(bytes.prefix(7))),
      equals: .truncated(path: "the TFLITE_METADATA header", offset: 0, needed: 8, available: 7))
    assertFailure(parseMetadata([]))
    // A model flatbuffer is not metadata.
    assertFailure(
      parseMetadata(Array((try? MetadataFixtures.fixtureModel("linear")) ?? Data(count: 16))), pathContains: "M001")
  }

  /// Unknown enum values and union tags from a newer schema are kept, not rejected.
  func testUnknownEnumValuesAndUnionTags() throws {
    XCTAssertEqual(AssociatedFileType(rawValue: 6), .scannIndexFile)
    XCTAssertEqual(AssociatedFileType(rawValue: 42), .other(42))
    XCTAssertEqual(AssociatedFileType.other(42).rawValue, 42)
    XCTAssertEqual(AssociatedFileType.tensorAxisLabels.rawValue, 2)
    XCTAssertEqual(ColorSpace(rawValue: 9), .other(9))
    XCTAssertEqual(BoundingBoxType(rawValue: -1), .other(-1))
    XCTAssertEqual(CoordinateType(rawValue: 2), .other(2))
    XCTAssertEqual(ScoreTransformation(rawValue: 1), .log)

    // Change the content union tag of input 0 ("image", ImageProperties = 2) to 9,
    // and its process unit's options tag (NormalizationOptions = 1) to 200.
    let original = try TFLiteMetadata(data: SyntheticMetadata.bytes)
    var bytes = Array(SyntheticMetadata.bytes)
    let contentTag = try XCTUnwrap(MetadataLayout.unionTagPosition(bytes, tensor: 0, field: .content))
    let optionsTag = try XCTUnwrap(MetadataLayout.unionTagPosition(bytes, tensor: 0, field: .processUnit))
    XCTAssertEqual(bytes[contentTag], 2)
    XCTAssertEqual(bytes[optionsTag], 1)
    bytes[contentTag] = 9
    bytes[optionsTag] = 200
    let changed = try TFLiteMetadata(data: Data(bytes))
    XCTAssertEqual(changed.subgraphs[0].inputs[0].content?.properties, .unknown(9))
    XCTAssertEqual(changed.subgraphs[0].inputs[0].processUnits, [.unknown(200)])
    XCTAssertEqual(changed.subgraphs[0].outputs, original.subgraphs[0].outputs)
  }

  /// Errors name the field in key-path form.
  func testErrorPathsNameTheField() throws {
    var bytes = Array(SyntheticMetadata.bytes)
    let optionsTag = try XCTUnwrap(MetadataLayout.unionTagPosition(bytes, tensor: 0, field: .processUnit))
    // The options offset follows the tag's table; point it far outside the buffer.
    let optionsOffset = try XCTUnwrap(MetadataLayout.processUnitOptionsOffsetPosition(bytes, tensor: 0))
    bytes.patch(UInt32(0x7FFF_FFF0), at: optionsOffset)
    XCTAssertEqual(bytes[optionsTag], 1)
    assertFailure(
      parseMetadata(bytes), pathContains: "subgraph_metadata[0].input_tensor_metadata[0].process_units[0].options")
  }

  func testModelsWithoutTFLiteMetadataReturnNil() throws {
    for name in ["linear", "with_metadata", "two_signatures"] {
      let model = try TFLiteModel(data: MetadataFixtures.fixtureModel(name))
      XCTAssertNil(try model.tfliteMetadata(), name)
      XCTAssertEqual(try AssociatedFiles(modelData: MetadataFixtures.fixtureModel(name)).names, [], name)
    }
  }
}
