import Foundation

/// The int32 parameter block of TensorBridge's integer LSTM operator (see ``IntegerLSTMPlan``):
/// a fixed header, then the arrays the header points at, each at a word offset from the
/// block's start (0 when absent). The layout is the C kernel's (`CIntegerLSTM.h`, the
/// `TB_QLSTM_*` indices); the kernel refuses a block whose first word is not
/// ``magic`` or whose offsets leave it.
struct IntegerLSTMParameters: KernelParameters {
  /// "QLS1": the block's first word (`TB_QLSTM_MAGIC`).
  static let magic: Int32 = 0x5153_4C31

  /// Header word indices (`TB_QLSTM_*`).
  enum Word {
    static let magic = 0, count = 1, batch = 2, inputSize = 3, cells = 4, outputSize = 5, flags = 6
    static let cellScale = 7, cellClip = 8, projectionClip = 9, hiddenMultiplier = 10, hiddenShift = 11
    static let hiddenZeroPoint = 12, projectionMultiplier = 13, projectionShift = 14
    static let outputStateZeroPoint = 15, projectionWeights = 16, projectionBias = 17
    static let gates = 18, gateWords = 16
    static let header = gates + 4 * gateWords
  }

  /// `TB_QLSTM_FLAG_*`.
  enum Flag {
    static let cifg: Int32 = 1, peephole: Int32 = 2, layerNorm: Int32 = 4, projection: Int32 = 8, timeMajor: Int32 = 16
  }

  /// One gate's block (`TB_QLSTM_GATE_*`, in that order); offsets in words, 0 when absent.
  struct Gate {
    var input: (multiplier: Int32, shift: Int32) = (0, 0)
    var recurrent: (multiplier: Int32, shift: Int32) = (0, 0)
    var peephole: (multiplier: Int32, shift: Int32) = (0, 0)
    var layerNorm: (multiplier: Int32, shift: Int32) = (0, 0)
    var varianceGuard: Int32 = 0
    var inputWeights: Int32 = 0
    var recurrentWeights: Int32 = 0
    var inputBias: Int32 = 0
    var recurrentBias: Int32 = 0
    var peepholeWeights: Int32 = 0
    var layerNormWeights: Int32 = 0
    var layerNormBias: Int32 = 0

    var words: [Int32] {
      [
        input.multiplier, input.shift, recurrent.multiplier, recurrent.shift, peephole.multiplier, peephole.shift,
        layerNorm.multiplier, layerNorm.shift, varianceGuard, inputWeights, recurrentWeights, inputBias,
        recurrentBias, peepholeWeights, layerNormWeights, layerNormBias,
      ]
    }
  }

  /// The operands' sizes (the block's dimension words).
  let shapes: IntegerLSTMShapes
  var flags: Int32 = 0
  var cellScale: Int32 = 0
  var cellClip: Int32 = 0
  var projectionClip: Int32 = 0
  var hidden: (multiplier: Int32, shift: Int32) = (0, 0)
  var hiddenZeroPoint: Int32 = 0
  var projection: (multiplier: Int32, shift: Int32) = (0, 0)
  var outputStateZeroPoint: Int32 = 0
  var projectionWeights: Int32 = 0
  var projectionBias: Int32 = 0
  /// Input, forget, cell, output (the input gate's stays empty with CIFG).
  var gates = [Gate](repeating: Gate(), count: 4)
  /// The arrays after the header.
  var block = KernelParameterBlock(headerWords: Word.header)

  init(_ shapes: IntegerLSTMShapes) { self.shapes = shapes }

  /// The whole block.
  func words() -> [Int32] {
    block.words(
      magic: Self.magic, dimensions: shapes.dimensions,
      fields: [
        Word.flags: flags, Word.cellScale: cellScale, Word.cellClip: cellClip, Word.projectionClip: projectionClip,
        Word.hiddenMultiplier: hidden.multiplier, Word.hiddenShift: hidden.shift, Word.hiddenZeroPoint: hiddenZeroPoint,
        Word.projectionMultiplier: projection.multiplier, Word.projectionShift: projection.shift,
        Word.outputStateZeroPoint: outputStateZeroPoint, Word.projectionWeights: projectionWeights,
        Word.projectionBias: projectionBias,
      ], gates: gates.map(\.words), gatesAt: Word.gates)
  }

  // MARK: - TensorFlow Lite's arithmetic at prepare time

  /// TensorFlow Lite's `QuantizeMultiplier`: `value` = multiplier · 2^(shift − 31), the
  /// multiplier in [2³⁰, 2³¹) rounded half away from zero; 0 for 0 and for values below 2⁻³¹.
  static func quantizeMultiplier(_ value: Double) -> (multiplier: Int32, shift: Int32) {
    guard value != 0 else { return (0, 0) }
    let (fraction, exponent) = frexp(value)
    var shift = exponent
    var fixed = Int64((fraction * Double(Int64(1) << 31)).rounded(.toNearestOrAwayFromZero))
    if fixed == Int64(1) << 31 {
      fixed /= 2
      shift += 1
    }
    if shift < -31 {
      shift = 0
      fixed = 0
    }
    return (Int32(fixed), Int32(shift))
  }

  /// 2ⁿ as a double (`std::pow(2, n)`).
  static func powerOfTwo(_ n: Int) -> Double { Double(sign: .plus, exponent: n, significand: 1) }

  /// `bias` (zeros when nil) plus `zeroPoint` times each row's sum of the int8 `weights`
  /// (`rows` rows), in wrapping int32 arithmetic — `PrecomputeZeroPointTimesWeightWithBias`.
  static func foldingZeroPoint(_ zeroPoint: Int32, into bias: [Int32]?, weights: [UInt8], rows: Int) -> [Int32] {
    var result = bias ?? [Int32](repeating: 0, count: rows)
    guard zeroPoint != 0, rows > 0 else { return result }
    let columns = weights.count / rows
    for row in 0..<rows {
      var sum: Int32 = 0
      for column in 0..<columns { sum &+= Int32(Int8(bitPattern: weights[row * columns + column])) }
      result[row] &+= sum &* zeroPoint
    }
    return result
  }

  /// Little-endian int32 values.
  static func int32s(_ bytes: [UInt8]) -> [Int32] {
    stride(from: 0, to: bytes.count - 3, by: 4).map { start in
      Int32(
        bitPattern: UInt32(bytes[start]) | UInt32(bytes[start + 1]) << 8 | UInt32(bytes[start + 2]) << 16
          | UInt32(bytes[start + 3]) << 24)
    }
  }
}
