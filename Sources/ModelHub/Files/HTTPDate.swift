import NIOConcurrencyHelpers

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The `Date` header value (RFC 9110 IMF-fixdate, `Sun, 06 Nov 1994 08:49:37 GMT`), as
/// Hummingbird writes it on the responses it builds.
enum HTTPDate {
  private static let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
  private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

  /// The last second formatted, kept so that a server answering thousands of requests a second
  /// formats the date once a second rather than on each.
  private static let cache = NIOLockedValueBox<(second: time_t, text: String)>((-1, ""))

  /// The current time.
  static func now() -> String {
    let second = time(nil)
    if let text = cache.withLockedValue({ $0.second == second ? $0.text : nil }) { return text }
    let text = format(secondsSince1970: second)
    cache.withLockedValue { $0 = (second, text) }
    return text
  }

  /// A time in seconds since 1970.
  static func format(secondsSince1970 seconds: time_t) -> String {
    var clock = seconds
    var parts = tm()
    guard gmtime_r(&clock, &parts) != nil, (0..<7).contains(parts.tm_wday), (0..<12).contains(parts.tm_mon) else {
      return "Thu, 01 Jan 1970 00:00:00 GMT"
    }
    func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
    return "\(days[Int(parts.tm_wday)]), \(two(parts.tm_mday)) \(months[Int(parts.tm_mon)]) \(parts.tm_year + 1900) "
      + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec)) GMT"
  }
}
