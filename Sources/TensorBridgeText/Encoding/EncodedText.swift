/// A text as a model's input sequences: token ids, attention mask and segment ids, each exactly
/// the requested length.
public struct EncodedText: Sendable, Equatable {
  /// Token ids, padded or truncated.
  public var ids: [Int32]
  /// 1 for every real token (special tokens included), 0 for padding.
  public var mask: [Int32]
  /// Segment (token type) ids; all 0 for one text.
  public var segmentIds: [Int32]
  /// How many tokens the text had before truncation (special tokens included).
  public var tokenCount: Int

  /// Whether the text was cut to fit.
  public var isTruncated: Bool { tokenCount > ids.count }

  /// Creates encoded text.
  public init(ids: [Int32], mask: [Int32], segmentIds: [Int32], tokenCount: Int) {
    self.ids = ids
    self.mask = mask
    self.segmentIds = segmentIds
    self.tokenCount = tokenCount
  }
}
