// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

#if FoundationAPI
  #if canImport(FoundationEssentials)
    public import FoundationEssentials
  #else
    public import Foundation
  #endif

  /// Foundation's view of a ``DirectoryError``: `error.localizedDescription` (what an app puts in
  /// an alert or a log line) is the error's ``DirectoryError/description``, and a bridged
  /// `NSError` carries the reason and the fix too.
  ///
  /// ```swift
  /// import AppDirectories
  /// import Foundation
  ///
  /// do {
  ///   _ = try AppDirectories(app: "Example/App")
  /// } catch {
  ///   print(error.localizedDescription)  // invalid name "Example/App": it contains "/" …
  /// }
  /// ```
  extension DirectoryError: LocalizedError, _DirectoryErrorRecovery {
    /// The ``description``: the path or name at fault and what is wrong with it.
    public var errorDescription: String? { description }

    /// Why it failed, when a cause of its own is known: the rule a name breaks, why there is no
    /// home, what stopped a migration or a clean, the system's error.
    public var failureReason: String? {
      switch self {
      case .invalidName(_, let reason): reason.description
      case .homeUnavailable(let reason): reason.description
      case .insecureRuntimeDirectory(_, let problem): "it \(problem)"
      case .migrationFailed(_, let problem): problem.description
      case .cleanRefused(_, let reason): reason.description
      case .portableRootRefused(_, let problem): problem.description
      case .nameTooLong(_, let limit) where limit != .fileSystem: limit.description
      default: errno?.description
      }
    }
  }

  /// Gives `LocalizedError` the fix, ``DirectoryError/recoverySuggestion``, which is a `String`
  /// where Foundation's requirement is a `String?`: a protocol's default is the one way to
  /// answer that requirement and keep the error's own property as it is. Not for other types.
  public protocol _DirectoryErrorRecovery: LocalizedError {
    /// The one-line fix.
    var recoverySuggestion: String { get }
  }

  extension _DirectoryErrorRecovery {
    /// The fix, for Foundation (`NSError.localizedRecoverySuggestion`).
    public var recoverySuggestion: String? { (self.recoverySuggestion as String) }
  }
#endif
