import Foundation
import ModelHubAPI

/// A downloads-over-time chart drawn on the server as inline SVG: one line per version over
/// the last ``days`` UTC days, with a table of the same numbers for screen readers and copying.
struct DownloadChart: Sendable {
  /// One version's line.
  struct Series: Sendable {
    var label: String
    /// `series-0` … `series-5`: the colour, from the style sheet.
    var cssClass: String
    /// The polyline's `points`: numbers only.
    var points: String
    var total: Int
  }

  /// A tick on an axis.
  struct Tick: Sendable {
    var position: Double
    var text: String
    /// The SVG `text-anchor`: the last day's label ends at the plot's edge.
    var anchor = "middle"
  }

  /// A row of the table: a day and its counts per version, in series order.
  struct Row: Sendable {
    var day: String
    var counts: [Int]
  }

  static let days = 30
  static let width = 640.0
  static let height = 220.0
  static let left = 40.0
  static let bottom = 24.0
  static let top = 10.0

  var width = Self.width
  var height = Self.height
  var series: [Series]
  var xTicks: [Tick]
  var yTicks: [Tick]
  var rows: [Row]
  var versions: [String]
  var isEmpty: Bool
  var summary: String
  var plotLeft = Self.left
  var plotRight = Self.width - 8
  var plotBottom = Self.height - Self.bottom

  init(_ counts: HubDownloadCounts, now: Date = Date()) {
    let dayList = (0..<Self.days).reversed().map { DownloadTally.day(now.addingTimeInterval(-Double($0) * 86_400)) }
    let versionNumbers = Array(Set(counts.days.map(\.version))).sorted()
    var table: [Int: [String: Int]] = [:]
    for entry in counts.days { table[entry.version, default: [:]][entry.day, default: 0] += entry.count }
    let peak = max(1, table.values.flatMap(\.values).max() ?? 1)
    let plotWidth = Self.width - 8 - Self.left
    let plotHeight = Self.height - Self.bottom - Self.top
    func x(_ index: Int) -> Double { Self.left + plotWidth * Double(index) / Double(max(1, Self.days - 1)) }
    func y(_ value: Int) -> Double { Self.top + plotHeight * (1 - Double(value) / Double(peak)) }
    series = versionNumbers.enumerated().map { position, version in
      let values = dayList.map { table[version]?[$0] ?? 0 }
      let points = values.enumerated().map { String(format: "%.1f,%.1f", x($0.offset), y($0.element)) }
      return Series(
        label: "Version \(version)", cssClass: "series-\(position % 6)", points: points.joined(separator: " "),
        total: values.reduce(0, +))
    }
    xTicks = [0, Self.days / 2, Self.days - 1].map { Tick(position: x($0), text: String(dayList[$0].dropFirst(5))) }
    xTicks[0].anchor = "start"
    xTicks[xTicks.count - 1].anchor = "end"
    yTicks = [0, peak / 2, peak].map { Tick(position: y($0), text: String($0)) }
    versions = versionNumbers.map { "Version \($0)" }
    rows = dayList.compactMap { day in
      let row = versionNumbers.map { table[$0]?[day] ?? 0 }
      return row.contains { $0 > 0 } ? Row(day: day, counts: row) : nil
    }
    isEmpty = versionNumbers.isEmpty
    let total = series.reduce(0) { $0 + $1.total }
    summary =
      isEmpty
      ? "No downloads in the last \(Self.days) days."
      : "\(total) downloads in the last \(Self.days) days: "
        + series.map { "\($0.label.lowercased()) \($0.total)" }.joined(separator: ", ") + "."
  }
}
