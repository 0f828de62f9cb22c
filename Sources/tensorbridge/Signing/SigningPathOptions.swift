import ArgumentParser
import Foundation
import ModelSigning

/// What `model_signing sign` and `verify` leave out of a model folder: `--ignore-paths` (given
/// relative to here, as the package resolves them) and the git files unless
/// `--no-ignore-git-paths`.
struct SigningPathOptions: ParsableArguments {
  @Option(
    name: .customLong("ignore-paths"),
    help:
      "A path (relative to here) to leave out, with everything under it, as model_signing's --ignore-paths. Repeatable."
  )
  var ignorePaths: [String] = []

  @Flag(
    inversion: .prefixedNo,
    help: "Leave out the git files (.git, .gitattributes, .github, .gitignore), as model_signing does by default.")
  var ignoreGitPaths = true

  /// The paths to leave out of `model`, relative to it: the git files (unless turned off),
  /// `file` when it lies inside the model (the signature), and each `--ignore-paths` inside it.
  func ignored(in model: URL, besides file: URL) -> [String] {
    ModelVerificationScope.cli(
      signature: file, model: model, ignoringGitPaths: ignoreGitPaths,
      ignoring: ignorePaths.map { URL(fileURLWithPath: $0) }
    ).ignoredPaths
  }
}
