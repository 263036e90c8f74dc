// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

/// Why the root of a portable application cannot be used, for
/// ``DirectoryError/portableRootRefused(path:problem:)``. Nothing was created.
///
/// ```swift
/// import AppDirectories
///
/// do {
///   _ = try AppDirectories(app: "ExampleApp", portable: .automatic)
/// } catch DirectoryError.portableRootRefused(let path, problem: .translocated) {
///   print("move the app out of Downloads and open it again; it runs from \(path)")
/// } catch {}
/// ```
#if hasAttribute(nonexhaustive)
  @nonexhaustive
#endif
public enum PortableRootProblem: Sendable, Hashable, CustomStringConvertible {
  /// The root given with ``PortableMode/atPath(_:)`` is not an absolute path, or holds a NUL
  /// byte.
  case notAbsolute
  /// The root is a directory, or a link to one, that belongs to another user: a portable
  /// application keeps its files only in a folder of the user's own.
  case directoryOfAnotherUser(owner: UInt32)
  /// `lstat` or `stat` of the root failed for another reason than its absence.
  case unexaminable(SystemErrno)
  /// macOS runs the application translocated: Gatekeeper copied it to a random read-only
  /// place (`…/AppTranslocation/…`) because it was opened where it was downloaded, so nothing
  /// beside it is the folder the user put there. The path is the application's bundle.
  case translocated

  /// The problem as the end of a sentence whose subject is the path.
  public var description: String {
    switch self {
    case .notAbsolute: "is not an absolute path"
    case .directoryOfAnotherUser(let owner):
      "belongs to user \(owner); a portable application keeps its files only in a folder of your own"
    case .unexaminable(let errno): "cannot be examined: \(errno)"
    case .translocated:
      "runs translocated: macOS copied the application to a read-only place, away from its portable folder"
    }
  }
}
