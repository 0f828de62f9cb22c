// Operator checks that need the operator's type: its options table and DEQUANTIZE sizes.

extension ModelValidator {
  /// An operator whose LiteRT parser reads one specific options table must
  /// not carry a different one in that union (absent options are fine).
  static func checkOptionsType(_ op: OperatorInfo, code: OperatorCode, _ path: String) throws(TFLiteFormatError) {
    guard let expected = BuiltinOptionsLayout.expectedOptions[code.builtinCode] else { return }
    let found = expected.union == 1 ? op.builtinOptionsType : op.builtinOptions2Type
    guard found != 0, found != expected.type else { return }
    let layouts = expected.union == 1 ? BuiltinOptionsLayout.builtinOptions : BuiltinOptionsLayout.builtinOptions2
    func name(_ type: UInt8) -> String {
      Int(type) <= layouts.count ? layouts[Int(type) &- 1].tableName : "options type \(type)"
    }
    let field = expected.union == 1 ? "builtin_options_type" : "builtin_options_2_type"
    throw .mismatchedOptions(
      path: "\(path).\(field)", operator: code.name, found: name(found), expected: name(expected.type))
  }

  /// A `DEQUANTIZE` must produce exactly as many elements as it consumes;
  /// LiteRT's kernel copies by the output size and overruns a smaller input.
  static func checkDequantize(_ op: OperatorInfo, tensors: [TensorInfo], _ path: String) throws(TFLiteFormatError) {
    guard let input = op.inputs.first, let output = op.outputs.first, input >= 0, output >= 0 else { return }
    let inputTensor = tensors[input]
    let outputTensor = tensors[output]
    guard inputTensor.elementCount == outputTensor.elementCount else {
      throw .dequantizeShapeMismatch(path: path, inputShape: inputTensor.shape, outputShape: outputTensor.shape)
    }
  }
}
