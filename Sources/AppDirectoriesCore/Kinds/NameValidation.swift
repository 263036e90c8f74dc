// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

/// The rules for the names the library puts into paths: application names, organizations and
/// group identifiers. Each must be a single, harmless path component on every platform.
package enum NameValidation {
  /// The prefix of the files being written, which no file name given to the library may start
  /// with.
  package static let temporaryFilePrefix = ".appdirs-write-"

  /// What a name is used for, which decides the extra rules it must follow.
  package typealias Role = NameProblem.Role

  /// Throws ``DirectoryError/invalidName(name:reason:)`` with the reason when `name` may not be used.
  package static func validate(_ name: String, as role: Role, on platform: OperatingSystem)
    throws(DirectoryError)
  {
    if let reason = problem(with: name, as: role, on: platform) {
      throw .invalidName(name: name, reason: reason)
    }
  }

  static func problem(with name: String, as role: Role, on platform: OperatingSystem)
    -> NameProblem?
  {
    if name.isEmpty { return .empty(role) }
    if name == "." || name == ".." { return .dotName(name) }
    if name.utf8.count > 255 { return .tooLong(role, bytes: name.utf8.count) }
    for scalar in name.unicodeScalars {
      switch scalar {
      case "/", "\\": return .separator(Character(scalar))
      case _
      where scalar.value < 0x20 || scalar.value == 0x7F || (0x80..<0xA0).contains(scalar.value):
        return .controlCharacter(scalar)
      default: continue
      }
    }
    if platform == .windows, let reason = windowsProblem(with: name) { return reason }
    if role == .groupIdentifier, let reason = groupProblem(with: name, on: platform) {
      return reason
    }
    if role == .fileName, name.utf8.starts(with: temporaryFilePrefix.utf8) {
      return .reservedForTemporaryFiles(prefix: temporaryFilePrefix)
    }
    return nil
  }

  private static let reservedWindowsNames: Set<String> = {
    var names: Set<String> = ["CON", "PRN", "AUX", "NUL"]
    for number in 1...9 {
      names.insert("COM\(number)")
      names.insert("LPT\(number)")
    }
    return names
  }()

  private static func windowsProblem(with name: String) -> NameProblem? {
    for character in name.unicodeScalars where "<>:\"|?*".unicodeScalars.contains(character) {
      return .characterForbiddenOnWindows(character)
    }
    if name.hasSuffix(".") || name.hasSuffix(" ") { return .endsWithDotOrSpaceOnWindows }
    let stem = name.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)[0]
    let trimmedStem = stem.trimmingSuffix(while: { $0 == " " })
    if reservedWindowsNames.contains(trimmedStem.uppercased()) {
      return .reservedOnWindows(String(trimmedStem))
    }
    return nil
  }

  private static func groupProblem(with name: String, on platform: OperatingSystem)
    -> NameProblem?
  {
    for scalar in name.unicodeScalars {
      let allowed =
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
        || ("0"..."9").contains(scalar) || scalar == "." || scalar == "-" || scalar == "_"
      if !allowed { return .groupIdentifierCharacters }
    }
    let hasGroupPrefix = name.hasPrefix(groupPrefix) && name.count > groupPrefix.count
    switch platform {
    case .iOS, .macCatalyst:
      if !hasGroupPrefix { return .groupIdentifierPrefix(platform) }
    case .macOS:
      if !hasGroupPrefix && !hasTeamIdentifierPrefix(name) {
        return .groupIdentifierPrefix(.macOS)
      }
    default:
      break
    }
    return nil
  }

  /// The prefix of an app group identifier of the iOS form, the only one on iOS and Mac
  /// Catalyst; macOS also takes the Team ID form (`TEAMID.name`).
  static let groupPrefix = "group."

  private static func hasTeamIdentifierPrefix(_ name: String) -> Bool {
    let scalars = Array(name.unicodeScalars)
    guard scalars.count > 11, scalars[10] == "." else { return false }
    return scalars[0..<10].allSatisfy { ("A"..."Z").contains($0) || ("0"..."9").contains($0) }
  }
}

extension Substring {
  fileprivate func trimmingSuffix(while predicate: (Character) -> Bool) -> Substring {
    var result = self
    while let last = result.last, predicate(last) { result = result.dropLast() }
    return result
  }
}

extension AppDirectories {
  /// Checks an organization or a group identifier on its own, as ``init(app:organization:layout:environmentPrefix:roaming:scope:fallback:portable:environment:)``
  /// and ``AppDirectory/shared(group:)`` would: for a tool that validates every name it is
  /// given, whether or not it uses it.
  package static func validate(organization: String, on system: OperatingSystem)
    throws(DirectoryError)
  {
    try NameValidation.validate(organization, as: .organization, on: system)
  }

  /// Checks a group identifier on its own.
  package static func validate(groupIdentifier: String, on system: OperatingSystem)
    throws(DirectoryError)
  {
    try NameValidation.validate(groupIdentifier, as: .groupIdentifier, on: system)
  }

  /// Checks the name of a file in one of the application's directories on its own, as
  /// ``filePath(named:in:)`` would.
  package static func validate(fileName: String, on system: OperatingSystem)
    throws(DirectoryError)
  {
    try NameValidation.validate(fileName, as: .fileName, on: system)
  }
}
