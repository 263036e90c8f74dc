// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

extension ProcessEnvironment {
  /// An environment whose every directory, of every kind, lies inside the directory at
  /// `path`: for tests that must never touch the real home.
  ///
  /// For the running platform's layout: the home, the XDG variables, `TMPDIR`, the Windows
  /// known folders, the Apple group containers and Android's storage are all folders of
  /// the root; the system search lists (`XDG_DATA_DIRS`, `XDG_CONFIG_DIRS`,
  /// `/Library/Application Support`) are not searched; the machine's directories of
  /// ``DirectoryScope/system`` are folders of `<root>/system` (`<root>/system/var/lib/A`,
  /// `<root>\system\ProgramData\A`); the effective user is the real one, and
  /// the runtime directory is the root's own, made 0700 when first needed. Nothing is created
  /// until asked, and creation starts at the root without opening the directories above it.
  ///
  /// ```swift
  /// import AppDirectories
  ///
  /// let dirs = try AppDirectories(
  ///   app: "ExampleApp", environment: .isolated(inPath: "/tmp/isolated-example"))
  /// let cache = try dirs.resolution(for: .cache).path   // …/home/.cache/ExampleApp
  /// ```
  ///
  /// - Parameter path: The root, an absolute path as the platform spells it. Under a relative
  ///   one every directory is unavailable (``DirectoryError/homeUnavailable(reason:)``), since
  ///   the home would be relative.
  public static func isolated(inPath path: String) -> ProcessEnvironment {
    isolated(inNativePath: path, platform: .host, effectiveUserID: captured.effectiveUserID)
  }

  /// The isolated environment of ``isolated(inPath:)`` for `platform`, inside `native` (a path
  /// as that platform spells it).
  static func isolated(
    inNativePath native: String, platform: OperatingSystem, effectiveUserID: UInt32
  )
    -> ProcessEnvironment
  {
    var environment: ProcessEnvironment
    if platform == .windows {
      let base = WindowsPath.normalize(native)
      func inside(_ components: String...) -> String { WindowsPath.join(base, components) }
      let profile = inside("home")
      environment = ProcessEnvironment(
        variables: [
          "USERPROFILE": profile, "APPDATA": WindowsPath.join(profile, ["AppData", "Roaming"]),
          "LOCALAPPDATA": WindowsPath.join(profile, ["AppData", "Local"]),
          "PUBLIC": inside("public"), "TMP": inside("tmp"), "TEMP": inside("tmp"),
          "ProgramData": inside("system", "ProgramData"),
        ], effectiveUserID: effectiveUserID, platform: .windows,
        userDirectoriesFile: .contents(nil), groupContainers: .directory(inside("group-containers"))
      )
      environment.trustedRoot = base
    } else {
      let base = POSIXPath.normalize(native)
      func inside(_ relative: String) -> String { POSIXPath.join(base, relative) }
      let home = inside("home")
      environment = ProcessEnvironment(
        variables: [
          "HOME": home, "TMPDIR": inside("tmp"), "XDG_RUNTIME_DIR": inside("runtime"),
          "XDG_DATA_HOME": home + "/.local/share", "XDG_CONFIG_HOME": home + "/.config",
          "XDG_CACHE_HOME": home + "/.cache", "XDG_STATE_HOME": home + "/.local/state",
          // For other programs that read them (appdirs sandbox); the library does not search
          // system directories in an isolated environment.
          "XDG_DATA_DIRS": inside("system/share"), "XDG_CONFIG_DIRS": inside("system/config"),
        ], effectiveUserID: effectiveUserID, platform: platform,
        userDirectoriesFile: .readFromDisk,
        groupContainers: .directory(inside("group-containers")),
        androidAppStorage: platform == .android ? inside("app") : nil)
      environment.androidSharedStorage = platform == .android ? inside("storage") : nil
      if platform.isApple {
        // Foundation, in this process and in the programs `appdirs sandbox` runs, takes the
        // home from this variable first.
        environment.variables["CFFIXED_USER_HOME"] = home
      }
      environment.trustedRoot = base
    }
    environment.searchesSystemDirectories = false
    environment.createsRuntimeDirectory = true
    return environment
  }

  /// The variable that `appdirs sandbox ROOT` sets for the command it runs, naming `ROOT`:
  /// ``capture()`` takes it as the isolation root, so that the library in that command keeps
  /// the same containment as a test's isolated environment (a legacy path outside `ROOT` is
  /// never migrated). Ignored in a setuid or setgid process, like every variable.
  package static let sandboxRootVariable = "APPDIRS_SANDBOX_ROOT"

  /// The root of an isolated environment (``isolated(inPath:)``, or the root of `appdirs
  /// sandbox` that ran this process), which every path of it lies inside, normalized; `nil`
  /// for any other environment.
  public var isolationRootPath: String? { trustedRoot }

  /// The root of `appdirs sandbox` that ran this process: a captured environment's isolated
  /// root, against which the values it inherited (an override, `HOME`, an `XDG_*` value, the
  /// service manager's) are checked. A test's isolated environment is made, not captured, and
  /// reads none of them.
  var sandboxRoot: String? { isCaptured ? trustedRoot : nil }

  /// Where the machine's directories of ``DirectoryScope/system`` are on a POSIX system: `/`,
  /// or `<root>/system` in an isolated environment, which keeps them inside its root.
  var systemScopeRoot: String {
    trustedRoot.map { POSIXPath.join($0, "system") } ?? "/"
  }
}
