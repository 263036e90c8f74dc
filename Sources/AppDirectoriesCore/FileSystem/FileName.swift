// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

/// One name in a directory, as the file system stores it: bytes, which need not be UTF-8.
///
/// The tree operations (moving, copying, removing) read names from directories and hand them
/// back unchanged, so a name that no `String` can hold is never altered or lost.
package struct FileName: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// The bytes, without a terminating NUL and without `/`.
  package let bytes: [UInt8]

  init(bytes: [UInt8]) { self.bytes = bytes }

  package init(_ string: String) { bytes = Array(string.utf8) }

  /// The name for messages; bytes that are not UTF-8 are shown as U+FFFD.
  package var description: String { String(decoding: bytes, as: UTF8.self) }

  /// `.` and `..`, which a listing skips.
  var isDotOrDotDot: Bool {
    bytes == [UInt8(ascii: ".")] || bytes == [UInt8(ascii: "."), UInt8(ascii: ".")]
  }

  /// Calls `body` with the name as a C string.
  func withCString<Result>(_ body: (UnsafePointer<CChar>) -> Result) -> Result {
    body(bytes.map { CChar(bitPattern: $0) } + [0])
  }

  package static func < (left: FileName, right: FileName) -> Bool {
    left.bytes.lexicographicallyPrecedes(right.bytes)
  }
}

/// One entry of a directory listing: its name, and its type when the listing tells it
/// (`d_type`); `nil` means that only an `fstatat` can tell.
package struct DirectoryEntry: Sendable, Hashable {
  package let name: FileName
  package let type: FileStatus.FileType?
}

/// A point in time as the file system keeps it, for the modification times a copy keeps.
package struct FileTime: Sendable, Hashable {
  var seconds: Int
  var nanoseconds: Int
}

extension FileStatus {
  /// The modification time.
  package var modificationTime: FileTime {
    FileTime(seconds: modificationSeconds, nanoseconds: modificationNanoseconds)
  }
}
