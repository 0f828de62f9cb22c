/// What a tensor's content represents (the schema's `ContentProperties` union).
public enum ContentProperties: Sendable, Equatable {
  /// `FeatureProperties`: a generic feature vector, such as scores.
  case feature
  /// `ImageProperties`: an image in the given color space.
  case image(colorSpace: ColorSpace)
  /// `BoundingBoxProperties`: bounding boxes.
  ///
  /// `index` gives the order of the box's four elements relative to the
  /// default order of `type` (empty means the default order);
  /// `coordinateType` says whether coordinates are ratios or pixels.
  case boundingBox(index: [Int], type: BoundingBoxType, coordinateType: CoordinateType)
  /// `AudioProperties`: audio samples at `sampleRate` Hz with `channels` channels.
  case audio(sampleRate: Int, channels: Int)
  /// A union member this reader does not know, identified by its type tag.
  case unknown(UInt8)
}

/// The color space of an image tensor (the schema's `ColorSpaceType`).
public enum ColorSpace: Sendable, Equatable, Hashable {
  /// `UNKNOWN` (0).
  case unknown
  /// `RGB` (1): three channels, red, green, blue.
  case rgb
  /// `GRAYSCALE` (2): one channel.
  case grayscale
  /// A value this reader does not know.
  case other(Int8)

  /// Maps the schema's byte value to a case.
  init(rawValue: Int8) {
    switch rawValue {
    case 0: self = .unknown
    case 1: self = .rgb
    case 2: self = .grayscale
    default: self = .other(rawValue)
    }
  }
}

/// How a bounding box is encoded (the schema's `BoundingBoxType`).
public enum BoundingBoxType: Sendable, Equatable, Hashable {
  /// `UNKNOWN` (0).
  case unknown
  /// `BOUNDARIES` (1): `{left, top, right, bottom}` by default.
  case boundaries
  /// `UPPER_LEFT` (2): `{upper_left_x, upper_left_y, width, height}` by default.
  case upperLeft
  /// `CENTER` (3): `{center_x, center_y, width, height}` by default.
  case center
  /// A value this reader does not know.
  case other(Int8)

  /// Maps the schema's byte value to a case.
  init(rawValue: Int8) {
    switch rawValue {
    case 0: self = .unknown
    case 1: self = .boundaries
    case 2: self = .upperLeft
    case 3: self = .center
    default: self = .other(rawValue)
    }
  }
}

/// The unit of bounding box coordinates (the schema's `CoordinateType`).
public enum CoordinateType: Sendable, Equatable, Hashable {
  /// `RATIO` (0): floats from 0 to 1, relative to the image size.
  case ratio
  /// `PIXEL` (1): integer pixel coordinates.
  case pixel
  /// A value this reader does not know.
  case other(Int8)

  /// Maps the schema's byte value to a case.
  init(rawValue: Int8) {
    switch rawValue {
    case 0: self = .ratio
    case 1: self = .pixel
    default: self = .other(rawValue)
    }
  }
}
