// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

import AppDirectories

/// `appdirs list`: every directory, for people, for scripts (`--json`) or for shells
/// (`--shell`).
enum ListCommand {
  static let command = CommandLineTool.Command(
    name: "list",
    abstract: "List every directory with its path, source and whether it exists.",
    arguments: [],
    options: DirectoryQuery.options + [
      DirectoryQuery.fallbackOption,
      PlatformPreview.option,
      OptionSpec(name: "--json", help: "Print one JSON object."),
      OptionSpec(name: "--shell", help: "Print APPDIRS_<KIND>='<path>' lines to eval."),
      OptionSpec(
        name: "--sizes", help: "Add the size of each of the app's directories (needs --app)."),
      OptionSpec(
        name: "--host", help: "In a Flatpak sandbox, the host's directories (HOST_XDG_*_HOME)."),
    ],
    exclusiveOptions: ["--json", "--shell"],
    examples: [
      "appdirs list --app ExampleApp",
      "appdirs list --app ExampleApp --json",
      "eval \"$(appdirs list --app ExampleApp --shell)\"",
      "appdirs list --platform windows --app ExampleApp --org Example --json",
    ],
    run: run)

  /// One row of the listing.
  struct Entry {
    let kind: DirectoryQuery.Kind
    let resolution: DirectoryResolution
    /// What is at the path: a directory (or a symlink to one), something else, or nothing.
    let found: PathInspection.Kind?
    /// The bytes below it, for the application's own directories with `--sizes`.
    var size: Int64? = nil

    /// Whether a directory, or a symlink to one, is there.
    var exists: Bool { found == .directory }
  }

  static func run(_ arguments: ParsedArguments, _ environment: ProcessEnvironment) throws
    -> Platform.ExitCode
  {
    // A preview describes another machine: nothing of this one is looked at, so its pure
    // resolutions are shown as they are, requirements unchecked.
    let preview = try PlatformPreview.environment(arguments, real: environment)
    var chosen = preview ?? environment
    if arguments.flag("--host") {
      guard let host = chosen.host else {
        throw UsageError(
          message:
            "--host lists the host's directories from inside a Flatpak sandbox (FLATPAK_ID set, or \(ProcessEnvironment.flatpakInfoFile) there); outside one, list shows them already"
        )
      }
      chosen = host
    }
    let query = try DirectoryQuery(
      arguments, environment: chosen, checksFileSystem: preview == nil)
    var entries = try query.listedKinds.compactMap { kind -> Entry? in
      let resolution: DirectoryResolution
      do {
        resolution = try query.resolution(of: kind)
      } catch DirectoryError.unsupported {
        return nil  // The platform has no such folder (templates on macOS, fonts on iOS).
      }
      let found =
        preview == nil
        ? query.standard.inspect(resolution.path, followingSymlinks: true)?.kind : nil
      return Entry(kind: kind, resolution: resolution, found: found)
    }
    let sizes = arguments.flag("--sizes")
    var unmeasured: [DirectoryWarning] = []
    if sizes {
      if arguments.flag("--shell") {
        throw UsageError(
          message:
            "--sizes does not go with --shell, whose lines hold paths only: use --sizes alone or with --json"
        )
      }
      guard let app = query.app, preview == nil else {
        throw UsageError(
          message: query.app == nil
            ? "--sizes needs --app NAME: it measures the application's own directories"
            : "--sizes measures this machine's directories, not a preview's")
      }
      var measured: [String: Int64] = [:]
      for location in try app.locations(groups: query.group.map { [$0] } ?? [], sizes: true) {
        if let size = location.size { measured[location.path] = size }
        if let problem = location.problem {
          // Never a silent blank: a size that could not be measured says why.
          unmeasured.append(
            DirectoryWarning(
              "\(location.path) could not be measured (\(problem)); its size is left out",
              suggestion: "Make it readable by your user, then run the command again."))
        }
      }
      for index in entries.indices where entries[index].kind.isApplicationsOwn(query) {
        entries[index].size = measured[entries[index].resolution.path]
      }
    }
    // The search lists' warnings too: a relative XDG_DATA_DIRS entry is dropped, never silently.
    let searchWarnings = try (query.searchResolutions(.data) + query.searchResolutions(.config))
      .flatMap(\.warnings)
    let allWarnings = (entries.flatMap(\.resolution.warnings) + searchWarnings + unmeasured)
      .uniqued()
    let warnings = allWarnings.map(\.message)
    if arguments.flag("--json") {
      Platform.write(
        try json(entries, query: query, warnings: warnings, sizes: sizes).rendered() + "\n")
    } else if arguments.flag("--shell") {
      if preview == nil { CommandLineTool.warn(allWarnings) }
      for entry in entries {
        let name = "APPDIRS_" + entry.kind.name.uppercased()
        Platform.write("\(name)=\(ShellQuoting.quote(entry.resolution.path))\n")
      }
      if preview != nil { Platform.write(previewNotes(allWarnings, prefix: "# ")) }
    } else {
      if preview == nil { CommandLineTool.warn(allWarnings) }
      Platform.write(table(entries, sizes: sizes).rendered(colour: TextTable.colourEnabled))
      if preview != nil { Platform.write(previewNotes(allWarnings, prefix: "")) }
    }
    return .success
  }

  /// A preview's warnings belong to the simulated machine, not to this one: they are part of
  /// the listing, on standard output after it (as comments in `--shell`), never on standard
  /// error as this machine's warnings.
  static func previewNotes(_ warnings: [DirectoryWarning], prefix: String) -> String {
    var text = ""
    for warning in warnings {
      text += "\(prefix)on the simulated machine: \(warning.message)\n"
    }
    return text
  }

  static func json(
    _ entries: [Entry], query: DirectoryQuery, warnings: [String], sizes: Bool
  ) throws -> JSONValue {
    let directories = entries.map { entry in
      var members: [(String, JSONValue)] = [
        ("path", .string(entry.resolution.path)),
        ("source", .string(entry.resolution.source.description)),
        ("exists", .bool(entry.exists)),
      ]
      if sizes { members.append(("size", entry.size.map(JSONValue.integer) ?? .null)) }
      return (entry.kind.name, JSONValue.object(members))
    }
    let search = JSONValue.object([
      ("data", .array(try query.searchResolutions(.data).map { JSONValue.string($0.path) })),
      ("config", .array(try query.searchResolutions(.config).map { JSONValue.string($0.path) })),
    ])
    return .object([
      ("platform", .string(query.environment.platform.rawValue)),
      ("layout", .string(query.layout.rawValue)),
      ("scope", .string(query.standard.scope.rawValue)),
      ("app", .optional(query.app?.app)),
      ("organization", .optional(query.organization)),
      (
        "sandbox",
        query.environment.sandbox.map {
          .object([
            ("package", .string($0.rawValue)),
            ("id", .optional(query.environment.sandboxApplicationID)),
          ])
        } ?? .null
      ),
      ("directories", .object(directories)),
      ("search", search),
      ("warnings", .array(warnings.map(JSONValue.string))),
    ])
  }

  static func table(_ entries: [Entry], sizes: Bool) -> TextTable {
    TextTable(
      header: ["KIND", "PATH", "SOURCE", "EXISTS"] + (sizes ? ["SIZE"] : []),
      rows: entries.map { entry in
        [
          TextTable.Cell(entry.kind.name), TextTable.Cell(entry.resolution.path),
          TextTable.Cell(entry.resolution.source.description, .dim),
          existsCell(entry.found),
        ] + (sizes ? [TextTable.Cell(entry.size.map(ByteCount.human) ?? "")] : [])
      })
  }

  /// The EXISTS column: yes for a directory, no for nothing, and what stands there otherwise.
  static func existsCell(_ found: PathInspection.Kind?) -> TextTable.Cell {
    switch found {
    case .directory?: TextTable.Cell("yes", .green)
    case nil: TextTable.Cell("no", .yellow)
    case _?: TextTable.Cell("not a directory", .yellow)
    }
  }
}
