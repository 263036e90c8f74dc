// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

/// Landlock's rights on files, numbered as the kernel numbers them
/// (`LANDLOCK_ACCESS_FS_*` in `include/uapi/linux/landlock.h`), and named as those constants
/// are without their prefix, in lower case (`write_file`).
public struct LandlockAccess: OptionSet, Sendable, Hashable {
  /// The rights as the kernel's bits.
  public let rawValue: UInt64

  /// A set of rights by the kernel's bits.
  public init(rawValue: UInt64) { self.rawValue = rawValue }

  /// Run a file (`execute`, version 1).
  public static let execute = LandlockAccess(rawValue: 1 << 0)
  /// Open a file for writing (`write_file`, version 1).
  public static let writeFile = LandlockAccess(rawValue: 1 << 1)
  /// Open a file for reading (`read_file`, version 1).
  public static let readFile = LandlockAccess(rawValue: 1 << 2)
  /// List a directory (`read_dir`, version 1).
  public static let readDirectory = LandlockAccess(rawValue: 1 << 3)
  /// Remove or rename away a directory (`remove_dir`, version 1).
  public static let removeDirectory = LandlockAccess(rawValue: 1 << 4)
  /// Remove or rename away a file (`remove_file`, version 1).
  public static let removeFile = LandlockAccess(rawValue: 1 << 5)
  /// Make a character device (`make_char`, version 1).
  public static let makeCharacterDevice = LandlockAccess(rawValue: 1 << 6)
  /// Make a directory (`make_dir`, version 1).
  public static let makeDirectory = LandlockAccess(rawValue: 1 << 7)
  /// Make a regular file (`make_reg`, version 1).
  public static let makeRegularFile = LandlockAccess(rawValue: 1 << 8)
  /// Make a socket (`make_sock`, version 1).
  public static let makeSocket = LandlockAccess(rawValue: 1 << 9)
  /// Make a FIFO (`make_fifo`, version 1).
  public static let makeFIFO = LandlockAccess(rawValue: 1 << 10)
  /// Make a block device (`make_block`, version 1).
  public static let makeBlockDevice = LandlockAccess(rawValue: 1 << 11)
  /// Make a symbolic link (`make_sym`, version 1).
  public static let makeSymbolicLink = LandlockAccess(rawValue: 1 << 12)
  /// Link or rename a file into another directory (`refer`, version 2).
  public static let refer = LandlockAccess(rawValue: 1 << 13)
  /// Truncate a file (`truncate`, version 3).
  public static let truncate = LandlockAccess(rawValue: 1 << 14)

  /// Every right, in the kernel's order, with its name and the Landlock version that knows it:
  /// the one table the names, the versions and the JSON come from.
  static let table: [(LandlockAccess, String, Int)] = [
    (.execute, "execute", 1), (.writeFile, "write_file", 1), (.readFile, "read_file", 1),
    (.readDirectory, "read_dir", 1), (.removeDirectory, "remove_dir", 1),
    (.removeFile, "remove_file", 1), (.makeCharacterDevice, "make_char", 1),
    (.makeDirectory, "make_dir", 1), (.makeRegularFile, "make_reg", 1),
    (.makeSocket, "make_sock", 1), (.makeFIFO, "make_fifo", 1),
    (.makeBlockDevice, "make_block", 1), (.makeSymbolicLink, "make_sym", 1),
    (.refer, "refer", 2), (.truncate, "truncate", 3),
  ]

  /// Every right that confinement handles: all of the table's.
  public static let all = LandlockAccess(table.map(\.0))
  /// Reading files and listing directories.
  public static let read: LandlockAccess = [.readFile, .readDirectory]
  /// Reading and running.
  public static let readExecute: LandlockAccess = [.read, .execute]
  /// Everything but running and making devices: the application's own directories.
  public static let readWrite = LandlockAccess.all.subtracting([
    .execute, .makeCharacterDevice, .makeBlockDevice,
  ])
  /// What a device file such as `/dev/null` needs: reading and writing it.
  static let device: LandlockAccess = [.readFile, .writeFile, .truncate]

  /// The rights' names, in the kernel's order (`["read_file", "read_dir"]`).
  public var names: [String] {
    Self.table.filter { contains($0.0) }.map(\.1)
  }

  /// The rights named `names` (as ``names`` spells them), or `nil` when one is unknown.
  public init?(names: [String]) {
    var access = LandlockAccess()
    for name in names {
      guard let right = Self.table.first(where: { $0.1 == name }) else { return nil }
      access.insert(right.0)
    }
    self = access
  }

  /// The Landlock version that knows every right of the set (1 for the empty set).
  public var landlockVersion: Int {
    Self.table.filter { contains($0.0) }.map(\.2).max() ?? 1
  }

  /// The rights of the set that the Landlock `version` knows.
  public func known(toVersion version: Int) -> LandlockAccess {
    LandlockAccess(Self.table.filter { contains($0.0) && $0.2 <= version }.map(\.0))
  }
}
