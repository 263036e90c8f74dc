// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

// Landlock is Linux's; these tests play the kernel, so nothing here restricts the test process.
#if os(Linux)
  import Foundation
  import Testing

  @testable import AppDirectoriesCore
  @testable import AppDirectoriesSandbox
  @testable import TestSupport

  /// Self-confinement (SPEC 17) against a played kernel: what is refused, what best effort
  /// enforces, and that each rule names the descriptor the walk opened and the proof judged.
  /// The real kernel's confinement is tested in child processes (`ConfineCommandTests`).
  @Suite("Self-confinement")
  struct ConfinementTests {
    /// A kernel whose Landlock has `version` (or fails with `versionError`), in a process of
    /// `threads` threads, recording what it is asked.
    final class PlayedLandlock: LandlockCalls {
      struct Calls {
        var handled: LandlockAccess?
        /// Each rule: the identity of the descriptor named, and the rights.
        var rules: [(FileIdentity, LandlockAccess)] = []
        var restricted: Bool?
        var askedThreads = false
      }

      let versionResult: Result<Int, SystemErrno>
      let threads: Int
      let calls = Locked(Calls())

      init(version: Result<Int, SystemErrno>, threads: Int = 1) {
        versionResult = version
        self.threads = threads
      }

      func version() -> Result<Int, SystemErrno> { versionResult }

      func createRuleset(handling access: LandlockAccess) -> Result<Int32, SystemErrno> {
        calls.withLock { $0.handled = access }
        // A descriptor the test may close: its own copy of standard input.
        return .success(dup(0))
      }

      func addRule(to ruleset: Int32, beneath directory: Int32, allowing access: LandlockAccess)
        -> SystemErrno?
      {
        guard case .success(let status) = LiveSystemCalls().status(descriptor: directory) else {
          return .badFileDescriptor
        }
        calls.withLock { $0.rules.append((FileIdentity(status), access)) }
        return nil
      }

      func restrictSelf(to ruleset: Int32, allThreads: Bool) -> SystemErrno? {
        calls.withLock { $0.restricted = allThreads }
        return nil
      }

      func threadCount() -> Int? {
        calls.withLock { $0.askedThreads = true }
        return threads
      }
    }

    static func confine(
      _ root: TemporaryRoot, _ kernel: PlayedLandlock, bestEffort: Bool = false,
      variables: [String: String] = [:]
    ) throws(DirectoryError) -> Confinement {
      let dirs = try onlyDirectoryError { try SandboxGrantTests.app(root, variables) }
      return try dirs._confine(allowing: [], bestEffort: bestEffort, landlock: kernel)
    }

    static func root() throws -> TemporaryRoot {
      let root = try TemporaryRoot.withUserDirectories()
      try root.makeDirectory("run")
      return root
    }

    @Test("Every rule names the descriptor of the directory the walk reached at its path")
    func rulesNameTheWalksDescriptors() throws {
      let root = try Self.root()
      let kernel = PlayedLandlock(version: .success(7))
      let confinement = try Self.confine(root, kernel)
      #expect(confinement.isComplete)
      #expect(confinement.enforced == confinement.requested)
      let calls = kernel.calls.withLock { $0 }
      #expect(calls.restricted == false)
      #expect(calls.handled == .all)
      #expect(calls.rules.count == confinement.enforced.rules.count)
      for (rule, (identity, access)) in zip(confinement.enforced.rules, calls.rules) {
        let status = try LiveSystemCalls().status(path: rule.path, followSymlinks: true).get()
        #expect(identity == FileIdentity(status), "\(rule.path)")
        #expect(access == rule.access)
      }
      // The application's own directories were made and are writable; nothing runs there.
      let cache = try #require(
        confinement.enforced.rules.first { $0.path.hasSuffix(".cache/ExampleApp") })
      #expect(cache.access == .readWrite)
      #expect(!cache.access.contains(.execute))
      #expect(FileManager.default.fileExists(atPath: root.at("home/.cache/ExampleApp")))
      #expect(
        confinement.enforced.rules.contains { $0.path == "/usr" && $0.access == .readExecute })
      #expect(!confinement.enforced.rules.contains { $0.path == root.home || $0.path == root.tmp })
    }

    /// What a kernel or process cannot do, and the refusal without best effort.
    static let refusals: [(String, PlayedLandlock, ConfinementProblem)] = [
      (
        "no Landlock", PlayedLandlock(version: .failure(.notImplemented)),
        .landlockUnavailable(.notImplemented)
      ),
      ("Landlock 2", PlayedLandlock(version: .success(2)), .landlockVersion(found: 2, needed: 3)),
      (
        "three threads before Landlock 8", PlayedLandlock(version: .success(7), threads: 3),
        .otherThreads(count: 2, landlockVersion: 7)
      ),
    ]

    @Test(arguments: refusals)
    func whatCannotBeEnforcedIsRefused(
      _ name: String, kernel: PlayedLandlock, problem: ConfinementProblem
    )
      throws
    {
      let root = try Self.root()
      #expect(throws: DirectoryError.unsupported(reason: .confinement(problem)), "\(name)") {
        try Self.confine(root, kernel)
      }
      #expect(kernel.calls.withLock { $0.restricted } == nil, "\(name): nothing restricted")
    }

    @Test("Best effort enforces what the kernel can, and says what is left")
    func bestEffortSaysWhatIsEnforced() throws {
      let root = try Self.root()
      let none = try Self.confine(
        root, PlayedLandlock(version: .failure(.notImplemented)), bestEffort: true)
      #expect(!none.isComplete)
      #expect(none.landlockVersion == 0)
      #expect(none.enforced.rules.isEmpty && none.enforced.handledAccess.isEmpty)

      let old = PlayedLandlock(version: .success(2))
      let partial = try Self.confine(root, old, bestEffort: true)
      #expect(!partial.isComplete)
      #expect(partial.enforced.handledAccess == LandlockAccess.all.subtracting(.truncate))
      #expect(old.calls.withLock { $0.handled } == LandlockAccess.all.subtracting(.truncate))

      let threaded = PlayedLandlock(version: .success(7), threads: 4)
      let oneThread = try Self.confine(root, threaded, bestEffort: true)
      #expect(oneThread.unconfinedThreads == 3)
      #expect(!oneThread.isComplete)
      #expect(threaded.calls.withLock { $0.restricted } == false)
    }

    @Test("Landlock 8 restricts every thread at once, whatever runs")
    func landlockEightRestrictsEveryThread() throws {
      let root = try Self.root()
      let kernel = PlayedLandlock(version: .success(8), threads: 12)
      let confinement = try Self.confine(root, kernel)
      #expect(confinement.isComplete)
      #expect(kernel.calls.withLock { $0.restricted } == true)
      #expect(kernel.calls.withLock { $0.askedThreads } == false)
    }

    @Test("Before a command replaces the process, other threads do not matter: execve ends them")
    func threadsDoNotMatterBeforeExec() throws {
      let root = try Self.root()
      let kernel = PlayedLandlock(version: .success(7), threads: 5)
      let dirs = try SandboxGrantTests.app(root)
      let confinement = try dirs._confine(
        allowing: [], bestEffort: false, landlock: kernel, execsNext: true)
      #expect(confinement.isComplete)
      #expect(kernel.calls.withLock { $0.askedThreads } == false)
      #expect(kernel.calls.withLock { $0.restricted } == false)
    }

    @Test("A refused grant restricts nothing and creates no ruleset")
    func aRefusedGrantConfinesNothing() throws {
      let root = try Self.root()
      let kernel = PlayedLandlock(version: .success(7))
      #expect(throws: DirectoryError.grantRefused(path: root.home, reason: .baseDirectory(.home))) {
        try Self.confine(root, kernel, variables: ["EX_DATA_DIR": root.home])
      }
      #expect(kernel.calls.withLock { $0.handled } == nil)
      #expect(kernel.calls.withLock { $0.restricted } == nil)
    }

    @Test("A path to allow must be absolute")
    func anAllowedPathMustBeAbsolute() throws {
      let root = try Self.root()
      let dirs = try SandboxGrantTests.app(root)
      #expect(throws: DirectoryError.invalidName(name: "share", reason: .allowedPathNotAbsolute)) {
        try dirs.landlockRuleset(allowing: ["share"])
      }
    }

    /// Whether this kernel has Landlock (Linux 5.13 or later, enabled).
    static let hasLandlock: Bool = {
      if case .success = LiveLandlockCalls().version() { return true }
      return false
    }()

    /// The application in the root at `path`, as ``SandboxGrantTests/app(_:_:name:)`` makes it:
    /// for a child process, which gets the root's path alone.
    static func app(inRoot path: String) throws -> AppDirectories {
      let environment = ProcessEnvironment(
        variables: [
          "HOME": path + "/home", "TMPDIR": path + "/tmp", "XDG_RUNTIME_DIR": path + "/run",
          "XDG_DATA_DIRS": path + "/usr/share", "XDG_CONFIG_DIRS": path + "/etc/xdg",
        ],
        passwordDatabaseHome: nil, effectiveUserID: UInt32(geteuid()), platform: .linux,
        userDirectoriesFile: .contents(nil)
      ).trusting(root: path)
      return try AppDirectories(
        app: "ExampleApp", organization: nil, layout: .native, environment: environment,
        syscalls: .live)
    }

    /// Creates the file at `path` for writing: 0, or the `errno` of the refusal.
    static func create(_ path: String) -> Int32 {
      let descriptor = open(path, O_CREAT | O_WRONLY | O_CLOEXEC, 0o600)
      guard descriptor >= 0 else { return errno }
      close(descriptor)
      return 0
    }

    /// In a child process, with the kernel's Landlock: a process running other threads is
    /// refused and left as it was; best effort then shuts in the calling thread, the thread it
    /// starts next and the program it starts next. Each failed step exits with its own status.
    @Test(.enabled(if: hasLandlock, "needs a kernel with Landlock"))
    func confineShutsInTheProcessItsThreadsAndItsChildren() async throws {
      let root = try Self.root()
      try root.makeDirectory("tmp")
      try root.write("SECRET", to: "home/.ssh/id_ed25519")
      // `_exit`, not `exit`: a leak check at exit (LeakSanitizer stops every thread with
      // ptrace) is refused by Landlock for the threads best effort left unconfined.
      await #expect(processExitsWith: .success) { [path = root.path as String] in
        let dirs = try ConfinementTests.app(inRoot: path)
        let threads = LiveLandlockCalls().threadCount() ?? 1
        let version = try LiveLandlockCalls().version().get()
        // The threads of the test runtime (a sanitizer's among them) may come and go: counted
        // here and again inside confine(), so a refusal is asked for only while they run.
        if threads > 1, version < 8 {
          do {
            // Confined whole if the other threads ended in between.
            _ = try dirs.confine()
          } catch DirectoryError.unsupported(reason: .confinement(.otherThreads)) {
            // Refused, and nothing restricted: the home is still writable.
            guard ConfinementTests.create(path + "/home/before") == 0 else { _exit(11) }
          }
        }
        let confinement = try dirs.confine(bestEffort: true)
        guard confinement.enforced == confinement.requested else { _exit(12) }
        guard version < 8 || confinement.unconfinedThreads == 0 else { _exit(13) }
        // This thread.
        guard ConfinementTests.create(path + "/home/.cache/ExampleApp/file") == 0 else { _exit(14) }
        guard ConfinementTests.create(path + "/home/.local/state/ExampleApp/file") == 0 else {
          _exit(15)
        }
        for denied in ["/home/.ssh/planted", "/home/planted", "/tmp/planted"] {
          guard ConfinementTests.create(path + denied) == EACCES else { _exit(16) }
        }
        guard open(path + "/home/.ssh/id_ed25519", O_RDONLY) < 0, errno == EACCES else {
          _exit(17)
        }
        // A thread started now.
        let fromThread = Locked<Int32?>(nil)
        let thread = Thread {
          fromThread.withLock { $0 = ConfinementTests.create(path + "/home/thread") }
        }
        thread.start()
        for _ in 0..<1000 where fromThread.withLock({ $0 }) == nil { usleep(10_000) }
        guard fromThread.withLock({ $0 }) == EACCES else { _exit(18) }
        // A program started now.
        var child: pid_t = 0
        let arguments = ["/bin/sh", "-c", "echo x > \"$0\"", path + "/home/child"]
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        let spawned = posix_spawn(&child, "/bin/sh", nil, nil, &argv, nil)
        for pointer in argv { free(pointer) }
        guard spawned == 0 else { _exit(19) }
        var status: Int32 = 0
        for _ in 0..<1000 where waitpid(child, &status, WNOHANG) == 0 { usleep(10_000) }
        guard status != 0, access(path + "/home/child", F_OK) != 0 else { _exit(20) }
        _exit(0)
      }
      #expect(root.exists(root.at("home/.cache/ExampleApp/file")))
      for denied in [
        "home/.ssh/planted", "home/planted", "tmp/planted", "home/thread", "home/child",
      ] {
        #expect(!root.exists(root.at(denied)), "\(denied)")
      }
    }

    @Test(
      "The kernel takes every rule of the ruleset, by the descriptors the proof judged",
      .enabled(if: hasLandlock, "needs a kernel with Landlock"))
    func theKernelTakesEveryRule() throws {
      let root = try Self.root()
      try root.makeDirectory("usr/share/ExampleApp", mode: 0o755)
      let dirs = try SandboxGrantTests.app(root)
      let (ruleset, descriptors) = try dirs.openedRuleset(
        allowing: [root.at("usr")], creating: true)
      defer { for descriptor in descriptors.compactMap({ $0 }) { close(descriptor) } }
      // Creating a ruleset and adding rules restricts nothing: only restricting does.
      let kernel = LiveLandlockCalls()
      let version = try kernel.version().get()
      let enforced = ruleset.known(toVersion: version)
      let handle = try kernel.createRuleset(handling: enforced.handledAccess).get()
      defer { close(handle) }
      for (rule, descriptor) in zip(enforced.rules, descriptors) {
        let descriptor = try #require(descriptor, "\(rule.path)")
        #expect(
          kernel.addRule(to: handle, beneath: descriptor, allowing: rule.access) == nil,
          "\(rule.path)")
      }
      // A right the ruleset does not handle is refused by the kernel, so the check can fail.
      let reading = try kernel.createRuleset(handling: .read).get()
      defer { close(reading) }
      #expect(
        kernel.addRule(to: reading, beneath: try #require(descriptors[0]), allowing: .writeFile)
          == .invalidArgument)
      #expect((kernel.threadCount() ?? 0) >= 1)
    }

    /// A system call of the kernel that fails after the version was read.
    final class FailingLandlock: LandlockCalls {
      let failing: String
      init(_ failing: String) { self.failing = failing }
      func version() -> Result<Int, SystemErrno> { .success(7) }
      func createRuleset(handling access: LandlockAccess) -> Result<Int32, SystemErrno> {
        failing == "create" ? .failure(.invalidArgument) : .success(dup(0))
      }
      func addRule(to ruleset: Int32, beneath directory: Int32, allowing access: LandlockAccess)
        -> SystemErrno?
      { failing == "add" ? .invalidArgument : nil }
      func restrictSelf(to ruleset: Int32, allThreads: Bool) -> SystemErrno? {
        failing == "restrict" ? .notPermitted : nil
      }
      func threadCount() -> Int? { 1 }
    }

    @Test(arguments: [
      ("create", SystemErrno.invalidArgument), ("add", .invalidArgument),
      ("restrict", .notPermitted),
    ])
    func aFailingCallIsRefusedWithItsErrno(_ call: String, errno: SystemErrno) throws {
      let root = try Self.root()
      let dirs = try SandboxGrantTests.app(root)
      #expect(throws: DirectoryError.unsupported(reason: .confinement(.landlockUnavailable(errno))))
      {
        try dirs._confine(allowing: [], bestEffort: true, landlock: FailingLandlock(call))
      }
    }

    @Test("bubblewrap, Flatpak and Seatbelt forms of the grants")
    func theArgumentForms() throws {
      let root = try Self.root()
      try root.makeDirectory("usr/share/ExampleApp", mode: 0o755)
      let dirs = try SandboxGrantTests.app(root)
      let grants = try dirs.grants(creating: true)
      let bwrap = dirs.bubblewrapOptions(for: grants)
      #expect(bwrap.first == ["--ro-bind", "/usr", "/usr"])
      #expect(bwrap.contains(["--proc", "/proc"]) && bwrap.contains(["--dev", "/dev"]))
      #expect(bwrap.contains { $0.last == "/etc" })
      let cache = root.at("home/.cache/ExampleApp")
      #expect(bwrap.contains(["--bind", cache, cache]))
      let share = root.at("usr/share/ExampleApp")
      #expect(bwrap.contains(["--ro-bind", share, share]))
      let bin = root.at("home/.local/bin")
      #expect(bwrap.contains(["--ro-bind-try", bin, bin]))
      #expect(!bwrap.contains { $0.contains(root.home) || $0.contains(root.tmp) })
      let flatpak = dirs.flatpakArguments(for: grants)
      #expect(flatpak.contains("--filesystem=\(cache)"))
      #expect(flatpak.contains("--filesystem=xdg-run/ExampleApp"))
      #expect(flatpak.contains("--filesystem=\(share):ro"))
      let quoted = AppDirectories.seatbeltRules(for: [
        DirectoryGrant(
          path: "/a \"b\" \\c", access: .readExecute, kind: .executables, source: .default,
          exists: true)
      ])
      #expect(quoted == ["(allow file-read* process-exec (subpath \"/a \\\"b\\\" \\\\c\"))"])
    }

    @Test("Each right has the kernel's bit, name and version; names read back")
    func theRightsTable() {
      #expect(LandlockAccess.all.rawValue == (1 << 15) - 1)
      #expect(LandlockAccess.all.landlockVersion == 3)
      #expect(LandlockAccess.read.names == ["read_file", "read_dir"])
      #expect(LandlockAccess(names: LandlockAccess.readWrite.names) == .readWrite)
      #expect(LandlockAccess(names: ["read_file", "fly"]) == nil)
      #expect(LandlockAccess([.refer]).landlockVersion == 2)
      #expect(
        LandlockAccess.all.known(toVersion: 1)
          == LandlockAccess.all.subtracting([.refer, .truncate]))
    }
  }
#endif
