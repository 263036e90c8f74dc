// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

#if FoundationAPI
  // Foundation has no Process on iOS, tvOS, watchOS and visionOS, where the package's tests are
  // not run, and on Windows the tool runner's POSIX tools (setpriv, script, unshare) are not
  // there: TestSupport still builds on both, without the tool runner.
  #if !os(iOS) && !os(tvOS) && !os(watchOS) && !os(visionOS) && !os(Windows)
    import Foundation
    import Testing

    #if canImport(Darwin)
      import Darwin
    #elseif canImport(Android)
      import Android
    #elseif canImport(Glibc)
      import Glibc
    #elseif canImport(Musl)
      import Musl
    #endif

    /// tmpfs file systems mounted on folders of a test's root in a mount namespace of their own
    /// (`unshare --mount --propagation private`), so that a test can move files across file
    /// systems without changing the machine: no other process sees the mounts, and they vanish
    /// with the namespace.
    ///
    /// A process kept in the namespace holds it; the tool runs inside it through `nsenter`, and
    /// the test reads and writes the files through `/proc/<pid>/root`, which shows that
    /// namespace's view.
    final class PrivateMounts: Sendable {
      /// The process that keeps the namespace.
      let keeper: Int32
      /// Its handle, for waiting; used in `deinit` only. `Process` is `Sendable` in
      /// swift-corelibs-foundation; Apple's SDKs do not all say so.
      #if canImport(Darwin)
        private nonisolated(unsafe) let process: Process
      #else
        private let process: Process
      #endif

      /// Whether mount namespaces can be made here: as root, with util-linux, and allowed to mount
      /// (an unprivileged container has no `CAP_SYS_ADMIN`), as one real `unshare` that mounts a
      /// tmpfs tells.
      static let isAvailable: Bool = {
        guard geteuid() == 0, FileManager.default.isExecutableFile(atPath: "/usr/bin/unshare"),
          FileManager.default.isExecutableFile(atPath: "/usr/bin/nsenter")
        else { return false }
        let probe = Process()
        probe.executableURL = URL(fileURLWithPath: "/usr/bin/unshare")
        probe.arguments = [
          "--mount", "--propagation", "private", "--", "/bin/sh", "-c",
          "mount -t tmpfs -o size=1m tmpfs /mnt",
        ]
        probe.standardOutput = FileHandle.nullDevice
        probe.standardError = FileHandle.nullDevice
        do { try probe.run() } catch { return false }
        probe.waitUntilExit(within: Process.timeLimit)
        return probe.terminationStatus == 0
      }()

      /// Mounts a tmpfs on each folder (absolute, existing), with these mount options, and waits
      /// until they are there.
      convenience init(_ points: [String], options: String = "size=512m") throws {
        try self.init(
          script:
            "options=$1; shift; for point; do mount -t tmpfs -o \"$options\" tmpfs \"$point\" || exit 1; done",
          arguments: [options] + points, describing: points)
      }

      /// Binds each folder onto another (both absolute, existing) of the same file system:
      /// mount points that a device number cannot tell.
      convenience init(binding pairs: [(source: String, target: String)]) throws {
        try self.init(
          script:
            "while [ $# -gt 0 ]; do mount --bind \"$1\" \"$2\" || exit 1; shift 2; done",
          arguments: pairs.flatMap { [$0.source, $0.target] }, describing: pairs.map(\.target))
      }

      /// Runs the mounting `script` with `arguments` in a new namespace, kept by a process that
      /// then sleeps, and waits until the mounts are there.
      private init(script: String, arguments: [String], describing points: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/unshare")
        process.arguments =
          [
            "--mount", "--propagation", "private", "--", "/bin/sh", "-c",
            script + "; echo ready; exec sleep 900", "sh",
          ] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let ready = output.fileHandleForReading.readData(ofLength: 6)
        guard String(decoding: ready, as: UTF8.self) == "ready\n" else {
          process.terminate()
          throw SetupFailure("mount in a private namespace on", points.joined(separator: " "))
        }
        keeper = process.processIdentifier
        self.process = process
      }

      deinit {
        kill(keeper, SIGKILL)
        process.waitUntilExit(within: Process.timeLimit)
      }

      /// `path` as the test process reaches it inside the namespace.
      func view(_ path: String) -> String { "/proc/\(keeper)/root" + path }

      /// `command` run inside the namespace.
      func inside(_ command: [String]) -> [String] {
        ["/usr/bin/nsenter", "--target", "\(keeper)", "--mount", "--"] + command
      }
    }

    extension Trait where Self == ConditionTrait {
      /// For tests that mount file systems in a private mount namespace, which needs root and
      /// util-linux; elsewhere they are skipped, saying why.
      static var needsPrivateMounts: Self {
        .enabled(
          if: PrivateMounts.isAvailable,
          "mounts tmpfs in a private mount namespace, which needs root, unshare and nsenter")
      }
    }
  #endif
#endif
