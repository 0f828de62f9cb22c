import Foundation

/// The new objects a rewrite adds to a whole model, shared by every subgraph it changes: the
/// composer that lays them out, the buffers added after the model's own, and the operator-code
/// table (the model's codes, reused when they fit, plus appended ones).
struct ModelAdditions {
  private typealias Slot = ModelDecoder.Slot

  /// Lays out every new object.
  var composer = FlatBufferComposer()
  /// `Buffer` tables added after the model's own.
  private(set) var buffers: [FlatBufferComposer.Reference] = []
  /// The whole operator-code list: references to the model's codes, then the appended ones.
  private(set) var operatorCodes: [FlatBufferComposer.Reference]
  /// The index of the first added buffer (the model's buffer count).
  let firstBuffer: Int
  private let model: TFLiteModel
  /// Appended builtin codes, by code.
  private var appendedBuiltins: [Int32: Int] = [:]
  /// Appended custom codes, by name.
  private var appendedCustoms: [String: Int] = [:]

  /// Starts from `model`, whose operator-code tables are at `operatorCodes` and which has
  /// `bufferCount` buffers.
  init(model: TFLiteModel, operatorCodes: [Int], bufferCount: Int) {
    self.model = model
    self.operatorCodes = operatorCodes.map(FlatBufferComposer.Reference.old)
    firstBuffer = bufferCount
  }

  /// The index of a version-1 code for builtin `code`: the model's own when it has one,
  /// otherwise one appended (once).
  ///
  /// Version 1 is enough: every builtin kernel registers it, and runs the same code for every
  /// version it registers (versions only tell older runtimes what a model needs).
  mutating func builtinCode(_ code: BuiltinOperator) -> Int {
    if let index = model.operatorCodes.firstIndex(where: {
      $0.builtinCode == code.rawValue && $0.version == 1 && !$0.isCustom
    }) {
      return index
    }
    if let index = appendedBuiltins[code.rawValue] { return index }
    let index = appendCode(builtin: code.rawValue, custom: nil)
    appendedBuiltins[code.rawValue] = index
    return index
  }

  /// The index of a version-1 code for the custom operator `name`, appended once.
  mutating func customCode(_ name: String) -> Int {
    if let index = appendedCustoms[name] { return index }
    let index = appendCode(builtin: BuiltinOperator.custom.rawValue, custom: name)
    appendedCustoms[name] = index
    return index
  }

  /// Appends an `OperatorCode` table (a custom one when `custom` is set); returns its index.
  mutating func appendCode(builtin: Int32, custom: String?) -> Int {
    var fields: [Int: FlatBufferComposer.Field] = [
      Slot.OperatorCode.deprecatedBuiltinCode: .int8(Int8(clamping: builtin)),
      Slot.OperatorCode.version: .int32(1),
      Slot.OperatorCode.builtinCode: .int32(builtin),
    ]
    if let custom {
      fields[Slot.OperatorCode.customCode] = .reference(composer.reference(to: .string(custom)))
    }
    operatorCodes.append(composer.reference(to: .table(fields)))
    return operatorCodes.count - 1
  }

  /// Adds a buffer holding `bytes` (16-byte aligned, like the converter's, unless `alignment`
  /// says more); returns its index.
  mutating func addBuffer(_ bytes: [UInt8], alignment: Int = 16) -> Int {
    let data = composer.reference(to: .scalars(bytes: bytes, elementSize: 1, alignment: alignment))
    buffers.append(composer.reference(to: .table([Slot.Buffer.data: .reference(data)])))
    return firstBuffer + buffers.count - 1
  }

  /// Adds an empty buffer (for computed tensors); returns its index.
  mutating func addEmptyBuffer() -> Int {
    buffers.append(composer.reference(to: .table([:])))
    return firstBuffer + buffers.count - 1
  }

  /// The buffer index for computed tensors: buffer 0 when it is empty (as the converter
  /// writes it), otherwise a new empty buffer.
  mutating func computedBuffer() -> Int {
    let bufferZeroIsEmpty = model.buffers.first.map { !$0.declaresData } ?? false
    return bufferZeroIsEmpty ? 0 : addEmptyBuffer()
  }
}
