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

    extension Process {
      /// The longest a test waits for a child process: a hung child fails its test, never the
      /// whole run.
      static let timeLimit: Double = 120

      /// Waits for the process to end, at most `seconds`: past that it is killed (`SIGKILL`)
      /// and the test records an issue, so that no test waits forever on a child.
      func waitUntilExit(
        within seconds: Double = Process.timeLimit,
        sourceLocation: SourceLocation = #_sourceLocation
      ) {
        let deadline = Date().addingTimeInterval(seconds)
        var pause: UInt32 = 200
        while isRunning, Date() < deadline {
          usleep(pause)
          pause = min(pause * 2, 20_000)
        }
        if isRunning {
          kill(processIdentifier, SIGKILL)
          Issue.record(
            "\(executableURL?.path ?? "a child") did not end within \(Int(seconds)) s and was killed",
            sourceLocation: sourceLocation)
        }
        waitUntilExit()
      }
    }

    /// What one run of the built `appdirs` printed and returned.
    struct ToolResult: Sendable {
      let status: Int32
      let standardOutput: String
      let standardError: String

      /// The standard output's lines, without the final empty one.
      var lines: [String] {
        standardOutput.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(
          String.init)
      }
    }

    /// What one run of the tool must print on standard error. ``Tool/run(_:environment:shellPrefix:asUser:in:standardError:sourceLocation:)``
    /// checks it on every run, so that a warning can neither appear nor vanish unseen.
    enum ExpectedStandardError: Sendable, Equatable {
      /// Nothing at all.
      case empty
      /// Exactly these lines, each ending in a newline.
      case lines([String])
      /// As many lines as these, each beginning with its prefix: for a line that ends in text of
      /// the system's (an `strerror` message) or of a path the test does not know.
      case linesStarting([String])

      /// Exactly this text, which another run printed.
      case text(String)
      /// Whatever it is: for a child that is not the tool (a test runner's own report), whose
      /// standard error the test does not own. `reason` says why.
      case anything(because: String)
      /// A usage error: `appdirs: error: ` with `message` in it, then the line that points to
      /// `appdirs help command` (or to `appdirs help`).
      case usageError(String, command: String?)
      /// A failure the library reported: `appdirs: error: ` with `message` in it, then `notes`
      /// lines of `appdirs: note: `: how to fix it, and where a directory's path came from.
      case failure(String, notes: Int)

      /// A failure with the one note that says how to fix it.
      static func failure(_ message: String) -> Self { .failure(message, notes: 1) }

      /// Exactly this one line.
      static func line(_ line: String) -> Self { .lines([line]) }

      /// Whether `text` is what is expected.
      func matches(_ text: String) -> Bool {
        let actual = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        switch self {
        case .empty:
          return text.isEmpty
        case .lines(let lines):
          return text == lines.map { $0 + "\n" }.joined()
        case .text(let expected):
          return text == expected
        case .anything:
          return true
        case .usageError(let message, let command):
          let help = "Run 'appdirs help\(command.map { " " + $0 } ?? "")' for usage."
          return actual.count == 3 && actual[0].hasPrefix("appdirs: error: ")
            && actual[0].contains(message) && actual[1] == help && actual[2].isEmpty
        case .failure(let message, let notes):
          return actual.count == notes + 2 && actual[0].hasPrefix("appdirs: error: ")
            && actual[0].contains(message)
            && actual[1...notes].allSatisfy { $0.hasPrefix("appdirs: note: ") }
            && actual[notes + 1].isEmpty
        case .linesStarting(let prefixes):
          guard text.hasSuffix("\n"), actual.count == prefixes.count + 1 else { return false }
          return zip(actual, prefixes).allSatisfy { $0.hasPrefix($1) }
        }
      }
    }

    /// Runs the `appdirs` built next to the test bundle as a child process.
    enum Tool {
      /// `LLVM_PROFILE_FILE`, passed on to the tool when the tests run with code coverage, so that
      /// `Scripts/coverage.sh` counts what the tool's own runs cover.
      static let coverageVariables: [String: String] = {
        guard let file = ProcessInfo.processInfo.environment["LLVM_PROFILE_FILE"] else {
          return [:]
        }
        return ["LLVM_PROFILE_FILE": file]
      }()

      /// The user the permission tests run as (`nobody`, whose home is `/nonexistent`).
      static let unprivilegedUser: uid_t = 65534

      /// The built tool: `appdirs` in the directory of the test executable or bundle. On Linux
      /// the tests are the running executable; on macOS `swift test` runs them in a helper
      /// (`xctest`, `swiftpm-testing-helper`) that loads the `.xctest` bundle, which is found
      /// among the loaded bundles and the helper's arguments.
      static let path: String = {
        let candidates =
          [(try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? ""]
          + CommandLine.arguments
          + Bundle.allBundles.map(\.bundlePath).filter { $0.hasSuffix(".xctest") }
        for candidate in candidates
        where !candidate.isEmpty && FileManager.default.fileExists(atPath: candidate) {
          var directory = URL(fileURLWithPath: candidate).deletingLastPathComponent()
          // Where the tests are a bundle, the executable sits deeper inside it.
          for _ in 0..<4 {
            let tool = directory.appendingPathComponent("appdirs").path
            if FileManager.default.isExecutableFile(atPath: tool) { return tool }
            directory = directory.deletingLastPathComponent()
          }
        }
        return "appdirs-not-built"
      }()

      /// Runs `appdirs arguments` with exactly `environment`, optionally through `/bin/sh -c`
      /// with a prefix such as `umask 0277;`, or as another user through `setpriv`, and expects
      /// its standard error to be `standardError`.
      static func run(
        _ arguments: [String], environment: [String: String], shellPrefix: String? = nil,
        asUser user: uid_t? = nil, in root: TemporaryRoot,
        standardError expected: ExpectedStandardError = .empty,
        sourceLocation: SourceLocation = #_sourceLocation
      ) throws -> ToolResult {
        try runProcess(
          command(arguments, shellPrefix: shellPrefix, asUser: user), environment: environment,
          in: root, standardError: expected, sourceLocation: sourceLocation)
      }

      /// Runs the tool as ``run(_:environment:shellPrefix:asUser:in:standardError:sourceLocation:)``
      /// does, for a test whose standard error varies by design and which checks it itself.
      static func unchecked(
        _ arguments: [String], environment: [String: String], shellPrefix: String? = nil,
        asUser user: uid_t? = nil, in root: TemporaryRoot
      ) throws -> ToolResult {
        try spawn(
          command(arguments, shellPrefix: shellPrefix, asUser: user), environment: environment,
          in: root)
      }

      /// Runs any command (the tool inside a namespace) with exactly `environment`, for a test
      /// that checks its standard error itself.
      static func uncheckedProcess(
        _ command: [String], environment: [String: String], in root: TemporaryRoot
      ) throws -> ToolResult {
        try spawn(command, environment: environment, in: root)
      }

      /// The command line that runs the tool with `arguments`, through the shell or as `user`.
      static func command(_ arguments: [String], shellPrefix: String?, asUser user: uid_t?)
        -> [String]
      {
        var command = [path] + arguments
        if let shellPrefix {
          command = ["/bin/sh", "-c", shellPrefix + " exec \"$0\" \"$@\""] + command
        }
        // The suite run by that user already is that user: no change of identity is needed.
        if let user, user != geteuid() {
          command =
            ["/usr/bin/setpriv", "--reuid=\(user)", "--regid=\(user)", "--clear-groups"] + command
        }
        return command
      }

      /// Runs any command (the tool inside a namespace, `du`) with exactly `environment`, and
      /// expects its standard error to be `standardError`.
      static func runProcess(
        _ command: [String], environment: [String: String], in root: TemporaryRoot,
        standardError expected: ExpectedStandardError = .empty,
        sourceLocation: SourceLocation = #_sourceLocation
      ) throws -> ToolResult {
        let result = try spawn(command, environment: environment, in: root)
        #expect(
          expected.matches(result.standardError),
          "standard error of \(command.joined(separator: " ")): \(result.standardError.debugDescription), expected \(expected)",
          sourceLocation: sourceLocation)
        return result
      }

      /// The apparent size in bytes of everything below `path`, each file once, as `du` counts
      /// it: GNU du's `-sb` on Linux, BSD du's `-s -A -B 1` on macOS (which has no `-b`).
      static func apparentSize(of path: String, in root: TemporaryRoot) throws -> Int64? {
        #if os(macOS)
          let command = ["/usr/bin/du", "-s", "-A", "-B", "1", path]
        #else
          let command = ["/usr/bin/du", "-sb", path]
        #endif
        let result = try runProcess(command, environment: [:], in: root)
        return Int64(result.standardOutput.split(separator: "\t").first ?? "")
      }

      /// The command that runs `command` with a terminal as its standard output (and its
      /// output in the result): util-linux's `script -qec` on Linux, BSD's `script -q` on macOS.
      static func withTerminal(_ command: [String]) -> [String] {
        #if os(macOS)
          return ["/usr/bin/script", "-q", "/dev/null"] + command
        #else
          let line = command.map { "'" + $0.replacingOccurrences(of: "'", with: #"'\''"#) + "'" }
          return ["/usr/bin/script", "-qec", line.joined(separator: " "), "/dev/null"]
        #endif
      }

      /// Starts the built tool with exactly `environment`, its output discarded, for a test that
      /// stops it midway (with `kill`); the caller waits for it.
      static func start(_ arguments: [String], environment: [String: String]) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.environment = environment.merging(coverageVariables) { mine, _ in mine }
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
      }

      /// Runs any command with exactly `environment`; its output goes through files in the root,
      /// so that a full pipe can never block it.
      private static func spawn(
        _ command: [String], environment: [String: String], in root: TemporaryRoot
      ) throws -> ToolResult {
        let name = UUID().uuidString
        let outputPath = root.at(".out-\(name)")
        let errorPath = root.at(".err-\(name)")
        _ = FileManager.default.createFile(atPath: outputPath, contents: nil)
        _ = FileManager.default.createFile(atPath: errorPath, contents: nil)
        defer {
          try? FileManager.default.removeItem(atPath: outputPath)
          try? FileManager.default.removeItem(atPath: errorPath)
        }
        let output = try FileHandle(forWritingTo: URL(fileURLWithPath: outputPath))
        let error = try FileHandle(forWritingTo: URL(fileURLWithPath: errorPath))
        defer {
          try? output.close()
          try? error.close()
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: command[0])
        process.arguments = Array(command.dropFirst())
        process.environment = environment.merging(coverageVariables) { mine, _ in mine }
        process.currentDirectoryURL = URL(fileURLWithPath: root.path)
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = output
        process.standardError = error
        try process.run()
        process.waitUntilExit(within: Process.timeLimit)
        return ToolResult(
          status: process.terminationStatus, standardOutput: try readText(outputPath),
          standardError: try readText(errorPath))
      }

      /// The whole file as text, read with `read(2)`: Foundation's `String(contentsOfFile:)` leaks
      /// its buffer on Linux, which LeakSanitizer would report for every run of the tool.
      static func readText(_ path: String) throws -> String {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw CocoaError(.fileReadUnknown) }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
          let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
          if count < 0 && errno == EINTR { continue }
          guard count > 0 else { break }
          bytes += chunk[0..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
      }
    }

    /// Another user acting on shared directories while the library works: shell commands run as
    /// `nobody` through `setpriv`, to the end, so that a test can stop the library at one step
    /// (through the system-call seam), let the attacker act, and resume.
    enum Attacker {
      static let user: uid_t = 65534

      /// A second attacker, for tests whose victim is ``user`` itself: a user ID with no name,
      /// as a container's arbitrary user has.
      static let otherUser: uid_t = 1001

      /// Runs `script` with `/bin/sh -c` as the attacker (or as `attacker`) and returns its
      /// exit status.
      @discardableResult
      static func run(_ script: String, as attacker: uid_t = user) -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
        process.arguments = [
          "--reuid=\(attacker)", "--regid=\(attacker)", "--clear-groups", "/bin/sh", "-c", script,
        ]
        process.environment = ["PATH": "/usr/bin:/bin"]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return -1 }
        process.waitUntilExit(within: Process.timeLimit)
        return process.terminationStatus
      }

      /// Exchanges two paths atomically (`renameat2(RENAME_EXCHANGE)`), as the attacker.
      @discardableResult
      static func exchange(_ first: String, _ second: String) -> Int32 {
        run(
          """
          exec python3 -c 'import ctypes, sys
          libc = ctypes.CDLL(None, use_errno=True)
          sys.exit(0 if libc.renameat2(-100, sys.argv[1].encode(), -100, sys.argv[2].encode(), 2) == 0 else 1)' '\(first)' '\(second)'
          """)
      }
    }

    extension Trait where Self == ConditionTrait {
      /// For tests that run the tool as the unprivileged user 65534 on files handed to that user:
      /// root does it through `setpriv`; that user, running the suite, runs the tool directly.
      static var asTheUnprivilegedUser: Self {
        .enabled(
          if: geteuid() == 0 || geteuid() == Tool.unprivilegedUser,
          "runs the tool as user 65534, which needs root or that user")
      }
    }
  #endif
#endif
