// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

/// Why a name was refused, for ``DirectoryError/invalidName(name:reason:)``: an application
/// name, an organization, a group identifier or a version that cannot be one folder name, an
/// environment prefix that cannot name variables, a file to locate that would leave its search
/// directories, or a legacy path that is not absolute.
///
/// ```swift
/// import AppDirectories
///
/// do {
///   _ = try AppDirectories(app: "a/b")
/// } catch DirectoryError.invalidName(_, reason: .separator("/")) {
///   // the name holds a folder separator
/// } catch {}
/// ```
#if hasAttribute(nonexhaustive)
  @nonexhaustive
#endif
public enum NameProblem: Sendable, Hashable, CustomStringConvertible {
  /// What a folder name is used for.
  public enum Role: String, Sendable, Hashable {
    /// The application's name, ``AppDirectories/AppDirectories/app``.
    case application = "application name"
    /// The organization, ``AppDirectories/AppDirectories/organization``.
    case organization
    /// A group identifier, of ``AppDirectory/shared(group:)``.
    case groupIdentifier = "group identifier"
    /// A version, of ``AppDirectories/AppDirectories/removeOtherVersions(of:keeping:)``.
    case version
    /// A socket's name, of ``AppDirectories/AppDirectories/socketURL(named:)``.
    case socketName = "socket name"
    /// A lock's name, of ``AppDirectories/AppDirectories/lock(named:)``.
    case lockName = "lock name"
    /// A file's name in one of the application's directories, of
    /// ``AppDirectories/AppDirectories/write(_:toFile:in:permissions:)`` and its siblings.
    case fileName = "file name"
  }

  // Folder names.

  /// The name is empty.
  case empty(Role)
  /// The name is `.` or `..`.
  case dotName(String)
  /// The name is longer than 255 bytes of UTF-8, the limit of a file name.
  case tooLong(Role, bytes: Int)
  /// The name holds a folder separator: `/`, or `\` (one on Windows).
  case separator(Character)
  /// The name holds a control character (C0, DEL or C1).
  case controlCharacter(Unicode.Scalar)
  /// On Windows, the name holds one of `<>:"|?*`.
  case characterForbiddenOnWindows(Unicode.Scalar)
  /// On Windows, the name ends with a dot or a space, which Windows removes.
  case endsWithDotOrSpaceOnWindows
  /// On Windows, the name (before its first dot) is a device's: `CON`, `NUL`, `COM1`…
  case reservedOnWindows(String)
  /// A group identifier holds something other than letters, digits, `.`, `-` and `_`.
  case groupIdentifierCharacters
  /// A group identifier lacks the prefix that this platform requires (`group.`, or on macOS a
  /// team ID).
  case groupIdentifierPrefix(OperatingSystem)

  /// A file's name starts with the prefix of the temporary files that
  /// ``AppDirectories/AppDirectories/write(_:toFile:in:permissions:)`` makes and removes.
  case reservedForTemporaryFiles(prefix: String)

  // Environment prefixes.

  /// The environment prefix is empty.
  case emptyEnvironmentPrefix
  /// The environment prefix is longer than 64 bytes.
  case environmentPrefixTooLong(bytes: Int)
  /// The environment prefix does not start with a capital letter.
  case environmentPrefixStart
  /// The environment prefix holds something other than capital letters, digits and `_`.
  case environmentPrefixCharacters
  /// The environment prefix is `XDG`, which names the base directories' variables.
  case environmentPrefixXDG

  // Files to locate.

  /// The file name is empty.
  case emptyFile
  /// The file has a root (`/x`, or on Windows `C:\x`, `\x`, `\\server\share`).
  case fileNotRelative
  /// The file name holds a NUL byte.
  case fileContainsNUL
  /// On Windows, the file name holds `:`, which names a drive or a stream.
  case fileNamesADriveOrStream
  /// The file name has a `..` component.
  case fileLeavesTheSearchDirectories

  // Legacy paths.

  /// The legacy path of a migration or a removal is not absolute, or holds a NUL byte.
  case legacyPathNotAbsolute

  // Confinement.

  /// A path that a confinement allows to be read is not absolute, or holds a NUL byte.
  case allowedPathNotAbsolute

  /// Why, as the end of a sentence.
  public var description: String {
    switch self {
    case .empty(let role): "the \(role.rawValue) is empty"
    case .dotName(let name): "\(name) is not a folder name"
    case .tooLong(let role, let bytes):
      "the \(role.rawValue) is \(bytes) bytes long; the limit is 255"
    case .separator("\\"): "it contains \\, which separates folders on Windows"
    case .separator(let separator): "it contains \(separator), which separates folders"
    case .controlCharacter(let scalar):
      "it contains the control character U+\(zeroPadded(scalar.value, radix: 16, width: 4))"
    case .characterForbiddenOnWindows(let scalar):
      "it contains \(scalar), which Windows does not allow in file names"
    case .endsWithDotOrSpaceOnWindows: "it ends with a dot or a space, which Windows removes"
    case .reservedOnWindows(let stem): "\(stem) is a reserved device name on Windows"
    case .reservedForTemporaryFiles(let prefix):
      "names starting with \(prefix) are the temporary files of writes, which later writes remove"
    case .groupIdentifierCharacters:
      "group identifiers are reverse-DNS names made of letters, digits, '.', '-' and '_'"
    case .groupIdentifierPrefix(.macOS):
      "on macOS a group identifier starts with \"group.\" or a 10-character team ID and a dot (ABCDE12345.com.example.app)"
    case .groupIdentifierPrefix(let platform):
      "on \(platform.displayName) a group identifier starts with \"group.\" (group.com.example.app)"
    case .emptyEnvironmentPrefix: "the environment prefix is empty"
    case .environmentPrefixTooLong(let bytes):
      "the environment prefix is \(bytes) bytes long; the limit is 64"
    case .environmentPrefixStart: "an environment prefix starts with a capital letter A-Z"
    case .environmentPrefixCharacters:
      "an environment prefix is made of capital letters A-Z, digits and _ only"
    case .environmentPrefixXDG: "the environment prefix XDG belongs to the base directories"
    case .emptyFile: "the file name is empty"
    case .fileNotRelative: "the file must be relative to the search directories"
    case .fileContainsNUL: "the file name contains a NUL byte"
    case .fileNamesADriveOrStream:
      "the file name contains :, which names a drive or a stream on Windows"
    case .fileLeavesTheSearchDirectories:
      "the file name contains .., which leaves the search directories"
    case .legacyPathNotAbsolute: "the legacy path is not an absolute path"
    case .allowedPathNotAbsolute: "a path to allow in a confinement must be absolute"
    }
  }

  /// How to fix it, in one sentence.
  var recoverySuggestion: String {
    switch self {
    case .emptyEnvironmentPrefix, .environmentPrefixTooLong, .environmentPrefixStart,
      .environmentPrefixCharacters, .environmentPrefixXDG:
      "Use an environment prefix of capital letters, digits and _, such as EXAMPLEAPP, at most 64 bytes, other than XDG."
    case .emptyFile, .fileNotRelative, .fileContainsNUL, .fileNamesADriveOrStream,
      .fileLeavesTheSearchDirectories:
      "Give the file as a relative path inside the search directories, such as settings.json or themes/dark.json, without .. components."
    case .legacyPathNotAbsolute:
      "Give the legacy directory as an absolute path, such as one built from StandardDirectories.url(for: .home)."
    case .allowedPathNotAbsolute:
      "Give each directory to allow as an absolute path, such as /usr/share/fonts."
    case .groupIdentifierCharacters:
      "Use a reverse-DNS identifier such as group.com.example.app (on Apple platforms, the one in the app's App Groups entitlement): letters, digits, '.', '-' and '_' only."
    case .groupIdentifierPrefix(.macOS):
      "Use the identifier of the app's App Groups entitlement, such as group.com.example.app or ABCDE12345.com.example.app."
    case .groupIdentifierPrefix:
      "Use the identifier of the app's App Groups entitlement, which starts with \"group.\", such as group.com.example.app."
    case .characterForbiddenOnWindows, .endsWithDotOrSpaceOnWindows, .reservedOnWindows:
      "Use a name that Windows accepts as a folder name: without < > : \" | ? *, not ending with a dot or a space, not a device name such as CON or NUL."
    case .reservedForTemporaryFiles(let prefix):
      "Use a name that does not start with \(prefix)."
    case .empty, .dotName, .tooLong, .separator, .controlCharacter:
      "Use a single folder name: not empty, not . or .., without / \\ or control characters, at most 255 bytes."
    }
  }
}
