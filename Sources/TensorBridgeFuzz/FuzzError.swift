import Foundation

/// Why a fuzz campaign or worker could not go on. A crash or hang of a case is not an error (it
/// is a ``FuzzReport/Finding``); these are failures of the fuzzer itself: a model file it cannot
/// read, a worker it cannot start, a crasher it cannot save.
///
/// The description is one line naming the problem, e.g.
/// `cannot read model file a.tflite: The file “a.tflite” couldn’t be opened…`.
public enum FuzzError: Error, CustomStringConvertible {
  /// A seed model file could not be read.
  case cannotReadModel(path: String, underlying: any Error)
  /// A crashing input (or its `.txt` note) could not be written to the crashers folder.
  case cannotSaveCrasher(directory: String, underlying: any Error)
  /// The file that collects a worker's standard error could not be opened.
  case cannotCreateWorkerLog(path: String)
  /// The worker executable could not be started.
  case cannotStartWorker(executable: String, underlying: any Error)
  /// A worker exited before it reported its first case (so no case is to blame).
  case workerExitedBeforeFirstCase(status: Int32, stderrTail: String)
  /// A worker was given a negative case range.
  case negativeCaseRange(start: Int, count: Int)
  /// A worker was asked for a case that does not exist (a replay index past the last file, or
  /// a campaign without models).
  case noSuchCase(index: Int)
  /// The report could not be encoded as JSON.
  case reportEncodingFailed(underlying: any Error)

  /// One line naming the problem (the `error:` line of `tensorbridge fuzz`).
  public var description: String {
    switch self {
    case .cannotReadModel(let path, let error):
      "cannot read model file \(path): \(Self.reason(error))"
    case .cannotSaveCrasher(let directory, let error):
      "cannot save crasher in \(directory): \(Self.reason(error))"
    case .cannotCreateWorkerLog(let path):
      "cannot create \(path)"
    case .cannotStartWorker(let executable, let error):
      "cannot start fuzz worker \(executable): \(Self.reason(error))"
    case .workerExitedBeforeFirstCase(let status, let tail):
      "fuzz worker exited with status \(status) before its first case: \(tail)"
    case .negativeCaseRange:
      "worker case range must not be negative"
    case .noSuchCase(let index):
      "fuzz case \(index) does not exist"
    case .reportEncodingFailed(let error):
      String(describing: error)
    }
  }

  /// A file or process error's reason, as Foundation words it.
  private static func reason(_ error: any Error) -> String { (error as NSError).localizedDescription }
}
