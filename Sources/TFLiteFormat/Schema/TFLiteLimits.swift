/// The fixed limits ``TFLiteModel/init(data:)`` enforces.
///
/// They keep a bogus length or shape in a hostile file from causing huge
/// allocations or arithmetic overflow, while leaving ample room for real
/// models (including multi-gigabyte language models).
public enum TFLiteLimits {
  /// The schema version LiteRT supports; other versions are rejected.
  public static let schemaVersion: UInt32 = 3

  /// The largest tensor rank accepted (LiteRT kernels assume small ranks).
  public static let maxRank = 8

  /// The largest byte size a single tensor may describe (2^40 bytes, 1 TiB).
  public static let maxTensorBytes = 1 << 40

  /// The most subgraphs a model may have.
  public static let maxSubgraphs = 1 << 16

  /// The most tensors one subgraph may have.
  public static let maxTensorsPerSubgraph = 1 << 20

  /// The most operators one subgraph may have.
  public static let maxOperatorsPerSubgraph = 1 << 20

  /// The most buffers a model may have.
  public static let maxBuffers = 1 << 22

  /// The most operator codes, signatures, or metadata entries a model may have.
  public static let maxModelListEntries = 1 << 16

  /// The most inputs, outputs or intermediates one operator or subgraph may list.
  public static let maxTensorReferences = 1 << 20

  /// The total number of list entries and string bytes that decoding may
  /// produce for a file of `fileSize` bytes.
  ///
  /// A well-formed model stores each list once, so it decodes to far fewer
  /// entries than it has bytes; the budget only stops files in which many
  /// objects point at the same huge list.
  public static func decodeBudget(forFileSize fileSize: Int) -> Int {
    let (doubled, overflow) = fileSize.multipliedReportingOverflow(by: 2)
    let base = overflow ? Int.max / 2 : doubled
    return base &+ (1 << 22)
  }
}
