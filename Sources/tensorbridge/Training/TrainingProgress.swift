import Foundation

/// A one-line progress bar on standard error: steps done, the epoch and the running loss (the
/// mean of the steps so far).
final class TrainingProgress {
  private let total: Int
  private var sum: Double = 0
  private var count = 0

  init(total: Int) { self.total = max(total, 1) }

  func show(step: Int, epoch: Int, loss: Float) {
    sum += Double(loss)
    count += 1
    let width = 30
    let filled = min(width, width * step / total)
    let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled)
    let running = String(format: "%.5f", sum / Double(count))
    write("\r[\(bar)] step \(step)/\(total) epoch \(epoch) loss \(String(format: "%.5f", loss)) running \(running)")
  }

  func finish() { if count > 0 { write("\n") } }

  private func write(_ text: String) { FileHandle.standardError.write(Data(text.utf8)) }
}
