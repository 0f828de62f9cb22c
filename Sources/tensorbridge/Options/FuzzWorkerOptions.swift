import ArgumentParser

/// Hidden options that make `tensorbridge fuzz` run as a worker child process:
/// `tensorbridge fuzz --worker-start 500 --worker-count 500 --seed 7 MODEL...`.
///
/// (A worker *subcommand* cannot be used: `fuzz` takes its models as positional arguments,
/// which ArgumentParser would consume before looking for a subcommand name.)
struct FuzzWorkerOptions: ParsableArguments {
  @Option(name: .customLong("worker-start"), help: .hidden)
  var start: Int?

  @Option(name: .customLong("worker-count"), help: .hidden)
  var count = 0
}
