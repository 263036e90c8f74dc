import AppDirectories

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `appdirs sandbox ROOT -- COMMAND…`: runs a command with every directory a program may use
/// pointed inside ROOT, for shell tests of tools that follow the XDG rules with any library.
enum SandboxCommand {
  static let command = CommandLineTool.Command(
    name: "sandbox",
    abstract: "Run a command with HOME, the XDG directories and TMPDIR inside ROOT.",
    arguments: [
      CommandLineTool.ArgumentSpec(
        name: "ROOT", help: "The sandbox's directory; made (0700) if missing", completion: .files),
      CommandLineTool.ArgumentSpec(
        name: "-- COMMAND", help: "The command to run, with its arguments, after --",
        completion: .nothing),
    ],
    options: [],
    examples: [
      "appdirs sandbox \"$(mktemp -d)\" -- appdirs list --json",
      "appdirs sandbox .build/sandbox -- ./test-my-tool.sh",
    ],
    run: run)

  static func run(_ arguments: ParsedArguments, _ environment: ProcessEnvironment) throws
    -> Platform.ExitCode
  {
    guard arguments.positionals.count >= 2 else {
      throw UsageError(
        message: "sandbox needs a ROOT and a command, such as 'appdirs sandbox /tmp/box -- env'")
    }
    // A relative ROOT is made absolute against the current directory, by the platform's rules.
    let root = URL(fileURLWithPath: arguments.positionals[0], isDirectory: true).absoluteURL
    let sandbox = ProcessEnvironment.isolated(in: root)
    // The directories every program expects to exist; the rest is made when asked.
    for kind in [StandardDirectory.home, .temporary, .runtime] {
      _ = try StandardDirectories.directory(kind, environment: sandbox)
    }
    let command = Array(arguments.positionals.dropFirst())
    return Platform.execute(command, overriding: sandbox.variables)
  }
}
