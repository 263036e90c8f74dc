// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

import AppDirectories

/// `appdirs lock --app NAME [--wait] LOCKNAME -- COMMAND…`: runs a command while holding one of
/// the application's single-instance locks, as `flock(1)` does with a file.
enum LockCommand {
  static let command = CommandLineTool.Command(
    name: "lock",
    abstract: "Run a command while holding one of the app's locks (exit 75 when it is held).",
    arguments: [
      CommandLineTool.ArgumentSpec(
        name: "LOCKNAME", help: "The lock's name; its file is LOCKNAME.lock in the runtime folder",
        completion: .nothing),
      CommandLineTool.ArgumentSpec.command,
    ],
    options: [
      DirectoryQuery.appOption, DirectoryQuery.environmentPrefixOption,
      DirectoryQuery.organizationOption, DirectoryQuery.systemOption, DirectoryQuery.layoutOption,
      OptionSpec(name: "--wait", help: "Wait while another process holds the lock."),
    ],
    requiredOptions: [DirectoryQuery.appOption.name],
    examples: [
      "appdirs lock --app ExampleApp instance -- exampleapp-daemon",
      "appdirs lock --app ExampleApp --wait index -- ./rebuild-index.sh",
    ],
    run: run)

  static func run(_ arguments: ParsedArguments, _ environment: ProcessEnvironment) throws
    -> Platform.ExitCode
  {
    guard arguments.value("--app") != nil else {
      throw UsageError(message: "lock needs --app NAME: a lock belongs to one application")
    }
    let query = try DirectoryQuery(arguments, environment: environment)
    guard let app = query.app else { throw UsageError(message: "lock needs --app NAME") }
    let name = arguments.positionals[0]
    let command = Array(arguments.positionals.dropFirst())
    CommandLineTool.warn(try app.verifiedResolution(for: .runtime).warnings)
    let wait = arguments.flag("--wait")
    var pause = 1
    while true {
      switch Result(catching: { () throws(DirectoryError) in try app.takeLock(named: name) }) {
      case .success(let lock):
        // The command holds the lock too, as under flock(1): a kill -9 of the tool never lets
        // a second holder in while the command still runs.
        let status = Platform.run(command, inheriting: lock.heldDescriptor)
        lock.release()
        Platform.exit(status: status)
      case .failure(.lockHeld) where wait:
        Platform.pause(milliseconds: pause)
        pause = min(pause * 2, 50)
      case .failure(.lockHeld(let path, let holder)):
        // Held and not waiting (exit 75): the library's fix, and the option that waits.
        let error = DirectoryError.lockHeld(path: path, holder: holder)
        Platform.writeError("appdirs: error: \(error.description)\n")
        Platform.writeError(
          "appdirs: note: \(error.recoverySuggestion) To wait here, run it again with --wait.\n")
        return CommandLineTool.exitCode(for: error)
      case .failure(let error):
        return CommandLineTool.report(error)
      }
    }
  }
}
