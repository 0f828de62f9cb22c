import TensorBridgeModels

extension PixelBuffer {
  /// An image output (generated image, one-channel mask) as pixels: `values` in NHWC order
  /// with shape `[1, H, W, C]`, `[H, W, C]` or `[H, W]`, C = 1 (Gray8), 3 (RGB8) or 4 (RGBA8),
  /// mapped with `denormalize` (`pixel = (value + bias[c]) × scale`) and rounded, clamped to 0…255.
  /// Without `denormalize` values are taken as pixels.
  ///
  /// - Parameters:
  ///   - values: The output tensor's values, NHWC.
  ///   - shape: The output tensor's shape: `[1, H, W, C]`, `[H, W, C]` or `[H, W]`.
  ///   - denormalize: Maps each value back to a pixel (the layer's denormalization); nil
  ///     takes the values as pixels.
  ///   - channelOrder: The tensor's channel order (the layer's `format`). A `BGR`
  ///     tensor's channels are put back in RGB order, and the `r`, `g`, `b` biases apply to the
  ///     channels they name (Tensor/IO's BGR identity round trip gives red for red).
  /// - Throws: ``VisionError/outputShape(tensor:shape:expected:)`` when the shape is not an
  ///   image's or does not match the number of values.
  public init(
    values: [Float], shape: [Int], denormalize: PixelTransform? = nil,
    channelOrder: LayerDescription.PixelFormat = .rgb
  ) throws(VisionError) {
    var dims = shape
    if dims.count == 4, dims[0] == 1 { dims.removeFirst() }
    if dims.count == 2 { dims.append(1) }
    guard dims.count == 3, dims[0] > 0, dims[1] > 0, [1, 3, 4].contains(dims[2]) else {
      throw .outputShape(tensor: "image output", shape: shape, expected: "[1, height, width, 1, 3 or 4 channels]")
    }
    let (height, width, channels) = (dims[0], dims[1], dims[2])
    guard values.count == height * width * channels else {
      throw .outputShape(
        tensor: "image output", shape: shape, expected: "\(height * width * channels) values, not \(values.count)")
    }
    let format: PixelFormat = channels == 1 ? .gray8 : channels == 3 ? .rgb8 : .rgba8
    var bytes = [UInt8](repeating: 0, count: values.count)
    let swapsBlueAndRed = channelOrder == .bgr && channels >= 3
    for (index, value) in values.enumerated() {
      let tensorChannel = index % channels
      // The RGB channel this tensor channel holds: BGR(A) puts blue first.
      let channel = swapsBlueAndRed && tensorChannel < 3 ? 2 - tensorChannel : tensorChannel
      var pixel = value
      if let denormalize {
        let bias = denormalize.bias.isEmpty ? 0 : denormalize.bias[channel % denormalize.bias.count]
        pixel = (value + Float(bias)) * Float(denormalize.scale(forChannel: channel))
      }
      bytes[index - tensorChannel + channel] = ImageTensorizer.clampU8(pixel)
    }
    self.init(uncheckedWidth: width, height: height, format: format, bytesPerRow: width * channels, bytes: bytes)
  }

  /// A segmentation mask from per-class scores (`[1, H, W, classes]`): each pixel is the index
  /// of its highest-scoring class (Gray8; ties take the lower index).
  public init(segmentationScores values: [Float], shape: [Int]) throws(VisionError) {
    var dims = shape
    if dims.count == 4, dims[0] == 1 { dims.removeFirst() }
    guard dims.count == 3, dims[0] > 0, dims[1] > 0, dims[2] > 0, dims[2] <= 256,
      values.count == dims[0] * dims[1] * dims[2]
    else {
      throw .outputShape(
        tensor: "segmentation output", shape: shape, expected: "[1, height, width, classes] with at most 256 classes")
    }
    let classes = dims[2]
    var bytes = [UInt8](repeating: 0, count: dims[0] * dims[1])
    for pixel in 0..<bytes.count {
      var best = 0
      var bestScore = -Float.infinity
      for c in 0..<classes where values[pixel * classes + c] > bestScore {
        best = c
        bestScore = values[pixel * classes + c]
      }
      bytes[pixel] = UInt8(best)
    }
    self.init(uncheckedWidth: dims[1], height: dims[0], format: .gray8, bytesPerRow: dims[1], bytes: bytes)
  }
}
