// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

import AppDirectories

/// `appdirs locate KIND FILE`: the first existing FILE in the search list of KIND, or every
/// one with `--all`.
enum LocateCommand {
  static let command = CommandLineTool.Command(
    name: "locate",
    abstract: "Find a file in the search directories of a kind, most important first.",
    arguments: [
      CommandLineTool.ArgumentSpec(
        name: "KIND",
        help: "data and config search the user's directory, then XDG_DATA_DIRS or XDG_CONFIG_DIRS",
        completion: .words(DirectoryQuery.Kind.allNames)),
      CommandLineTool.ArgumentSpec(
        name: "FILE", help: "A relative path such as settings.json or themes/dark.json",
        completion: .files),
    ],
    options: DirectoryQuery.options + [
      OptionSpec(name: "--all", help: "Print every match, not only the first.")
    ],
    examples: [
      "appdirs locate config settings.json --app ExampleApp",
      "appdirs locate data applications/firefox.desktop --all",
      "appdirs locate config user-dirs.dirs || echo 'no user-dirs.dirs'",
    ],
    run: run)

  static func run(_ arguments: ParsedArguments, _ environment: ProcessEnvironment) throws
    -> Platform.ExitCode
  {
    let kind = try DirectoryQuery.kind(named: arguments.positionals[0])
    let query = try DirectoryQuery(arguments, environment: environment)
    let found = try query.locate(
      arguments.positionals[1], in: kind, all: arguments.flag("--all"))
    guard !found.isEmpty else { return .failure }
    for path in found { Platform.write(path + "\n") }
    return .success
  }
}
