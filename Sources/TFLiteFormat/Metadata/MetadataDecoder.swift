import Foundation

/// Decodes the `TFLITE_METADATA` flatbuffer (schema `metadata_schema.fbs`,
/// root table `ModelMetadata`, file identifier `M001`) with
/// ``FlatBufferReader``, so every read is bounds-checked.
///
/// Lists are capped and all decoded list entries and string bytes are charged
/// against ``TFLiteLimits/decodeBudget(forFileSize:)``, so a small buffer in
/// which many tables share one large list cannot make decoding allocate
/// without bound. The schema has no recursive tables, so nesting is bounded.
struct MetadataDecoder {
  /// Field slots of the schema tables, in declaration order (a union takes
  /// two slots: its type tag, then its value).
  private enum Slot {
    enum ModelMetadata {
      static let name = 0, description = 1, version = 2, subgraphMetadata = 3, author = 4, license = 5,
        associatedFiles = 6, minParserVersion = 7
    }
    enum SubGraphMetadata {
      static let name = 0, description = 1, inputTensorMetadata = 2, outputTensorMetadata = 3, associatedFiles = 4,
        inputProcessUnits = 5, outputProcessUnits = 6, inputTensorGroups = 7, outputTensorGroups = 8, customMetadata = 9
    }
    enum TensorMetadata {
      static let name = 0, description = 1, dimensionNames = 2, content = 3, processUnits = 4, stats = 5,
        associatedFiles = 6
    }
    enum Content { static let propertiesType = 0, properties = 1, range = 2 }
    enum ImageProperties { static let colorSpace = 0, defaultSize = 1 }
    enum BoundingBoxProperties { static let index = 0, type = 1, coordinateType = 2 }
    enum AudioProperties { static let sampleRate = 0, channels = 1 }
    enum ValueRange { static let min = 0, max = 1 }
    enum ProcessUnit { static let optionsType = 0, options = 1 }
    enum NormalizationOptions { static let mean = 0, std = 1 }
    enum ScoreCalibrationOptions { static let scoreTransformation = 0, defaultScore = 1 }
    enum ScoreThresholdingOptions { static let globalScoreThreshold = 0 }
    enum BertTokenizerOptions { static let vocabFile = 0 }
    enum SentencePieceTokenizerOptions { static let sentencePieceModel = 0, vocabFile = 1 }
    enum RegexTokenizerOptions { static let delimRegexPattern = 0, vocabFile = 1 }
    enum Stats { static let max = 0, min = 1 }
    enum TensorGroup { static let name = 0, tensorNames = 1 }
    enum CustomMetadata { static let name = 0, data = 1 }
    enum AssociatedFile { static let name = 0, description = 1, type = 2, locale = 3, version = 4 }
  }

  /// Type tags of the `ContentProperties` union.
  private enum ContentTag { static let feature: UInt8 = 1, image: UInt8 = 2, boundingBox: UInt8 = 3, audio: UInt8 = 4 }
  /// Type tags of the `ProcessUnitOptions` union.
  private enum OptionsTag {
    static let normalization: UInt8 = 1, scoreCalibration: UInt8 = 2, scoreThresholding: UInt8 = 3,
      bertTokenizer: UInt8 = 4, sentencePieceTokenizer: UInt8 = 5, regexTokenizer: UInt8 = 6
  }

  /// The file identifier at bytes 4..<8.
  static let fileIdentifierText = "M001"
  /// Size of the fixed header: root offset plus file identifier.
  static let headerSize = 8
  /// The most entries a list of tables or strings may have.
  static let maxListEntries = TFLiteLimits.maxModelListEntries
  /// The most entries a list of numbers (means, statistics, box indices) may have.
  static let maxNumberListEntries = TFLiteLimits.maxTensorReferences

  private let reader: FlatBufferReader
  /// Remaining list entries and string bytes decoding may still produce.
  private var budget: DecodeBudget

  private init(bytes: UnsafeRawBufferPointer) {
    reader = FlatBufferReader(bytes: bytes)
    budget = DecodeBudget(fileSize: bytes.count)
  }

  /// Decodes the metadata in `bytes`.
  static func decode(_ bytes: UnsafeRawBufferPointer) throws(TFLiteFormatError) -> TFLiteMetadata {
    guard bytes.count >= headerSize else {
      throw .truncated(path: "the TFLITE_METADATA header", offset: 0, needed: headerSize, available: bytes.count)
    }
    let identifier = Array(bytes[4..<8])
    guard identifier == Array(fileIdentifierText.utf8) else {
      throw .metadataIdentifier(found: ModelDecoder.printable(identifier))
    }
    var decoder = MetadataDecoder(bytes: bytes)
    return try decoder.decodeModelMetadata()
  }

  // MARK: - Budget and list helpers

  /// Locates a vector of offsets (tables or strings), capping its length and
  /// charging one unit per entry.
  private mutating func offsetVector(_ table: FBTable, slot: Int, _ path: @autoclosure () -> String)
    throws(TFLiteFormatError) -> FBVector?
  {
    try budget.vector(reader, table, slot: slot, limit: Self.maxListEntries, path())
  }

  /// Locates a vector of 4-byte numbers, capping its length and charging one unit per entry.
  private mutating func numberVector(_ table: FBTable, slot: Int, _ path: @autoclosure () -> String)
    throws(TFLiteFormatError) -> FBVector?
  {
    try budget.vector(reader, table, slot: slot, limit: Self.maxNumberListEntries, path())
  }

  /// Reads a `[float]` field (empty when absent).
  private mutating func floats(_ table: FBTable, slot: Int, _ path: @autoclosure () -> String) throws(TFLiteFormatError)
    -> [Float]
  {
    guard let vector = try numberVector(table, slot: slot, path()) else { return [] }
    return reader.floats(vector)
  }

  /// Reads a `[uint]` field as `[Int]` (empty when absent).
  private mutating func uints(_ table: FBTable, slot: Int, _ path: @autoclosure () -> String) throws(TFLiteFormatError)
    -> [Int]
  {
    guard let vector = try numberVector(table, slot: slot, path()) else { return [] }
    return (0..<vector.count).map { Int(reader.loadChecked(UInt32.self, at: vector.offset(of: $0))) }
  }

  /// Reads a string field, charging its bytes.
  private mutating func string(_ table: FBTable, slot: Int, _ path: @autoclosure () -> String) throws(TFLiteFormatError)
    -> String?
  {
    try budget.string(reader, table, slot: slot, path())
  }

  /// Reads a `[string]` field (empty when absent).
  private mutating func strings(_ table: FBTable, slot: Int, _ path: @autoclosure () -> String)
    throws(TFLiteFormatError) -> [String]
  {
    guard let vector = try offsetVector(table, slot: slot, path()) else { return [] }
    var result: [String] = []
    result.reserveCapacity(vector.count)
    for index in 0..<vector.count {
      let position = try reader.element(of: vector, at: index, "\(path())[\(index)]")
      let text = try reader.string(at: position, "\(path())[\(index)]")
      try budget.charge(text.utf8.count)
      result.append(text)
    }
    return result
  }

  /// Decodes every table of a `[Table]` field with `body` (empty when absent).
  private mutating func tables<T>(
    _ table: FBTable, slot: Int, _ path: String,
    _ body: (inout MetadataDecoder, FBTable, String) throws(TFLiteFormatError) -> T
  ) throws(TFLiteFormatError) -> [T] {
    guard let vector = try offsetVector(table, slot: slot, path) else { return [] }
    var result: [T] = []
    result.reserveCapacity(vector.count)
    for index in 0..<vector.count {
      let elementPath = "\(path)[\(index)]"
      let position = try reader.element(of: vector, at: index, elementPath)
      let element = try reader.table(at: position, path: elementPath)
      result.append(try body(&self, element, elementPath))
    }
    return result
  }

  /// Reads a byte-sized enum field.
  private func byteEnum(_ table: FBTable, slot: Int, _ path: @autoclosure () -> String) throws(TFLiteFormatError)
    -> Int8
  {
    try reader.scalar(table, slot: slot, default: Int8(0), path())
  }

  // MARK: - Tables

  private mutating func decodeModelMetadata() throws(TFLiteFormatError) -> TFLiteMetadata {
    let root = try reader.rootTable()
    typealias S = Slot.ModelMetadata
    let name = try string(root, slot: S.name, "name")
    let description = try string(root, slot: S.description, "description")
    let version = try string(root, slot: S.version, "version")
    let subgraphs = try tables(root, slot: S.subgraphMetadata, "subgraph_metadata") {
      (decoder: inout MetadataDecoder, table, path) throws(TFLiteFormatError) in
      try decoder.decodeSubgraph(table, path)
    }
    let author = try string(root, slot: S.author, "author")
    let license = try string(root, slot: S.license, "license")
    let files = try associatedFiles(root, slot: S.associatedFiles, "associated_files")
    let minParserVersion = try string(root, slot: S.minParserVersion, "min_parser_version")
    return TFLiteMetadata(
      name: name, description: description, version: version, author: author, license: license,
      minParserVersion: minParserVersion, subgraphs: subgraphs, associatedFiles: files)
  }

  private mutating func decodeSubgraph(_ table: FBTable, _ path: String) throws(TFLiteFormatError) -> SubgraphMetadata {
    typealias S = Slot.SubGraphMetadata
    let name = try string(table, slot: S.name, path + ".name")
    let description = try string(table, slot: S.description, path + ".description")
    let inputs = try tables(table, slot: S.inputTensorMetadata, path + ".input_tensor_metadata") {
      (decoder: inout MetadataDecoder, table, path) throws(TFLiteFormatError) in
      try decoder.decodeTensor(table, path)
    }
    let outputs = try tables(table, slot: S.outputTensorMetadata, path + ".output_tensor_metadata") {
      (decoder: inout MetadataDecoder, table, path) throws(TFLiteFormatError) in
      try decoder.decodeTensor(table, path)
    }
    let files = try associatedFiles(table, slot: S.associatedFiles, path + ".associated_files")
    let inputUnits = try processUnits(table, slot: S.inputProcessUnits, path + ".input_process_units")
    let outputUnits = try processUnits(table, slot: S.outputProcessUnits, path + ".output_process_units")
    let inputGroups = try tensorGroups(table, slot: S.inputTensorGroups, path + ".input_tensor_groups")
    let outputGroups = try tensorGroups(table, slot: S.outputTensorGroups, path + ".output_tensor_groups")
    let custom = try tables(table, slot: S.customMetadata, path + ".custom_metadata") {
      (decoder: inout MetadataDecoder, table, path) throws(TFLiteFormatError) in
      try decoder.decodeCustomMetadata(table, path)
    }
    return SubgraphMetadata(
      name: name, description: description, inputs: inputs, outputs: outputs,
      inputProcessUnits: inputUnits, outputProcessUnits: outputUnits, associatedFiles: files,
      inputTensorGroups: inputGroups, outputTensorGroups: outputGroups, customMetadata: custom)
  }

  private mutating func decodeTensor(_ table: FBTable, _ path: String) throws(TFLiteFormatError) -> TensorMetadata {
    typealias S = Slot.TensorMetadata
    let name = try string(table, slot: S.name, path + ".name")
    let description = try string(table, slot: S.description, path + ".description")
    let dimensionNames = try strings(table, slot: S.dimensionNames, path + ".dimension_names")
    var content: TensorContent?
    if let contentTable = try reader.subtable(table, slot: S.content, path + ".content") {
      content = try decodeContent(contentTable, path + ".content")
    }
    let units = try processUnits(table, slot: S.processUnits, path + ".process_units")
    var stats: TensorStats?
    if let statsTable = try reader.subtable(table, slot: S.stats, path + ".stats") {
      stats = TensorStats(
        max: try floats(statsTable, slot: Slot.Stats.max, path + ".stats.max"),
        min: try floats(statsTable, slot: Slot.Stats.min, path + ".stats.min"))
    }
    let files = try associatedFiles(table, slot: S.associatedFiles, path + ".associated_files")
    return TensorMetadata(
      name: name, description: description, dimensionNames: dimensionNames, content: content,
      processUnits: units, stats: stats, associatedFiles: files)
  }

  private mutating func decodeContent(_ table: FBTable, _ path: String) throws(TFLiteFormatError) -> TensorContent {
    typealias S = Slot.Content
    let tag = try reader.scalar(table, slot: S.propertiesType, default: UInt8(0), path + ".content_properties_type")
    var properties: ContentProperties?
    if tag != 0 {
      properties = try decodeContentProperties(table, tag: tag, path + ".content_properties")
    }
    var range: ValueRange?
    if let rangeTable = try reader.subtable(table, slot: S.range, path + ".range") {
      range = ValueRange(
        min: Int(try reader.scalar(rangeTable, slot: Slot.ValueRange.min, default: Int32(0), path + ".range.min")),
        max: Int(try reader.scalar(rangeTable, slot: Slot.ValueRange.max, default: Int32(0), path + ".range.max")))
    }
    return TensorContent(properties: properties, range: range)
  }

  /// Decodes the `ContentProperties` union member with type `tag`. An absent
  /// member table reads as one with all fields at their defaults, as the
  /// schema's generated accessors do.
  private mutating func decodeContentProperties(_ content: FBTable, tag: UInt8, _ path: String)
    throws(TFLiteFormatError) -> ContentProperties
  {
    let knownTags = [ContentTag.feature, ContentTag.image, ContentTag.boundingBox, ContentTag.audio]
    guard knownTags.contains(tag) else { return .unknown(tag) }
    let value = try reader.subtable(content, slot: Slot.Content.properties, path)
    switch tag {
    case ContentTag.feature:
      return .feature
    case ContentTag.image:
      typealias S = Slot.ImageProperties
      let space =
        try value.map { (table) throws(TFLiteFormatError) in
          try byteEnum(table, slot: S.colorSpace, path + ".color_space")
        } ?? 0
      // `default_size` is checked so that the whole table is verified.
      if let value { _ = try reader.subtable(value, slot: S.defaultSize, path + ".default_size") }
      return .image(colorSpace: ColorSpace(rawValue: space))
    case ContentTag.boundingBox:
      typealias S = Slot.BoundingBoxProperties
      guard let value else { return .boundingBox(index: [], type: .unknown, coordinateType: .ratio) }
      return .boundingBox(
        index: try uints(value, slot: S.index, path + ".index"),
        type: BoundingBoxType(rawValue: try byteEnum(value, slot: S.type, path + ".type")),
        coordinateType: CoordinateType(rawValue: try byteEnum(value, slot: S.coordinateType, path + ".coordinate_type"))
      )
    default:
      typealias S = Slot.AudioProperties
      guard let value else { return .audio(sampleRate: 0, channels: 0) }
      return .audio(
        sampleRate: Int(try reader.scalar(value, slot: S.sampleRate, default: UInt32(0), path + ".sample_rate")),
        channels: Int(try reader.scalar(value, slot: S.channels, default: UInt32(0), path + ".channels")))
    }
  }

  private mutating func processUnits(_ table: FBTable, slot: Int, _ path: String) throws(TFLiteFormatError)
    -> [ProcessUnit]
  {
    try tables(table, slot: slot, path) { (decoder: inout MetadataDecoder, table, path) throws(TFLiteFormatError) in
      try decoder.decodeProcessUnit(table, path)
    }
  }

  /// Decodes a `ProcessUnit`. An absent options table reads as one with all
  /// fields at their defaults.
  private mutating func decodeProcessUnit(_ table: FBTable, _ path: String) throws(TFLiteFormatError) -> ProcessUnit {
    let tag = try reader.scalar(table, slot: Slot.ProcessUnit.optionsType, default: UInt8(0), path + ".options_type")
    guard (OptionsTag.normalization...OptionsTag.regexTokenizer).contains(tag) else { return .unknown(tag) }
    let optionsPath = path + ".options"
    let options = try reader.subtable(table, slot: Slot.ProcessUnit.options, optionsPath)
    switch tag {
    case OptionsTag.normalization:
      typealias S = Slot.NormalizationOptions
      guard let options else { return .normalization(mean: [], std: []) }
      return .normalization(
        mean: try floats(options, slot: S.mean, optionsPath + ".mean"),
        std: try floats(options, slot: S.std, optionsPath + ".std"))
    case OptionsTag.scoreCalibration:
      typealias S = Slot.ScoreCalibrationOptions
      guard let options else { return .scoreCalibration(transformation: .identity, defaultScore: 0) }
      let transformation = try byteEnum(options, slot: S.scoreTransformation, optionsPath + ".score_transformation")
      let score = try reader.scalar(options, slot: S.defaultScore, default: UInt32(0), optionsPath + ".default_score")
      return .scoreCalibration(
        transformation: ScoreTransformation(rawValue: transformation), defaultScore: Float(bitPattern: score))
    case OptionsTag.scoreThresholding:
      guard let options else { return .scoreThresholding(globalScoreThreshold: 0) }
      let threshold = try reader.scalar(
        options, slot: Slot.ScoreThresholdingOptions.globalScoreThreshold, default: UInt32(0),
        optionsPath + ".global_score_threshold")
      return .scoreThresholding(globalScoreThreshold: Float(bitPattern: threshold))
    case OptionsTag.bertTokenizer:
      guard let options else { return .bertTokenizer(vocabFiles: []) }
      return .bertTokenizer(
        vocabFiles: try associatedFiles(options, slot: Slot.BertTokenizerOptions.vocabFile, optionsPath + ".vocab_file")
      )
    case OptionsTag.sentencePieceTokenizer:
      typealias S = Slot.SentencePieceTokenizerOptions
      guard let options else { return .sentencePieceTokenizer(modelFiles: [], vocabFiles: []) }
      return .sentencePieceTokenizer(
        modelFiles: try associatedFiles(options, slot: S.sentencePieceModel, optionsPath + ".sentencePiece_model"),
        vocabFiles: try associatedFiles(options, slot: S.vocabFile, optionsPath + ".vocab_file"))
    default:
      typealias S = Slot.RegexTokenizerOptions
      guard let options else { return .regexTokenizer(delimiterRegex: nil, vocabFiles: []) }
      return .regexTokenizer(
        delimiterRegex: try string(options, slot: S.delimRegexPattern, optionsPath + ".delim_regex_pattern"),
        vocabFiles: try associatedFiles(options, slot: S.vocabFile, optionsPath + ".vocab_file"))
    }
  }

  private mutating func tensorGroups(_ table: FBTable, slot: Int, _ path: String) throws(TFLiteFormatError)
    -> [TensorGroup]
  {
    try tables(table, slot: slot, path) { (decoder: inout MetadataDecoder, table, path) throws(TFLiteFormatError) in
      TensorGroup(
        name: try decoder.string(table, slot: Slot.TensorGroup.name, path + ".name"),
        tensorNames: try decoder.strings(table, slot: Slot.TensorGroup.tensorNames, path + ".tensor_names"))
    }
  }

  private mutating func decodeCustomMetadata(_ table: FBTable, _ path: String) throws(TFLiteFormatError)
    -> CustomMetadata
  {
    let name = try string(table, slot: Slot.CustomMetadata.name, path + ".name")
    var data = Data()
    if let vector = try reader.vector(table, slot: Slot.CustomMetadata.data, elementSize: 1, path + ".data") {
      try budget.charge(vector.count)
      data = Data(UnsafeRawBufferPointer(rebasing: reader.bytes[vector.start..<(vector.start &+ vector.count)]))
    }
    return CustomMetadata(name: name, data: data)
  }

  private mutating func associatedFiles(_ table: FBTable, slot: Int, _ path: String) throws(TFLiteFormatError)
    -> [AssociatedFileInfo]
  {
    try tables(table, slot: slot, path) { (decoder: inout MetadataDecoder, table, path) throws(TFLiteFormatError) in
      typealias S = Slot.AssociatedFile
      return AssociatedFileInfo(
        name: try decoder.string(table, slot: S.name, path + ".name"),
        description: try decoder.string(table, slot: S.description, path + ".description"),
        type: AssociatedFileType(rawValue: try decoder.byteEnum(table, slot: S.type, path + ".type")),
        locale: try decoder.string(table, slot: S.locale, path + ".locale"),
        version: try decoder.string(table, slot: S.version, path + ".version"))
    }
  }
}
