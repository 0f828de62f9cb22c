import LiteRTRuntime

extension InterpreterError {
  /// This error, or, when it is a bare LiteRT failure (``compilationFailed(status:)`` or
  /// ``liteRTCallFailed(function:status:)``) and LiteRT's log of the same span names an
  /// operator that failed to prepare, that operator's ``operatorFailed(name:node:stage:reason:status:)``.
  func namingFailedOperator(from log: RuntimeLogLines?) -> InterpreterError {
    let status: LiteRTStatus
    switch self {
    case .compilationFailed(let failed): status = failed
    case .liteRTCallFailed(_, let failed): status = failed
    default: return self
    }
    guard let failure = log?.preparationFailure else { return self }
    return .operatorFailed(
      name: failure.operatorName, node: failure.node, stage: .compile, reason: failure.reason, status: status)
  }
}
