// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

import AppDirectories

/// `appdirs sandbox ROOT -- COMMAND…`: runs a command with every directory a program may use
/// pointed inside ROOT, for shell tests of tools that follow the XDG rules with any library.
enum SandboxCommand {
  static let command = CommandLineTool.Command(
    name: "sandbox",
    abstract: "Run a command with HOME, the XDG directories and TMPDIR inside ROOT.",
    arguments: [
      CommandLineTool.ArgumentSpec(
        name: "ROOT", help: "The sandbox's directory; made (0700) if missing", completion: .files),
      CommandLineTool.ArgumentSpec.command,
    ],
    options: [],
    examples: [
      "appdirs sandbox \"$(mktemp -d)\" -- appdirs list --json",
      "appdirs sandbox \"$PWD/.build/sandbox\" -- ./test-my-tool.sh",
    ],
    run: run)

  static func run(_ arguments: ParsedArguments, _ environment: ProcessEnvironment) throws
    -> Platform.ExitCode
  {
    let rootPath = arguments.positionals[0]
    try validate(root: rootPath, environment: environment)
    var sandbox = ProcessEnvironment.isolated(inPath: rootPath)
    // The library in the command knows it is sandboxed, and keeps the same containment.
    sandbox.variables[ProcessEnvironment.sandboxRootVariable] =
      sandbox.isolationRootPath ?? rootPath
    // Foundation on Apple platforms and swift-corelibs-foundation take the home from
    // CFFIXED_USER_HOME first (NSHomeDirectory()): the parent's would lead out of ROOT.
    if let home = sandbox.variables["HOME"] { sandbox.variables["CFFIXED_USER_HOME"] = home }
    // Where TMPDIR is the temporary folder, programs that read TMP or TEMP get it too (on
    // Windows the isolated environment sets those itself).
    if let temporary = sandbox.variables["TMPDIR"] {
      sandbox.variables["TMP"] = temporary
      sandbox.variables["TEMP"] = temporary
    }
    // The directories every program expects to exist; the rest is made when asked.
    let standard = StandardDirectories(environment: sandbox)
    for kind in [StandardDirectory.home, .temporary, .runtime] {
      _ = try standard.directoryPath(kind)
    }
    let command = Array(arguments.positionals.dropFirst())
    // Every other XDG_* variable (XDG_DESKTOP_DIR, XDG_BIN_HOME, …) would lead outside ROOT.
    return Platform.execute(
      command, overriding: sandbox.variables,
      removing: { $0.hasPrefix("XDG_") && sandbox.variables[$0] == nil })
  }

  /// The folders an isolated root holds once the tool has made it and the command has run.
  static let rootFolders: Set<String> = [
    "home", "tmp", "runtime", "group-containers", "system", "app", "storage",
  ]

  /// An absolute ROOT without `:`, not `/`, a home, a base or protected directory,
  /// not a symbolic link, the user's own; an existing one empty or a root the tool made (its
  /// folders the user's own, 0700). Checked before anything is made.
  static func validate(root path: String, environment: ProcessEnvironment) throws {
    func refuse(_ why: String) -> UsageError {
      UsageError(message: "refusing the sandbox root '\(path)': \(why)")
    }
    guard path.hasPrefix("/") else {
      throw refuse("give an absolute path, such as \"$(mktemp -d)\"")
    }
    guard !path.split(separator: "/").contains("..") else {
      throw refuse("give it without '..', as the directory it names")
    }
    guard !path.contains(":") else {
      throw refuse("it contains ':', which separates the entries of XDG_DATA_DIRS and PATH")
    }
    // Inside a sandbox, a nested one stays in it: containment holds for the whole tree of
    // processes the first one started.
    if let outer = environment.isolationRootPath, !environment.platform.path(path, isInside: outer)
    {
      throw refuse(
        "it lies outside the sandbox this command runs in (\(outer)); give a directory inside it")
    }
    let standard = StandardDirectories(environment: environment)
    if let rule = standard.destructionRefusal(path) {
      throw refuse(rule.description)
    }
    guard let status = standard.inspect(path) else { return }
    guard status.kind == .directory else {
      throw refuse("it exists and is not a directory")
    }
    guard status.owner == environment.effectiveUserID else {
      throw refuse("it belongs to user \(status.owner)")
    }
    for name in standard.entries(of: path) ?? [] {
      let folder = environment.platform.joinPath(path, name)
      guard rootFolders.contains(name) else {
        throw refuse("it holds \(name), so it is neither empty nor a root appdirs made")
      }
      guard let entry = standard.inspect(folder), entry.kind == .directory,
        entry.owner == environment.effectiveUserID, entry.permissions & 0o777 == 0o700
      else {
        throw refuse("\(folder) is not a directory of yours with mode 0700")
      }
    }
  }
}
