import Foundation
import TensorBridge

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The child process that runs a batch of fuzz cases.
///
/// The parent (a ``FuzzSupervisor``; in `tensorbridge fuzz`, the same program) starts it with
/// the campaign's seed, model paths and a range of case indices; the worker regenerates those
/// cases itself (they depend only on the seed, the index and the models) and reports on
/// standard output, one line per event:
///
/// ```
/// @@tbfuzz begin 17
/// @@tbfuzz end 17 invalidModel.indexOutOfRange
/// ```
///
/// `begin` is written (unbuffered) before anything is done for the case, so when the worker
/// dies by a signal or stops answering, the parent knows which case did it. In a replay, case
/// `i` is the file `models[i]` unchanged.
public struct FuzzWorker {
  /// The prefix of every protocol line (LiteRT may print to standard output too).
  public static let linePrefix = "@@tbfuzz "

  /// The campaign's models, in the parent's order.
  public let models: [FuzzSeedModel]
  /// The campaign's seed.
  public let seed: UInt64
  /// Whether case `i` is `models[i]` unchanged.
  public let replay: Bool
  /// The interpreter options every case is loaded with.
  public let options: Interpreter.Options

  /// A worker for the campaign with these models, seed and options.
  ///
  /// - Parameters:
  ///   - models: the campaign's models, in the same order as the parent's.
  ///   - seed: the campaign's seed.
  ///   - replay: whether case `i` is `models[i]` unchanged rather than a mutation.
  ///   - options: the interpreter options every case is loaded with.
  public init(models: [FuzzSeedModel], seed: UInt64, replay: Bool, options: Interpreter.Options) {
    self.models = models
    self.seed = seed
    self.replay = replay
    self.options = options
  }

  /// Runs cases `start..<start+count`, reporting each on standard output.
  /// - Throws: ``FuzzError/negativeCaseRange(start:count:)``, or ``FuzzError/noSuchCase(index:)``
  ///   for a case outside the campaign.
  public func run(start: Int, count: Int) throws(FuzzError) {
    guard start >= 0, count >= 0 else { throw .negativeCaseRange(start: start, count: count) }
    for index in start..<(start + count) {
      Self.emit("begin \(index)")
      let fuzzCase =
        replay
        ? FuzzCase.replay(index: index, models: models)
        : FuzzCase.make(seed: seed, index: index, models: models)
      guard let fuzzCase else { throw .noSuchCase(index: index) }
      // One mutated case in four gets raw input bytes (out-of-range ids, NaNs); replays and
      // the other cases get small valid values so the kernels run.
      let outcome = FuzzExecution.run(
        fuzzCase.bytes, caseIndex: index, rawInputs: !replay && index % 4 == 3, options: options)
      Self.emit("end \(index) \(outcome)")
    }
  }

  /// Writes one protocol line straight to file descriptor 1 (no buffering to lose on a crash).
  public static func emit(_ line: String) {
    FileHandle.standardOutput.write(Data((linePrefix + line + "\n").utf8))
  }

  /// Caps this process's address space so a model that declares huge tensors fails to allocate
  /// instead of exhausting the machine's memory.
  public static func limitAddressSpace(megabytes: Int) {
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
