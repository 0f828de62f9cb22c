import ArgumentParser
import Foundation
import TensorBridge

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Hidden options that make `tensorbridge fuzz` run as a worker child process:
/// `tensorbridge fuzz --worker-start 500 --worker-count 500 --seed 7 MODEL...`.
///
/// (A worker *subcommand* cannot be used: `fuzz` takes its models as positional arguments,
/// which ArgumentParser would consume before looking for a subcommand name.)
struct FuzzWorkerOptions: ParsableArguments {
  @Option(name: .customLong("worker-start"), help: .hidden)
  var start: Int?

  @Option(name: .customLong("worker-count"), help: .hidden)
  var count = 0
}

/// The child process that runs a batch of fuzz cases.
///
/// The parent (``FuzzCommand``) starts it with the campaign's seed, model paths and a range of
/// case indices; the worker regenerates those cases itself (they depend only on the seed, the
/// index and the models) and reports on standard output, one line per event:
///
/// ```
/// @@tbfuzz begin 17
/// @@tbfuzz end 17 invalidModel.indexOutOfRange
/// ```
///
/// `begin` is written (unbuffered) before anything is done for the case, so when the worker
/// dies by a signal or stops answering, the parent knows which case did it. In a replay, case
/// `i` is the file `models[i]` unchanged.
struct FuzzWorker {
  /// The prefix of every protocol line (LiteRT may print to standard output too).
  static let linePrefix = "@@tbfuzz "

  let models: [FuzzSeedModel]
  let seed: UInt64
  let replay: Bool
  let options: Interpreter.Options

  /// Runs cases `start..<start+count`, reporting each on standard output.
  func run(start: Int, count: Int) throws(CLIFailure) {
    guard start >= 0, count >= 0 else { throw CLIFailure("worker case range must not be negative") }
    for index in start..<(start + count) {
      Self.emit("begin \(index)")
      let fuzzCase = replay
        ? FuzzCase.replay(index: index, models: models)
        : FuzzCase.make(seed: seed, index: index, models: models)
      guard let fuzzCase else { throw CLIFailure("fuzz case \(index) does not exist") }
      // One mutated case in four gets raw input bytes (out-of-range ids, NaNs); replays and
      // the other cases get small valid values so the kernels run.
      let outcome = FuzzExecution.run(
        fuzzCase.bytes, caseIndex: index, rawInputs: !replay && index % 4 == 3, options: options)
      Self.emit("end \(index) \(outcome)")
    }
  }

  /// Writes one protocol line straight to file descriptor 1 (no buffering to lose on a crash).
  static func emit(_ line: String) {
    FileHandle.standardOutput.write(Data((linePrefix + line + "\n").utf8))
  }

  /// Caps this process's address space so a model that declares huge tensors fails to allocate
  /// instead of exhausting the machine's memory.
  static func limitAddressSpace(megabytes: Int) {
    guard megabytes > 0 else { return }
    let bytes = rlim_t(megabytes) << 20
    var limit = rlimit(rlim_cur: bytes, rlim_max: bytes)
    #if os(Linux)
    _ = setrlimit(__rlimit_resource_t(RLIMIT_AS.rawValue), &limit)
    #else
    _ = setrlimit(RLIMIT_AS, &limit)
    #endif
  }
}
