// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

@_spi(Tool) import AppDirectories

/// `appdirs doctor`: inspects the environment and the directories, and prints each finding
/// with a one-line fix. Nothing is created or changed.
enum DoctorCommand {
  static let command = CommandLineTool.Command(
    name: "doctor",
    abstract: "Check the environment and the directories, and say how to fix each problem.",
    arguments: [],
    options: DirectoryQuery.options,
    examples: ["appdirs doctor", "appdirs doctor --app ExampleApp || echo 'see above'"],
    run: run)

  /// One thing the doctor noticed.
  struct Finding: Hashable {
    /// A problem makes the exit code 1; a note (such as the sandbox) does not.
    let isProblem: Bool
    let message: String
    let fix: String
  }

  /// The kinds whose resolved directories are checked for permissions and dangling symlinks;
  /// runtime too when an application is given (the base has its own, stricter check).
  static let checkedKinds = Set((appKindsButRuntime + [.shared]).map(\.name))

  /// The application's own kinds but runtime, whose directory the library checks on its own,
  /// more strictly (private to the user, mode 0700).
  static let appKindsButRuntime = DirectoryQuery.Kind.applicationKinds.filter {
    $0 != .base(.runtime)
  }

  static func run(_ arguments: ParsedArguments, _ environment: ProcessEnvironment) throws
    -> Platform.ExitCode
  {
    let query = try DirectoryQuery(arguments, environment: environment)
    var found: [Finding] = homeFindings(query)
    let homeIsAProblem = found.contains(where: \.isProblem)
    let (resolutions, errors) = resolveEverything(query)
    found += emptyVariableFindings(resolutions.map(\.resolution))
    // The lines of user-dirs.dirs that no folder's resolution reports.
    for warning in (try? query.standard.userDirectoriesFileWarnings()) ?? [] {
      found.append(Finding(isProblem: true, message: warning.message, fix: warning.suggestion))
    }
    found += errors
    for resolution in resolutions.map(\.resolution) {
      // An unset XDG_RUNTIME_DIR whose fallback is safe (every container and CI job) is a
      // note: the exit code counts only what makes a directory unusable, unsafe or dangerous to clean.
      let isSafeFallback =
        resolution.source == .fallback
        && resolution.ignored.allSatisfy { $0.reason == .unset || $0.reason == .empty }
      for warning in resolution.warnings {
        found.append(
          Finding(isProblem: !isSafeFallback, message: warning.message, fix: warning.suggestion))
      }
    }
    found += dangerousOverrideFindings(resolutions, standard: query.standard)
    let home = try? query.standard.resolution(for: .home).path
    var blockers: [Blocker] = []
    // Each cause once: a path that has a finding of its own is not reported again as what
    // blocks the directories below it.
    var reported: Set<String> = []
    for path in checkedDirectories(query, resolutions) {
      let own = directoryFindings(
        path, user: environment.effectiveUserID, home: home, query.standard)
      if !own.isEmpty { reported.insert(path) }
      found += own
      blockers += creationBlockers(path, user: environment.effectiveUserID, query.standard)
    }
    // A HOME that is unusable is reported by the home's finding; what it blocks below is the
    // same cause.
    if let home, homeIsAProblem {
      blockers.removeAll { blocker in
        let ancestor = blocker.ancestor
        return home == ancestor
          || home.hasPrefix(ancestor.hasSuffix("/") ? ancestor : ancestor + "/")
      }
    }
    blockers.removeAll { reported.contains($0.ancestor) }
    found += Blocker.findings(blockers)
    found += sandboxFindings(environment)
    if let app = query.app { found += previousLocationFindings(app) }
    let findings = found.uniqued()

    Platform.write(
      "Checked HOME, the XDG variables, user-dirs.dirs, the runtime directory and the "
        + (query.app.map { "directories of \($0.app)" } ?? "base directories") + ".\n")
    for finding in findings {
      Platform.write("\(finding.isProblem ? "problem" : "note"): \(finding.message)\n")
      Platform.write("  fix: \(finding.fix)\n")
    }
    let problems = findings.filter(\.isProblem).count
    if problems == 0 {
      Platform.write("No problems found.\n")
      return .success
    }
    Platform.write("\(problems) problem\(problems == 1 ? "" : "s") found.\n")
    return .failure
  }

  /// `HOME` against the password database.
  static func homeFindings(_ query: DirectoryQuery) -> [Finding] {
    let environment = query.environment
    let standard = query.standard
    if environment.isSecureExecution { return [] }
    // Doctor is the one command that compares HOME with the password database.
    let passwd = environment.readingPasswordDatabase().passwordDatabaseHome
    let home: DirectoryResolution
    do {
      home = try query.standard.resolution(for: .home)
    } catch {
      return [Finding(isProblem: true, message: error.description, fix: error.recoverySuggestion)]
    }
    let user = environment.effectiveUserID
    switch home.source {
    case .passwordDatabase:
      // A relative HOME already has the library's own warning.
      guard (environment.variables["HOME"] ?? "").isEmpty else { return [] }
      // As `path` does, the password database's home is used without a warning when it is a
      // directory (a note); one that is missing is no home at all (a problem: creating fails).
      let exists = standard.inspect(home.path, followingSymlinks: true)?.kind == .directory
      if exists {
        return [
          Finding(
            isProblem: false,
            message:
              "HOME is not set or empty; the password database's home \(home.path) is used",
            fix:
              "Nothing to fix; to be explicit, set HOME in your login environment: export HOME=\(home.path)"
          )
        ]
      }
      let problem = HomeProblem.passwordDatabaseHomeMissing(path: home.path, userID: user)
      return [
        Finding(
          isProblem: true, message: "no home directory: \(problem)",
          fix: DirectoryError.homeUnavailable(reason: problem).recoverySuggestion)
      ]
    case .variable("HOME"):
      let passwdStatus = passwd.flatMap { standard.inspect($0, followingSymlinks: true) }
      let homeStatus = standard.inspect(home.path, followingSymlinks: true)
      guard let passwd, passwd != home.path,
        passwdStatus == nil || passwdStatus?.identity != homeStatus?.identity
      else { return [] }
      let message =
        "HOME is \(home.path), but the password database says \(passwd) for user \(user)"
      // A HOME of one's own elsewhere (CI, containers, a throwaway home) is fine; a HOME that
      // belongs to someone else is the sudo case: root writing into another user's files.
      if homeStatus?.kind == .directory, homeStatus?.owner == user {
        return [
          Finding(
            isProblem: false, message: message,
            fix:
              "Nothing to fix: HOME is a directory of yours; programs that read the password database (ssh) use \(passwd)."
          )
        ]
      }
      let why =
        if let homeStatus {
          homeStatus.kind != .directory
            ? "\(home.path) is not a directory"
            : "\(home.path) belongs to user \(homeStatus.owner), not to you (user \(user))"
        } else {
          "\(home.path) does not exist"
        }
      let passwdExists = passwdStatus?.kind == .directory
      return [
        Finding(
          isProblem: true, message: message + "; " + why,
          fix: passwdExists
            ? "Use your own home: export HOME=\(passwd) (with sudo, use sudo -H or sudo -i)."
            : "Set HOME to a directory you own, for a throwaway one export HOME=\"$(mktemp -d)\".")
      ]
    default:
      return []
    }
  }

  /// The variables that the resolutions passed over because they are empty, which the library
  /// treats as unset without a warning.
  static func emptyVariableFindings(_ resolutions: [DirectoryResolution]) -> [Finding] {
    resolutions.flatMap(\.ignored).compactMap { ignored in
      guard case .variable(let name) = ignored.origin, ignored.reason == .empty else { return nil }
      return Finding(
        isProblem: true, message: "\(name) is set but empty, so it is treated as unset",
        fix: "Unset it (unset \(name)) or set it to an absolute path.")
    }
  }

  /// The finding for a directory that cannot be resolved, in the library's words; under the
  /// XDG rules a refused runtime fallback also says that `XDG_RUNTIME_DIR` gave none.
  static func finding(for error: DirectoryError, _ standard: StandardDirectories) -> Finding {
    if case .insecureRuntimeDirectory(let base, let problem) = error, standard.followsXDG {
      return Finding(
        isProblem: true,
        message:
          "the fallback runtime directory \(base) \(problem), so it is refused, and XDG_RUNTIME_DIR is unset or unsafe: runtime files have nowhere to go",
        fix:
          "Remove \(base) if it is yours, or set XDG_RUNTIME_DIR to a directory you own with mode 0700."
      )
    }
    return Finding(isProblem: true, message: error.description, fix: error.recoverySuggestion)
  }

  /// Every base directory and, with an application, its own directories, with the errors met.
  static func resolveEverything(_ query: DirectoryQuery) -> (
    [(name: String, resolution: DirectoryResolution)], [Finding]
  ) {
    var resolutions: [(name: String, resolution: DirectoryResolution)] = []
    var errors: [Finding] = []
    var seenPaths = Set<String>()
    for kind in query.listedKinds {
      do {
        let resolution = try query.resolution(of: kind)
        if seenPaths.insert(resolution.path).inserted {
          resolutions.append((kind.name, resolution))
        }
        if case .base(let base) = kind, base == .data || base == .config {
          // The system entries of the search list carry the warnings about XDG_*_DIRS.
          let search = try query.searchResolutions(base == .data ? .data : .config)
          for warning in search.flatMap(\.warnings) {
            errors.append(
              Finding(isProblem: true, message: warning.message, fix: warning.suggestion))
          }
        }
      } catch let error as DirectoryError {
        errors.append(finding(for: error, query.standard))
      } catch {
        continue
      }
    }
    return (resolutions, errors)
  }

  /// The base data, config, cache and state directories, then the application's own
  /// directories: a base directory open to others lets them replace the application's.
  static func checkedDirectories(
    _ query: DirectoryQuery, _ resolutions: [(name: String, resolution: DirectoryResolution)]
  ) -> [String] {
    var paths: [String] = []
    for base in [StandardDirectory.data, .config, .cache, .state] {
      if let resolution = try? query.standard.resolution(for: base) {
        paths.append(resolution.path)
      }
    }
    for (name, resolution) in resolutions
    where checkedKinds.contains(name) || (name == "runtime" && query.app != nil) {
      if !paths.contains(resolution.path) { paths.append(resolution.path) }
    }
    return paths
  }

  /// An application's directory that an override or an `XDG_*` value sets to a protected or
  /// shared directory: cleaning it would remove what is not the application's.
  static func dangerousOverrideFindings(
    _ resolutions: [(name: String, resolution: DirectoryResolution)],
    standard: StandardDirectories
  ) -> [Finding] {
    resolutions.compactMap { name, resolution in
      guard appKindsButRuntime.map(\.name).contains(name),
        case .variable(let variable) = resolution.source,
        let rule = standard.destructionRefusal(resolution.path)
      else { return nil }
      switch rule {
      case .protectedDirectory, .baseDirectory:
        return Finding(
          isProblem: true,
          message:
            "the \(name) directory \(resolution.path) (from \(variable)) is not the application's own: \(rule)",
          fix:
            "Point \(variable) at a folder of the application's own, such as one inside ~/.\(name)."
        )
      default:
        return nil
      }
    }
  }

  /// A directory that is a dangling symlink, not a directory, open to others or not writable,
  /// or another user's outside the home (the library refuses it).
  static func directoryFindings(
    _ path: String, user: UInt32, home: String?, _ standard: StandardDirectories
  ) -> [Finding] {
    guard let entry = standard.inspect(path) else { return [] }
    if entry.kind == .symbolicLink && standard.inspect(path, followingSymlinks: true) == nil {
      let target = standard.symbolicLinkTarget(path) ?? "?"
      // Something at the target, yet nothing at its end: the links loop, or end at another
      // link that leads nowhere. Making the target would not help.
      let parent = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? ""
      let absoluteTarget = target.hasPrefix("/") ? target : parent + "/" + target
      if standard.inspect(absoluteTarget) != nil {
        return [
          Finding(
            isProblem: true,
            message:
              "\(path) is a symbolic link to \(target), which leads nowhere: its links loop or end at a missing target",
            fix: "Remove the link (rm '\(path)'), or point it at a directory.")
        ]
      }
      return [
        Finding(
          isProblem: true,
          message: "\(path) is a symbolic link to \(target), which does not exist",
          fix: "Create the target (mkdir -p '\(target)') or remove the link (rm '\(path)').")
      ]
    }
    guard let target = standard.inspect(path, followingSymlinks: true) else { return [] }
    guard target.kind == .directory else {
      return [
        Finding(
          isProblem: true, message: "\(path) is not a directory",
          fix: "Move it out of the way: mv '\(path)' '\(path).bak'")
      ]
    }
    var findings: [Finding] = []
    // As the library's rule: the home itself, or below it.
    let underHome = home.map { path == $0 || path.hasPrefix($0 + "/") } ?? false
    if target.owner != user && target.owner != 0 && !underHome {
      findings.append(
        Finding(
          isProblem: true,
          message:
            "\(path) belongs to user \(target.owner), neither you (user \(user)) nor root, so it is refused",
          fix: "Point the setting that chose it at a directory of your own, or chown it to \(user)."
        ))
    }
    if target.permissions & 0o022 != 0 {
      let who = target.permissions & 0o002 != 0 ? "world-writable" : "group-writable"
      findings.append(
        Finding(
          isProblem: true,
          message: "\(path) is \(who) (mode \(octal(target.permissions & 0o777)))",
          fix: "Let only yourself write there: chmod go-w '\(path)'"))
    }
    if !standard.mayCreateFiles(in: path) {
      findings.append(
        Finding(
          isProblem: true,
          message: "\(path) is not writable by user \(user) (owner \(target.owner), mode "
            + "\(octal(target.permissions & 0o777)))",
          fix: "Make it yours: chown \(user) '\(path)' && chmod u+rwx '\(path)'"))
    }
    return findings
  }

  /// What stops a directory from being created at one ancestor: the ancestor, why, the fix,
  /// and the directory it stops. The same cause blocking several directories is one finding.
  struct Blocker: Hashable {
    let ancestor: String
    /// What is wrong with the ancestor: `is not a directory`.
    let reason: String
    let fix: String
    /// The directory that cannot be made: the checked one, or the missing one nearest to the
    /// ancestor.
    let blocked: String
    var consequence = Consequence.cannotBeCreated

    /// How the ancestor stands in the way of the directories it blocks.
    enum Consequence: Hashable {
      case cannotBeCreated
      /// The ancestor cannot be searched.
      case cannotBeReached
      /// A link of someone else's: the library does not follow it.
      case onTheWay

      func sentence(_ ancestor: String, _ reason: String, _ what: String) -> String {
        switch self {
        case .cannotBeCreated: "\(ancestor) \(reason), so \(what) cannot be created"
        case .cannotBeReached: "\(ancestor) \(reason), so \(what) cannot be reached"
        case .onTheWay: "\(ancestor) \(reason), on the way to \(what)"
        }
      }
    }

    /// One finding per ancestor and reason, naming every directory it blocks.
    static func findings(_ blockers: [Blocker]) -> [Finding] {
      var order: [Blocker] = []
      var blocked: [Blocker: [String]] = [:]
      for blocker in blockers {
        // The cause without the directory it blocks.
        let key = Blocker(
          ancestor: blocker.ancestor, reason: blocker.reason, fix: blocker.fix, blocked: "",
          consequence: blocker.consequence)
        if blocked[key] == nil { order.append(key) }
        if !(blocked[key, default: []].contains(blocker.blocked)) {
          blocked[key, default: []].append(blocker.blocked)
        }
      }
      return order.map { key in
        let paths = blocked[key] ?? []
        let what =
          paths.count == 1
          ? paths[0]
          : "\(paths[0]) and \(paths.count - 1) other director\(paths.count == 2 ? "y" : "ies")"
        return Finding(
          isProblem: true, message: key.consequence.sentence(key.ancestor, key.reason, what),
          fix: key.fix)
      }
    }
  }

  /// What would make `path KIND --create` fail on the way to `path`: a symbolic link owned by
  /// someone other than the user or root, an ancestor that is not a directory or leads
  /// nowhere, an ancestor the user cannot search, or, when something is missing, a deepest
  /// existing ancestor the user cannot write to. The first such ancestor is reported, the
  /// nearest to `/` winning, since nothing below it can be fixed first.
  static func creationBlockers(
    _ path: String, user: UInt32, _ standard: StandardDirectories
  ) -> [Blocker] {
    let ancestors = PathInspection.ancestors(of: path)
    var blockers: [Blocker] = []
    var blocking: Blocker? = nil
    var missing: String? = standard.inspect(path) == nil ? path : nil
    for ancestor in ancestors {
      guard let entry = standard.inspect(ancestor) else {
        missing = ancestor
        continue
      }
      if entry.kind == .symbolicLink, entry.owner != user, entry.owner != 0 {
        blockers.append(
          Blocker(
            ancestor: ancestor,
            reason: "is a symbolic link owned by user \(entry.owner), neither you nor root",
            fix:
              "Remove it if you did not make it (rm '\(ancestor)'), or replace it with a directory of your own.",
            blocked: path, consequence: .onTheWay))
      }
      let target = standard.inspect(ancestor, followingSymlinks: true)
      if let blocker = blockingCause(
        ancestor, target: target, on: path, missing: missing, user: user, standard)
      {
        blocking = blocker
      }
      // Only the deepest existing ancestor must be writable; above it, search is enough.
      missing = nil
    }
    if let blocking { blockers.append(blocking) }
    return blockers
  }

  /// What stops `path` from being reached or created at one existing ancestor, `target` being
  /// what the ancestor leads to; `missing` is the nearest component below it that is missing.
  private static func blockingCause(
    _ ancestor: String, target: PathInspection?, on path: String, missing: String?,
    user: UInt32, _ standard: StandardDirectories
  ) -> Blocker? {
    guard let target else {
      return Blocker(
        ancestor: ancestor, reason: "is a symbolic link that leads nowhere",
        fix: "Create its target or remove the link (rm '\(ancestor)').", blocked: path)
    }
    let mode = octal(target.permissions & 0o777)
    if target.kind != .directory {
      return Blocker(
        ancestor: ancestor, reason: "is not a directory",
        fix: "Move it out of the way: mv '\(ancestor)' '\(ancestor).bak'", blocked: path)
    }
    if !standard.maySearch(ancestor) {
      return Blocker(
        ancestor: ancestor,
        reason: "cannot be searched by user \(user) (owner \(target.owner), mode \(mode))",
        fix: "Give your user search permission on it: chmod u+x '\(ancestor)' if it is yours.",
        blocked: path, consequence: .cannotBeReached)
    }
    guard let below = missing else { return nil }
    if user == 0, target.owner != 0 {
      return Blocker(
        ancestor: ancestor,
        reason:
          "belongs to user \(target.owner), and root creates nothing in another user's directory",
        fix:
          "Run as user \(target.owner), or give root its own home: sudo -H, or export HOME=/root.",
        blocked: below)
    }
    if !standard.mayCreateFiles(in: ancestor) {
      return Blocker(
        ancestor: ancestor,
        reason:
          "is not writable by user \(user) (owner \(target.owner), mode \(mode))",
        fix: "Create \(below) yourself as its owner, or make \(ancestor) writable by you.",
        blocked: below)
    }
    return nil
  }

  /// A previous location of one of the application's directories (another layout's, an
  /// earlier default's) that holds files while the current directory is missing or empty: a
  /// note, with the command that adopts it.
  static func previousLocationFindings(_ app: AppDirectories) -> [Finding] {
    AppDirectory.ownKinds.compactMap { kind -> Finding? in
      guard let current = try? app.resolution(for: kind).path,
        let previous = try? app.previousLocationsToAdopt(for: kind), !previous.isEmpty
      else { return nil }
      let name = DirectoryQuery.Kind(kind).name
      let paths = previous.joined(separator: " and ")
      // The options that chose these directories, so that the command adopts the same.
      let options =
        (app.organization.map { " --org \(ShellQuoting.quote($0))" } ?? "")
        + (app.layout == .native ? "" : " --layout \(app.layout.rawValue)")
        + (app.roaming ? " --roaming" : "")
      return Finding(
        isProblem: false,
        message:
          "the \(name) directory \(current) is empty or missing, and \(paths) holds the files of an earlier layout or default",
        fix: previous.count == 1
          ? "Adopt it: appdirs migrate \(name) --previous --app \(ShellQuoting.quote(app.app))\(options)"
          : "Keep one: appdirs migrate \(name) PATH --app \(ShellQuoting.quote(app.app))\(options), then remove the other."
      )
    }
  }

  static func sandboxFindings(_ environment: ProcessEnvironment) -> [Finding] {
    switch environment.sandbox {
    case .flatpak:
      let id = environment.sandboxApplicationID
      // The variable when it is set; else the file that told the sandbox.
      let told =
        environment.variables["FLATPAK_ID"].flatMap { $0.isEmpty ? nil : "FLATPAK_ID=\($0)" }
        ?? "\(ProcessEnvironment.flatpakInfoFile) names \(id ?? "no application")"
      return [
        Finding(
          isProblem: false,
          message:
            "running in a Flatpak sandbox (\(told)); "
            + "the XDG directories are the app's own, under ~/.var/app/\(id ?? "<id>")",
          fix: "Nothing to fix; to see the host's directories run appdirs outside the sandbox.")
      ]
    case .snap:
      let name = environment.variables["SNAP_NAME"] ?? ""
      return [
        Finding(
          isProblem: false,
          message:
            "running in a Snap (SNAP_NAME=\(name)); HOME is the snap's own, under ~/snap/\(name)",
          fix: "Nothing to fix; to see your real home's directories run appdirs outside the snap.")
      ]
    case nil:
      return []
    }
  }

  private static func octal(_ mode: UInt32) -> String { zeroPadded(mode, radix: 8, width: 4) }
}
