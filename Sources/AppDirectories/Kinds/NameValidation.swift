/// The rules for the names the library puts into paths: application names, organizations and
/// group identifiers. Each must be a single, harmless path component on every platform.
enum NameValidation {
  /// What a name is used for, which decides the extra rules it must follow.
  enum Role: String, Sendable {
    case application = "application name"
    case organization = "organization"
    case groupIdentifier = "group identifier"
    case version = "version"
  }

  /// Throws ``DirectoryError/invalidName(name:reason:)`` with the reason when `name` may not be used.
  static func validate(_ name: String, as role: Role, on platform: OperatingSystem)
    throws(DirectoryError)
  {
    if let reason = problem(with: name, as: role, on: platform) {
      throw .invalidName(name: name, reason: reason)
    }
  }

  static func problem(with name: String, as role: Role, on platform: OperatingSystem) -> String? {
    if name.isEmpty { return "the \(role.rawValue) is empty" }
    if name == "." || name == ".." { return "\(name) is not a folder name" }
    if name.utf8.count > 255 {
      return "the \(role.rawValue) is \(name.utf8.count) bytes long; the limit is 255"
    }
    for scalar in name.unicodeScalars {
      switch scalar {
      case "/": return "it contains /, which separates folders"
      case "\\": return "it contains \\, which separates folders on Windows"
      case _
      where scalar.value < 0x20 || scalar.value == 0x7F || (0x80..<0xA0).contains(scalar.value):
        return "it contains the control character U+\(hex(scalar.value))"
      default: continue
      }
    }
    if platform == .windows, let reason = windowsProblem(with: name) { return reason }
    if role == .groupIdentifier, let reason = groupProblem(with: name, on: platform) {
      return reason
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

  private static func windowsProblem(with name: String) -> String? {
    for character in name.unicodeScalars where "<>:\"|?*".unicodeScalars.contains(character) {
      return "it contains \(character), which Windows does not allow in file names"
    }
    if name.hasSuffix(".") || name.hasSuffix(" ") {
      return "it ends with a dot or a space, which Windows removes"
    }
    let stem = name.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)[0]
    let trimmedStem = stem.trimmingSuffix(while: { $0 == " " })
    if reservedWindowsNames.contains(trimmedStem.uppercased()) {
      return "\(trimmedStem) is a reserved device name on Windows"
    }
    return nil
  }

  private static func groupProblem(with name: String, on platform: OperatingSystem) -> String? {
    for scalar in name.unicodeScalars {
      let allowed =
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
        || ("0"..."9").contains(scalar) || scalar == "." || scalar == "-" || scalar == "_"
      if !allowed {
        return "group identifiers are reverse-DNS names made of letters, digits, '.', '-' and '_'"
      }
    }
    switch platform {
    case .iOS, .macCatalyst:
      if !name.hasPrefix("group.") || name.count <= 6 {
        return
          "on \(platform.displayName) a group identifier starts with \"group.\" (group.com.example.app)"
      }
    case .macOS:
      if !(name.hasPrefix("group.") && name.count > 6) && !hasTeamIdentifierPrefix(name) {
        return
          "on macOS a group identifier starts with \"group.\" or a 10-character team ID and a dot (ABCDE12345.com.example.app)"
      }
    default:
      break
    }
    return nil
  }

  private static func hasTeamIdentifierPrefix(_ name: String) -> Bool {
    let scalars = Array(name.unicodeScalars)
    guard scalars.count > 11, scalars[10] == "." else { return false }
    return scalars[0..<10].allSatisfy { ("A"..."Z").contains($0) || ("0"..."9").contains($0) }
  }

  private static func hex(_ value: UInt32) -> String {
    zeroPadded(value, radix: 16, width: 4)
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
  /// Checks an organization or a group identifier on its own, as ``init(app:organization:layout:environmentPrefix:roaming:environment:)``
  /// and ``AppDirectory/shared(group:)`` would: for a tool that validates every name it is
  /// given, whether or not it uses it.
  @_spi(Tool)
  public static func validate(organization: String, on system: OperatingSystem)
    throws(DirectoryError)
  {
    try NameValidation.validate(organization, as: .organization, on: system)
  }

  /// Checks a group identifier on its own.
  @_spi(Tool)
  public static func validate(groupIdentifier: String, on system: OperatingSystem)
    throws(DirectoryError)
  {
    try NameValidation.validate(groupIdentifier, as: .groupIdentifier, on: system)
  }
}
