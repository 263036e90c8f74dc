// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

import AppDirectories

/// `appdirs confine --app NAME [--allow DIR[:DIR…]] [--best-effort] [--report] -- COMMAND…`:
/// shuts itself in to the application's directories with Landlock, then becomes the command,
/// which stays shut in with every program it starts.
enum ConfineCommand {
  static let command = CommandLineTool.Command(
    name: "confine",
    abstract:
      "Run a command shut in (Landlock) to an app's directories and the system's: writing elsewhere fails.",
    arguments: [CommandLineTool.ArgumentSpec.command],
    options: [
      DirectoryQuery.appOption, DirectoryQuery.environmentPrefixOption,
      DirectoryQuery.organizationOption, DirectoryQuery.systemOption, DirectoryQuery.layoutOption,
      OptionSpec(
        name: "--allow", value: .name("DIR[:DIR…]"),
        help: "Directories the command may read besides the app's and the system's."),
      OptionSpec(
        name: "--best-effort",
        help: "Enforce what this kernel can (nothing without Landlock) instead of refusing."),
      OptionSpec(
        name: "--report", help: "Print the enforced ruleset as JSON before running the command."),
    ],
    requiredOptions: [DirectoryQuery.appOption.name],
    examples: [
      "appdirs confine --app ExampleApp -- exampleapp --serve",
      "appdirs confine --app ExampleApp --allow /usr/share/fonts --report -- true",
    ],
    run: run)

  static func run(_ arguments: ParsedArguments, _ environment: ProcessEnvironment) throws
    -> Platform.ExitCode
  {
    let query = try DirectoryQuery(arguments, environment: environment)
    guard let app = query.app else {
      throw UsageError(
        message: "confine needs --app NAME: the command is shut in to its directories")
    }
    let allowed = try allowedPaths(arguments)
    // The tool becomes the command at once: whatever threads a runtime started end there.
    let confinement = try app._confine(
      allowing: allowed, bestEffort: arguments.flag("--best-effort"),
      landlock: LiveLandlockCalls(), execsNext: true)
    if !confinement.isComplete {
      Platform.writeError(
        "appdirs: warning: only part of the confinement is enforced: this kernel's Landlock is version \(confinement.landlockVersion), and the ruleset needs version \(confinement.requested.landlockVersion)\n"
      )
    }
    if arguments.flag("--report") {
      Platform.write(json(confinement.enforced).rendered() + "\n")
    }
    return Platform.execute(Array(arguments.positionals), overriding: [:], removing: { _ in false })
  }

  /// The paths of `--allow`, split at `:`.
  static func allowedPaths(_ arguments: ParsedArguments) throws -> [String] {
    guard let value = arguments.value("--allow") else { return [] }
    return value.split(separator: ":", omittingEmptySubsequences: true).map(String.init)
  }

  /// A Landlock ruleset as one JSON object: `abi` (the Landlock version it needs),
  /// `handled_access_fs`, then `rules`, each with `path` and `allowed_access`, the rights named
  /// as the kernel's constants are without their prefix.
  static func json(_ ruleset: LandlockRuleset) -> JSONValue {
    .object([
      ("abi", .integer(Int64(ruleset.landlockVersion))),
      ("handled_access_fs", .array(ruleset.handledAccess.names.map(JSONValue.string))),
      (
        "rules",
        .array(
          ruleset.rules.map { rule in
            .object([
              ("path", .string(rule.path)),
              ("allowed_access", .array(rule.access.names.map(JSONValue.string))),
            ])
          })
      ),
    ])
  }
}
