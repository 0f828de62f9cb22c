#if canImport(CoreGraphics)
  import CoreGraphics
  import TensorBridgeVision

  /// `CGImage` input, where ML Kit took a `VisionImage` made from a `UIImage` or `CGImage`: the
  /// image is drawn into an RGBA8 ``PixelBuffer`` and labeled as any other.
  extension ImageLabeler {
    /// Labels `image`, best first, as ML Kit's `results(in:)`.
    /// - Throws: as `results(in:)` on a ``PixelBuffer``, or ``MLKitError/vision(_:)`` when the image
    ///   cannot be drawn.
    public func results(in image: CGImage) throws(MLKitError) -> [ImageLabel] {
      try results(in: try PixelBuffer(drawing: image))
    }

    /// The async form of `process(_:completion:)` on a `CGImage`.
    public func process(_ image: CGImage) async throws(MLKitError) -> [ImageLabel] {
      try await process(try PixelBuffer(drawing: image))
    }

    /// Labels `image` and calls `completion` on an arbitrary thread with the labels or the error,
    /// as ML Kit's `process(_:completion:)`.
    public func process(_ image: CGImage, completion: @escaping @Sendable ([ImageLabel]?, MLKitError?) -> Void) {
      let pixels: PixelBuffer
      do throws(MLKitError) { pixels = try PixelBuffer(drawing: image) } catch { return completion(nil, error) }
      process(pixels, completion: completion)
    }
  }

  extension PixelBuffer {
    /// `image` drawn into a packed RGBA8 buffer (premultiplied alpha; opaque images are unchanged),
    /// top row first.
    init(drawing image: CGImage) throws(MLKitError) {
      let width = image.width
      let height = image.height
      let (bytesPerRow, overflow) = width.multipliedReportingOverflow(by: 4)
      let failure = MLKitError.vision(
        .image(.invalidGeometry(width: width, height: height, bytesPerRow: bytesPerRow, format: .rgba8)))
      guard !overflow, width > 0, height > 0 else { throw failure }
      var bytes = [UInt8](repeating: 0, count: bytesPerRow * height)
      let drawn = bytes.withUnsafeMutableBytes { buffer -> Bool in
        guard
          let context = CGContext(
            data: buffer.baseAddress, width: width, height: height, bitsPerComponent: 8, bytesPerRow: bytesPerRow,
            space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue
          )
        else { return false }
        context.draw(image, in: CGRect(x: 0, y: 0, width: width, height: height))
        return true
      }
      guard drawn else { throw failure }
      do {
        self = try PixelBuffer(width: width, height: height, format: .rgba8, bytesPerRow: bytesPerRow, bytes: bytes)
      } catch {
        throw .vision(.image(error))
      }
    }
  }
#endif
