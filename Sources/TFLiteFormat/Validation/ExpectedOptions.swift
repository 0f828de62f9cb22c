/// The builtin options table each builtin operator reads.
///
/// Derived from LiteRT's operator parameter parsing
/// (`tflite/core/api/flatbuffer_conversions.cc`): for each builtin code whose
/// parser reads exactly one options table, the union (1 for
/// `builtin_options`, 2 for `builtin_options_2`) and the union type of that
/// table. Operators missing here read no options, or several, and accept any.
struct ExpectedOptions: Sendable {
  let union: Int
  let type: UInt8
}

extension BuiltinOptionsLayout {
  /// Expected options table by builtin code.
  static let expectedOptions: [Int32: ExpectedOptions] = [
    0: ExpectedOptions(union: 1, type: 11),  // ADD: AddOptions
    1: ExpectedOptions(union: 1, type: 5),  // AVERAGE_POOL_2D: Pool2DOptions
    2: ExpectedOptions(union: 1, type: 10),  // CONCATENATION: ConcatenationOptions
    3: ExpectedOptions(union: 1, type: 1),  // CONV_2D: Conv2DOptions
    4: ExpectedOptions(union: 1, type: 2),  // DEPTHWISE_CONV_2D: DepthwiseConv2DOptions
    5: ExpectedOptions(union: 1, type: 94),  // DEPTH_TO_SPACE: DepthToSpaceOptions
    9: ExpectedOptions(union: 1, type: 8),  // FULLY_CONNECTED: FullyConnectedOptions
    11: ExpectedOptions(union: 1, type: 12),  // L2_NORMALIZATION: L2NormOptions
    12: ExpectedOptions(union: 1, type: 5),  // L2_POOL_2D: Pool2DOptions
    13: ExpectedOptions(union: 1, type: 13),  // LOCAL_RESPONSE_NORMALIZATION: LocalResponseNormalizationOptions
    15: ExpectedOptions(union: 1, type: 4),  // LSH_PROJECTION: LSHProjectionOptions
    16: ExpectedOptions(union: 1, type: 14),  // LSTM: LSTMOptions
    17: ExpectedOptions(union: 1, type: 5),  // MAX_POOL_2D: Pool2DOptions
    18: ExpectedOptions(union: 1, type: 21),  // MUL: MulOptions
    22: ExpectedOptions(union: 1, type: 17),  // RESHAPE: ReshapeOptions
    23: ExpectedOptions(union: 1, type: 15),  // RESIZE_BILINEAR: ResizeBilinearOptions
    24: ExpectedOptions(union: 1, type: 7),  // RNN: RNNOptions
    25: ExpectedOptions(union: 1, type: 9),  // SOFTMAX: SoftmaxOptions
    26: ExpectedOptions(union: 1, type: 19),  // SPACE_TO_DEPTH: SpaceToDepthOptions
    27: ExpectedOptions(union: 1, type: 6),  // SVDF: SVDFOptions
    30: ExpectedOptions(union: 1, type: 18),  // SKIP_GRAM: SkipGramOptions
    33: ExpectedOptions(union: 1, type: 20),  // EMBEDDING_LOOKUP_SPARSE: EmbeddingLookupSparseOptions
    35: ExpectedOptions(union: 1, type: 31),  // UNIDIRECTIONAL_SEQUENCE_RNN: SequenceRNNOptions
    36: ExpectedOptions(union: 1, type: 23),  // GATHER: GatherOptions
    40: ExpectedOptions(union: 1, type: 27),  // MEAN: ReducerOptions
    41: ExpectedOptions(union: 1, type: 28),  // SUB: SubOptions
    42: ExpectedOptions(union: 1, type: 29),  // DIV: DivOptions
    43: ExpectedOptions(union: 1, type: 30),  // SQUEEZE: SqueezeOptions
    44: ExpectedOptions(union: 1, type: 71),  // UNIDIRECTIONAL_SEQUENCE_LSTM: UnidirectionalSequenceLSTMOptions
    45: ExpectedOptions(union: 1, type: 32),  // STRIDED_SLICE: StridedSliceOptions
    46: ExpectedOptions(union: 1, type: 70),  // BIDIRECTIONAL_SEQUENCE_RNN: BidirectionalSequenceRNNOptions
    49: ExpectedOptions(union: 1, type: 35),  // SPLIT: SplitOptions
    52: ExpectedOptions(union: 1, type: 69),  // BIDIRECTIONAL_SEQUENCE_LSTM: BidirectionalSequenceLSTMOptions
    53: ExpectedOptions(union: 1, type: 37),  // CAST: CastOptions
    56: ExpectedOptions(union: 1, type: 40),  // ARG_MAX: ArgMaxOptions
    67: ExpectedOptions(union: 1, type: 49),  // TRANSPOSE_CONV: TransposeConvOptions
    68: ExpectedOptions(union: 1, type: 50),  // SPARSE_TO_DENSE: SparseToDenseOptions
    74: ExpectedOptions(union: 1, type: 27),  // SUM: ReducerOptions
    77: ExpectedOptions(union: 1, type: 55),  // SHAPE: ShapeOptions
    79: ExpectedOptions(union: 1, type: 57),  // ARG_MIN: ArgMinOptions
    80: ExpectedOptions(union: 1, type: 58),  // FAKE_QUANT: FakeQuantOptions
    81: ExpectedOptions(union: 1, type: 27),  // REDUCE_PROD: ReducerOptions
    82: ExpectedOptions(union: 1, type: 27),  // REDUCE_MAX: ReducerOptions
    83: ExpectedOptions(union: 1, type: 59),  // PACK: PackOptions
    85: ExpectedOptions(union: 1, type: 61),  // ONE_HOT: OneHotOptions
    88: ExpectedOptions(union: 1, type: 64),  // UNPACK: UnpackOptions
    89: ExpectedOptions(union: 1, type: 27),  // REDUCE_MIN: ReducerOptions
    91: ExpectedOptions(union: 1, type: 27),  // REDUCE_ANY: ReducerOptions
    97: ExpectedOptions(union: 1, type: 74),  // RESIZE_NEAREST_NEIGHBOR: ResizeNearestNeighborOptions
    98: ExpectedOptions(union: 1, type: 75),  // LEAKY_RELU: LeakyReluOptions
    100: ExpectedOptions(union: 1, type: 77),  // MIRROR_PAD: MirrorPadOptions
    102: ExpectedOptions(union: 1, type: 79),  // SPLIT_V: SplitVOptions
    103: ExpectedOptions(union: 1, type: 80),  // UNIQUE: UniqueOptions
    112: ExpectedOptions(union: 1, type: 87),  // REVERSE_SEQUENCE: ReverseSequenceOptions
    118: ExpectedOptions(union: 1, type: 92),  // IF: IfOptions
    119: ExpectedOptions(union: 1, type: 93),  // WHILE: WhileOptions
    126: ExpectedOptions(union: 1, type: 101),  // BATCH_MATMUL: BatchMatMulOptions
    128: ExpectedOptions(union: 1, type: 102),  // CUMSUM: CumsumOptions
    129: ExpectedOptions(union: 1, type: 103),  // CALL_ONCE: CallOnceOptions
    136: ExpectedOptions(union: 1, type: 107),  // HASHTABLE: HashtableOptions
    140: ExpectedOptions(union: 1, type: 27),  // REDUCE_ALL: ReducerOptions
    141: ExpectedOptions(union: 1, type: 106),  // CONV_3D_TRANSPOSE: Conv3DOptions
    142: ExpectedOptions(union: 1, type: 111),  // VAR_HANDLE: VarHandleOptions
    146: ExpectedOptions(union: 1, type: 114),  // RANDOM_STANDARD_NORMAL: RandomOptions
    147: ExpectedOptions(union: 1, type: 115),  // BUCKETIZE: BucketizeOptions
    148: ExpectedOptions(union: 1, type: 114),  // RANDOM_UNIFORM: RandomOptions
    149: ExpectedOptions(union: 1, type: 114),  // MULTINOMIAL: RandomOptions
    150: ExpectedOptions(union: 1, type: 116),  // GELU: GeluOptions
    190: ExpectedOptions(union: 2, type: 7),  // STABLEHLO_SCATTER: StablehloScatterOptions
    195: ExpectedOptions(union: 2, type: 10),  // STABLEHLO_PAD: StablehloPadOptions
    198: ExpectedOptions(union: 2, type: 13),  // STABLEHLO_REDUCE_WINDOW: StablehloReduceWindowOptions
    201: ExpectedOptions(union: 2, type: 16),  // STABLEHLO_GATHER: StablehloGatherOptions
    204: ExpectedOptions(union: 2, type: 19),  // STABLEHLO_RNG_BIT_GENERATOR: StablehloRngBitGeneratorOptions
    205: ExpectedOptions(union: 2, type: 20),  // REDUCE_WINDOW: ReduceWindowOptions
    206: ExpectedOptions(union: 2, type: 21),  // STABLEHLO_COMPOSITE: StableHLOCompositeOptions
    209: ExpectedOptions(union: 2, type: 23),  // STABLEHLO_CASE: StablehloCaseOptions
  ]
}
