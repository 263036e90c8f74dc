// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

// These tests make files, users and processes through POSIX calls.
#if !os(Windows)
  import Foundation
  import Testing

  @testable import AppDirectoriesCore
  @testable import AppDirectoriesFiles
  @testable import AppDirectoriesMaintenance
  @testable import TestSupport

  #if canImport(Darwin)
    import Darwin
  #elseif canImport(Android)
    import Android
  #elseif canImport(Glibc)
    import Glibc
  #elseif canImport(Musl)
    import Musl
  #endif

  /// A step of finding-or-creating `<scratch>/existing/base/middle/leaf` when only
  /// `<scratch>/existing` exists: the walk opens the scratch directory (the test's trusted root,
  /// where its walks start), goes through the existing directory, and creates three components.
  enum CreationStep: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case fastPathStatus
    case openRoot
    case makeExistingAncestor
    case openExistingAncestor
    case makeBase, openBase, chmodBase
    case makeMiddle, openMiddle, chmodMiddle
    case makeLeaf, openLeaf, chmodLeaf

    var testDescription: String { rawValue }

    /// The new component this step works on, if any.
    var newComponent: String? {
      switch self {
      case .makeBase, .openBase, .chmodBase: "base"
      case .makeMiddle, .openMiddle, .chmodMiddle: "middle"
      case .makeLeaf, .openLeaf, .chmodLeaf: "leaf"
      default: nil
      }
    }

    /// Whether a record is this step's system call, in a scratch directory named `scratchName`.
    func matches(
      _ record: RecordingSystemCalls.Record, scratch: String, target: String
    ) -> Bool {
      switch self {
      case .fastPathStatus: return record.call == .stat && record.name == target
      case .openRoot: return record.call == .openat && record.name == scratch
      case .makeExistingAncestor: return record.call == .mkdirat && record.name == "existing"
      case .openExistingAncestor:
        // An existing directory is opened without following anything, for path operations.
        return record.call == .openat && record.name == "existing" && !record.followsSymlinks
          && record.pathOnly
      case .makeBase, .makeMiddle, .makeLeaf:
        return record.call == .mkdirat && record.name == newComponent
      case .openBase, .openMiddle, .openLeaf:
        // The open that follows a successful mkdirat: O_NOFOLLOW, not O_PATH.
        return record.call == .openat && record.name == newComponent && !record.followsSymlinks
          && !record.pathOnly
      case .chmodBase, .chmodMiddle, .chmodLeaf:
        return record.call == .fchmod && record.name == newComponent
      }
    }
  }

  /// The `errno` values the creation walk must survive or report.
  enum InjectedErrno: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case eacces = "EACCES"
    case eperm = "EPERM"
    case erofs = "EROFS"
    case enospc = "ENOSPC"
    case edquot = "EDQUOT"
    case enametoolong = "ENAMETOOLONG"
    case eloop = "ELOOP"
    case emfile = "EMFILE"
    case eintr = "EINTR"

    var testDescription: String { rawValue }

    var value: Int32 {
      switch self {
      case .eacces: EACCES
      case .eperm: EPERM
      case .erofs: EROFS
      case .enospc: ENOSPC
      case .edquot: EDQUOT
      case .enametoolong: ENAMETOOLONG
      case .eloop: ELOOP
      case .emfile: EMFILE
      case .eintr: EINTR
      }
    }
  }

  @Suite("Fault injection through the system-call wrapper")
  struct FaultInjectionTests {
    /// What a fault at a step must lead to, from the rules of the creation walk:
    /// - `EINTR` is retried, so it is never seen;
    /// - the fast-path `stat` only decides whether to walk, so its failure leads to the walk,
    ///   except ENAMETOOLONG: a path too long to use is not built;
    /// - `mkdirat` on a component that exists may report EACCES, EPERM or EROFS before EEXIST,
    ///   and the walk then opens what is there;
    /// - an `openat` refused with EACCES right after `mkdirat` is a strict umask, repaired by
    ///   a mode set through an `O_PATH` descriptor;
    /// - an `openat(O_NOFOLLOW)` failing with ELOOP right after `mkdirat` means that something
    ///   else stands there now, which is refused as not a directory;
    /// - everything else is the typed error for the `errno`, at the component of the step.
    static func expectedError(_ step: CreationStep, _ injected: InjectedErrno, scratch: String)
      -> DirectoryError?
    {
      let relative: [String: String] = [
        "base": "/existing/base", "middle": "/existing/base/middle",
        "leaf": "/existing/base/middle/leaf",
      ]
      let path =
        switch step {
        case .fastPathStatus: scratch + "/existing/base/middle/leaf"
        case .openRoot: scratch
        case .makeExistingAncestor, .openExistingAncestor: scratch + "/existing"
        default: scratch + (step.newComponent.flatMap { relative[$0] } ?? "/unknown")
        }
      if injected == .eintr { return nil }
      // The fast path only decides whether to walk, except that a path the system calls too
      // long is never built.
      if step == .fastPathStatus {
        return injected == .enametoolong ? .nameTooLong(path: path) : nil
      }
      switch (step, injected) {
      case (.makeExistingAncestor, .eacces), (.makeExistingAncestor, .eperm),
        (.makeExistingAncestor, .erofs):
        return nil
      case (.openExistingAncestor, .eloop):
        // The open refused a real directory: its error stands (no link was followed).
        return .creationFailed(path: path, errno: SystemErrno(rawValue: ELOOP))
      case (.openBase, .eacces), (.openMiddle, .eacces), (.openLeaf, .eacces):
        return nil
      case (.openBase, .eloop), (.openMiddle, .eloop), (.openLeaf, .eloop):
        return .notADirectory(path: path)
      case (.makeBase, .eacces), (.makeBase, .eperm), (.makeMiddle, .eacces),
        (.makeMiddle, .eperm), (.makeLeaf, .eacces), (.makeLeaf, .eperm):
        // A refused mkdirat is the parent's refusal: the error names the parent.
        return typedError(injected, at: POSIXPath.parent(path))
      default:
        break
      }
      return typedError(injected, at: path)
    }

    /// The typed error for an `errno` at a path.
    static func typedError(_ injected: InjectedErrno, at path: String) -> DirectoryError {
      let errno = SystemErrno(rawValue: injected.value)
      switch injected {
      case .eacces, .eperm: return .permissionDenied(path: path, errno: errno)
      case .erofs: return .readOnlyFileSystem(path: path)
      case .enametoolong: return .nameTooLong(path: path)
      default: return .creationFailed(path: path, errno: errno)
      }
    }

    @Test(
      "A fault at each step gives the documented result, and the next call completes the tree",
      arguments: CreationStep.allCases, InjectedErrno.allCases)
    func faultAtEachStep(step: CreationStep, injected: InjectedErrno) throws {
      try TemporaryRoot.with { scratch in
        try scratch.makeDirectory("existing", mode: 0o755)
        let target = scratch.at("existing/base/middle/leaf")
        // EINTR interrupts the first matching call three times in a row; a real error stays
        // until cleared.
        let fault = RecordingSystemCalls.Fault(
          errno: injected.value, remaining: injected == .eintr ? 1 : .max, interruptions: 3,
          matches: { step.matches($0, scratch: scratch.path, target: target) })
        let provider = RecordingSystemCalls(faults: [fault])
        let creator = DirectoryCreator(
          syscalls: provider, trustedRoot: scratch.path)
        let expected = Self.expectedError(step, injected, scratch: scratch.path)

        var thrown: DirectoryError?
        do throws(DirectoryError) {
          try creator.findOrCreate(target)
        } catch {
          thrown = error
        }

        #expect(provider.injectedCount > 0, "the fault never fired: \(provider.records)")
        if injected == .eintr {
          #expect(provider.injectedCount == 1)
          #expect(provider.unretriedInterruptions.isEmpty, "\(provider.unretriedInterruptions)")
        }
        #expect(thrown == expected)
        if let thrown {
          #expect(thrown.path == expected?.path)
          #expect(thrown.recoverySuggestion.isEmpty == false)
          // Nothing below the failing component was created.
          if let component = step.newComponent {
            let below = [
              "base": "base/middle", "middle": "base/middle/leaf", "leaf": "base/middle/leaf/x",
            ]
            #expect(TemporaryRoot.fileStatus(scratch.at("existing/" + below[component]!)) == nil)
          }
          if step.rawValue.hasPrefix("make"), let component = step.newComponent {
            let made = ["base": "base", "middle": "base/middle", "leaf": "base/middle/leaf"]
            #expect(TemporaryRoot.fileStatus(scratch.at("existing/" + made[component]!)) == nil)
          }
        }

        // The next call, with the fault gone, finishes the tree: every component a private
        // directory.
        provider.clearFaults()
        try creator.findOrCreate(target)
        for relative in ["existing/base", "existing/base/middle", "existing/base/middle/leaf"] {
          let status = TemporaryRoot.fileStatus(scratch.at(relative))
          #expect(status?.type == .directory, "\(relative)")
          #expect(
            status?.permissions == 0o700,
            "\(relative) has mode \(zeroPadded(status?.permissions ?? 0, radix: 8, width: 4))")
        }
        #expect(
          scratch.relativePaths() == [
            "existing", "existing/base", "existing/base/middle", "existing/base/middle/leaf",
          ])
      }
    }

    @Test("A fault on the way to an app directory reaches the caller as a typed error")
    func faultThroughAppDirectories() throws {
      try TemporaryRoot.with { scratch in
        let provider = RecordingSystemCalls(faults: [
          .init(
            errno: EROFS, remaining: .max,
            matches: { $0.call == .mkdirat && $0.name == "ExampleApp" }
          )
        ])
        let environment = ProcessEnvironment(variables: [
          "HOME": scratch.at("home"), "XDG_CACHE_HOME": scratch.at("cache"),
        ]).trusting(root: scratch.path)
        let dirs = try AppDirectories(
          app: "ExampleApp", organization: nil, layout: .native, environment: environment,
          syscalls: provider)
        #expect(throws: DirectoryError.readOnlyFileSystem(path: scratch.at("cache/ExampleApp"))) {
          try dirs.directory(.cache)
        }
        #expect(TemporaryRoot.fileStatus(scratch.at("cache"))?.permissions == 0o700)
        #expect(TemporaryRoot.fileStatus(scratch.at("cache/ExampleApp")) == nil)
      }
    }

    @Test(
      "A fault while creating the fallback runtime directory is a typed error, never a usable directory",
      arguments: [InjectedErrno.eacces, .erofs, .enospc, .emfile])
    func faultCreatingFallbackRuntimeDirectory(injected: InjectedErrno) throws {
      try TemporaryRoot.with { scratch in
        try scratch.makeDirectory(scratch.at("tmp"), mode: 0o755)
        let uid = geteuid()
        let provider = RecordingSystemCalls(faults: [
          .init(
            errno: injected.value, remaining: .max,
            matches: { $0.call == .mkdirat && $0.name == "runtime-\(uid)" })
        ])
        let environment = ProcessEnvironment(
          variables: ["HOME": scratch.at("home"), "TMPDIR": scratch.at("tmp")], effectiveUserID: uid
        ).trusting(root: scratch.path)
        let dirs = try AppDirectories(
          app: "ExampleApp", organization: nil, layout: .native, environment: environment,
          syscalls: provider)
        let failing = scratch.at("tmp/runtime-\(uid)")
        // A refused mkdirat names the parent that refused it.
        let named = injected == .eacces ? POSIXPath.parent(failing) : failing
        #expect(throws: Self.typedError(injected, at: named)) {
          try dirs.directory(.runtime)
        }
        #expect(TemporaryRoot.fileStatus(scratch.at("tmp/runtime-\(uid)")) == nil)
      }
    }

    @Test("EINTR from every call of a whole creation is retried and never seen")
    func interruptedEverywhere() throws {
      try TemporaryRoot.with { scratch in
        // Every call fails with EINTR once, then succeeds.
        let seen = Locked(Set<RecordingSystemCalls.Record>())
        let provider = RecordingSystemCalls(faults: [
          .init(
            errno: EINTR, remaining: .max,
            matches: { record in seen.withLock { $0.insert(record).inserted } })
        ])
        try DirectoryCreator(syscalls: provider, trustedRoot: scratch.path)
          .findOrCreate(
            scratch.at("a/b/c/d"))
        #expect(TemporaryRoot.fileStatus(scratch.at("a/b/c/d"))?.permissions == 0o700)
        #expect(provider.injectedCount >= 4 * 3)
        #expect(provider.unretriedInterruptions.isEmpty, "\(provider.unretriedInterruptions)")
      }
    }
  }
#endif
