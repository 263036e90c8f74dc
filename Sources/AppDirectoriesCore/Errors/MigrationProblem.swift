// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

/// Why moving an application's files from a legacy location could not go ahead, in
/// ``DirectoryError/migrationFailed(source:problem:)``.
#if hasAttribute(nonexhaustive)
  @nonexhaustive
#endif
public enum MigrationProblem: Sendable, Hashable, CustomStringConvertible {
  /// The source holds FIFOs, sockets or devices, which cannot be copied; their paths. Found
  /// before anything is changed.
  case specialFiles([String])
  /// The legacy path and the destination lie one inside the other.
  case overlapping(destination: String)
  /// ``MigrationOptions/link`` and ``MigrationOptions/keepSource`` were asked together: a link
  /// takes the source's place, so the source cannot be kept.
  case linkWithKeptSource
  /// The legacy path is not provably the application's: another user's, `/`, the
  /// home, a base directory, a protected directory, or one that holds the destination.
  case notTheApplications(CleanRefusal)
  /// An isolated environment is current (a test's, or `appdirs sandbox`), and the legacy path
  /// lies outside its root: moving it in would lose it when the root is removed.
  case outsideIsolationRoot(root: String)
  /// A system call failed on this path (an I/O error, a full disk, a file that cannot be
  /// removed).
  case failed(path: String, errno: SystemErrno)
  /// Where an interrupted migration leaves its files (`.name.appdirs-moved` beside the
  /// source, `.name.appdirs-staging` beside the destination) there is something that is not a
  /// directory of the user's: another user's folder, a symbolic link or a file, planted in a
  /// directory others can write to. It is neither removed nor moved, and nothing else changes.
  case foreignLeftover(path: String, CleanRefusal)

  /// What went wrong, naming the paths.
  public var description: String {
    switch self {
    case .specialFiles(let paths):
      let kind = paths.count == 1 ? "a FIFO, socket or device" : "FIFOs, sockets or devices"
      return "it holds \(kind), which cannot be copied: " + paths.joined(separator: ", ")
    case .overlapping(let destination):
      return "it and the destination \(destination) lie one inside the other"
    case .linkWithKeptSource:
      return "a link cannot take the place of a source that is kept"
    case .notTheApplications(let rule):
      return "it is not the application's to move: \(rule)"
    case .outsideIsolationRoot(let root):
      return
        "it lies outside the isolated root \(root), and nothing outside it is touched while it is current"
    case .failed(let path, let errno):
      return "\(path): \(errno)"
    case .foreignLeftover(let path, let rule):
      let why = rule == .notADirectory ? "it is not a directory" : rule.description
      return
        "\(path), where an interrupted migration leaves its files, is not the application's: \(why)"
    }
  }
}
