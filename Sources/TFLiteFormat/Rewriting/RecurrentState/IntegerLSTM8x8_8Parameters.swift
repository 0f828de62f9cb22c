/// The int32 parameter block of TensorBridge's "8x8_8" integer LSTM operator (see
/// ``IntegerLSTM8x8_8Plan``): a fixed header, then the arrays the header points at, each at a
/// word offset from the block's start. The layout is the C kernel's (`CIntegerLSTM8x8_8.h`, the
/// `TB_QL88_*` indices); the kernel refuses a block whose first word is not ``magic`` or whose
/// offsets leave it.
struct IntegerLSTM8x8_8Parameters: KernelParameters {
  /// "QL88": the block's first word (`TB_QL88_MAGIC`).
  static let magic: Int32 = 0x514C_3838

  /// Header word indices (`TB_QL88_*`).
  enum Word {
    static let magic = 0, count = 1, batch = 2, inputSize = 3, cells = 4, outputSize = 5
    static let inputZeroPoint = 6, outputStateZeroPoint = 7, cellClip = 8, projectionClip = 9
    static let projectionMultiplier = 10, projectionShift = 11, projectionWeights = 12, projectionBias = 13
    static let gates = 14, gateWords = 16
    static let header = gates + 3 * gateWords
  }

  /// One gate's block (`TB_QL88_GATE_*`, in that order); offsets in words.
  struct Gate {
    /// The input product's rescaling to its int8 intermediate, and that intermediate's zero point.
    var input: (multiplier: Int32, shift: Int32) = (0, 0)
    var inputZeroPoint: Int32 = 0
    /// The recurrent product's rescaling to its int8 intermediate, and that zero point.
    var recurrent: (multiplier: Int32, shift: Int32) = (0, 0)
    var recurrentZeroPoint: Int32 = 0
    /// The two intermediates' rescalings into the gate (int16).
    var inputSum: (multiplier: Int32, shift: Int32) = (0, 0)
    var recurrentSum: (multiplier: Int32, shift: Int32) = (0, 0)
    /// The layer-norm coefficients' scale, quantized.
    var layerNorm: (multiplier: Int32, shift: Int32) = (0, 0)
    var inputWeights: Int32 = 0
    var recurrentWeights: Int32 = 0
    var layerNormWeights: Int32 = 0
    var bias: Int32 = 0

    var words: [Int32] {
      [
        input.multiplier, input.shift, inputZeroPoint, recurrent.multiplier, recurrent.shift, recurrentZeroPoint,
        inputSum.multiplier, inputSum.shift, recurrentSum.multiplier, recurrentSum.shift, layerNorm.multiplier,
        layerNorm.shift, inputWeights, recurrentWeights, layerNormWeights, bias,
      ]
    }
  }

  /// The operands' sizes (the block's dimension words).
  let shapes: IntegerLSTMShapes
  var inputZeroPoint: Int32 = 0
  var outputStateZeroPoint: Int32 = 0
  var cellClip: Int32 = 0
  var projectionClip: Int32 = 0
  var projection: (multiplier: Int32, shift: Int32) = (0, 0)
  var projectionWeights: Int32 = 0
  var projectionBias: Int32 = 0
  /// Forget, cell, output.
  var gates = [Gate](repeating: Gate(), count: 3)
  /// The arrays after the header.
  var block = KernelParameterBlock(headerWords: Word.header)

  init(_ shapes: IntegerLSTMShapes) { self.shapes = shapes }

  /// The whole block.
  func words() -> [Int32] {
    block.words(
      magic: Self.magic, dimensions: shapes.dimensions,
      fields: [
        Word.inputZeroPoint: inputZeroPoint, Word.outputStateZeroPoint: outputStateZeroPoint, Word.cellClip: cellClip,
        Word.projectionClip: projectionClip, Word.projectionMultiplier: projection.multiplier,
        Word.projectionShift: projection.shift, Word.projectionWeights: projectionWeights,
        Word.projectionBias: projectionBias,
      ], gates: gates.map(\.words), gatesAt: Word.gates)
  }
}
