/// How a segmentation at the model's output size becomes one class per image pixel
/// (``SegmentationResult/categoryMaskOverImage()``).
public enum MaskUpsampling: Sendable, Equatable, CaseIterable {
  /// The class of the model pixel each image pixel's centre falls in, through the fit and the
  /// orientation: the TFLite Task Library's `ImageSegmenter`.
  case nearest
  /// MediaPipe Tasks' `ImageSegmenter` on the CPU (`ProcessForCategoryMaskCpu`): at every image
  /// pixel the scores are interpolated bilinearly with the corners aligned (a pixel index times
  /// `(model size − 1) / (image size − 1)` per axis, in `Float`), then the pixel takes class 0
  /// where a single score is above 0.5 (else ``Segmentation/unlabeled``), or the first highest
  /// score's class. It needs the scores, which ``ImageSegmenter`` then keeps beside the category
  /// mask, and a stretched fit, as MediaPipe's segmenter fits; other fits fall back to
  /// ``nearest``.
  case mediaPipe
}
