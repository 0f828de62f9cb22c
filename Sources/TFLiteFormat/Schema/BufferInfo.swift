/// Where one of the model's data buffers lies in the file.
public struct BufferInfo: Sendable, Hashable {
  /// The buffer's bytes as offsets into the model data, or nil if the buffer
  /// is empty. Always within the file.
  public let byteRange: Range<Int>?
  /// Whether the bytes are stored after the flatbuffer (the `offset`/`size`
  /// form used by models larger than 2 GB) rather than inline.
  public let isOutOfLine: Bool

  /// The number of bytes in the buffer.
  public var byteCount: Int { byteRange?.count ?? 0 }

  /// Whether the buffer declares data at all (an inline `data` list, even
  /// an empty one, or an out-of-line `offset`), which makes tensors using it
  /// constant rather than computed.
  let declaresData: Bool
}
