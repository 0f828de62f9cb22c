/// What a tensor holds and which of its dimensions hold it (the schema's `Content`).
public struct TensorContent: Sendable, Equatable {
  /// The kind of content, or nil when the metadata does not say.
  public let properties: ContentProperties?
  /// The range of dimensions the content occupies, or nil when it uses all
  /// dimensions (except the batch axis, if any).
  public let range: ValueRange?

  /// Creates a content description.
  public init(properties: ContentProperties?, range: ValueRange?) {
    self.properties = properties
    self.range = range
  }
}

/// An inclusive range of integers (the schema's `ValueRange`), for example
/// the dimensions of a tensor that hold its content.
public struct ValueRange: Sendable, Equatable, Hashable {
  /// The lower bound.
  public let min: Int
  /// The upper bound.
  public let max: Int

  /// Creates a range from its bounds.
  public init(min: Int, max: Int) {
    self.min = min
    self.max = max
  }
}
