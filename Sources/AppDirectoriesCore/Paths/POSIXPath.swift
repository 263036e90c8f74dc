// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

/// Lexical clean-up of the paths the environment gives: no `//`, no `/./`, no trailing `/`.
///
/// `..` is kept as it is: removing it lexically would be wrong when a component is a symlink.
package enum POSIXPath {
  /// Whether a path is absolute for POSIX platforms.
  package static func isAbsolute(_ path: String) -> Bool {
    path.utf8.first == UInt8(ascii: "/")
  }

  /// Collapses repeated separators and `.` components and drops a trailing separator, except
  /// for `/` itself.
  package static func normalize(_ path: String) -> String {
    if isClean(path) { return path }
    let absolute = isAbsolute(path)
    var parts: [Substring] = []
    for part in components(path) where part != "." {
      parts.append(part)
    }
    let joined = parts.joined(separator: "/")
    if absolute { return "/" + joined }
    return joined.isEmpty ? "." : joined
  }

  /// The non-empty components of a path, split at every `/`. Splitting the `String` at the
  /// character `/` would miss a slash followed by a combining mark, which joins it into one
  /// character: `"/a/\u{301}b"` would be one component holding a slash.
  package static func components(_ path: String) -> [Substring] {
    path.unicodeScalars.split(separator: "/").map { Substring($0) }
  }

  /// The directory that holds `path` (absolute and normalized): `/a` for `/a/b`, `/` for `/a`
  /// and for `/` itself.
  package static func parent(_ path: String) -> String {
    guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return path }
    let head = path.utf8[..<slash]
    return head.isEmpty ? "/" : String(Substring(head))
  }

  /// Whether `path` is `directory` or lies below it (both normalized).
  package static func isInside(_ path: String, _ directory: String) -> Bool {
    if directory == "/" { return isAbsolute(path) }
    guard path.utf8.starts(with: directory.utf8) else { return false }
    let rest = path.utf8.dropFirst(directory.utf8.count)
    return rest.isEmpty || rest.first == UInt8(ascii: "/")
  }

  /// Appends a component, assuming `base` is already normalized.
  package static func join(_ base: String, _ component: String) -> String {
    base == "/" ? "/" + component : base + "/" + component
  }

  /// Fast check for the common case of an already-clean path.
  private static func isClean(_ path: String) -> Bool {
    var previous: UInt8 = 0
    var beforePrevious: UInt8 = 0
    let slash = UInt8(ascii: "/")
    let dot = UInt8(ascii: ".")
    var count = 0
    for byte in path.utf8 {
      if byte == slash && previous == slash { return false }
      if byte == slash && previous == dot && (beforePrevious == slash || count == 1) {
        return false
      }
      beforePrevious = previous
      previous = byte
      count += 1
    }
    if count == 0 { return false }
    if count > 1 && previous == slash { return false }
    if previous == dot && (beforePrevious == slash || count == 1) { return false }
    return true
  }
}
