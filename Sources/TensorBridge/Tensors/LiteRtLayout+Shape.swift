import LiteRTRuntime

/// Conversions between LiteRT's C layout (a 7-bit rank field and a fixed array of dimensions)
/// and ``Tensor/Shape``, written once for every place that crosses that boundary.
extension LiteRtLayout {
  /// A layout without strides holding `shape` (dimensions beyond LiteRT's maximum rank and
  /// values beyond `Int32` are clamped; callers check ranks and sizes first).
  init(shape: Tensor.Shape) {
    self.init()
    tb_layout_set_rank(&self, UInt32(min(shape.rank, Int(TB_LITERT_TENSOR_MAX_RANK))))
    withUnsafeMutableBytes(of: &dimensions) { raw in
      let dimensions = raw.bindMemory(to: Int32.self)
      for (axis, dimension) in shape.dimensions.enumerated() where axis < dimensions.count {
        dimensions[axis] = Int32(clamping: dimension)
      }
    }
  }

  /// The layout's dimensions as a shape.
  var shape: Tensor.Shape {
    var copy = self
    let rank = Int(tb_layout_rank(&copy))
    return Tensor.Shape(
      withUnsafeBytes(of: dimensions) { raw in
        Array(raw.bindMemory(to: Int32.self).prefix(rank)).map(Int.init)
      })
  }
}
