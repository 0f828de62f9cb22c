import LiteRTRuntime

extension InterpreterError {
  /// This error, or, when it is a bare LiteRT failure (``compilationFailed(status:)``,
  /// ``liteRTCallFailed(function:status:)`` or ``invocationFailed(status:)``) and LiteRT's log
  /// names an operator that failed at `stage`, that operator's
  /// ``operatorFailed(name:node:stage:reason:status:)``.
  func namingFailedOperator(from log: RuntimeLogLines?, stage: Stage) -> InterpreterError {
    let status: LiteRTStatus
    switch self {
    case .compilationFailed(let failed): status = failed
    case .liteRTCallFailed(_, let failed): status = failed
    case .invocationFailed(let failed): status = failed
    default: return self
    }
    guard let failure = log?.failedOperator(at: stage) else { return self }
    return .operatorFailed(
      name: failure.operatorName, node: failure.node, stage: stage, reason: failure.reason, status: status)
  }
}
