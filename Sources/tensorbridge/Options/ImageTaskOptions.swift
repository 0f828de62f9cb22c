import ArgumentParser

/// The options `classify`, `detect` and `segment` share: how an image is fitted, resampled and
/// turned before it reaches the model, whose display names are shown, and the output form.
struct ImageTaskOptions: ParsableArguments {
  @Option(name: .long, help: "How to fit images to the input: stretch, center-crop or letterbox.")
  var fit: FitOption = .stretch

  @Option(
    name: .long,
    help:
      "Whose resampling feeds the model: pillow (antialiased) or task-library (libyuv's bilinear, byte for byte as the TFLite Task Library)."
  )
  var resize: ResizeOption = .pillow

  @Option(
    name: .long,
    help:
      "How the pixels are stored (EXIF 1-8 or up, down, left, right, up-mirrored, …): the image's EXIF tag is then ignored, the task turns the image this way and reports boxes and masks in the stored pixels."
  )
  var orientation: OrientationOption?

  @Option(name: .long, help: "The locale of the display names taken from the model's metadata (JSON \"displayName\").")
  var displayNamesLocale = "en"

  @Flag(name: .long, help: "Print one JSON object per image (JSON lines).")
  var json = false
}
