import Foundation

/// An opaque, named block of bytes attached to a subgraph for a specific
/// consumer (the schema's `CustomMetadata`), such as MediaPipe's
/// `SEGMENTER_METADATA`.
public struct CustomMetadata: Sendable, Equatable {
  /// The block's name.
  public let name: String?
  /// The block's bytes, uninterpreted.
  public let data: Data

  /// Creates a custom metadata block.
  public init(name: String?, data: Data) {
    self.name = name
    self.data = data
  }
}
