import Foundation
import ModelHubAPI

/// Counting download answers and reading the counts with the pending ones included.
extension HubContext {
  /// Counts one download answer naming `version` of `model`, writing a batch in the background
  /// when one is due (the answer never waits for it).
  func countDownload(model: String, version: Int) {
    guard let batch = downloads.record(model: model, version: version) else { return }
    Task { await writeDownloadCounts(batch) }
  }

  /// Writes every pending count (before a read, and when the server stops).
  func flushDownloadCounts() async {
    await writeDownloadCounts(downloads.drain())
  }

  /// The counts of `name` over the last `days` UTC days (today included), pending ones written first.
  func downloadCounts(_ name: String, days: Int, now: Date = Date()) async throws -> HubDownloadCounts {
    await flushDownloadCounts()
    let since = DownloadTally.day(now.addingTimeInterval(-Double(max(1, days) - 1) * 86_400))
    return try await store.downloadCounts(name, since: since)
  }

  private func writeDownloadCounts(_ batch: [DownloadTally.Key: Int]) async {
    guard !batch.isEmpty else { return }
    do { try await store.addDownloadCounts(batch) } catch {
      logger.error("download counts not written", metadata: ["error": "\(error)", "versions": "\(batch.count)"])
    }
  }
}
