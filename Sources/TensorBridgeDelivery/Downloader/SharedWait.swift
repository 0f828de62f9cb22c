/// Waiting for a task other callers share, in a way the waiting caller can cancel: `Task.value`
/// ignores the waiter's cancellation (it returns only when the task ends), and cancelling the
/// shared task would cancel it for everyone.
enum SharedWait {
  /// The value of `task`, or `cancelled` thrown as soon as the calling task is cancelled (the
  /// shared task keeps running for its other callers).
  static func value<Value: Sendable>(of task: Task<Value, any Error>, cancelled: any Error) async throws -> Value {
    let slot = LockedValue<CheckedContinuation<Value, any Error>?>(nil)
    @Sendable func resume(_ result: Result<Value, any Error>) {
      let continuation = slot.withLock { slot -> CheckedContinuation<Value, any Error>? in
        defer { slot = nil }
        return slot
      }
      continuation?.resume(with: result)
    }
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        slot.withLock { $0 = continuation }
        if Task.isCancelled { return resume(.failure(cancelled)) }
        Task { resume(await task.result) }
      }
    } onCancel: {
      resume(.failure(cancelled))
    }
  }
}
