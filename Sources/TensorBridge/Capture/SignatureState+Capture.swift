import LiteRTRuntime

extension SignatureState {
  /// The model tensor index of each LiteRT tensor (`-1` where LiteRT cannot say).
  static func tensorIndices(_ tensors: [LiteRtTensor], library: LiteRTLibrary) -> [Int] {
    tensors.map { tensor in
      var index: UInt32 = 0
      return library.getTensorIndex(tensor, &index) == 0 ? Int(index) : -1
    }
  }
}
