// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

/// Which directories are mount points, as the kernel says: Linux's mount table of the process,
/// `/proc/self/mountinfo`. A device number alone cannot tell a bind mount of a folder of the
/// same file system from the folder's own children; the table can.
///
/// Elsewhere (macOS, the BSDs, Windows) there is no such table to read, the set is empty, and a
/// mount point is found by its device, which differs from its parent's there.
enum MountTable {
  /// The process's mount table on Linux and Android.
  static let path = "/proc/self/mountinfo"

  /// The most of the table that is read: thousands of mounts.
  static let limit = 4 << 20

  /// The mount points of the table whose file system is the device `major:minor`, decoded
  /// (the table writes a space, a tab, a newline and a backslash in a path as `\040`, `\011`,
  /// `\012` and `\134`). Each line is `ID PARENT MAJOR:MINOR ROOT POINT …`.
  static func mountPoints(in table: [UInt8], major: UInt64, minor: UInt64) -> [String] {
    let device = Array("\(major):\(minor)".utf8)
    var points: [String] = []
    for line in table.split(separator: UInt8(ascii: "\n")) {
      let fields = line.split(separator: UInt8(ascii: " "), maxSplits: 5)
      guard fields.count >= 5, Array(fields[2]) == device else { continue }
      points.append(String(decoding: decoded(fields[4]), as: UTF8.self))
    }
    return points
  }

  /// A field of the table with its octal escapes undone.
  static func decoded(_ field: ArraySlice<UInt8>) -> [UInt8] {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(field.count)
    var index = field.startIndex
    while index < field.endIndex {
      let byte = field[index]
      if byte == UInt8(ascii: "\\"), field.endIndex - index >= 4,
        let value = octal(field[(index + 1)..<(index + 4)])
      {
        bytes.append(value)
        index += 4
      } else {
        bytes.append(byte)
        index += 1
      }
    }
    return bytes
  }

  /// Three octal digits as a byte, or `nil`.
  private static func octal(_ digits: ArraySlice<UInt8>) -> UInt8? {
    var value: UInt32 = 0
    for digit in digits {
      guard digit >= UInt8(ascii: "0"), digit <= UInt8(ascii: "7") else { return nil }
      value = value * 8 + UInt32(digit - UInt8(ascii: "0"))
    }
    return value <= 0xFF ? UInt8(value) : nil
  }

  /// Linux's major and minor numbers of a device number (glibc's `gnu_dev_major` and
  /// `gnu_dev_minor`).
  static func split(device: UInt64) -> (major: UInt64, minor: UInt64) {
    (
      ((device >> 8) & 0xFFF) | ((device >> 32) & 0xFFFF_F000),
      (device & 0xFF) | ((device >> 12) & 0xFFFF_FF00)
    )
  }
}

extension SystemCalls {
  /// The identities of the directories mounted on the file system of `device`, from the mount
  /// table: a bind mount shows the identity of the folder it binds, which this set holds. Empty
  /// where there is no table (every platform but Linux and Android) or it cannot be read.
  package func mountRoots(onDevice device: UInt64) -> Set<FileIdentity> {
    guard case .success(let table) = readFile(path: MountTable.path, limit: MountTable.limit)
    else { return [] }
    let (major, minor) = MountTable.split(device: device)
    var roots = Set<FileIdentity>()
    for point in MountTable.mountPoints(in: table, major: major, minor: minor) {
      if case .success(let status) = status(path: point, followSymlinks: false),
        status.type == .directory, status.device == device
      {
        roots.insert(FileIdentity(status))
      }
    }
    return roots
  }
}
