// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

import AppDirectories

/// `appdirs grants --app NAME [--create] [--format json|bwrap|flatpak|seatbelt|landlock]`: the
/// directories a sandbox must give the application, with the access each needs, each proved
/// first, as the sandboxing tools take them.
enum GrantsCommand {
  /// The output formats, in the order the help lists them.
  enum Format: String, CaseIterable {
    case json, bwrap, flatpak, seatbelt, landlock
  }

  static let command = CommandLineTool.Command(
    name: "grants",
    abstract:
      "Print the directories a sandbox must give an app, proved safe, for bwrap, Flatpak, Seatbelt or Landlock.",
    arguments: [],
    options: [
      DirectoryQuery.appOption, DirectoryQuery.environmentPrefixOption,
      DirectoryQuery.organizationOption, DirectoryQuery.systemOption, DirectoryQuery.layoutOption,
      DirectoryQuery.roamingOption,
      OptionSpec(
        name: "--format", value: .choice(Format.allCases.map(\.rawValue), noun: "format"),
        help:
          "json (default), bwrap options, flatpak --filesystem=, a seatbelt fragment, a landlock ruleset."
      ),
      OptionSpec(name: "--create", help: "Find or create the app's own directories first."),
      OptionSpec(
        name: "--allow", value: .name("DIR[:DIR…]"),
        help: "With --format landlock: directories to read besides the app's and the system's."),
    ],
    requiredOptions: [DirectoryQuery.appOption.name],
    examples: [
      "appdirs grants --app ExampleApp",
      "bwrap $(appdirs grants --app ExampleApp --create --format bwrap) exampleapp",
      "appdirs grants --app ExampleApp --format flatpak",
      "appdirs grants --app ExampleApp --create --format landlock --allow /usr/share/fonts",
    ],
    run: run)

  static func run(_ arguments: ParsedArguments, _ environment: ProcessEnvironment) throws
    -> Platform.ExitCode
  {
    let query = try DirectoryQuery(arguments, environment: environment)
    guard let app = query.app else {
      throw UsageError(message: "grants needs --app NAME: the grants are one application's")
    }
    let format = try arguments.choice("--format", as: Format.self) ?? .json
    let allowed = try ConfineCommand.allowedPaths(arguments)
    if !allowed.isEmpty, format != .landlock {
      throw UsageError(
        message:
          "--allow adds read-only paths to a Landlock ruleset: use it with --format landlock (or appdirs confine)"
      )
    }
    let create = arguments.flag("--create")
    if format == .landlock {
      let ruleset = try app.landlockRuleset(allowing: allowed, creating: create)
      Platform.write(ConfineCommand.json(ruleset).rendered() + "\n")
      return .success
    }
    let grants = try app.grants(creating: create)
    for grant in grants where !grant.exists && grant.access == .readWrite {
      Platform.writeError(
        "appdirs: warning: \(grant.path) does not exist yet: run with --create to make the app's own directories first\n"
      )
    }
    switch format {
    case .json:
      Platform.write(json(grants, app: app.app).rendered() + "\n")
    case .bwrap:
      for option in app.bubblewrapOptions(for: grants) {
        Platform.write(option.map(quotedIfNeeded).joined(separator: " ") + "\n")
      }
    case .flatpak:
      for argument in app.flatpakArguments(for: grants) {
        Platform.write(quotedIfNeeded(argument) + "\n")
      }
    case .seatbelt:
      Platform.write("; the directories of \(app.app), from appdirs grants\n")
      for rule in AppDirectories.seatbeltRules(for: grants) { Platform.write(rule + "\n") }
    case .landlock:
      break
    }
    return .success
  }

  /// The grants as one JSON object: `app`, then `grants`, each with `path`, `access`
  /// (`read-write`, `read-only`, `read-execute`), `kind`, `source` and `exists`, in that order.
  static func json(_ grants: [DirectoryGrant], app: String) -> JSONValue {
    .object([
      ("app", .string(app)),
      (
        "grants",
        .array(
          grants.map { grant in
            .object([
              ("path", .string(grant.path)), ("access", .string(grant.access.rawValue)),
              ("kind", .string(grant.kind.rawValue)),
              ("source", .string(grant.source.description)), ("exists", .bool(grant.exists)),
            ])
          })
      ),
    ])
  }

  /// A word as it is, when a shell would read it as one word unchanged; otherwise quoted, so
  /// that `eval` reads it back (`bwrap $(…)` splits only the plain ones right).
  static func quotedIfNeeded(_ word: String) -> String {
    let plain = word.unicodeScalars.allSatisfy { scalar in
      (scalar.value > 0x20 && scalar.value < 0x7F
        && !"'\"\\$`!*?[]{}()<>|&;#~ ".unicodeScalars.contains(scalar))
        || scalar.value >= 0x80
    }
    return plain && !word.isEmpty ? word : ShellQuoting.quote(word)
  }
}
