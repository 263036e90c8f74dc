// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

import AppDirectories

/// `appdirs migrate KIND LEGACY_PATH --app NAME`: moves an application's files from an old
/// location into one of its directories, safely, and says in one line what happened;
/// `appdirs migrate KIND --previous --app NAME` adopts the directory's previous location.
enum MigrateCommand {
  static let appKinds = DirectoryQuery.Kind.applicationKinds.map(\.name)

  static let command = CommandLineTool.Command(
    name: "migrate",
    abstract: "Move an application's files from a legacy location into one of its directories.",
    arguments: [
      CommandLineTool.ArgumentSpec(
        name: "KIND",
        help: "The application's directory to move into: " + String(listing: appKinds),
        completion: .words(appKinds)),
      CommandLineTool.ArgumentSpec(
        name: "LEGACY_PATH",
        help: "The old directory, such as ~/.exampleapp (none with --previous)",
        completion: .files, isOptional: true),
    ],
    options: [
      DirectoryQuery.appOption, DirectoryQuery.environmentPrefixOption,
      DirectoryQuery.organizationOption, DirectoryQuery.roamingOption,
      DirectoryQuery.portableOption, DirectoryQuery.layoutOption,
      OptionSpec(name: "--dry-run", help: "Say what would happen; change nothing."),
      OptionSpec(name: "--keep-source", help: "Copy, and leave the legacy directory as it is."),
      OptionSpec(
        name: "--link", help: "Leave a symbolic link to the new directory at LEGACY_PATH."),
      OptionSpec(
        name: "--previous",
        help: "Adopt the directory's previous location (another layout's, an earlier default's)."),
    ],
    requiredOptions: [DirectoryQuery.appOption.name],
    examples: [
      "appdirs migrate config ~/.exampleapp --app exampleapp --dry-run",
      "appdirs migrate config ~/.exampleapp --app exampleapp --link",
      "appdirs migrate config --previous --app exampleapp --layout xdg-where-set",
    ],
    run: run)

  static func run(_ arguments: ParsedArguments, _ environment: ProcessEnvironment) throws
    -> Platform.ExitCode
  {
    // The table makes LEGACY_PATH optional: --previous is what leaves it out.
    let previous = arguments.flag("--previous")
    if previous, arguments.positionals.count == 2 {
      throw UsageError(
        message:
          "--previous finds the old directory itself; give only the KIND, not '\(arguments.positionals[1])'"
      )
    }
    guard previous || arguments.positionals.count == 2 else {
      throw UsageError(
        message:
          "migrate needs a KIND and a LEGACY_PATH, such as 'appdirs migrate config ~/.exampleapp --app exampleapp'"
      )
    }
    let name = arguments.positionals[0]
    let kind = try DirectoryQuery.kind(named: name)
    guard let appKind = kind.appScoped, appKinds.contains(kind.name) else {
      throw UsageError(
        message: "migrate moves into one of the application's directories ("
          + String(listing: appKinds) + "), not '\(name)'")
    }
    let query = try DirectoryQuery(arguments, environment: environment)
    guard let app = query.app else {
      throw UsageError(message: "migrate needs --app NAME: the directory is the application's")
    }
    if arguments.flag("--link") && arguments.flag("--keep-source") {
      throw UsageError(message: "--link and --keep-source cannot be used together")
    }
    var options: MigrationOptions = []
    if arguments.flag("--dry-run") { options.insert(.dryRun) }
    if arguments.flag("--keep-source") { options.insert(.keepSource) }
    if arguments.flag("--link") { options.insert(.link) }
    if previous, try app.previousLocationPaths(for: appKind).isEmpty {
      CommandLineTool.warn(try app.resolution(for: appKind).warnings)
      Platform.write(
        "nothing to migrate: \(app.app)'s \(name) directory has no previous location here (one layout, no earlier default)\n"
      )
      return .success
    }
    let outcome =
      previous
      ? try app.adoptPreviousLocation(for: appKind, options: options)
      : try app.migrate(
        fromPath: try legacyPath(arguments.positionals[1], app: app), to: appKind,
        options: options)
    // What the destination passed over (a relative XDG_CONFIG_HOME), then what the move met.
    CommandLineTool.warn(try app.resolution(for: appKind).warnings + outcome.warnings)
    Platform.write(outcome.description + "\n")
    guard outcome.action == .conflict else { return .success }
    // Two previous locations: the warning above names them; the new directory is untouched.
    if previous, !outcome.warnings.isEmpty { return .failure }
    Platform.writeError(
      "appdirs: error: \(outcome.destinationPath) is not empty; nothing was changed\n"
        + "appdirs: note: Move what is in \(outcome.destinationPath) away, or merge the two "
        + "directories yourself, then run the migration again.\n")
    return .failure
  }

  /// The legacy path, absolute: `~` and `~/…` from the home the library resolved (`HOME`),
  /// never the password database's, so that `appdirs sandbox` and a test's environment
  /// contain it; a relative path against the working directory.
  static func legacyPath(_ argument: String, app: AppDirectories) throws -> String {
    if argument == "~" || argument.hasPrefix("~/") {
      let home = try app.standardDirectories.resolution(for: .home).path
      let rest = argument.dropFirst(argument == "~" ? 1 : 2)
      return rest.isEmpty ? home : app.environment.platform.joinPath(home, String(rest))
    }
    if argument.hasPrefix("~") {
      throw UsageError(
        message:
          "'\(argument)' names another user's home, which migrate does not expand; give the path itself"
      )
    }
    // Never through an expansion of `~` that reads the password database.
    guard let path = Platform.absolutePath(argument) else {
      throw UsageError(
        message:
          "'\(argument)' is relative and the working directory cannot be read; give an absolute path"
      )
    }
    return path
  }
}
