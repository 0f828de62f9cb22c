import ArgumentParser
import Foundation
import TensorBridge

/// `tensorbridge bench MODEL`: load + compile time and median invoke latency.
///
/// The three-way comparison with a C program and Python LiteRT is `make bench`
/// (`bench/compare.sh`), which runs this command next to the other two in one go.
struct BenchCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "bench",
    abstract: "Measure model load + compile time and median invoke latency.")

  @Argument(help: "A .tflite model file.")
  var model: String

  @Option(name: .long, help: "Timed invokes.")
  var runs = 200

  @Option(name: .long, help: "Untimed invokes first.")
  var warmup = 20

  @Option(name: .long, help: "Times to repeat load + compile (median reported).")
  var loads = 5

  @Option(
    name: .long,
    help: ArgumentHelp(
      "INDEX=D0,D1,...: resize input INDEX after loading, before timing invokes (repeatable).",
      discussion:
        "As TensorFlow Lite's benchmark_model --input_layer_shape. The resize (with allocateTensors) is timed on its own: for a fused LSTM at another sequence length it includes lowering and compiling the model again as a loop."
    ))
  var shape: [String] = []

  @Flag(name: .long, help: "Print one JSON object.")
  var json = false

  @OptionGroup var runtime: RuntimeOptions

  func validate() throws {
    guard runs >= 1, warmup >= 0, loads >= 1 else { throw ValidationError("--runs and --loads must be at least 1") }
    _ = try shapes()
  }

  /// The `--shape` arguments as (input index, dimensions).
  private func shapes() throws -> [(index: Int, dimensions: [Int])] {
    try shape.map { argument in
      let parts = argument.split(separator: "=", maxSplits: 1)
      guard parts.count == 2, let index = Int(parts[0]), index >= 0 else {
        throw ValidationError("--shape \(argument): expected INDEX=D0,D1,... (0=1,33,16)")
      }
      let dimensions = parts[1].split(separator: ",", omittingEmptySubsequences: false).map { Int($0) }
      guard !dimensions.isEmpty, dimensions.allSatisfy({ ($0 ?? -1) >= 0 }) else {
        throw ValidationError("--shape \(argument): dimensions must be whole numbers >= 0, separated by commas")
      }
      return (index, dimensions.compactMap { $0 })
    }
  }

  func run() throws {
    try runtime.quietly { try measure() }
  }

  private func measure() throws {
    let data: Data
    data = try CLIFailure.read("model file", at: model)
    var loadTimes: [Double] = []
    var interpreter: Interpreter?
    for _ in 0..<loads {
      interpreter = nil
      let start = DispatchTime.now().uptimeNanoseconds
      do { interpreter = try Interpreter(modelData: data, options: runtime.interpreterOptions) } catch {
        throw CLIFailure(error)
      }
      loadTimes.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
    }
    guard let interpreter else { throw CLIFailure("model did not load") }
    let resizeStart = DispatchTime.now().uptimeNanoseconds
    do {
      for (index, dimensions) in try shapes() { try interpreter.resizeInput(at: index, to: Tensor.Shape(dimensions)) }
      try interpreter.allocateTensors()
    } catch { throw CLIFailure(error) }
    let resize = shape.isEmpty ? 0 : Double(DispatchTime.now().uptimeNanoseconds - resizeStart) / 1e6
    // Deterministic inputs: a repeating byte ramp (valid for every numeric type).
    for index in 0..<interpreter.inputTensorCount {
      do {
        try interpreter.withUnsafeMutableInputBytes(at: index) { bytes in
          for i in bytes.indices { bytes[i] = UInt8(truncatingIfNeeded: (i * 7) % 61) }
        }
      } catch { throw CLIFailure(error) }
    }
    var times: [Double] = []
    times.reserveCapacity(runs)
    do {
      for _ in 0..<warmup { try interpreter.invoke() }
      for _ in 0..<runs {
        let start = DispatchTime.now().uptimeNanoseconds
        try interpreter.invoke()
        times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
      }
    } catch { throw CLIFailure(error) }
    let invoke = median(times)
    let load = median(loadTimes)
    if json {
      let fastest = times.min() ?? 0
      print(
        "{\"impl\": \"swift\", \"invoke_median_ms\": \(invoke), \"invoke_min_ms\": \(fastest), \"load_compile_median_ms\": \(load), \"resize_ms\": \(resize), \"runs\": \(runs), \"loads\": \(loads), \"threads\": \(runtime.threads ?? 1)}"
      )
    } else {
      print(
        String(
          format: "invoke median %.4f ms over %d runs; load + compile median %.3f ms over %d loads", invoke, runs, load,
          loads))
    }
  }

  private func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return 0 }
    return sorted.count % 2 == 1
      ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
  }
}
