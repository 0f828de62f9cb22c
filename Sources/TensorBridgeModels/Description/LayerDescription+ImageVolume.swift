extension LayerDescription {
  /// An image layer's height, width and channels, read from its shape as Tensor/IO's
  /// `TIOImageVolumeForShape` reads them.
  public struct ImageVolume: Sendable, Equatable {
    /// Rows.
    public var height: Int
    /// Columns.
    public var width: Int
    /// Values per pixel.
    public var channels: Int

    /// Creates a volume.
    public init(height: Int, width: Int, channels: Int) {
      self.height = height
      self.width = width
      self.channels = channels
    }
  }

  /// The volume of an image shape: `[height, width, channels]`, or four dimensions with the
  /// batch first (`-1`, or — a TensorBridge extension — `1`) or last (`-1`); `nil` for any other
  /// shape (Tensor/IO's `kTIOImageVolumeInvalid`).
  ///
  /// - Parameter shape: A layer's `shape` from `model.json`.
  /// - Returns: The volume, or `nil`.
  public static func imageVolume(_ shape: [Int]) -> ImageVolume? {
    switch shape.count {
    case 3: return ImageVolume(height: shape[0], width: shape[1], channels: shape[2])
    case 4 where shape[0] == -1 || shape[0] == 1:
      return ImageVolume(height: shape[1], width: shape[2], channels: shape[3])
    case 4 where shape[3] == -1: return ImageVolume(height: shape[0], width: shape[1], channels: shape[2])
    default: return nil
    }
  }

  /// This layer's image volume (``imageVolume(_:)`` of its shape); `nil` for a shape that is
  /// not an image's.
  public var imageVolume: ImageVolume? { Self.imageVolume(shape) }
}
