// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

// These tests make files with owners and modes through POSIX calls.
#if !os(Windows)
  import Foundation
  import Testing

  @testable import AppDirectoriesCore
  @testable import TestSupport

  /// `user-dirs.dirs` is read only when it and its folder are the user's or root's and others
  /// may not write to them (SPEC 3); platformdirs does not read such a file either.
  @Suite("Whose user-dirs.dirs is read")
  struct ReferenceFileTrustTests {
    /// The file's mode, its folder's mode, whether another user owns the file, and whether
    /// the documents folder it names is used.
    static let rows: [(String, file: mode_t, folder: mode_t, othersFile: Bool, read: Bool)] = [
      ("the user's own file", 0o644, 0o755, false, true),
      ("a group-writable file: the user's private group", 0o664, 0o755, false, true),
      ("platformdirs: a file others may write to", 0o646, 0o755, false, false),
      ("platformdirs: a folder others may write to", 0o644, 0o757, false, false),
      ("platformdirs: a folder others may write to, sticky or not", 0o644, 0o1777, false, false),
      ("another user's file", 0o644, 0o755, true, false),
    ]

    // Another user's file needs root to make.
    @Test(arguments: rows.filter { !$0.othersFile || geteuid() == 0 })
    func theFileIsReadOnlyWhenItIsTheUsers(
      _ reference: String, file: mode_t, folder: mode_t, othersFile: Bool, read: Bool
    ) throws {
      let root = try TemporaryRoot.withUserDirectories()
      let config = root.at("home/.config")
      try root.makeDirectory(config, mode: folder)
      try root.write("XDG_DOCUMENTS_DIR=\"$HOME/Papers\"\n", to: "home/.config/user-dirs.dirs")
      #expect(chmod(config + "/user-dirs.dirs", file) == 0)
      if othersFile { #expect(chown(config + "/user-dirs.dirs", otherUserID, otherUserID) == 0) }
      let standard = StandardDirectories(
        layout: .native, environment: root.environment(userDirectories: .readFromDisk),
        syscalls: .live)
      let documents = try standard.resolution(for: .documents)
      #expect(documents.path == root.home + (read ? "/Papers" : "/Documents"), "\(reference)")
      #expect(
        documents.warnings.contains { $0.message.contains("is not read") } == !read, "\(reference)")
    }
  }
#endif
