import NIOConcurrencyHelpers

/// Runs async sections one at a time, in the order they arrive (an async mutex without
/// reentrancy): a section waits until every earlier one has finished.
final class AsyncSerialGate: Sendable {
  private struct State {
    var busy = false
    var waiting: [CheckedContinuation<Void, Never>] = []
  }
  private let state = NIOLockedValueBox(State())

  /// Runs `body` once every earlier section has finished.
  func run<Result: Sendable>(_ body: () async throws -> Result) async throws -> Result {
    await enter()
    defer { leave() }
    return try await body()
  }

  private func enter() async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let resumeNow = state.withLockedValue { state -> Bool in
        if state.busy {
          state.waiting.append(continuation)
          return false
        }
        state.busy = true
        return true
      }
      if resumeNow { continuation.resume() }
    }
  }

  private func leave() {
    let next = state.withLockedValue { state -> CheckedContinuation<Void, Never>? in
      if state.waiting.isEmpty {
        state.busy = false
        return nil
      }
      return state.waiting.removeFirst()
    }
    next?.resume()
  }
}
