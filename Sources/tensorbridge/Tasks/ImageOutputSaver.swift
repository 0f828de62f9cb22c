import Foundation
import TensorBridgeModels
import TensorBridgeVision

/// `tensorbridge run --save-images DIR`: image outputs of a bundle as PNG files.
enum ImageOutputSaver {
  /// Whether a `--input` file is a picture for an image layer.
  static func isImageFile(_ path: String) -> Bool {
    ["jpg", "jpeg", "png"].contains(URL(fileURLWithPath: path).pathExtension.lowercased())
  }

  /// Writes `<index>_<layer>.png` for every `"type": "image"` output (denormalized as described)
  /// and every `[1, H, W, 1]` output (a mask: values taken as pixels after clamping; use
  /// `denormalize` to scale 0…1 masks). Other outputs are skipped.
  static func save(_ outputs: ModelOutputs, description: ModelDescription, to folder: String) throws(CLIFailure) {
    do { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) } catch {
      throw CLIFailure("cannot create \(folder): \(error.localizedDescription)")
    }
    for (index, output) in outputs.layers.enumerated() {
      let layer = description.outputs.first { $0.name == output.name }
      let isMask = output.shape.count == 4 && output.shape.first == 1 && output.shape.last == 1
      guard layer?.kind == .image || isMask else { continue }
      let image: PixelBuffer
      do {
        image = try PixelBuffer(
          values: output.values, shape: output.shape, denormalize: layer?.denormalize,
          channelOrder: layer?.pixelFormat ?? .rgb)
      } catch {
        throw CLIFailure("output '\(output.name)': \(error)")
      }
      let safe = output.name.map { $0.isLetter || $0.isNumber || $0 == "-" ? $0 : "_" }
      let path = URL(fileURLWithPath: folder).appendingPathComponent("\(index)_\(String(safe)).png")
      do { try image.writePNG(to: path) } catch { throw CLIFailure(error.description) }
    }
  }
}
