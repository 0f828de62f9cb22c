/// The builtin operators TensorBridge's rewrites write (codes from the schema's `BuiltinOperator`).
extension BuiltinOperator {
  static let add = BuiltinOperator(rawValue: 0)
  static let concatenation = BuiltinOperator(rawValue: 2)
  static let fullyConnected = BuiltinOperator(rawValue: 9)
  /// `DENSIFY` (124): read by the rewrites, never written.
  static let densify = BuiltinOperator(rawValue: 124)
  static let div = BuiltinOperator(rawValue: 42)
  static let reduceMax = BuiltinOperator(rawValue: 82)
  static let abs = BuiltinOperator(rawValue: 101)
  static let logistic = BuiltinOperator(rawValue: 14)
  static let gather = BuiltinOperator(rawValue: 36)
  static let less = BuiltinOperator(rawValue: 58)
  static let mul = BuiltinOperator(rawValue: 18)
  static let relu = BuiltinOperator(rawValue: 19)
  static let reluN1To1 = BuiltinOperator(rawValue: 20)
  static let relu6 = BuiltinOperator(rawValue: 21)
  static let reshape = BuiltinOperator(rawValue: 22)
  static let tanh = BuiltinOperator(rawValue: 28)
  static let mean = BuiltinOperator(rawValue: 40)
  static let sub = BuiltinOperator(rawValue: 41)
  static let split = BuiltinOperator(rawValue: 49)
  static let slice = BuiltinOperator(rawValue: 65)
  static let sum = BuiltinOperator(rawValue: 74)
  static let cast = BuiltinOperator(rawValue: 53)
  static let maximum = BuiltinOperator(rawValue: 55)
  static let minimum = BuiltinOperator(rawValue: 57)
  static let rsqrt = BuiltinOperator(rawValue: 76)
  static let shape = BuiltinOperator(rawValue: 77)
  static let pack = BuiltinOperator(rawValue: 83)
  static let unpack = BuiltinOperator(rawValue: 88)
  static let fill = BuiltinOperator(rawValue: 94)
  static let floorMod = BuiltinOperator(rawValue: 95)
  static let reverseV2 = BuiltinOperator(rawValue: 105)
  static let varHandle = BuiltinOperator(rawValue: 142)
  static let readVariable = BuiltinOperator(rawValue: 143)
  static let assignVariable = BuiltinOperator(rawValue: 144)
  static let dynamicUpdateSlice = BuiltinOperator(rawValue: 151)
  static let bitcast = BuiltinOperator(rawValue: 159)

  /// `LSTM` (16), the builtin non-sequence LSTM.
  public static let lstm = BuiltinOperator(rawValue: 16)
  /// `SVDF` (27).
  public static let svdf = BuiltinOperator(rawValue: 27)
  /// `UNIDIRECTIONAL_SEQUENCE_RNN` (35).
  public static let unidirectionalSequenceRNN = BuiltinOperator(rawValue: 35)
  /// `UNIDIRECTIONAL_SEQUENCE_LSTM` (44).
  public static let unidirectionalSequenceLSTM = BuiltinOperator(rawValue: 44)
  /// `BIDIRECTIONAL_SEQUENCE_RNN` (46).
  public static let bidirectionalSequenceRNN = BuiltinOperator(rawValue: 46)
  /// `BIDIRECTIONAL_SEQUENCE_LSTM` (52).
  public static let bidirectionalSequenceLSTM = BuiltinOperator(rawValue: 52)
}
