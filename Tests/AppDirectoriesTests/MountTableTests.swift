// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

import Testing

@testable import AppDirectoriesCore
@testable import AppDirectoriesFiles
@testable import AppDirectoriesMaintenance

/// The mount table (`/proc/self/mountinfo`) read as the kernel writes it: the mount points of
/// one device, their octal escapes undone, and Linux's device numbers split as glibc does.
@Suite struct MountTableTests {
  static let table = """
    22 1 0:21 / /proc rw,nosuid - proc proc rw
    25 1 8:1 / / rw,relatime - ext4 /dev/sda1 rw
    31 25 8:1 /home/ada/elsewhere /home/ada/.cache/App/bound rw - ext4 /dev/sda1 rw
    32 25 8:1 /srv/a\\040b /home/ada/with\\040space\\011tab\\134slash rw - ext4 /dev/sda1 rw
    33 25 259:65538 / /data rw - xfs /dev/nvme0n1p2 rw
    34 25 8:1 / /short
    35 25 8:1 /bad /home/ada/not\\09octal\\x rw - ext4 /dev/sda1 rw
    """

  /// Each device, as `major:minor`, and the mount points the table gives for it.
  static let rows: [(major: UInt64, minor: UInt64, points: [String])] = [
    (
      8, 1,
      [
        "/", "/home/ada/.cache/App/bound", "/home/ada/with space\ttab\\slash", "/short",
        "/home/ada/not\\09octal\\x",
      ]
    ),
    (0, 21, ["/proc"]),
    (259, 65538, ["/data"]),
    (8, 2, []),
  ]

  @Test(arguments: rows)
  func theMountPointsOfADevice(_ row: (major: UInt64, minor: UInt64, points: [String])) {
    #expect(
      MountTable.mountPoints(in: Array(Self.table.utf8), major: row.major, minor: row.minor)
        == row.points)
  }

  /// glibc's encoding of `makedev(major, minor)`, and back.
  static func makeDevice(_ major: UInt64, _ minor: UInt64) -> UInt64 {
    ((major & 0xFFF) << 8) | ((major & ~0xFFF) << 32) | (minor & 0xFF) | ((minor & ~0xFF) << 12)
  }

  @Test(arguments: [(UInt64(8), UInt64(1)), (0, 21), (259, 65538), (4095, 255), (4096, 1_048_575)])
  func deviceNumbersSplitAsGlibcDoes(_ major: UInt64, _ minor: UInt64) {
    let split = MountTable.split(device: Self.makeDevice(major, minor))
    #expect(split.major == major && split.minor == minor)
  }

  @Test func anEmptyOrCutTableGivesNothing() {
    #expect(MountTable.mountPoints(in: [], major: 8, minor: 1) == [])
    #expect(MountTable.mountPoints(in: Array("25 1 8:1".utf8), major: 8, minor: 1) == [])
  }
}
