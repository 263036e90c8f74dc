// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

/// Lexical rules for Windows paths, which the Windows layout builds on every host: `C:\` or
/// `\\server\share` roots, backslashes between components.
enum WindowsPath {
  /// Whether a path is absolute on Windows: a drive letter, `:` and a separator (`C:\Users`),
  /// or a UNC path (`\\server\share`). `C:Users` and `\Users` depend on the current drive.
  static func isAbsolute(_ path: String) -> Bool {
    let bytes = Array(path.utf8.prefix(3))
    if bytes.count >= 2 && isSeparator(bytes[0]) && isSeparator(bytes[1]) { return true }
    guard bytes.count == 3, bytes[1] == UInt8(ascii: ":"), isSeparator(bytes[2]) else {
      return false
    }
    return (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(bytes[0] & 0xDF)
  }

  /// Whether a path has a root of any kind: absolute, rooted on the current drive (`\Users`),
  /// or relative to a drive's current directory (`C:Users`). Joined to a folder, any of these
  /// leaves it.
  static func hasRoot(_ path: String) -> Bool {
    let bytes = Array(path.utf8.prefix(2))
    guard let first = bytes.first else { return false }
    if isSeparator(first) { return true }
    return bytes.count == 2 && bytes[1] == UInt8(ascii: ":")
      && (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(first & 0xDF)
  }

  /// Whether a path is a UNC path, `\\server\share\…` (including the `\\?\` and `\\.\`
  /// device forms).
  static func isUNC(_ path: String) -> Bool {
    path.utf8.count >= 2 && path.utf8.prefix(2).allSatisfy(isSeparator)
  }

  /// The non-empty components of a path, split at every `\` and `/`. Split as scalars, not
  /// characters: a separator followed by a combining mark is still a separator.
  static func components(_ path: String) -> [Substring] {
    path.unicodeScalars.split(whereSeparator: { $0 == "\\" || $0 == "/" }).map { Substring($0) }
  }

  /// Whether `path` is `directory` or lies below it (both normalized). Letters are compared
  /// without case in the ASCII range, as NTFS compares names: `c:\Users` is `C:\users`.
  static func isInside(_ path: String, _ directory: String) -> Bool {
    func folded(_ byte: UInt8) -> UInt8 {
      (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) ? byte & 0xDF : byte
    }
    let path = Array(path.utf8)
    let directory = Array(directory.utf8)
    guard path.count >= directory.count,
      zip(path, directory).allSatisfy({ folded($0) == folded($1) })
    else { return false }
    if path.count == directory.count { return true }
    return directory.last == UInt8(ascii: "\\") || path[directory.count] == UInt8(ascii: "\\")
  }

  /// Backslashes only, no repeated separators (except the two of a UNC root), no `.`
  /// components and no trailing separator, except in a drive root such as `C:\`.
  static func normalize(_ path: String) -> String {
    let parts = components(path).map(String.init).filter { $0 != "." }
    if isUNC(path) { return "\\\\" + parts.joined(separator: "\\") }
    if parts.count == 1 { return parts[0] + "\\" }
    return parts.joined(separator: "\\")
  }

  /// Appends components with backslashes, assuming `base` is already normalized.
  static func join(_ base: String, _ components: [String]) -> String {
    var result = base
    for component in components {
      if result.utf8.last != UInt8(ascii: "\\") { result += "\\" }
      result += component
    }
    return result
  }

  /// The folder that contains `path` (normalized): `C:\Users` for `C:\Users\Ada`, `C:\` for
  /// `C:\Ada`.
  static func parent(_ path: String) -> String {
    guard let last = path.unicodeScalars.lastIndex(of: "\\") else { return path }
    let head = String(path.unicodeScalars[..<last])
    if head.unicodeScalars.last == ":" { return head + "\\" }
    return head.unicodeScalars.count <= 1 ? path : head
  }

  private static func isSeparator(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: "\\") || byte == UInt8(ascii: "/")
  }
}
