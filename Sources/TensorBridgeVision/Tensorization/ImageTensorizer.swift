import CVisionCodecs

/// Writes an image into an input tensor's memory in one pass: the fit (crop or letterbox),
/// the resize, the channel order and the normalization or quantization are fused, so the only
/// intermediate is the few resampled rows the separable filter needs.
public struct ImageTensorizer: Sendable {
  /// The tensor's format.
  public let format: ImageInputFormat
  /// How the image is fitted into the tensor.
  public var fitMode: FitMode
  /// The resampling filter.
  public var filter: ResizeFilter
  /// Large downscales first average integer blocks until the filter's own shrink is at most
  /// this (see ``ResizeFilter/defaultReducingGap``); nil resamples directly.
  public var reducingGap: Double?
  /// Resample, reduce and normalize float rows in the C passes compiled for the CPU's vector
  /// units (`tbv_normalize_row`, see ``Resampler``); false keeps the Swift loops, the
  /// reference the tests compare them with.
  var vectorized = true

  /// Creates a tensorizer.
  public init(
    format: ImageInputFormat, fitMode: FitMode = .stretch, filter: ResizeFilter = .bilinear,
    reducingGap: Double? = ResizeFilter.defaultReducingGap
  ) {
    self.format = format
    self.fitMode = fitMode
    self.filter = filter
    self.reducingGap = reducingGap
  }

  /// Writes `image` into `bytes` (the tensor's memory) and returns the map from tensor
  /// coordinates back to the image's pixels.
  ///
  /// - Throws: ``VisionError/unsupportedImageInput(tensor:shape:reason:)`` when `bytes` does
  ///   not have the format's size.
  @discardableResult
  public func write(_ image: PixelBuffer, into bytes: UnsafeMutableRawBufferPointer, tensor: String = "input")
    throws(VisionError) -> ImageTransform
  {
    guard bytes.count == format.byteCount else {
      throw .unsupportedImageInput(
        tensor: tensor, shape: [1, format.height, format.width, format.channels],
        reason: "the tensor has \(bytes.count) bytes, the format needs \(format.byteCount)")
    }
    let (source, target) = fitMode.regions(
      sourceWidth: image.width, sourceHeight: image.height,
      targetWidth: format.width, targetHeight: format.height, filter: filter)
    // MediaPipe's letterbox warps a region reaching outside the image: its border pixels.
    let outside: UInt8? = if case .letterbox(let fill) = fitMode, filter == .bilinearWarp { fill } else { nil }
    let transform = FitMode.mapping(from: target, to: source)
    let (multipliers, addends) = format.affine()
    let outChannels = format.channels
    // Channels read from the image, in the model's order; gray images are replicated.
    let offsets = image.format.rgbOffsets
    let read: [Int]
    if image.format == .gray8 {
      read = [0]
    } else if outChannels == 1 || format.channelOrder == .rgb {
      read = [offsets.red, offsets.green, offsets.blue]
    } else {
      read = [offsets.blue, offsets.green, offsets.red]
    }
    let targetX = Int(target.x)
    let targetY = Int(target.y)
    let targetWidth = Int(target.width)
    let targetHeight = Int(target.height)
    let rowElements = format.width * outChannels

    switch format.dataType {
    case .float32:
      let out = bytes.bindMemory(to: Float.self)
      if case .letterbox(let fill) = fitMode {
        fillAll(out, fill: fill, multipliers: multipliers, addends: addends) { $0 }
      }
      // Rows of as many channels as the tensor's are normalized in C (`tbv_normalize_row`).
      let inC = vectorized && read.count == outChannels
      Resampler.resample(
        image, channels: read, source: source, width: targetWidth, height: targetHeight, filter: filter,
        reducingGap: reducingGap, outside: outside, vectorized: vectorized
      ) { y, row in
        let start = (targetY + y) * rowElements + targetX * outChannels
        if inC, Self.normalize(row, into: out, at: start, multipliers: multipliers, addends: addends) { return }
        Self.store(
          row, into: out, at: start, count: targetWidth, readChannels: read.count, outChannels: outChannels,
          multipliers: multipliers, addends: addends
        ) { $0 }
      }
    case .uInt8:
      let out = bytes.bindMemory(to: UInt8.self)
      if case .letterbox(let fill) = fitMode {
        fillAll(out, fill: fill, multipliers: multipliers, addends: addends, Self.clampU8)
      }
      // uint8 inputs take the pixels as they are (`affine()` is the identity for them).
      let raw = read.count == outChannels
      Resampler.resample(
        image, channels: read, source: source, width: targetWidth, height: targetHeight, filter: filter,
        reducingGap: reducingGap, outside: outside, vectorized: vectorized
      ) { y, row in
        let start = (targetY + y) * rowElements + targetX * outChannels
        if raw {
          _ = UnsafeMutableBufferPointer(rebasing: out[start..<(start + row.count)]).update(fromContentsOf: row)
          return
        }
        Self.store(
          row, into: out, at: (targetY + y) * rowElements + targetX * outChannels, count: targetWidth,
          readChannels: read.count, outChannels: outChannels, multipliers: multipliers, addends: addends, Self.clampU8)
      }
    case .int8:
      let out = bytes.bindMemory(to: Int8.self)
      if case .letterbox(let fill) = fitMode {
        fillAll(out, fill: fill, multipliers: multipliers, addends: addends, Self.clampI8)
      }
      Resampler.resample(
        image, channels: read, source: source, width: targetWidth, height: targetHeight, filter: filter,
        reducingGap: reducingGap, outside: outside, vectorized: vectorized
      ) { y, row in
        Self.store(
          row, into: out, at: (targetY + y) * rowElements + targetX * outChannels, count: targetWidth,
          readChannels: read.count, outChannels: outChannels, multipliers: multipliers, addends: addends, Self.clampI8)
      }
    default:
      throw .unsupportedDataType(
        tensor: tensor, type: format.dataType, use: "for image inputs (float32, uint8 and int8 are)")
    }
    return transform
  }

  private func fillAll<T>(
    _ out: UnsafeMutableBufferPointer<T>, fill: UInt8, multipliers: [Float], addends: [Float], _ convert: (Float) -> T
  ) {
    let channels = multipliers.count
    let values = (0..<channels).map { convert(Float(fill) * multipliers[$0] + addends[$0]) }
    for index in 0..<out.count { out[index] = values[index % channels] }
  }

  /// Writes one resampled row of as many channels as the tensor's through `tbv_normalize_row`:
  /// the floats ``store(_:into:at:count:readChannels:outChannels:multipliers:addends:_:)`` writes.
  /// False (nothing written) when the row does not fit the tensor there.
  private static func normalize(
    _ row: UnsafeBufferPointer<UInt8>, into out: UnsafeMutableBufferPointer<Float>, at start: Int,
    multipliers: [Float], addends: [Float]
  ) -> Bool {
    let channels = multipliers.count
    // A whole row of pixels, landing inside the tensor (the fit's target region is inside it).
    guard (1...4).contains(channels), addends.count == channels, row.count % channels == 0, start >= 0,
      start + row.count <= out.count, let source = row.baseAddress, let base = out.baseAddress
    else { return false }
    return multipliers.withUnsafeBufferPointer { m in
      addends.withUnsafeBufferPointer { a in
        guard let mBase = m.baseAddress, let aBase = a.baseAddress else { return false }
        tbv_normalize_row(source, row.count / channels, channels, mBase, aBase, base + start)
        return true
      }
    }
  }

  /// Writes one resampled row (`count` pixels of `readChannels` bytes) as tensor elements.
  @inline(__always)
  private static func store<T>(
    _ row: UnsafeBufferPointer<UInt8>, into out: UnsafeMutableBufferPointer<T>, at start: Int, count: Int,
    readChannels: Int, outChannels: Int, multipliers: [Float], addends: [Float], _ convert: (Float) -> T
  ) {
    var o = start
    if outChannels == 3 && readChannels == 3 {
      let m0 = multipliers[0]
      let m1 = multipliers[1]
      let m2 = multipliers[2]
      let a0 = addends[0]
      let a1 = addends[1]
      let a2 = addends[2]
      var i = 0
      for _ in 0..<count {
        out[o] = convert(Float(row[i]) * m0 + a0)
        out[o + 1] = convert(Float(row[i + 1]) * m1 + a1)
        out[o + 2] = convert(Float(row[i + 2]) * m2 + a2)
        i += 3
        o += 3
      }
    } else if outChannels == 3 {  // gray image, colour model
      for x in 0..<count {
        let p = Float(row[x])
        out[o] = convert(p * multipliers[0] + addends[0])
        out[o + 1] = convert(p * multipliers[1] + addends[1])
        out[o + 2] = convert(p * multipliers[2] + addends[2])
        o += 3
      }
    } else if readChannels == 3 {  // colour image, gray model: luma as Pillow's convert("L")
      var i = 0
      for _ in 0..<count {
        let luma = PixelBuffer.luma(row[i], row[i + 1], row[i + 2])
        out[o] = convert(Float(luma) * multipliers[0] + addends[0])
        i += 3
        o += 1
      }
    } else {
      for x in 0..<count {
        out[o] = convert(Float(row[x]) * multipliers[0] + addends[0])
        o += 1
      }
    }
  }

  @inline(__always) static func clampU8(_ value: Float) -> UInt8 {
    let rounded = value.rounded(.toNearestOrAwayFromZero)
    return !(rounded > 0) ? 0 : rounded >= 255 ? 255 : UInt8(rounded)  // NaN → 0
  }

  @inline(__always) static func clampI8(_ value: Float) -> Int8 {
    let rounded = value.rounded(.toNearestOrAwayFromZero)
    return !(rounded > -128) ? -128 : rounded >= 127 ? 127 : Int8(rounded)  // NaN → -128
  }
}
