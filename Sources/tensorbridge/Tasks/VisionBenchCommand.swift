import ArgumentParser
import Foundation
import TensorBridge
import TensorBridgeVision

/// `tensorbridge vision-bench MODEL PHOTO`: the Swift half of bench/vision_bench.sh. Prints one
/// JSON line with the median end-to-end (JPEG file → top-5) and preprocessing (decoded photo →
/// float tensor; by default and with `reducingGap: nil`) times.
struct VisionBenchCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "vision-bench",
    abstract: "Time JPEG → top-5 classification and image preprocessing (used by bench/vision_bench.sh).",
    shouldDisplay: false)

  @Argument(help: "An image classifier (bundle or .tflite with metadata).")
  var model: String

  @Argument(help: "A JPEG photo.")
  var photo: String

  @Option(name: .long, help: "Timed repetitions of each measurement.")
  var runs = 30

  @Option(name: .long, help: "Untimed repetitions first.")
  var warmup = 3

  @Option(name: .long, help: "Preprocessing target size (square).")
  var size = 224

  @Option(
    name: .long,
    help: "Time only this (end-to-end, preprocess, preprocess-exact, preprocess-warp or decode), e.g. under a profiler."
  )
  var only: String?

  @OptionGroup var runtime: RuntimeOptions

  func run() throws {
    let classifier = try runtime.load {
      try ImageClassifier(
        contentsOf: URL(fileURLWithPath: model), options: ImageClassifierOptions(maxResults: 5), interpreterOptions: $0)
    }
    let url = URL(fileURLWithPath: photo)
    var top: [String] = []
    let endToEnd = try Self.median(runs: runs(for: "end-to-end"), warmup: warmup) {
      let result = try classifier.classify(contentsOf: url)
      top = result.categories.map { $0.label ?? "#\($0.index)" }
    }

    let decoded = try PixelBuffer(contentsOf: url)
    var format = ImageInputFormat(width: size, height: size)
    format.normalize(mean: [127.5], std: [127.5])
    let tensorizer = ImageTensorizer(format: format, fitMode: .stretch)
    var tensor = [Float](repeating: 0, count: size * size * 3)
    let preprocess = try Self.median(runs: runs(for: "preprocess"), warmup: warmup) {
      try tensor.withUnsafeMutableBytes { bytes in _ = try tensorizer.write(decoded, into: bytes) }
    }
    let checksum = Double(tensor.reduce(0, +))
    let exact = ImageTensorizer(format: format, fitMode: .stretch, reducingGap: nil)
    let preprocessExact = try Self.median(runs: runs(for: "preprocess-exact"), warmup: warmup) {
      try tensor.withUnsafeMutableBytes { bytes in _ = try exact.write(decoded, into: bytes) }
    }
    let checksumExact = Double(tensor.reduce(0, +))
    let warp = ImageTensorizer(format: format, fitMode: .stretch, filter: .bilinearWarp)
    let preprocessWarp = try Self.median(runs: runs(for: "preprocess-warp"), warmup: warmup) {
      try tensor.withUnsafeMutableBytes { bytes in _ = try warp.write(decoded, into: bytes) }
    }
    let checksumWarp = Double(tensor.reduce(0, +))
    let decode = try Self.median(runs: runs(for: "decode"), warmup: warmup) { _ = try PixelBuffer(contentsOf: url) }
    let report: [String: Any] = [
      "implementation": "swift", "end_to_end_ms": endToEnd, "preprocess_ms": preprocess,
      "preprocess_exact_ms": preprocessExact, "preprocess_warp_ms": preprocessWarp, "checksum_warp": checksumWarp,
      "full_decode_ms": decode,
      "photo": "\(decoded.width)x\(decoded.height)", "top5": top, "checksum": checksum,
      "checksum_exact": checksumExact,
    ]
    let data = try JSONSerialization.data(withJSONObject: report, options: [.sortedKeys])
    print(String(decoding: data, as: UTF8.self))
  }

  /// The timed repetitions of `measurement`: 1 when `--only` names another.
  private func runs(for measurement: String) -> Int { only.map { $0 == measurement ? runs : 1 } ?? runs }

  /// The median wall time of `body` in milliseconds.
  static func median(runs: Int, warmup: Int, _ body: () throws -> Void) throws -> Double {
    for _ in 0..<max(0, warmup) { try body() }
    var times: [Double] = []
    for _ in 0..<max(1, runs) {
      let start = DispatchTime.now().uptimeNanoseconds
      try body()
      times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
    }
    times.sort()
    return times[times.count / 2]
  }
}
