import Foundation

/// Counts the costly steps of loading a model — reading the file, verifying the flatbuffer,
/// deriving a description, compiling — so that tests (and `TENSORBRIDGE_LOAD_REPORT=1` in the
/// CLI) can check that one load does each step once.
///
/// Observation is opt-in and scoped to a task: set ``current`` with `withValue` around the code
/// to observe. Without an observer a step costs one task-local lookup.
///
/// ```swift
/// let observer = LoadObserver()
/// let model = try LoadObserver.$current.withValue(observer) { try Model(contentsOf: url) }
/// observer.count(of: .compile)   // 1
/// ```
public final class LoadObserver: @unchecked Sendable {
  /// A step of loading a model.
  public enum Step: String, Sendable, CaseIterable {
    /// The model file's bytes were read from disk.
    case read
    /// The flatbuffer was decoded and verified (``TFLiteModel/init(data:)``).
    case verify
    /// TensorBridge rewrote the model for the runtime (output capture, lowering of fused
    /// recurrent operators) and verified the new bytes: new bytes, not the same ones again.
    case rewrite
    /// A model description was derived from the model (TensorBridgeModels).
    case describe
    /// LiteRT compiled the model (an `Interpreter` was created).
    case compile
  }

  /// The observer of the current task, if any.
  @TaskLocal public static var current: LoadObserver?

  private let lock = NSLock()
  private var counts: [Step: Int] = [:]
  private var notes: [Step: [String]] = [:]

  /// Creates an observer with every count at zero.
  public init() {}

  /// How many times `step` happened while this observer was current.
  public func count(of step: Step) -> Int {
    lock.lock()
    defer { lock.unlock() }
    return counts[step, default: 0]
  }

  /// What was noted with each occurrence of `step` (e.g. the options a model was compiled
  /// with), in order.
  public func details(of step: Step) -> [String] {
    lock.lock()
    defer { lock.unlock() }
    return notes[step, default: []]
  }

  /// Every count, for reports: `read=1 verify=1 describe=1 compile=1`, then `rewrite=N` when
  /// the model was rewritten.
  public var summary: String {
    let steps: [Step] = [.read, .verify, .describe, .compile] + (count(of: .rewrite) > 0 ? [.rewrite] : [])
    return steps.map { "\($0.rawValue)=\(count(of: $0))" }.joined(separator: " ")
  }

  /// Notes one occurrence of `step` with the current observer, if there is one. `detail` is
  /// evaluated only when there is an observer.
  public static func record(_ step: Step, detail: @autoclosure () -> String? = nil) {
    guard let observer = current else { return }
    let note = detail()
    observer.lock.lock()
    observer.counts[step, default: 0] += 1
    if let note { observer.notes[step, default: []].append(note) }
    observer.lock.unlock()
  }
}
