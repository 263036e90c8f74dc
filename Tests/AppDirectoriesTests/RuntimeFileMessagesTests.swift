// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

import Testing

@testable import AppDirectoriesCore
@testable import AppDirectoriesFiles
@testable import AppDirectoriesMaintenance

/// The words of the errors that sockets, locks and pruning add, and the rule that reading a
/// file does not change its status.
@Suite struct RuntimeFileMessagesTests {
  static let messages: [(error: DirectoryError, description: String, suggestion: String)] = [
    (
      .foreignFile(path: "/run/user/1000/ExampleApp/instance.lock", found: .fifo),
      "/run/user/1000/ExampleApp/instance.lock is a FIFO (a named pipe), not a regular file; it is not used",
      "Move or remove what is at /run/user/1000/ExampleApp/instance.lock; the file is made again when it is needed."
    ),
    (
      .foreignFile(path: "/run/user/1000/ExampleApp/instance.lock", found: .directory),
      "/run/user/1000/ExampleApp/instance.lock is a directory, not a regular file; it is not used",
      "Move or remove what is at /run/user/1000/ExampleApp/instance.lock; the file is made again when it is needed."
    ),
    (
      .foreignFile(
        path: "/run/user/1000/ExampleApp/instance.lock", found: .fileOfAnotherUser(owner: 7)),
      "/run/user/1000/ExampleApp/instance.lock is a file of user 7, not one of yours; it is not used",
      "Remove /run/user/1000/ExampleApp/instance.lock if you did not put it there, and check who else may write to /run/user/1000/ExampleApp (ls -ld shows its owner and mode); the file is made again when it is needed."
    ),
    (
      .foreignFile(path: "/run/user/1000/ExampleApp/instance.lock", found: .hardLink(linkCount: 2)),
      "/run/user/1000/ExampleApp/instance.lock is a hard link: the file has 2 names, so it is another file too; it is not used",
      "Remove /run/user/1000/ExampleApp/instance.lock: the other names of the file keep it as it is, and the library's own file is made again when it is needed."
    ),
    (
      .lockHeld(path: "/run/user/1000/ExampleApp/instance.lock", holder: 4242),
      "/run/user/1000/ExampleApp/instance.lock is locked by process 4242",
      "Wait until process 4242 ends or releases the lock (the system releases it when the holder exits), or wait for it."
    ),
    (
      .lockHeld(path: "/run/user/1000/ExampleApp/instance.lock", holder: nil),
      "/run/user/1000/ExampleApp/instance.lock is locked by another process",
      "Wait until the other process ends or releases the lock (the system releases it when the holder exits), or wait for it."
    ),
    (
      .nameTooLong(
        path: "/run/user/1000/ExampleApp/" + String(repeating: "s", count: 100),
        limit: .socketAddress(bytes: 127, capacity: 108)),
      "cannot use /run/user/1000/ExampleApp/\(String(repeating: "s", count: 100)) as a socket: it is 127 bytes with its NUL, more than the 108 of a socket address (sun_path), and the socket's name does not fit even in a short private directory",
      "Use a shorter socket name, such as control.sock: a socket's path and its NUL must fit in the 108 bytes of sun_path."
    ),
    (
      .unsupported(reason: .pruning(.data)),
      "only the cache and the logs are pruned, not data: its files may be the only copy",
      "Prune .cache or .logs; remove the files of other kinds yourself when the application no longer needs them."
    ),
  ]

  @Test(arguments: messages.indices)
  func eachErrorNamesItsPathAndItsFix(_ index: Int) {
    let row = Self.messages[index]
    #expect(row.error.description == row.description)
    #expect(row.error.recoverySuggestion == row.suggestion)
  }

  @Test func aMountPointLeftAloneIsSaidToBeNotAFailureToRemove() {
    let mount = RemovalFailure(path: "/home/ada/.cache/ExampleApp/disk", errno: .crossDevice)
    #expect(mount.isMountPoint)
    #expect(
      mount.description
        == "/home/ada/.cache/ExampleApp/disk is a mount point: it was left alone, untouched, with everything in it"
    )
    let denied = RemovalFailure(path: "/home/ada/.cache/ExampleApp/x", errno: .permissionDenied)
    #expect(!denied.isMountPoint)
    #expect(denied.description.hasPrefix("cannot remove /home/ada/.cache/ExampleApp/x: EACCES"))
  }

  @Test func readingAFileDoesNotChangeItsStatus() {
    var first = FileStatus(type: .regular, permissions: 0o600, owner: 1000)
    first.inode = 7
    first.modificationSeconds = 100
    var read = first
    read.accessSeconds = 200
    var written = first
    written.modificationSeconds = 300
    #expect(read == first)
    #expect(written != first)
    #expect(Set([first, read, written]).count == 2)
    #expect(read.lastUse == 200 * 1_000_000_000)
  }
}
