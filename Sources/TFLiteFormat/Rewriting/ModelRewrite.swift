import Foundation

/// What every rewrite of a model file shares: the old `Model` table read field by field, the
/// objects added in front of the old file (``ModelAdditions``), and the serialization of the new
/// file. ``OutputCaptureRewriter`` and ``RecurrentStateRewriter`` each hold one while they
/// rewrite, and throw their own public error (`Failure`).
struct ModelRewrite<Failure: FlatBufferRewriteError> {
  private typealias Slot = ModelDecoder.Slot

  let copier: TableCopier<Failure>
  /// The old file's `Model` table.
  let root: FBTable
  /// The new `Model` table's fields: the old ones, until the rewrite replaces some.
  var modelFields: [Int: FlatBufferComposer.Field]
  /// The old file's `Buffer` tables, which stay in front of the added ones.
  let oldBuffers: [Int]
  /// The new objects, operator codes and buffers.
  var additions: ModelAdditions

  /// Reads the `Model` table of `model`'s file, whose bytes `copier` reads.
  init(model: TFLiteModel, copier: TableCopier<Failure>) throws(Failure) {
    self.copier = copier
    do { root = try copier.reader.rootTable() } catch { throw Failure.rewrite(.unreadableModel(error)) }
    modelFields = try copier.fields(of: root, kinds: TableSchema.model, path: "model")
    let oldCodes = try copier.elements(of: root, slot: Slot.Model.operatorCodes, path: "operator_codes")
    oldBuffers = try copier.elements(of: root, slot: Slot.Model.buffers, path: "buffers")
    additions = ModelAdditions(model: model, operatorCodes: oldCodes, bufferCount: oldBuffers.count)
  }

  /// Points the new `Model` table at the whole operator-code list, at `subgraphs`, and at the
  /// old buffers followed by the added ones.
  mutating func setLists(subgraphs: [FlatBufferComposer.Reference]) {
    modelFields[Slot.Model.operatorCodes] = list(additions.operatorCodes)
    modelFields[Slot.Model.subgraphs] = list(subgraphs)
    modelFields[Slot.Model.buffers] = list(oldBuffers.map(FlatBufferComposer.Reference.old) + additions.buffers)
  }

  /// The new file: the new `Model` table as root, the added objects, then the old file.
  mutating func serialize() throws(Failure) -> Data {
    let rootID = additions.composer.add(.table(modelFields))
    let patches = try copier.absoluteOffsetPatches(root: root, buffers: oldBuffers)
    do throws(FlatBufferComposer.Failure) {
      return try additions.composer.serialize(
        root: rootID, identifier: ModelDecoder.fileIdentifier, old: copier.reader.bytes, absolutePatches: patches)
    } catch .offsetOverflow {
      throw Failure.rewrite(.fileTooLarge(size: copier.reader.size))
    } catch {
      throw Failure.rewrite(.compositionFailed(reason: "a new object is referenced more than once"))
    }
  }
}
