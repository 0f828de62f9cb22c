import Foundation
import TensorBridgeDelivery

/// A one-line progress bar on standard error, drawn from download events.
final class ProgressBar: Sendable {
  private let name: String
  private let drawn = LockedFlag()

  init(name: String) { self.name = name }

  func show(_ event: ModelDownloadEvent) {
    switch event {
    case .started(let eventName, let version, let total, let resumed) where eventName == name:
      let from = resumed > 0 ? ", resuming at \(Self.megabytes(resumed))" : ""
      write("pulling \(name) v\(version) (\(Self.megabytes(total))\(from))\n")
    case .progress(let eventName, let written, let total) where eventName == name && total > 0:
      let width = 30
      let filled = Int(Double(width) * Double(written) / Double(total))
      let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled)
      let percent = Int(100 * Double(written) / Double(total))
      write("\r[\(bar)] \(percent)% \(Self.megabytes(written)) / \(Self.megabytes(total))")
      drawn.set()
    case .succeeded(let model) where model.name == name:
      finish()
      write("verified sha256 \(model.hash)\n")
    default:
      break
    }
  }

  /// Ends the bar's line if one was drawn.
  func finish() {
    if drawn.take() { write("\n") }
  }

  private func write(_ text: String) { FileHandle.standardError.write(Data(text.utf8)) }

  private static func megabytes(_ bytes: Int64) -> String {
    bytes < 1_000_000
      ? String(format: "%.1f kB", Double(bytes) / 1000) : String(format: "%.1f MB", Double(bytes) / 1_000_000)
  }
}

/// A flag set from one thread and taken from another.
final class LockedFlag: @unchecked Sendable {
  private let lock = NSLock()
  private var value = false
  func set() { lock.withLock { value = true } }
  func take() -> Bool {
    lock.withLock {
      defer { value = false }
      return value
    }
  }
}
