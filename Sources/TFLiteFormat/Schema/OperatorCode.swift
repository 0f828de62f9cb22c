/// One entry of the model's operator code table, which operators refer to by index.
public struct OperatorCode: Sendable, Hashable {
  /// The effective builtin code: the larger of `deprecated_builtin_code` and
  /// `builtin_code`, as the schema prescribes. Codes this reader does not know
  /// are kept as they are.
  public let builtinCode: Int32
  /// The legacy byte-sized code as stored in the file.
  public let deprecatedBuiltinCode: Int8
  /// The custom operator's name, for `CUSTOM` codes (and possibly others).
  public let customCode: String?
  /// The operator version (1 when the file omits it).
  public let version: Int32

  /// The builtin operator for ``builtinCode``.
  public var builtinOperator: BuiltinOperator { BuiltinOperator(rawValue: builtinCode) }

  /// Whether this is a custom operator (builtin code `CUSTOM`).
  public var isCustom: Bool { builtinCode == BuiltinOperator.custom.rawValue }

  /// A readable operator name: the custom code for custom operators,
  /// otherwise the builtin name such as `CONV_2D` (or `UNKNOWN_BUILTIN_<code>`).
  public var name: String {
    if isCustom, let customCode { return customCode }
    return builtinOperator.name
  }
}
