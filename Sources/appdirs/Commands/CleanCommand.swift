// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

import AppDirectories

/// `appdirs clean --app NAME (--cache | --all) [--yes]`: empties an application's cache or
/// removes every directory it has. Without `--yes` it only says what it would remove.
enum CleanCommand {
  static let command = CommandLineTool.Command(
    name: "clean",
    abstract:
      "Empty an application's cache, or remove all its directories (a dry run without --yes).",
    arguments: [],
    options: [
      DirectoryQuery.appOption, DirectoryQuery.environmentPrefixOption,
      DirectoryQuery.organizationOption, DirectoryQuery.roamingOption, DirectoryQuery.groupOption,
      DirectoryQuery.layoutOption,
      OptionSpec(name: "--cache", help: "Empty the cache directory; it and its CACHEDIR.TAG stay."),
      OptionSpec(name: "--all", help: "Remove every directory of the application (uninstall)."),
      OptionSpec(name: "--yes", help: "Remove for real; without it, only say what would go."),
    ],
    exclusiveOptions: ["--cache", "--all"],
    examples: [
      "appdirs clean --app ExampleApp --cache",
      "appdirs clean --app ExampleApp --cache --yes",
      "appdirs clean --app ExampleApp --all --yes",
    ],
    run: run)

  static func run(_ arguments: ParsedArguments, _ environment: ProcessEnvironment) throws
    -> Platform.ExitCode
  {
    if !arguments.positionals.isEmpty {
      throw UsageError(message: "clean takes no arguments, got '\(arguments.positionals[0])'")
    }
    let scope: CleanScope
    if arguments.flag("--cache") {
      scope = .cache
    } else if arguments.flag("--all") {
      scope = .all
    } else {
      throw UsageError(
        message: "clean needs --cache (empty the cache) or --all (remove everything)")
    }
    let query = try DirectoryQuery(arguments, environment: environment)
    guard let app = query.app else {
      throw UsageError(message: "clean needs --app NAME: it removes one application's files")
    }
    // A variable passed over is told before anything goes, as every command tells it: the
    // directories cleaned are then the defaults, not what the variable named.
    let kinds: [AppDirectory] = scope == .cache ? [.cache] : AppDirectory.ownKinds
    CommandLineTool.warn(try kinds.flatMap { try app.resolution(for: $0).warnings })
    let dryRun = !arguments.flag("--yes")
    let report = try app.clean(
      scope, groups: query.group.map { [$0] } ?? [], dryRun: dryRun)
    guard !report.locations.isEmpty else {
      Platform.write("nothing to clean for \(app.app)\n")
      return .success
    }
    let verb = scope == .cache ? "empty" : "remove"
    for location in report.locations {
      if dryRun {
        let size = location.size.map { " (\(ByteCount.human($0)))" } ?? ""
        Platform.write("would \(verb) \(location.url.path)\(size)\n")
      } else {
        Platform.write("\(scope == .cache ? "emptied" : "removed") \(location.url.path)\n")
      }
    }
    if dryRun {
      let total = report.locations.compactMap(\.size).reduce(0, +)
      Platform.write("\(ByteCount.human(total)) in all; run again with --yes to \(verb) it\n")
      return .success
    }
    for failure in report.failures {
      Platform.writeError("appdirs: error: \(failure)\n")
    }
    guard report.failures.isEmpty else {
      Platform.writeError(
        "appdirs: note: Give your user write permission on the folders that hold them (ls -ld shows their owners and modes), then run the command again.\n"
      )
      return .cannotCreate
    }
    return .success
  }
}
