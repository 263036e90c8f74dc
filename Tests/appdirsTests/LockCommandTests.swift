// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

// These tests run the tool or other processes, which the tests do on macOS and Linux: iOS,
// tvOS, watchOS and visionOS have no Process, and Windows none of the POSIX tools they use.
#if os(macOS) || os(Linux)
  import Foundation
  import Testing

  @testable import TestSupport

  /// `appdirs lock` and `appdirs path runtime --socket`, end to end (SPEC section 12).
  @Suite struct LockCommandTests {
    /// Waits until `condition` holds, up to `seconds`.
    static func waitUntil(seconds: Double = 60, _ condition: () -> Bool) -> Bool {
      let deadline = Date().addingTimeInterval(seconds)
      while Date() < deadline {
        if condition() { return true }
        usleep(20_000)
      }
      return condition()
    }

    /// Whether the process has ended: gone, or a zombie that nothing has reaped yet (which holds
    /// no descriptor any more).
    static func hasEnded(_ pid: Int32) -> Bool {
      #if os(Linux)
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
          let close = stat.lastIndex(of: ")")
        else { return true }
        return stat[stat.index(after: close)...].trimmingCharacters(in: .whitespaces).hasPrefix("Z")
      #else
        // Foundation's Process reaps its child as soon as it ends on macOS.
        return kill(pid, 0) != 0
      #endif
    }

    /// A holder of the lock `name` whose command waits until the file `gate` exists.
    static func startHolder(_ root: TemporaryRoot, name: String, gate: String) throws -> Process {
      try Tool.start(
        [
          "lock", "--app", "ExampleApp", name, "--", "/bin/sh", "-c",
          "while [ ! -e \"$1\" ]; do sleep 0.02; done", "sh", gate,
        ],
        environment: root.toolEnvironment)
    }

    static func lockFile(_ root: TemporaryRoot, _ name: String) -> String {
      root.at("run/ExampleApp/\(name).lock")
    }

    /// The process ID written in the lock file, once there is one.
    static func holder(_ root: TemporaryRoot, _ name: String) -> Int32? {
      (try? Tool.readText(lockFile(root, name)))
        .flatMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    }

    @Test func aHeldLockExits75NamingTheHolder() throws {
      let root = try TemporaryRoot.withUserDirectories()
      let gate = root.at("gate")
      let holder = try Self.startHolder(root, name: "instance", gate: gate)
      defer {
        _ = FileManager.default.createFile(atPath: gate, contents: nil)
        holder.waitUntilExit(within: Process.timeLimit)
      }
      #expect(Self.waitUntil { Self.holder(root, "instance") == holder.processIdentifier })
      let file = Self.lockFile(root, "instance")
      let pid = holder.processIdentifier
      try Tool.run(
        ["lock", "--app", "ExampleApp", "instance", "--", "/bin/sh", "-c", "echo ran"],
        environment: root.toolEnvironment, in: root,
        standardError: .lines([
          "appdirs: error: \(file) is locked by process \(pid)",
          "appdirs: note: Wait until process \(pid) ends or releases the lock (the system releases it when the holder exits), or wait for it. To wait here, run it again with --wait.",
        ])
      )
      .expect(status: 75, output: [])
      _ = FileManager.default.createFile(atPath: gate, contents: nil)
      holder.waitUntilExit(within: Process.timeLimit)
      #expect(holder.terminationStatus == 0)
      // Released: the file stays, without a process ID.
      // Read as a status: FoundationEssentials' String(contentsOfFile:) leaks its buffer on an
      // empty file, which the AddressSanitizer run reports.
      #expect(root.status(file)?.st_size == 0)
    }

    /// `kill -9` of the tool: the command it ran inherited the locked descriptor, as under
    /// `flock(1)`, so no second holder gets in while that command runs; once it ends, the kernel
    /// has released the lock, and the next holder takes it with no stale file to remove.
    @Test func aKilledToolLeavesTheLockWithItsCommandAndNoStaleLockAfter() throws {
      let root = try TemporaryRoot.withUserDirectories()
      // The command writes its own process ID, so that the test can end it after its holder.
      let holder = try Tool.start(
        [
          "lock", "--app", "ExampleApp", "instance", "--", "/bin/sh", "-c",
          "echo $$ > \"$1\"; exec sleep 60", "sh", root.at("child"),
        ],
        environment: root.toolEnvironment)
      #expect(Self.waitUntil { Self.holder(root, "instance") == holder.processIdentifier })
      #expect(Self.waitUntil { FileManager.default.fileExists(atPath: root.at("child")) })
      let child = try #require(
        (try? Tool.readText(root.at("child")))
          .flatMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) })
      var childEnded = false
      defer {
        if !childEnded { kill(child, SIGKILL) }
        holder.waitUntilExit(within: Process.timeLimit)
      }
      kill(holder.processIdentifier, SIGKILL)
      // Not waitUntilExit: Foundation's Process learns of the end through a descriptor its
      // child inherited, which the command keeps open too.
      #expect(Self.waitUntil { Self.hasEnded(holder.processIdentifier) })
      // The tool is gone; its command still holds the lock.
      let second = try Tool.unchecked(
        ["lock", "--app", "ExampleApp", "instance", "--", "/bin/sh", "-c", "echo second"],
        environment: root.toolEnvironment, in: root)
      #expect(second.status == 75, "a second holder got in: \(second.standardOutput)")
      #expect(second.standardOutput == "")
      #expect(kill(child, 0) == 0, "the command of the killed tool is still running")
      // The command ends (a zombie, if nothing reaps it, holds no descriptor): the lock is
      // free as soon as the kernel has ended it.
      kill(child, SIGKILL)
      childEnded = true
      var result = try Tool.unchecked(
        ["lock", "--app", "ExampleApp", "instance", "--", "/bin/sh", "-c", "echo next"],
        environment: root.toolEnvironment, in: root)
      var tries = 1
      while result.status == 75 && tries < 100 {
        usleep(20_000)
        tries += 1
        result = try Tool.unchecked(
          ["lock", "--app", "ExampleApp", "instance", "--", "/bin/sh", "-c", "echo next"],
          environment: root.toolEnvironment, in: root)
      }
      result.expect(status: 0, output: ["next"])
      #expect(result.standardError == "")
    }

    @Test func aSignalToTheToolReachesTheCommand() throws {
      let root = try TemporaryRoot.withUserDirectories()
      let ready = root.at("ready")
      let holder = try Tool.start(
        [
          "lock", "--app", "ExampleApp", "instance", "--", "/bin/sh", "-c",
          "trap 'exit 7' TERM; : > \"$1\"; while :; do sleep 0.02; done", "sh", ready,
        ],
        environment: root.toolEnvironment)
      #expect(Self.waitUntil { FileManager.default.fileExists(atPath: ready) })
      kill(holder.processIdentifier, SIGTERM)
      holder.waitUntilExit(within: Process.timeLimit)
      // The command's trap ran, and its status is the tool's.
      #expect(holder.terminationReason == .exit)
      #expect(holder.terminationStatus == 7)
    }

    /// A TERM sent at any moment just after the tool starts is never lost: the tool blocks the
    /// signals it passes on until the command's process ID is known, so each of 100 tries, the
    /// tool at the lowest priority (`nice -n 19`, which becomes the tool), ends at once: killed
    /// before it started the command, or ending with the command's 143. A lost signal would
    /// leave the tool waiting for the command's 30 seconds.
    @Test(.timeLimit(.minutes(3))) func aSignalJustAfterTheStartIsNeverLost() throws {
      let root = try TemporaryRoot.withUserDirectories()
      var lost = 0
      for attempt in 0..<100 {
        let tool = Process()
        tool.executableURL = URL(fileURLWithPath: "/usr/bin/nice")
        tool.arguments = [
          "-n", "19", Tool.path, "lock", "--app", "ExampleApp", "try\(attempt)", "--",
          "/bin/sleep", "30",
        ]
        tool.environment = root.toolEnvironment.merging(Tool.coverageVariables) { mine, _ in mine }
        tool.standardOutput = FileHandle.nullDevice
        tool.standardError = FileHandle.nullDevice
        try tool.run()
        usleep(UInt32((attempt % 50) * 400))
        kill(tool.processIdentifier, SIGTERM)
        if !Self.waitUntil(seconds: 10, { !tool.isRunning }) {
          lost += 1
          kill(tool.processIdentifier, SIGKILL)
        }
        tool.waitUntilExit(within: Process.timeLimit)
        #expect(
          tool.terminationReason == .uncaughtSignal || tool.terminationStatus == 128 + SIGTERM,
          "try \(attempt): \(tool.terminationReason) \(tool.terminationStatus)")
      }
      #expect(lost == 0)
    }

    static let statuses: [(script: String, status: Int32)] = [
      ("exit 0", 0), ("exit 3", 3), ("exit 255", 255), ("kill -TERM $$", 128 + SIGTERM),
    ]

    @Test(arguments: statuses)
    func theCommandsStatusIsTheTools(_ row: (script: String, status: Int32)) throws {
      let root = try TemporaryRoot.withUserDirectories()
      try Tool.run(
        ["lock", "--app", "ExampleApp", "job", "--", "/bin/sh", "-c", row.script],
        environment: root.toolEnvironment, in: root
      ).expect(status: row.status, output: [])
    }

    @Test func aCommandThatCannotRunExits127() throws {
      let root = try TemporaryRoot.withUserDirectories()
      try Tool.run(
        ["lock", "--app", "ExampleApp", "job", "--", root.at("no-such-program")],
        environment: root.toolEnvironment, in: root,
        standardError: .linesStarting([
          "appdirs: error: cannot run \(root.at("no-such-program")): "
        ])
      ).expect(status: 127, output: [])
      // Released: the next one gets it.
      try Tool.run(
        ["lock", "--app", "ExampleApp", "job", "--", "/bin/sh", "-c", "exit 0"],
        environment: root.toolEnvironment, in: root
      ).expect(status: 0, output: [])
    }

    @Test func processesRacingForALockGetItExactlyOnce() throws {
      let root = try TemporaryRoot.withUserDirectories()
      let gate = root.at("gate")
      let racers = try (0..<6).map { _ in try Self.startHolder(root, name: "race", gate: gate) }
      defer {
        _ = FileManager.default.createFile(atPath: gate, contents: nil)
        for racer in racers { racer.waitUntilExit(within: Process.timeLimit) }
      }
      // Every racer but the holder gives up at once; the holder waits for the gate, so a second
      // holder would keep a second racer running.
      #expect(Self.waitUntil { racers.filter(\.isRunning).count == 1 })
      let losers = racers.filter { !$0.isRunning }
      #expect(losers.count == 5)
      #expect(losers.allSatisfy { $0.terminationStatus == 75 })
      let winner = try #require(racers.first { $0.isRunning })
      #expect(Self.holder(root, "race") == winner.processIdentifier)
      _ = FileManager.default.createFile(atPath: gate, contents: nil)
      winner.waitUntilExit(within: Process.timeLimit)
      #expect(winner.terminationStatus == 0)
    }

    @Test func waitWaitsForTheHolder() throws {
      let root = try TemporaryRoot.withUserDirectories()
      let gate = root.at("gate")
      let holder = try Self.startHolder(root, name: "index", gate: gate)
      defer {
        _ = FileManager.default.createFile(atPath: gate, contents: nil)
        holder.waitUntilExit(within: Process.timeLimit)
      }
      #expect(Self.waitUntil { Self.holder(root, "index") == holder.processIdentifier })
      let waiter = try Tool.start(
        [
          "lock", "--app", "ExampleApp", "--wait", "index", "--", "/bin/sh", "-c",
          "echo waited > \"$1\"", "sh", root.at("waited"),
        ],
        environment: root.toolEnvironment)
      usleep(300_000)
      #expect(waiter.isRunning)
      #expect(!FileManager.default.fileExists(atPath: root.at("waited")))
      _ = FileManager.default.createFile(atPath: gate, contents: nil)
      waiter.waitUntilExit(within: Process.timeLimit)
      #expect(waiter.terminationStatus == 0)
      #expect(try String(contentsOfFile: root.at("waited"), encoding: .utf8) == "waited\n")
    }

    static let usageErrors: [(arguments: [String], message: String, command: String)] = [
      (["lock", "instance", "--", "true"], "lock needs --app NAME", "lock"),
      (["lock", "--app", "ExampleApp", "instance"], "lock needs a LOCKNAME and a command", "lock"),
      (
        ["path", "cache", "--app", "ExampleApp", "--socket", "s.sock"],
        "--socket names a socket in an application's runtime directory", "path"
      ),
      (["path", "runtime", "--socket", "s.sock"], "use it with 'runtime --app NAME'", "path"),
      (
        ["path", "runtime", "--app", "ExampleApp", "--socket", "s.sock", "--platform", "macos"],
        "--socket makes its directory on this machine", "path"
      ),
    ]

    @Test(arguments: usageErrors)
    func misuseIsAUsageError(_ row: (arguments: [String], message: String, command: String))
      throws
    {
      let root = try TemporaryRoot.withUserDirectories()
      let before = root.allPaths()
      try Tool.run(
        row.arguments, environment: root.toolEnvironment, in: root,
        standardError: .usageError(row.message, command: row.command)
      ).expect(status: 64, output: [])
      #expect(root.allPaths() == before)
    }

    /// The usage line shows the order the examples use and SPEC section 12 writes, options
    /// before LOCKNAME, and a command line in that order runs.
    @Test func theUsageLinePutsTheOptionsBeforeTheLockName() throws {
      let root = try TemporaryRoot.withUserDirectories()
      let help = try Tool.run(["lock", "--help"], environment: root.toolEnvironment, in: root)
      #expect(help.status == 0)
      #expect(
        help.lines.filter { $0.hasPrefix("USAGE: ") } == [
          "USAGE: appdirs lock --app NAME [--env-prefix PREFIX] [--org NAME] [--system] [--layout native|xdg|xdg-where-set] [--wait] LOCKNAME -- COMMAND…"
        ])
      try Tool.run(
        ["lock", "--app", "ExampleApp", "--wait", "instance", "--", "/bin/sh", "-c", "echo ran"],
        environment: root.toolEnvironment, in: root
      ).expect(status: 0, output: ["ran"])
    }

    @Test func anInvalidLockNameIsRefusedAndNothingIsMade() throws {
      let root = try TemporaryRoot.withUserDirectories()
      let before = root.allPaths()
      try Tool.run(
        ["lock", "--app", "ExampleApp", "a/b", "--", "/bin/sh", "-c", "echo ran"],
        environment: root.toolEnvironment, in: root,
        standardError: .failure("invalid name \"a/b\"")
      ).expect(status: 64, output: [])
      #expect(root.allPaths() == before)
    }

    /// What a test plants at the lock file's place, what the error calls it, and the fix.
    static let foreignLockFiles:
      [(name: String, plant: @Sendable (TemporaryRoot, String) throws -> Void, found: String)] = [
        (
          "a FIFO", { root, path in try root.makeFIFO(path) },
          "is a FIFO (a named pipe), not a regular file"
        ),
        (
          "a hard link to another file",
          { root, path in
            try root.write("the user's own\n", to: "precious")
            guard link(root.at("precious"), path) == 0 else { throw SetupFailure("link", path) }
          },
          "is a hard link: the file has 2 names, so it is another file too"
        ),
        (
          "a directory", { root, path in try root.makeDirectory(path) },
          "is a directory, not a regular file"
        ),
      ]

    /// Something else at the lock file's place is named for what it is, never used, and the
    /// command is not run.
    @Test(arguments: foreignLockFiles.indices)
    func aForeignFileAtTheLockPathIsNamedForWhatItIs(_ index: Int) throws {
      let row = Self.foreignLockFiles[index]
      let root = try TemporaryRoot.withUserDirectories()
      try root.makeDirectory(root.at("run/ExampleApp"))
      let file = Self.lockFile(root, "instance")
      try row.plant(root, file)
      let fix =
        index == 1
        ? "Remove \(file): the other names of the file keep it as it is, and the library's own file is made again when it is needed."
        : "Move or remove what is at \(file); the file is made again when it is needed."
      try Tool.run(
        ["lock", "--app", "ExampleApp", "instance", "--", "/bin/sh", "-c", "echo ran"],
        environment: root.toolEnvironment, in: root,
        standardError: .lines([
          "appdirs: error: \(file) \(row.found); it is not used", "appdirs: note: \(fix)",
        ])
      ).expect(status: 73, output: [])
      if index == 1 { #expect(try Tool.readText(root.at("precious")) == "the user's own\n") }
    }

    @Test(.needsRoot) func anotherUsersFileAtTheLockPathIsNamedAsSuch() throws {
      let root = try TemporaryRoot.withUserDirectories()
      try root.makeDirectory(root.at("run/ExampleApp"))
      let file = Self.lockFile(root, "instance")
      try root.writeFile(file, "1\n")
      try root.changeOwner(file, to: otherUserID)
      try Tool.run(
        ["lock", "--app", "ExampleApp", "instance", "--", "/bin/sh", "-c", "echo ran"],
        environment: root.toolEnvironment, in: root,
        standardError: .lines([
          "appdirs: error: \(file) is a file of user \(otherUserID), not one of yours; it is not used",
          "appdirs: note: Remove \(file) if you did not put it there, and check who else may write to \(root.at("run/ExampleApp")) (ls -ld shows its owner and mode); the file is made again when it is needed.",
        ])
      ).expect(status: 73, output: [])
      #expect(try Tool.readText(file) == "1\n")
    }

    @Test func aSocketPathIsPrintedAndShortenedWhenTooLong() throws {
      let root = try TemporaryRoot.withUserDirectories()
      try Tool.run(
        ["path", "runtime", "--app", "ExampleApp", "--socket", "control.sock"],
        environment: root.toolEnvironment, in: root
      ).expect(status: 0, output: [root.at("run/ExampleApp/control.sock")])
      #expect(root.mode(of: "run/ExampleApp") == 0o700)

      let long = root.at("run/" + String(repeating: "l", count: 120))
      try root.makeDirectory(long, mode: 0o700)
      var environment = root.toolEnvironment
      environment["XDG_RUNTIME_DIR"] = long
      let result = try Tool.run(
        ["path", "runtime", "--app", "ExampleApp", "--socket", "control.sock", "--explain"],
        environment: environment, in: root)
      #expect(result.status == 0)
      let lines = result.lines
      try #require(lines.count == 2)
      let prefix = root.at("tmp/ExampleA-\(geteuid())-")
      #expect(lines[0].hasPrefix(prefix) && lines[0].hasSuffix("/control.sock"))
      #expect(lines[0].utf8.count < 108)
      #expect(
        lines[1]
          == "socket: \(long)/ExampleApp/control.sock is \(long.utf8.count + 25) bytes with its NUL, more than the 108 of a socket address (sun_path); a short private directory (0700) is used instead"
      )
      try root.makeSocket(lines[0])
    }

    /// A socket name that fits no `sun_path`, not even in the short directory, is the request's
    /// fault: a usage error that names `sun_path` and the byte counts, and nothing is made.
    @Test func aSocketNameThatFitsNoSunPathIsAUsageError() throws {
      let root = try TemporaryRoot.withUserDirectories()
      let name = String(repeating: "s", count: 100)
      let path = root.at("run/ExampleApp/\(name)")
      let before = root.allPaths()
      try Tool.run(
        ["path", "runtime", "--app", "ExampleApp", "--socket", name],
        environment: root.toolEnvironment, in: root,
        standardError: .lines([
          "appdirs: error: cannot use \(path) as a socket: it is \(path.utf8.count + 1) bytes with its NUL, more than the 108 of a socket address (sun_path), and the socket's name does not fit even in a short private directory",
          "appdirs: note: Use a shorter socket name, such as control.sock: a socket's path and its NUL must fit in the 108 bytes of sun_path.",
        ])
      ).expect(status: 64, output: [])
      #expect(root.allPaths() == before)
    }
  }

  extension ToolResult {
    /// Checks the exit status and the lines of standard output.
    fileprivate func expect(
      status expected: Int32, output: [String], sourceLocation: SourceLocation = #_sourceLocation
    ) {
      #expect(status == expected, "\(standardError)", sourceLocation: sourceLocation)
      #expect(lines == output, sourceLocation: sourceLocation)
    }
  }
#endif
