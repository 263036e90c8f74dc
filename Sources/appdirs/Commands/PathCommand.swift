// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

import AppDirectories

/// `appdirs path KIND`: one directory's path, optionally created.
enum PathCommand {
  static let command = CommandLineTool.Command(
    name: "path",
    abstract: "Print the path of one directory.",
    arguments: [
      CommandLineTool.ArgumentSpec(
        name: "KIND",
        help: String(listing: DirectoryQuery.Kind.allNames)
          + " (applicationSupport is another name for data)",
        completion: .words(DirectoryQuery.Kind.allNames + DirectoryQuery.Kind.aliases.map(\.name)))
    ],
    options: [
      DirectoryQuery.appOption, DirectoryQuery.environmentPrefixOption,
      DirectoryQuery.organizationOption, DirectoryQuery.roamingOption,
      DirectoryQuery.systemOption, DirectoryQuery.fallbackOption,
      DirectoryQuery.portableOption, DirectoryQuery.groupOption,
      OptionSpec(name: "--create", help: "Find or create the directory first."),
      OptionSpec(
        name: "--socket", value: .name("NAME"),
        help: "With runtime and --app: a socket's path that fits sun_path (its folder is made)."),
      OptionSpec(
        name: "--file", value: .name("NAME"),
        help: "The path of the file NAME in the directory (with --create, the directory is made)."),
      OptionSpec(
        name: "--version", value: .name("V"),
        help: "With --app and an app's kind: its folder for version V (--create makes it)."),
      OptionSpec(
        name: "--explain",
        help: "After the path, tell where it came from and every warning with its fix."),
      DirectoryQuery.layoutOption, PlatformPreview.option,
    ],
    examples: [
      "appdirs path cache --app ExampleApp",
      "appdirs path documents",
      "appdirs path runtime --app ExampleApp --create",
      "appdirs path runtime --app ExampleApp --socket control.sock",
      "appdirs path config --app ExampleApp --file settings.json --create",
      "appdirs path state --app exampled --system",
      "appdirs path cache --app ExampleApp --version 2.0 --create",
      "appdirs path documents --explain",
      "appdirs path logs --app ExampleApp --explain --platform macos",
    ],
    run: run)

  static func run(_ arguments: ParsedArguments, _ environment: ProcessEnvironment) throws
    -> Platform.ExitCode
  {
    let kind = try DirectoryQuery.kind(named: arguments.positionals[0])
    // A preview describes another machine, as `list --platform` does: nothing of this one is
    // looked at or made.
    let preview = try PlatformPreview.environment(arguments, real: environment)
    if preview != nil, arguments.flag("--create") {
      throw UsageError(message: "--create makes directories on this machine, not a preview's")
    }
    let query = try DirectoryQuery(
      arguments, environment: preview ?? environment, checksFileSystem: preview == nil)
    let file = arguments.value("--file")
    if let socket = arguments.value("--socket") {
      guard file == nil else {
        throw UsageError(message: "--file and --socket each name a path: give one of them")
      }
      return try printSocket(socket, kind: kind, query: query, arguments: arguments)
    }
    // A file's name is checked before anything is looked at or made.
    if let file { try AppDirectories.validate(fileName: file, on: query.environment.platform) }
    let version = arguments.value("--version")
    if let version {
      guard let app = query.app, let appKind = kind.appScoped else {
        throw UsageError(
          message:
            "--version names a folder in one of the application's directories: give --app NAME and one of its kinds (data, config, cache, state, logs, runtime)"
        )
      }
      try NameValidation.validate(version, as: .version, on: query.environment.platform)
      // Made as the library makes it; otherwise the path is the directory's with V appended.
      if arguments.flag("--create") {
        Platform.write(try app.directoryPath(appKind, version: version) + "\n")
        return .success
      }
    }
    let resolution = try query.resolution(of: kind)
    // The explanation lists the warnings with their fixes, and a preview's belong to the
    // simulated machine: on standard error only this machine's, once.
    if preview == nil, !arguments.flag("--explain") {
      CommandLineTool.warn(resolution.warnings)
    }
    // A home that does not exist goes with the path; creating fails with these words instead.
    var missingHome: [DirectoryWarning] = []
    if preview == nil, !arguments.flag("--create"),
      let warning = missingHomeWarning(resolution, query, kind: kind)
    {
      missingHome.append(warning)
    }
    if !arguments.flag("--explain") { CommandLineTool.warn(missingHome) }
    if let app = query.app, case .base = kind, kind.appScoped == nil {
      CommandLineTool.warn([
        DirectoryWarning(
          "\(kind.name) is shared by every application; --app \(app.app) does not change it",
          suggestion: "Leave out --app for \(kind.name).")
      ])
    }
    let path: String
    do {
      path = arguments.flag("--create") ? try query.create(kind) : resolution.path
    } catch let error as DirectoryError {
      let code = CommandLineTool.report(error)
      if let origin = Self.origin(of: resolution, for: error) {
        Platform.writeError("appdirs: note: \(origin)\n")
      }
      return code
    }
    if arguments.flag("--explain") {
      Platform.write(
        Explanation(
          kind: kind, query: query, resolution: resolution, file: file, moreWarnings: missingHome
        ).text)
    } else {
      let platform = query.environment.platform
      let versioned = version.map { platform.joinPath(path, $0) } ?? path
      Platform.write((file.map { platform.joinPath(versioned, $0) } ?? versioned) + "\n")
    }
    return .success
  }

  /// `--socket NAME`: the socket's path in the application's runtime directory, or in the short
  /// private directory that replaces it when that path does not fit `sun_path`. The directory
  /// is made, since it is checked on the file system; so not for a preview.
  private static func printSocket(
    _ name: String, kind: DirectoryQuery.Kind, query: DirectoryQuery, arguments: ParsedArguments
  ) throws -> Platform.ExitCode {
    guard kind == .base(.runtime), let app = query.app else {
      throw UsageError(
        message:
          "--socket names a socket in an application's runtime directory: use it with 'runtime --app NAME'"
      )
    }
    guard query.checksFileSystem else {
      throw UsageError(message: "--socket makes its directory on this machine, not a preview's")
    }
    let resolution: DirectoryResolution
    do throws(DirectoryError) {
      CommandLineTool.warn(try app._verifiedResolution(for: .runtime).warnings)
      resolution = try app._socketResolution(named: name)
    } catch {
      return CommandLineTool.report(error)
    }
    var lines = [resolution.path]
    if arguments.flag("--explain") {
      let shortened = resolution.ignored.filter {
        if case .socketPath = $0.origin { return true }
        return false
      }
      if let why = shortened.first {
        lines.append("socket: \(why); a short private directory (0700) is used instead")
      } else {
        lines.append("socket: in the application's runtime directory, within sun_path")
      }
    }
    Platform.write(lines.joined(separator: "\n") + "\n")
    return .success
  }

  /// A path below a home that does not exist and cannot be made (user 65534's `/nonexistent`,
  /// from the password database or from `HOME`) is printed, since it is the answer, but nothing
  /// can ever be made there: said as `doctor` says it, naming the home and where it came from.
  /// `--create` fails instead, with the same words (exit 78).
  static func missingHomeWarning(
    _ resolution: DirectoryResolution, _ query: DirectoryQuery, kind: DirectoryQuery.Kind
  ) -> DirectoryWarning? {
    let platform = query.environment.platform
    guard let home = resolution.home, resolution.path != home.path,
      platform.path(resolution.path, isInside: home.path),
      query.standard.inspect(home.path, followingSymlinks: true)?.kind != .directory,
      // The library's walk says whether the home can be made (a test's own can, the password
      // database's never is), in its own words.
      case .homeUnavailable(let problem)? = query.obstacle(to: kind)
    else { return nil }
    return DirectoryWarning(
      "no home directory: \(problem), so \(resolution.path) cannot be created",
      suggestion: DirectoryError.homeUnavailable(reason: problem).recoverySuggestion)
  }

  /// Where a directory that cannot be created comes from, so that the user knows which setting
  /// to change: the variable that chose it, or the one that would choose another.
  static func origin(of resolution: DirectoryResolution, for error: DirectoryError) -> String? {
    switch error {
    case .notADirectory, .danglingSymlink, .symbolicLinkLoop, .permissionDenied,
      .readOnlyFileSystem:
      break
    default: return nil
    }
    switch resolution.source {
    case .variable(let name):
      return
        "\(resolution.path) comes from \(name); point \(name) at another directory to use that instead."
    case .default:
      let variable = resolution.ignored.lazy.compactMap { ignored -> String? in
        if case .variable(let name) = ignored.origin { return name }
        return nil
      }.first
      guard let variable else { return "\(resolution.path) is the platform's default." }
      return
        "\(resolution.path) is the default; set \(variable) to an absolute path to use another directory."
    case .userDirectoriesFile(let file, let line):
      return "\(resolution.path) comes from line \(line) of \(file)."
    case .portable:
      return
        "\(resolution.path) is a folder of the portable root; give another --portable DIR to use that instead."
    case .passwordDatabase, .fallback, .system:
      return nil
    }
  }
}
