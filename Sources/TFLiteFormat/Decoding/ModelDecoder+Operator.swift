// Decoding of one Operator table and the check of its builtin options against the schema layout.

extension ModelDecoder {
  mutating func decodeOperator(_ table: FBTable, _ path: String) throws(TFLiteFormatError) -> OperatorInfo {
    let opcode = try reader.scalar(table, slot: Slot.Operator.opcodeIndex, default: UInt32(0), path + ".opcode_index")
    let inputs =
      try intList(table, slot: Slot.Operator.inputs, limit: TFLiteLimits.maxTensorReferences, path + ".inputs") ?? []
    let outputs =
      try intList(table, slot: Slot.Operator.outputs, limit: TFLiteLimits.maxTensorReferences, path + ".outputs") ?? []
    let optionsType = try reader.scalar(
      table, slot: Slot.Operator.builtinOptionsType, default: UInt8(0), path + ".builtin_options_type")
    var references: [SubgraphReference] = []
    let optionsTable = try checkOptions(
      table, union: 1, type: optionsType, slot: Slot.Operator.builtinOptions, field: "builtin_options", path,
      into: &references)
    let customOptions = try reader.vector(
      table, slot: Slot.Operator.customOptions, elementSize: 1, path + ".custom_options")
    _ = try reader.scalar(
      table, slot: Slot.Operator.customOptionsFormat, default: Int8(0), path + ".custom_options_format")
    let mutating = try reader.vector(
      table, slot: Slot.Operator.mutatingVariableInputs, elementSize: 1, path + ".mutating_variable_inputs")
    let intermediates =
      try intList(
        table, slot: Slot.Operator.intermediates, limit: TFLiteLimits.maxTensorReferences, path + ".intermediates")
      ?? []
    let largeOffset = try reader.scalar(
      table, slot: Slot.Operator.largeCustomOptionsOffset, default: UInt64(0), path + ".large_custom_options_offset")
    let largeSize = try reader.scalar(
      table, slot: Slot.Operator.largeCustomOptionsSize, default: UInt64(0), path + ".large_custom_options_size")
    let options2Type = try reader.scalar(
      table, slot: Slot.Operator.builtinOptions2Type, default: UInt8(0), path + ".builtin_options_2_type")
    _ = try checkOptions(
      table, union: 2, type: options2Type, slot: Slot.Operator.builtinOptions2, field: "builtin_options_2", path,
      into: &references)
    _ = try reader.scalar(
      table, slot: Slot.Operator.debugMetadataIndex, default: Int32(-1), path + ".debug_metadata_index")

    // Like LiteRT: inline custom options win; otherwise an offset > 1 places them after the flatbuffer.
    var customByteCount = customOptions?.count ?? 0
    var largeRange: Range<Int>?
    if customOptions == nil, largeOffset > 1 {
      let range = try fileRange(offset: largeOffset, size: largeSize, path + ".large_custom_options_offset")
      largeRange = range
      customByteCount = range.count
    }
    return OperatorInfo(
      opcodeIndex: Int(opcode), inputs: inputs, outputs: outputs, intermediates: intermediates,
      mutatingVariableInputCount: mutating?.count ?? 0,
      builtinOptionsType: optionsType, builtinOptions2Type: options2Type,
      customOptionsByteCount: customByteCount, subgraphReferences: references,
      builtinOptionsTable: optionsTable, largeCustomOptions: largeRange
    )
  }

  /// Checks an operator's options table against its schema layout,
  /// collects the subgraph indices it holds, and returns the table (nil if
  /// absent or of a type unknown to this reader).
  mutating func checkOptions(
    _ table: FBTable, union: Int, type: UInt8, slot: Int, field: String, _ path: String,
    into references: inout [SubgraphReference]
  ) throws(TFLiteFormatError) -> FBTable? {
    let layouts = union == 1 ? BuiltinOptionsLayout.builtinOptions : BuiltinOptionsLayout.builtinOptions2
    guard type != 0, Int(type) <= layouts.count else { return nil }
    let optionsPath = path + "." + field
    guard let options = try reader.subtable(table, slot: slot, optionsPath) else { return nil }
    for (fieldSlot, field) in layouts[Int(type) &- 1].fields.enumerated() {
      let fieldPath = optionsPath + "." + field.name
      switch field.kind {
      case .scalar(let width):
        _ = try reader.fieldPosition(options, slot: fieldSlot, width: width, fieldPath)
      case .vector(let width):
        _ = try reader.vector(options, slot: fieldSlot, elementSize: width, fieldPath)
      case .string:
        if let target = try reader.indirect(options, slot: fieldSlot, fieldPath) {
          _ = try reader.stringBytes(at: target, fieldPath)
        }
      case .stringVector:
        if let strings = try reader.vector(options, slot: fieldSlot, elementSize: 4, fieldPath) {
          for index in 0..<strings.count {
            let target = try reader.element(of: strings, at: index, fieldPath + "[\(index)]")
            _ = try reader.stringBytes(at: target, fieldPath + "[\(index)]")
          }
        }
      }
    }
    for reference in BuiltinOptionsLayout.subgraphReferences
    where reference.union == union && reference.unionType == type {
      let name = field + "." + reference.fieldName
      let referencePath = path + "." + name
      if reference.isVector {
        guard
          let indices = try intList(
            options, slot: reference.slot, limit: TFLiteLimits.maxTensorReferences, referencePath)
        else { continue }
        for (index, value) in indices.enumerated() {
          references.append(SubgraphReference(field: name + "[\(index)]", subgraphIndex: value))
        }
      } else if reference.isUnsigned {
        let value = try reader.scalar(options, slot: reference.slot, default: UInt32(0), referencePath)
        references.append(SubgraphReference(field: name, subgraphIndex: Int(value)))
      } else {
        let value = try reader.scalar(options, slot: reference.slot, default: Int32(0), referencePath)
        references.append(SubgraphReference(field: name, subgraphIndex: Int(value)))
      }
    }
    return options
  }
}
