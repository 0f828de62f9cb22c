import ArgumentParser
import TensorBridge

/// Options every model-loading command shares.
struct RuntimeOptions: ParsableArguments {
  @Option(name: .long, help: "CPU threads for the kernels (default: LiteRT's, 1).")
  var threads: Int?

  @Flag(name: .customLong("no-xnnpack"), help: "Use LiteRT's builtin kernels instead of XNNPACK.")
  var noXNNPack = false

  @Flag(
    name: .customLong("no-output-capture"),
    help: "Read outputs with data-dependent shapes straight from LiteRT (wrong when they vary).")
  var noOutputCapture = false

  @Option(name: .long, help: "Path of libLiteRt to use instead of searching for it.")
  var runtime: String?

  @Flag(name: .long, help: "Show LiteRT's own log output (standard error).")
  var verbose = false

  /// Runs `body` with LiteRT's log held back unless `--verbose` is set.
  func quietly<T, Failure: Error>(_ body: () throws(Failure) -> T) throws(Failure) -> T {
    if verbose { RuntimeLog.destination = .standardError }
    return try RuntimeLogCapture.run(verbose: verbose, body)
  }

  /// Loads a model with `load`, given the interpreter options these flags ask for, with LiteRT's
  /// log held back unless `--verbose` is set.
  /// - Throws: ``CLIFailure`` with what `load` throws.
  func load<Model>(_ load: (Interpreter.Options) throws -> Model) throws(CLIFailure) -> Model {
    do { return try quietly { try load(interpreterOptions) } } catch { throw CLIFailure(error) }
  }

  func validate() throws {
    if let threads, threads < 1 { throw ValidationError("--threads must be at least 1") }
  }

  /// The interpreter options these flags ask for.
  var interpreterOptions: Interpreter.Options {
    Interpreter.Options(
      threadCount: threads, isXNNPackEnabled: !noXNNPack, runtimeLibraryPath: runtime,
      isOutputCaptureEnabled: !noOutputCapture)
  }
}
