// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

// What every platform's tests share, Windows among them: no POSIX call.
#if FoundationAPI
  import Foundation
  import Testing

  @testable import AppDirectoriesCore
  @testable import AppDirectoriesFiles
  @testable import AppDirectoriesMaintenance

  /// An environment for pure path resolution: nothing is read from the file system, so the home
  /// directory need not exist. `userDirectoriesFile` is always given, so the real
  /// `user-dirs.dirs` is never read.
  func pureEnvironment(
    _ variables: [String: String] = ["HOME": "/home/ada"],
    passwordDatabaseHome: String? = nil,
    platform: OperatingSystem = .linux,
    isSecureExecution: Bool = false,
    userDirectories: String? = nil
  ) -> ProcessEnvironment {
    ProcessEnvironment(
      variables: variables, passwordDatabaseHome: passwordDatabaseHome, effectiveUserID: 1000,
      platform: platform, isSecureExecution: isSecureExecution,
      userDirectoriesFile: .contents(userDirectories))
  }

  /// Runs a call of the public API, whose throwing members throw nothing but a
  /// ``DirectoryError``, and rethrows its error typed, for the tests that match on it. Any other
  /// error fails the test (and goes on as an `EIO` creation failure).
  func onlyDirectoryError<R>(
    sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> R
  ) throws(DirectoryError) -> R {
    do {
      return try body()
    } catch let error as DirectoryError {
      throw error
    } catch {
      Issue.record(
        "the public API threw \(error), not a DirectoryError", sourceLocation: sourceLocation)
      throw .creationFailed(path: "", errno: .ioError)
    }
  }

  extension DirectoryResolution {
    /// Every warning's message, joined, for `contains` checks.
    var warningText: String { warnings.map(\.message).joined(separator: "\n") }
  }

  extension DirectoryError {
    /// The name an ``DirectoryError/invalidName(name:reason:)`` rejects, or `nil` for any other
    /// error.
    var rejectedName: String? {
      if case .invalidName(let name, _) = self { return name }
      return nil
    }
  }

  extension ProcessEnvironment {
    /// The same environment with creation starting at `root`, which its paths lie inside: the
    /// walk never opens the directories above a test's root.
    func trusting(root: String) -> ProcessEnvironment {
      var environment = self
      environment.trustedRoot = root
      return environment
    }
  }

  extension Trait where Self == ConditionTrait {
    /// For tests that read the package's own files (its articles, its changelog), which a user
    /// who runs a copy of the tests from elsewhere may not reach.
    static var readsThePackage: Self {
      .enabled(
        if: FileManager.default.isReadableFile(
          atPath: packageRoot.appendingPathComponent("Package.swift").path),
        "reads the package's own files, which this user cannot reach")
    }
  }

  /// The package's folder, where its articles and changelog are.
  let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
#endif
