extension ObjectDetector {
  /// Detects objects in a frame whose pixels are stored with `orientation` (for example a
  /// camera frame, or an image whose EXIF tag was not applied). The image is turned upright
  /// for the model; boxes and keypoints come back in the stored pixels' coordinates, as the
  /// Task Library's detector returns them for a `FrameBuffer` with an orientation.
  ///
  /// - Throws: ``VisionError`` as ``detect(_:)``.
  public func detect(_ image: PixelBuffer, orientation: ImageOrientation) throws(VisionError) -> DetectionResult {
    if orientation == .up { return try detect(image) }
    let result = try detect(image.oriented(orientation))
    let toStored = orientation.uprightToStored(storedWidth: image.width, storedHeight: image.height)
    let detections = result.detections.map { detection in
      Detection(
        boundingBox: toStored.apply(detection.boundingBox), categories: detection.categories,
        keypoints: detection.keypoints.map { point in
          let mapped = toStored.apply(x: point.x, y: point.y)
          return ImagePoint(x: mapped.x, y: mapped.y)
        })
    }
    return DetectionResult(detections: detections, transform: toStored.concatenating(after: result.transform))
  }
}

extension ImageClassifier {
  /// Classifies a frame whose pixels are stored with `orientation`; it is turned upright first,
  /// as the Task Library's classifier does for a `FrameBuffer` with an orientation. The result's
  /// transform maps model-input coordinates to the stored pixels.
  ///
  /// - Throws: ``VisionError`` as ``classify(_:)``.
  public func classify(_ image: PixelBuffer, orientation: ImageOrientation) throws(VisionError)
    -> ImageClassificationResult
  {
    if orientation == .up { return try classify(image) }
    let result = try classify(image.oriented(orientation))
    let toStored = orientation.uprightToStored(storedWidth: image.width, storedHeight: image.height)
    return ImageClassificationResult(
      categories: result.categories, transform: toStored.concatenating(after: result.transform))
  }
}
