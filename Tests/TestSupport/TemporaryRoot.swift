// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

#if FoundationAPI && !os(Windows)
  import Foundation
  import Testing

  @testable import AppDirectoriesCore
  @testable import AppDirectoriesFiles
  @testable import AppDirectoriesMaintenance
  @testable import AppDirectoriesTesting

  #if canImport(Darwin)
    import Darwin
  #elseif canImport(Android)
    import Android
  #elseif canImport(Glibc)
    import Glibc
  #elseif canImport(Musl)
    import Musl
  #endif

  // The C function, under a name that the root's own symlink(_:to:) does not hide.
  private let systemSymlink = symlink

  /// A failure while preparing a test's files, with the call and `errno` that failed.
  struct SetupFailure: Error, CustomStringConvertible {
    let description: String

    init(_ call: String, _ path: String) {
      description = "\(call)(\(path)) failed: \(String(cString: strerror(errno)))"
    }
  }

  /// A private directory for one test, made with `mkdtemp` and removed afterwards without
  /// following symlinks. Everything a test creates lives below it: `home` stands in for the
  /// user's home directory and `tmp` for `TMPDIR`, so no test touches the real ones. Paths given
  /// to its helpers are absolute, or relative to the root.
  final class TemporaryRoot: Sendable {
    let path: String

    /// Runs `body` with a fresh root and removes the root afterwards, whatever happens.
    static func with<Result>(_ body: (TemporaryRoot) throws -> Result) throws -> Result {
      let root = try TemporaryRoot()
      defer { root.remove() }
      return try body(root)
    }

    /// A root for running the tool: searchable by the unprivileged user that permission tests
    /// run as, with `home`, `tmp` and a private `run` already made.
    static func withUserDirectories() throws -> TemporaryRoot {
      let root = try TemporaryRoot()
      chmod(root.path, 0o755)
      try root.makeDirectory("home", mode: 0o755)
      try root.makeDirectory("tmp", mode: 0o755)
      try root.makeDirectory("run", mode: 0o700)
      return root
    }

    deinit { remove() }

    private let directory: TemporaryDirectory

    private init() throws {
      directory = try TemporaryDirectory(prefix: "AppDirectoriesTests")
      // The library normalizes paths; so do the expectations, from the same clean root.
      path = POSIXPath.normalize(directory.path)
    }

    /// The stand-in for the user's home directory; it does not exist until a test makes it.
    var home: String { path + "/home" }
    /// The stand-in for `TMPDIR`; it does not exist until a test makes it.
    var tmp: String { path + "/tmp" }

    /// An absolute path below the root.
    func at(_ relative: String) -> String { path + "/" + relative }

    /// `path` itself when it is absolute, else the path below the root.
    private func resolve(_ path: String) -> String { path.hasPrefix("/") ? path : at(path) }

    /// The environment of a user with every directory inside the root, for the tool: `HOME`,
    /// `TMPDIR` and a valid `XDG_RUNTIME_DIR`; no other XDG variable, so the defaults under `HOME`
    /// apply.
    var toolEnvironment: [String: String] {
      ["HOME": home, "TMPDIR": at("tmp"), "XDG_RUNTIME_DIR": at("run")]
    }

    /// An environment whose home and temporary directory are inside the root, with the effective
    /// user ID of the test process so that ownership checks see real files.
    func environment(
      _ variables: [String: String] = [:],
      userDirectories: ProcessEnvironment.UserDirectoriesFile = .contents(nil)
    ) -> ProcessEnvironment {
      ProcessEnvironment(
        variables: ["HOME": home, "TMPDIR": tmp].merging(variables) { $1 },
        passwordDatabaseHome: nil, effectiveUserID: UInt32(geteuid()), platform: .linux,
        userDirectoriesFile: userDirectories
      ).trusting(root: path)
    }

    // MARK: Making files

    /// Makes a directory and any missing parents, then sets the last one's mode exactly.
    func makeDirectory(_ path: String, mode: mode_t = 0o700) throws {
      let absolutePath = resolve(path)
      try FileManager.default.createDirectory(
        atPath: absolutePath, withIntermediateDirectories: true)
      guard chmod(absolutePath, mode) == 0 else { throw SetupFailure("chmod", absolutePath) }
    }

    /// Writes `text` to the file at `relative`, making its parent directories.
    func write(_ text: String, to relative: String) throws {
      try writeFile(resolve(relative), text)
    }

    /// Makes a symbolic link at `relative` that points at `target`.
    func symlink(_ relative: String, to target: String) throws {
      try makeSymlink(resolve(relative), to: target)
    }

    /// Hands the whole tree to another user, for tests that run the tool as that user.
    func chownAll(to user: uid_t) {
      let walker = FileManager.default.enumerator(atPath: path)
      lchown(path, user, user)
      while let relative = walker?.nextObject() as? String {
        lchown(at(relative), user, user)
      }
    }

    /// The permission bits of the file at `relative`, following symlinks.
    func mode(of relative: String) -> mode_t? {
      var info = stat()
      guard stat(resolve(relative), &info) == 0 else { return nil }
      return info.mode & 0o7777
    }

    /// Writes a regular file, making its parent directories.
    func writeFile(_ absolutePath: String, _ contents: String) throws {
      let parent = (absolutePath as NSString).deletingLastPathComponent
      try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
      try Data(contents.utf8).write(to: URL(fileURLWithPath: absolutePath))
    }

    /// Makes a symbolic link at `absolutePath` that points at `target`, making its parents.
    func makeSymlink(_ absolutePath: String, to target: String) throws {
      let parent = (absolutePath as NSString).deletingLastPathComponent
      try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
      guard systemSymlink(target, absolutePath) == 0 else {
        throw SetupFailure("symlink", absolutePath)
      }
    }

    /// Makes a FIFO, something that is neither a file nor a directory.
    func makeFIFO(_ absolutePath: String) throws {
      let parent = (absolutePath as NSString).deletingLastPathComponent
      try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
      guard mkfifo(absolutePath, 0o600) == 0 else { throw SetupFailure("mkfifo", absolutePath) }
    }

    /// Makes a Unix-domain socket, bound and then closed: the socket file stays.
    func makeSocket(_ absolutePath: String) throws {
      // glibc makes the socket types an enum; Darwin, musl and bionic a plain macro.
      #if canImport(Glibc)
        let stream = Int32(SOCK_STREAM.rawValue)
      #else
        let stream = SOCK_STREAM
      #endif
      let descriptor = socket(AF_UNIX, stream, 0)
      guard descriptor >= 0 else { throw SetupFailure("socket", absolutePath) }
      defer { close(descriptor) }
      var address = sockaddr_un()
      address.sun_family = sa_family_t(AF_UNIX)
      let bytes = Array(absolutePath.utf8)
      guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else {
        throw SetupFailure("socket path too long", absolutePath)
      }
      withUnsafeMutableBytes(of: &address.sun_path) { buffer in
        buffer.copyBytes(from: bytes)
      }
      let bound = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
        }
      }
      guard bound == 0 else { throw SetupFailure("bind", absolutePath) }
    }

    /// Gives a file to another user; the tests run as root, so this works.
    func changeOwner(_ absolutePath: String, to user: uid_t) throws {
      guard lchown(absolutePath, user, gid_t(user)) == 0 else {
        throw SetupFailure("lchown", absolutePath)
      }
    }

    // MARK: Looking at files

    /// What `lstat` says, or `nil` when nothing is there.
    func status(_ absolutePath: String) -> stat? {
      var info = stat()
      return lstat(absolutePath, &info) == 0 ? info : nil
    }

    /// Whether anything, even a dangling symlink, is at the path.
    func exists(_ absolutePath: String) -> Bool { status(absolutePath) != nil }

    /// Whether a real directory (not a symlink to one) is at the path; for a relative path, a
    /// directory or a symlink to one.
    func isDirectory(_ path: String) -> Bool {
      if !path.hasPrefix("/") {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: at(path), isDirectory: &isDirectory)
          && isDirectory.boolValue
      }
      guard let info = status(path) else { return false }
      return info.mode & S_IFMT == S_IFDIR
    }

    /// The permission bits of the file at the path, not following a symlink.
    func mode(_ absolutePath: String) -> mode_t? {
      status(absolutePath).map { $0.mode & 0o7777 }
    }

    /// What `lstat` sees at a path, as the library's system-call seam reports it, or `nil` when
    /// nothing is there.
    static func fileStatus(_ absolutePath: String) -> FileStatus? {
      guard
        case .success(let status) = LiveSystemCalls().status(
          path: absolutePath, followSymlinks: false)
      else { return nil }
      return status
    }

    /// Every path below the root relative to it, not following symlinks, sorted.
    func relativePaths() -> [String] {
      allPaths().map { String($0.dropFirst(path.count + 1)) }.sorted()
    }

    /// Every path below the root, not following symlinks, sorted.
    func allPaths() -> [String] {
      var found: [String] = []
      func visit(_ directory: String) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        for name in names.sorted() {
          let child = directory + "/" + name
          found.append(child)
          if isDirectory(child) { visit(child) }
        }
      }
      visit(path)
      return found
    }

    // MARK: Removal

    /// Removes the root and everything below it. Symlinks are removed, never followed, so a test
    /// that points a link at a real directory cannot make the clean-up delete it.
    func remove() {
      directory.remove()
    }
  }

  extension stat {
    /// The type and permission bits as `mode_t`, the type of `S_IFMT` and of `chmod`'s mode:
    /// `st_mode` is wider than `mode_t` on 32-bit Android, and the bits fit either.
    var mode: mode_t { mode_t(truncatingIfNeeded: st_mode) }
  }

  /// The effective user ID of the test process.
  var currentUserID: UInt32 { UInt32(geteuid()) }

  /// A user ID that is not the test process's: `nobody` on most systems.
  let otherUserID: uid_t = 65534

  extension Trait where Self == ConditionTrait {
    /// For tests that give files to another user or run the tool as one (through `setpriv`),
    /// which only root may do; elsewhere they are skipped, saying why.
    static var needsRoot: Self {
      .enabled(if: geteuid() == 0, "gives files to another user or runs as one, which needs root")
    }

    /// For tests that run a set-user-ID copy of the tool: the temporary directory must honour
    /// the bit (a sealed run's `/tmp` is mounted `nosuid`), and the tool must not be built with
    /// a sanitizer, whose runtime cannot work in a set-user-ID process.
    static var needsSetUserID: Self {
      .enabled(
        if: {
          var info = statvfs()
          guard statvfs(NSTemporaryDirectory(), &info) == 0,
            info.f_flag & UInt(ST_NOSUID) == 0
          else { return false }
          let sanitizers = ["__asan_init", "__tsan_init"]
          return !sanitizers.contains { dlsym(UnsafeMutableRawPointer(bitPattern: 0), $0) != nil }
        }(),
        "runs a set-user-ID program, which needs a temporary directory without nosuid and no sanitizer"
      )
    }
  }

#endif
