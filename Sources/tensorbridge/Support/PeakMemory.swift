import Foundation

/// The process's peak resident memory, as the kernel counts it (`VmHWM`).
enum PeakMemory {
  static func kilobytes() -> Int? {
    guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
      let line = text.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") })
    else { return nil }
    return Int(line.dropFirst("VmHWM:".count).trimmingCharacters(in: .whitespaces).split(separator: " ").first ?? "")
  }
}
