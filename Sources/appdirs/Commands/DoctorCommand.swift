// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

import AppDirectories

/// `appdirs doctor`: inspects the environment and the directories, and prints each finding
/// with a one-line fix. Nothing is created or changed.
enum DoctorCommand {
  static let command = CommandLineTool.Command(
    name: "doctor",
    abstract: "Check the environment and the directories, and say how to fix each problem.",
    arguments: [],
    options: DirectoryQuery.options + [DirectoryQuery.fallbackOption],
    examples: ["appdirs doctor", "appdirs doctor --app ExampleApp || echo 'see above'"],
    run: run)

  /// One thing the doctor noticed.
  struct Finding: Hashable {
    /// A problem makes the exit code 1; a note (such as the sandbox) does not.
    let isProblem: Bool
    let message: String
    let fix: String
  }

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
    found += anotherApplicationsFindings(resolutions.map(\.resolution))
    // The lines of user-dirs.dirs that no folder's resolution reports.
    for warning in (try? query.standard.userDirectoriesFileWarnings()) ?? [] {
      found.append(Finding(isProblem: true, message: warning.message, fix: warning.suggestion))
    }
    found += errors
    for resolution in resolutions.map(\.resolution) {
      // An unset XDG_RUNTIME_DIR whose fallback is safe (every container and CI job) is a
      // note: the exit code counts only what makes a directory unusable, unsafe or dangerous to clean.
      let isSafeFallback =
        (resolution.source == .fallback || resolution.source == .loginSession)
        && resolution.ignored.allSatisfy { $0.reason == .unset || $0.reason == .empty }
      for warning in resolution.warnings {
        found.append(
          Finding(isProblem: !isSafeFallback, message: warning.message, fix: warning.suggestion))
      }
    }
    found += dangerousOverrideFindings(resolutions, standard: query.standard)
    // What would stop each directory from being created or used, as the library's walk finds
    // it: each cause once, naming every directory it stands in front of.
    var obstacles: [(path: String, obstacle: DirectoryError)] = []
    for (path, obstacle) in checkedDirectories(query, resolutions) {
      if let obstacle = obstacle() {
        obstacles.append((path, obstacle))
      } else {
        found += openDirectoryFindings(path, query.standard)
      }
    }
    // A HOME that is unusable is reported by the home's finding; what it stops below is the
    // same cause.
    if homeIsAProblem, let home = try? query.standard.resolution(for: .home).path {
      obstacles.removeAll { entry in
        entry.obstacle.path.map { environment.platform.path(home, isInside: $0) } ?? true
      }
    }
    found += obstacleFindings(obstacles, query.standard, user: environment.effectiveUserID)
    found += sandboxFindings(query)
    if query.app != nil, let image = PortableMode.inheritedAppImage(in: environment) {
      found.append(
        Finding(
          isProblem: false,
          message:
            "APPIMAGE names \(image), but this program does not run from its mount (APPDIR): it was started by an AppImage and inherited the variable, which is ignored",
          fix: "Nothing to do; a portable folder beside this program's own executable is used."))
    }
    if let app = query.app { found += previousLocationFindings(app) + cleanFindings(app) }
    let findings = found.uniqued()

    Platform.write(
      "Checked HOME, the XDG variables, user-dirs.dirs, the runtime directory and the "
        + (query.app.map {
          ($0.scope == .system ? "machine's directories of " : "directories of ") + $0.app
        } ?? "base directories") + ".\n")
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
      home = try query.standard._resolution(for: .home)
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

  /// The service manager's directories for another name of the unit's, which the library
  /// passes over without a warning (a child process of a service inherits them): a note.
  static func anotherApplicationsFindings(_ resolutions: [DirectoryResolution]) -> [Finding] {
    resolutions.flatMap(\.ignored).compactMap { ignored in
      guard case .variable(let name) = ignored.origin, case .anotherApplication = ignored.reason
      else { return nil }
      return Finding(
        isProblem: false, message: "\(ignored), so it is not this application's and is ignored",
        fix:
          "Nothing to do in a child process of another service; for this application's own, name it in the unit (\(AppDirectories.serviceManagerSetting(of: name))NAME)."
      )
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
        fix: error.recoverySuggestion)
    }
    return Finding(isProblem: true, message: error.description, fix: error.recoverySuggestion)
  }

  /// Every base directory and, with an application, its own directories, with the errors met.
  static func resolveEverything(_ query: DirectoryQuery) -> (
    [(kind: DirectoryQuery.Kind, resolution: DirectoryResolution)], [Finding]
  ) {
    var resolutions: [(kind: DirectoryQuery.Kind, resolution: DirectoryResolution)] = []
    var errors: [Finding] = []
    for kind in query.listedKinds {
      do {
        // Every kind, even at a path another has: each has findings of its own (`/var/lib/A` is
        // data by default and state by STATE_DIRECTORY, which may name the unit's other
        // directories or be passed over); the same finding twice is told once.
        let resolution = try query.resolution(of: kind)
        resolutions.append((kind, resolution))
        if case .base(let base) = kind, base == .data || base == .config {
          // The system entries of the search list carry the warnings about XDG_*_DIRS.
          let search = try query.searchResolutions(base == .data ? .data : .config)
          // The first is the directory's own, whose warnings are the resolution's.
          for warning in search.dropFirst().flatMap(\.warnings) {
            errors.append(
              Finding(isProblem: true, message: warning.message, fix: warning.suggestion))
          }
        }
      } catch let error as DirectoryError {
        errors.append(finding(for: error, query.standard))
      } catch {
        // The listed kinds are the query's own, which it always answers: no usage error.
        preconditionFailure("\(kind.name): \(error)")
      }
    }
    return (resolutions, errors)
  }

  /// The base data, config, cache and state directories, then the application's own
  /// directories (its runtime directory too, whose base the library checks on its own), each
  /// path once: a base directory open to others lets them replace the application's.
  static func checkedDirectories(
    _ query: DirectoryQuery,
    _ resolutions: [(kind: DirectoryQuery.Kind, resolution: DirectoryResolution)]
  ) -> [(path: String, obstacle: () -> DirectoryError?)] {
    var checked: [(path: String, obstacle: () -> DirectoryError?)] = []
    func add(_ path: String, _ obstacle: @escaping () -> DirectoryError?) {
      if !checked.contains(where: { $0.path == path }) { checked.append((path, obstacle)) }
    }
    // The machine's folders (`/var/lib`) are root's by design: a service's user reaches its
    // own directories in them, made by root or the service manager, and nothing else.
    let bases: [StandardDirectory] =
      query.standard.scope == .system && query.app != nil ? [] : [.data, .config, .cache, .state]
    for base in bases {
      // The base itself, whatever an application makes of the kind.
      if let resolution = try? query.standard.resolution(for: base) {
        add(resolution.path) { query.standard.obstacle(to: base) }
      }
    }
    for (kind, resolution) in resolutions where kind.isApplicationsOwn(query) {
      add(resolution.path) { query.obstacle(to: kind) }
    }
    return checked
  }

  /// An application's directory that an override or an `XDG_*` value sets to a protected or
  /// shared directory: cleaning it would remove what is not the application's.
  static func dangerousOverrideFindings(
    _ resolutions: [(kind: DirectoryQuery.Kind, resolution: DirectoryResolution)],
    standard: StandardDirectories
  ) -> [Finding] {
    resolutions.compactMap { kind, resolution in
      let name = kind.name
      guard appKindsButRuntime.contains(kind),
        case .variable(let variable) = resolution.source,
        let rule = standard.destructionRefusal(
          resolution.path,
          allowingMachineEntries: standard.scope == .system
            || AppDirectories.isServiceManagers(resolution.source))
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

  /// Whether `clean` would act on each of the application's directories that exist, and why
  /// not: the positive proof's verdict, as a note.
  static func cleanFindings(_ app: AppDirectories) -> [Finding] {
    app.cleanVerdicts().map { location, verdict in
      switch verdict {
      case .proved(let evidence):
        return Finding(
          isProblem: false, message: "clean would act on \(location.path): \(evidence)",
          fix: "Nothing to do: `appdirs clean --app \(app.app) --all` would remove it.")
      case .refused(let reason):
        let error = DirectoryError.cleanRefused(path: location.path, reason: reason)
        return Finding(
          isProblem: false, message: "clean would not act on \(location.path): \(reason)",
          fix: error.recoverySuggestion(for: app.environment.platform))
      }
    }
  }

  /// A directory that nothing stops from being used, but that other users may write to.
  static func openDirectoryFindings(_ path: String, _ standard: StandardDirectories) -> [Finding] {
    guard let target = standard.inspect(path, followingSymlinks: true),
      target.kind == .directory, target.permissions & 0o022 != 0
    else { return [] }
    let who = target.permissions & 0o002 != 0 ? "world-writable" : "group-writable"
    return [
      Finding(
        isProblem: true,
        message: "\(path) is \(who) (mode \(octal(target.permissions & 0o777)))",
        fix: "Let only yourself write there: chmod go-w '\(path)'")
    ]
  }

  /// The library's obstacles in its own words, each cause once: one in front of several
  /// directories (a file where `~/.local` should be) names the directory it stops, and how
  /// many more.
  static func obstacleFindings(
    _ obstacles: [(path: String, obstacle: DirectoryError)], _ standard: StandardDirectories,
    user: UInt32
  ) -> [Finding] {
    var order: [DirectoryError] = []
    var stopped: [DirectoryError: [String]] = [:]
    for (path, obstacle) in obstacles {
      if stopped[obstacle] == nil { order.append(obstacle) }
      // The directory itself is named by the obstacle; one below it is what it stops.
      if obstacle.path != path, !(stopped[obstacle, default: []].contains(path)) {
        stopped[obstacle, default: []].append(path)
      }
    }
    return order.map { obstacle in
      let paths = stopped[obstacle] ?? []
      let what: String? =
        switch paths.count {
        case 0: nil
        case 1: paths[0]
        default:
          "\(paths[0]) and \(paths.count - 1) other director\(paths.count == 2 ? "y" : "ies")"
        }
      return finding(for: obstacle, stopping: what, standard, user: user)
    }
  }

  /// An obstacle in the doctor's words: what the library found, with the facts a person needs
  /// to act on it (a link's target, a directory's owner and mode), and what it stops.
  private static func finding(
    for obstacle: DirectoryError, stopping what: String?, _ standard: StandardDirectories,
    user: UInt32
  ) -> Finding {
    let cannotBeCreated = what.map { ", so \($0) cannot be created" } ?? ""
    func problem(_ message: String, _ fix: String) -> Finding {
      Finding(isProblem: true, message: message, fix: fix)
    }
    switch obstacle {
    case .notADirectory(let path):
      return problem(
        "\(path) is not a directory\(cannotBeCreated)",
        "Move it out of the way: mv '\(path)' '\(path).bak'")
    case .danglingSymlink(let path):
      let target = standard.symbolicLinkTarget(path)
      return problem(
        "\(path) is a symbolic link to \(target ?? "a missing target"), which does not exist"
          + cannotBeCreated,
        target.map { "Create the target (mkdir -p '\($0)') or remove the link (rm '\(path)')." }
          ?? obstacle.recoverySuggestion)
    case .symbolicLinkLoop(let path):
      let target = standard.symbolicLinkTarget(path).map { " to \($0)" } ?? ""
      return problem(
        "\(path) is a symbolic link\(target), which leads nowhere: its links loop\(cannotBeCreated)",
        "Remove the link (rm '\(path)'), or point it at a directory.")
    case .ownedByAnotherUser(let path, let owner, true):
      // Root is "you": it follows links that it owns, and no others.
      let owners = user == 0 ? "not by you (root)" : "neither you nor root"
      return problem(
        "\(path) is a symbolic link owned by user \(owner), \(owners)"
          + (what.map { ", on the way to \($0)" } ?? ""),
        "Remove it if you did not make it (rm '\(path)'), or replace it with a directory of your own."
      )
    case .directoryOfAnotherUser(let path, let owner, false) where user == 0:
      // Root may write anywhere, and so refuses what is another user's outside the home: the
      // files it made there would be root's, in that user's directory.
      return problem(
        "\(path) belongs to user \(owner), not to you (root), so it is refused: outside the home, root uses only its own directories",
        "Point the setting that chose it at a directory of root's own, or run as user \(owner).")
    case .directoryOfAnotherUser(let path, let owner, false):
      return problem(
        "\(path) belongs to user \(owner), neither you (user \(user)) nor root, so it is refused",
        "Point the setting that chose it at a directory of your own, or chown it to \(user).")
    case .directoryOfAnotherUser(let path, let owner, true):
      return problem(
        "\(path) belongs to user \(owner), and root creates nothing in another user's directory"
          + cannotBeCreated,
        "Run as user \(owner), or give root its own home: sudo -H, or export HOME=/root.")
    case .permissionDenied(let path, _):
      let status = standard.inspect(path, followingSymlinks: true)
      let details = status.map { " (owner \($0.owner), mode \(octal($0.permissions & 0o777)))" }
      // The machine's folders (`/var/lib`) have the library's own fix: run as their user.
      return problem(
        "\(path) cannot be written and searched by user \(user)\(details ?? "")\(cannotBeCreated)",
        standard.isMachineFolder(path)
          ? obstacle.recoverySuggestion(for: standard.environment.platform)
          : "Give your user write and search permission on it (chmod u+wx '\(path)' if it is yours), or create what is missing as its owner."
      )
    default:
      return problem(obstacle.description + cannotBeCreated, obstacle.recoverySuggestion)
    }
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
        + (app.portableRootPath.map { " --portable \(ShellQuoting.quote($0))" } ?? "")
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

  /// The sandbox the library found, as a note: what told it, and where the directories are.
  static func sandboxFindings(_ query: DirectoryQuery) -> [Finding] {
    let environment = query.environment
    guard let sandbox = environment.sandbox, let evidence = environment.sandboxEvidence else {
      return []
    }
    let data = (try? query.standard.resolution(for: .data).path) ?? "?"
    let home = (try? query.standard.resolution(for: .home).path) ?? "?"
    return switch sandbox {
    case .flatpak:
      [
        Finding(
          isProblem: false,
          message:
            "running in a Flatpak sandbox (\(evidence)); the XDG directories are the app's own, such as \(data)",
          fix: "Nothing to fix; to see the host's directories run appdirs list --host.")
      ]
    case .snap:
      [
        Finding(
          isProblem: false,
          message: "running in a Snap (\(evidence)); HOME is the snap's own, \(home)",
          fix: "Nothing to fix; to see your real home's directories run appdirs outside the snap.")
      ]
    }
  }

  private static func octal(_ mode: UInt32) -> String { zeroPadded(mode, radix: 8, width: 4) }
}
