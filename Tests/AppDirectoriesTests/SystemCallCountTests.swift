import Testing

@testable import AppDirectories

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The steady state of find-or-create costs exactly one system call: counted through the
/// library's system-call seam, on a real file system inside a private temporary directory.
@Suite struct SystemCallCountTests {
  @Test(arguments: [AppDirectory.data, .config, .cache, .state, .logs])
  func existingAppDirectoryCostsOneSystemCall(kind: AppDirectory) throws {
    let root = try CountingRoot()
    defer { root.remove() }
    let dirs = try AppDirectories(
      app: "ExampleApp", organization: nil, layout: .native, environment: root.environment,
      syscalls: root.syscalls)
    let created = try dirs.directory(kind)
    #expect(root.counter.total > 1, "the first call creates the directory")

    root.counter.reset()
    let found = try dirs.directory(kind)

    #expect(found == created)
    #expect(root.counter.calls == ["status": 1])
  }

  @Test(arguments: [StandardDirectory.data, .cache, .fonts, .executables])
  func existingBaseDirectoryCostsOneSystemCall(kind: StandardDirectory) throws {
    let root = try CountingRoot()
    defer { root.remove() }
    let created = try StandardDirectories.directory(
      kind, layout: .native, environment: root.environment, syscalls: root.syscalls)

    root.counter.reset()
    let found = try StandardDirectories.directory(
      kind, layout: .native, environment: root.environment, syscalls: root.syscalls)

    #expect(found == created)
    #expect(root.counter.calls == ["status": 1])
  }

  @Test func existingSearchPathDirectoryCostsOneSystemCall() throws {
    let root = try CountingRoot()
    defer { root.remove() }
    let created = try FileManager.default.findOrCreateDirectory(
      .cachesDirectory, in: .userDomainMask, appendingPathComponent: "ExampleApp",
      environment: root.environment, syscalls: root.syscalls)

    root.counter.reset()
    let found = try FileManager.default.findOrCreateDirectory(
      .cachesDirectory, in: .userDomainMask, appendingPathComponent: "ExampleApp",
      environment: root.environment, syscalls: root.syscalls)

    #expect(found == created)
    #expect(root.counter.calls == ["status": 1])
  }

  @Test func resolvingMakesNoSystemCall() throws {
    let root = try CountingRoot()
    defer { root.remove() }
    let dirs = try AppDirectories(
      app: "ExampleApp", organization: nil, layout: .native, environment: root.environment,
      syscalls: root.syscalls)

    for kind in [AppDirectory.data, .config, .cache, .state, .logs] {
      _ = try dirs.url(for: kind)
      _ = try dirs.searchURLs(for: kind)
    }

    #expect(root.counter.total == 0)
  }

  @Test(arguments: [1, 10, 100])
  func locateProbesEachSearchDirectoryOnce(systemDirectories: Int) throws {
    let root = try CountingRoot(
      dataDirectories: (0..<systemDirectories).map { "/nonexistent/share/\($0)" })
    defer { root.remove() }
    let dirs = try AppDirectories(
      app: "ExampleApp", organization: nil, layout: .native, environment: root.environment,
      syscalls: root.syscalls)

    let found = try dirs.locate("settings.json", in: .data)

    #expect(found == nil)
    #expect(root.counter.calls == ["status": systemDirectories + 1])
  }
}

/// A private temporary home whose environment points every XDG variable inside it, and a
/// counting system-call provider over the real one.
private struct CountingRoot {
  let path: String
  let counter = SystemCallTally()
  let environment: ProcessEnvironment
  var syscalls: SystemCalls { SystemCalls(provider: CountingSystemCalls(tally: counter)) }

  init(dataDirectories: [String] = []) throws {
    let base =
      getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.hasPrefix("/") ? $0 : nil }
      ?? "/tmp"
    var template = Array(
      ((base.hasSuffix("/") ? String(base.dropLast()) : base) + "/syscall-count.XXXXXX")
        .utf8CString)
    guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
      throw CountingRootError()
    }
    path = String(cString: made)
    var variables = ["HOME": path + "/home"]
    if !dataDirectories.isEmpty {
      variables["XDG_DATA_DIRS"] = dataDirectories.joined(separator: ":")
    }
    environment = ProcessEnvironment(variables: variables, effectiveUserID: UInt32(geteuid()))
  }

  /// Removes the tree with the real system calls, deepest entries first.
  func remove() {
    removeTree(path)
  }

  private func removeTree(_ path: String) {
    if let directory = opendir(path) {
      while let entry = readdir(directory) {
        let name = withUnsafeBytes(of: entry.pointee.d_name) {
          String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
        }
        if name == "." || name == ".." { continue }
        let child = path + "/" + name
        var info = stat()
        if lstat(child, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR {
          removeTree(child)
        } else {
          unlink(child)
        }
      }
      closedir(directory)
    }
    rmdir(path)
  }
}

private struct CountingRootError: Error {}

/// How many times each system call was made.
private final class SystemCallTally: @unchecked Sendable {
  private let lock = TallyLock()
  private var counts: [String: Int] = [:]

  var calls: [String: Int] { lock.withLock { counts } }
  var total: Int { lock.withLock { counts.values.reduce(0, +) } }

  func record(_ name: String) {
    lock.withLock { counts[name, default: 0] += 1 }
  }

  func reset() {
    lock.withLock { counts = [:] }
  }
}

/// A pthread mutex around the tally.
private final class TallyLock: @unchecked Sendable {
  private var mutex = pthread_mutex_t()
  init() { pthread_mutex_init(&mutex, nil) }
  deinit { pthread_mutex_destroy(&mutex) }
  func withLock<T>(_ body: () throws -> T) rethrows -> T {
    pthread_mutex_lock(&mutex)
    defer { pthread_mutex_unlock(&mutex) }
    return try body()
  }
}

/// The real system calls, each one recorded by name before it is made.
private struct CountingSystemCalls: SystemCallProvider {
  let tally: SystemCallTally
  let live = LiveSystemCalls()

  func status(path: String, followSymlinks: Bool) -> Result<FileStatus, Errno> {
    tally.record("status")
    return live.status(path: path, followSymlinks: followSymlinks)
  }

  func status(in directory: Int32, name: String, followSymlinks: Bool) -> Result<FileStatus, Errno>
  {
    tally.record("statusAt")
    return live.status(in: directory, name: name, followSymlinks: followSymlinks)
  }

  func makeDirectory(in directory: Int32, name: String, mode: UInt32) -> Errno? {
    tally.record("makeDirectory")
    return live.makeDirectory(in: directory, name: name, mode: mode)
  }

  func openDirectory(in directory: Int32, name: String, options: DirectoryOpenOptions)
    -> Result<Int32, Errno>
  {
    tally.record("openDirectory")
    return live.openDirectory(in: directory, name: name, options: options)
  }

  func setPermissions(descriptor: Int32, mode: UInt32) -> Errno? {
    tally.record("setPermissions")
    return live.setPermissions(descriptor: descriptor, mode: mode)
  }

  func setPermissions(in directory: Int32, name: String, mode: UInt32) -> Errno? {
    tally.record("setPermissionsAt")
    return live.setPermissions(in: directory, name: name, mode: mode)
  }

  func openFile(path: String) -> Result<Int32, Errno> {
    tally.record("openFile")
    return live.openFile(path: path)
  }

  func read(descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Result<Int, Errno> {
    tally.record("read")
    return live.read(descriptor: descriptor, into: buffer)
  }

  func close(descriptor: Int32) {
    tally.record("close")
    live.close(descriptor: descriptor)
  }
}
