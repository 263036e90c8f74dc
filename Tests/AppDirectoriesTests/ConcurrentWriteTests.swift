// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

// These tests make files through POSIX calls.
#if !os(Windows)
  import Foundation
  import Testing

  @testable import AppDirectoriesCore
  @testable import AppDirectoriesFiles
  @testable import AppDirectoriesMaintenance
  @testable import TestSupport

  /// Fifty writers at once, each with its own instance as separate parts of a program would
  /// have: every write succeeds (no writer's sweep of leftovers takes another's live temporary
  /// file), each file ends holding one writer's whole bytes, and no temporary file is left once
  /// the last write is done.
  @Suite("Concurrent writes")
  struct ConcurrentWriteTests {
    static let writers = 50
    static let writesEach = 60
    /// Large enough that a torn file would show: 4 KiB of one writer's byte.
    static let size = 4096

    /// Where each writer writes.
    enum Target: String, CaseIterable, CustomTestStringConvertible {
      /// Every writer to the same file.
      case oneFile
      /// Each writer to a file of its own, all in one directory.
      case fileEach

      var testDescription: String { rawValue }

      func name(of writer: Int) -> String {
        self == .oneFile ? "shared.bin" : "writer-\(writer).bin"
      }
    }

    @Test(arguments: Target.allCases)
    func fiftyWritersLoseNoWriteAndTearNoFile(_ target: Target) throws {
      try TemporaryRoot.with { root in
        let environment = root.environment()
        let failures = Locked<[String]>([])
        let group = DispatchGroup()
        let queue = DispatchQueue(label: "writers", attributes: .concurrent)
        for writer in 0..<Self.writers {
          group.enter()
          queue.async {
            defer { group.leave() }
            do {
              let dirs = try AppDirectories(app: "ExampleApp", environment: environment)
              // The writer's number in every byte, so that a mix of two writers shows.
              let bytes = [UInt8](repeating: UInt8(writer), count: Self.size)
              for _ in 0..<Self.writesEach {
                try dirs.write(bytes, toFile: target.name(of: writer), in: .state)
              }
            } catch {
              failures.withLock { $0.append("writer \(writer): \(error)") }
            }
          }
        }
        #expect(group.wait(timeout: .now() + 300) == .success, "the writers finish in 5 minutes")
        #expect(failures.withLock { $0 } == [])

        let dirs = try AppDirectories(app: "ExampleApp", environment: environment)
        let state = try dirs.directoryPath(.state)
        let names = Set((0..<Self.writers).map(target.name(of:)))
        for name in names {
          let bytes = try #require(try dirs.contents(ofFile: name, in: .state))
          #expect(bytes.count == Self.size, "\(name) is whole")
          #expect(Set(bytes).count == 1, "\(name) holds one writer's bytes")
        }
        // The next write sweeps whatever a write could have left; none should have been left.
        let left = try FileManager.default.contentsOfDirectory(atPath: state)
        #expect(Set(left) == names, "no temporary file is left behind")
      }
    }
  }
#endif
