#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The most connections the hub keeps open, derived from the process's descriptor limit.
public enum ConnectionCap {
  /// Descriptors kept out of the cap for the database, logs, the listening socket, uploads being
  /// written and load checks' child processes.
  public static let reservedDescriptors = 64

  /// The default cap for a descriptor limit: each connection may hold a second descriptor (the
  /// model file it is being sent), so half of what is left after the reserve; at least 8.
  public static func `default`(descriptorLimit: Int) -> Int {
    max(8, (descriptorLimit - reservedDescriptors) / 2)
  }

  /// The process's soft limit on open descriptors (`ulimit -n`).
  public static func descriptorLimit() -> Int {
    var limit = rlimit()
    guard getrlimit(resourceNoFile, &limit) == 0 else { return 1024 }
    return Int(clamping: min(limit.rlim_cur, rlim_t(Int32.max)))
  }

  /// Raises the soft descriptor limit to the hard one (as Go and nginx's `worker_rlimit_nofile`
  /// do) and returns the new soft limit. A process-wide change: `tensorbridge hub serve` makes it
  /// at startup; a library embedding the hub decides for itself.
  @discardableResult
  public static func raiseDescriptorLimit() -> Int {
    var limit = rlimit()
    guard getrlimit(resourceNoFile, &limit) == 0 else { return descriptorLimit() }
    if limit.rlim_cur < limit.rlim_max {
      var raised = limit
      raised.rlim_cur = limit.rlim_max
      #if canImport(Darwin)
        raised.rlim_cur = min(raised.rlim_cur, rlim_t(OPEN_MAX))
      #endif
      _ = setrlimit(resourceNoFile, &raised)
    }
    return descriptorLimit()
  }

  #if canImport(Glibc)
    private static let resourceNoFile = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
  #else
    private static let resourceNoFile = RLIMIT_NOFILE
  #endif
}
