import Foundation
import NIOConcurrencyHelpers

/// Counts download answers per version per UTC day in memory, so that the download route (the
/// hot path, answered from memory) never waits on a database write. The counts are written to
/// the store in batches: when ``flushInterval`` has passed since the last write or
/// ``flushThreshold`` answers are pending, before every read of the counts, and when the server
/// stops. A crash loses at most the pending counts.
final class DownloadTally: Sendable {
  /// A version on a UTC day.
  struct Key: Hashable, Sendable {
    var model: String
    var version: Int
    /// `YYYY-MM-DD`, UTC.
    var day: String
  }

  private struct State {
    var pending: [Key: Int] = [:]
    var pendingTotal = 0
    var lastFlush: Date
  }

  /// The longest time counts wait in memory while downloads keep coming.
  let flushInterval: TimeInterval
  /// The most answers counted before a write.
  let flushThreshold: Int
  private let state: NIOLockedValueBox<State>

  /// Creates an empty tally.
  init(flushInterval: TimeInterval = 2, flushThreshold: Int = 1000, now: Date = Date()) {
    self.flushInterval = flushInterval
    self.flushThreshold = flushThreshold
    state = NIOLockedValueBox(State(lastFlush: now))
  }

  /// Counts one download answer; returns the counts to write now, if it is time to.
  func record(model: String, version: Int, now: Date = Date()) -> [Key: Int]? {
    let key = Key(model: model, version: version, day: Self.day(now))
    return state.withLockedValue { state in
      state.pending[key, default: 0] += 1
      state.pendingTotal += 1
      guard state.pendingTotal >= flushThreshold || now.timeIntervalSince(state.lastFlush) >= flushInterval else {
        return nil
      }
      return Self.take(&state, now: now)
    }
  }

  /// Takes every pending count (to write before a read, or at shutdown).
  func drain(now: Date = Date()) -> [Key: Int] {
    state.withLockedValue { Self.take(&$0, now: now) }
  }

  private static func take(_ state: inout State, now: Date) -> [Key: Int] {
    let batch = state.pending
    state.pending = [:]
    state.pendingTotal = 0
    state.lastFlush = now
    return batch
  }

  /// The UTC day of `date`, `YYYY-MM-DD`.
  static func day(_ date: Date) -> String {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC") ?? TimeZone(secondsFromGMT: 0) ?? calendar.timeZone
    let parts = calendar.dateComponents([.year, .month, .day], from: date)
    let year = parts.year ?? 1970
    let month = parts.month ?? 1
    let day = parts.day ?? 1
    return String(format: "%04d-%02d-%02d", year, month, day)
  }
}
