// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

// A stand-in for the names of Swift Testing that AppDirectoriesTesting uses (its trait), with
// swift-testing's signatures, for the Windows step of `Scripts/check-platform-branches.sh`:
// the toolchain's Testing module is built for glibc here, which that step does not see. The
// same code is compiled and tested against the real one on Linux. Only compiled, never run.

public struct Test: Sendable {
  public struct Case: Sendable {}
}

public protocol Trait: Sendable {
  associatedtype TestScopeProvider: TestScoping = Never
  func scopeProvider(for test: Test, testCase: Test.Case?) -> TestScopeProvider?
}

public protocol TestTrait: Trait {}

public protocol SuiteTrait: Trait {
  var isRecursive: Bool { get }
}

public protocol TestScoping: Sendable {
  func provideScope(
    for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
  ) async throws
}

extension Never: TestScoping {
  public func provideScope(
    for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
  ) async throws {}
}
