// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

import AppDirectories

/// `appdirs list --platform NAME`: another platform's directories, resolved from a simulated
/// environment of a typical machine, so that its paths can be seen from this one.
///
/// The simulated environments (`<user>` is `ada`, whoever runs the preview):
///
/// | platform | environment |
/// |---|---|
/// | linux | `HOME=/home/<user>`, user ID 1000, no `XDG_*` variables, no `user-dirs.dirs` |
/// | macos | `HOME=/Users/<user>`, `TMPDIR=/var/folders/xx/xxxxxxxxxxxxxxxxxxxxxxxx0000gn/T/` |
/// | ios | `HOME` and `TMPDIR` in the container `/var/mobile/Containers/Data/Application/<UUID>`; a `--group` container in `/private/var/mobile/Containers/Shared/AppGroup/<UUID>` |
/// | windows | `USERPROFILE=C:\Users\<user>`, `APPDATA`, `LOCALAPPDATA`, `TEMP`, `TMP` below it, `PUBLIC=C:\Users\Public`, `ProgramData=C:\ProgramData` |
/// | android | `ANDROID_DATA=/data`, `ANDROID_ROOT=/system`, app storage `/data/user/0/com.example.app` |
///
/// Nothing of this machine is read, its user's name included; `exists` is always false. The
/// simulated machine's warnings are part of the preview's output, never this machine's on
/// standard error.
enum PlatformPreview {
  static let option = OptionSpec(
    name: "--platform", value: .choice(platforms.map(\.rawValue), noun: "platform"),
    help: "Preview another platform from a simulated machine.")

  /// The platforms that can be previewed; their names are their raw values, as in
  /// `list --json`.
  static let platforms: [OperatingSystem] = [.macOS, .iOS, .windows, .android, .linux]

  static let containerUUID = "5A0C31A6-2F5B-4C1E-9D3A-7E2B8C4D1F60"
  static let groupUUID = "9E1D4B27-6C3A-4F85-A2B0-1D7C5E8F3A94"

  /// The environment to resolve in: the simulated one of `--platform`, else the real one.
  static func environment(_ arguments: ParsedArguments, real: ProcessEnvironment) throws
    -> ProcessEnvironment?
  {
    guard let platform = try arguments.choice("--platform", as: OperatingSystem.self) else {
      return nil
    }
    return try simulated(platform, user: simulatedUser, group: arguments.value("--group"))
  }

  static func simulated(_ platform: OperatingSystem, user: String, group: String?) throws
    -> ProcessEnvironment
  {
    switch platform {
    case .macOS:
      // An app entitled to the group, as the system would answer it.
      let groups = group.map { [$0: "/Users/\(user)/Library/Group Containers/\($0)"] }
      var environment = ProcessEnvironment(
        variables: [
          "HOME": "/Users/\(user)", "USER": user,
          "TMPDIR": "/var/folders/xx/xxxxxxxxxxxxxxxxxxxxxxxx0000gn/T/",
        ], passwordDatabaseHome: "/Users/\(user)", effectiveUserID: 501, platform: .macOS,
        groupContainers: .paths(groups ?? [:]))
      environment.systemTemporaryDirectory = "/var/folders/xx/xxxxxxxxxxxxxxxxxxxxxxxx0000gn/T/"
      return environment
    case .iOS:
      let container = "/var/mobile/Containers/Data/Application/\(containerUUID)"
      let groups = group.map { [$0: "/private/var/mobile/Containers/Shared/AppGroup/\(groupUUID)"] }
      return ProcessEnvironment(
        variables: ["HOME": container, "TMPDIR": container + "/tmp/"], effectiveUserID: 501,
        platform: .iOS, groupContainers: .paths(groups ?? [:]))
    case .windows:
      let profile = #"C:\Users\"# + user
      let local = profile + #"\AppData\Local"#
      return ProcessEnvironment(
        variables: [
          "USERPROFILE": profile, "USERNAME": user, "APPDATA": profile + #"\AppData\Roaming"#,
          "LOCALAPPDATA": local, "TEMP": local + #"\Temp"#, "TMP": local + #"\Temp"#,
          "PUBLIC": #"C:\Users\Public"#, "ProgramData": #"C:\ProgramData"#,
        ], effectiveUserID: 0, platform: .windows)
    case .android:
      return ProcessEnvironment(
        variables: ["ANDROID_DATA": "/data", "ANDROID_ROOT": "/system"], effectiveUserID: 10_123,
        platform: .android, androidAppStorage: "/data/user/0/com.example.app")
    case .linux:
      return ProcessEnvironment(
        variables: ["HOME": "/home/\(user)", "USER": user], effectiveUserID: 1000,
        platform: .linux)
    case .freeBSD, .openBSD, .macCatalyst:
      throw UsageError(
        message: "--platform takes one of "
          + platforms.map(\.rawValue).joined(separator: ", ") + ", not \(platform.rawValue)")
    }
  }

  /// The simulated machine's user, the same on every machine that previews: a preview reads
  /// nothing of this one, its user's name included.
  static let simulatedUser = "ada"
}
