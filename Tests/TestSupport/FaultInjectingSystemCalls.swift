import Foundation

@testable import AppDirectories

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A system-call provider that passes every call to the real system, records it, and makes the
/// calls that a fault matches fail with a chosen `errno` instead. Hooks run around `mkdirat`, so
/// a test can plant or swap a file exactly between two steps of the creation walk.
final class FaultInjectingSystemCalls: SystemCallProvider, @unchecked Sendable {
  /// The system calls of the walk, by the name a reader knows them by.
  enum Call: String, Sendable, CaseIterable {
    case stat, fstatat, mkdirat, openat, fchmod, fchmodat, open, read
  }

  /// One recorded call: which one, on which name (a path for `stat` and `open`, a single
  /// component for the `*at` calls and for `fchmod` the component the descriptor was opened
  /// as), and for `openat` whether it followed symlinks.
  struct Record: Sendable, Hashable, CustomStringConvertible {
    var call: Call
    var name: String
    var followsSymlinks: Bool = true
    var pathOnly: Bool = false

    var description: String {
      call == .openat
        ? "openat(\(name), \(followsSymlinks ? "follow" : "O_NOFOLLOW")\(pathOnly ? ", O_PATH" : ""))"
        : "\(call.rawValue)(\(name))"
    }
  }

  /// A planned failure: the calls it matches fail with `errno`, `remaining` times.
  struct Fault: Sendable {
    var errno: Int32
    var remaining: Int
    var matches: @Sendable (Record) -> Bool
  }

  private struct State {
    var faults: [Fault] = []
    var records: [Record] = []
    var injected = 0
    var descriptorNames: [Int32: String] = [:]
  }

  private let live = LiveSystemCalls()
  private let state = Locked(State())
  /// Runs before the real `mkdirat`, with the parent descriptor and the name.
  let beforeMakeDirectory: (@Sendable (Int32, String) -> Void)?
  /// Runs after a real `mkdirat` that succeeded, with the parent descriptor and the name.
  let afterMakeDirectory: (@Sendable (Int32, String) -> Void)?

  init(
    faults: [Fault] = [],
    beforeMakeDirectory: (@Sendable (Int32, String) -> Void)? = nil,
    afterMakeDirectory: (@Sendable (Int32, String) -> Void)? = nil
  ) {
    state.withLock { $0.faults = faults }
    self.beforeMakeDirectory = beforeMakeDirectory
    self.afterMakeDirectory = afterMakeDirectory
  }

  /// Every call so far, in order.
  var records: [Record] { state.withLock { $0.records } }
  /// How many calls were made to fail.
  var injectedCount: Int { state.withLock { $0.injected } }

  /// Removes the remaining faults, so that the next calls reach the real system.
  func clearFaults() { state.withLock { $0.faults = [] } }

  /// Records a call and returns the `errno` it must fail with, if a fault matches.
  private func intercept(_ record: Record) -> SystemErrno? {
    state.withLock { state in
      state.records.append(record)
      for index in state.faults.indices
      where state.faults[index].remaining > 0 && state.faults[index].matches(record) {
        state.faults[index].remaining -= 1
        state.injected += 1
        return SystemErrno(rawValue: state.faults[index].errno)
      }
      return nil
    }
  }

  private func name(of descriptor: Int32) -> String {
    state.withLock { $0.descriptorNames[descriptor] ?? "#\(descriptor)" }
  }

  func status(path: String, followSymlinks: Bool) -> Result<FileStatus, SystemErrno> {
    if let error = intercept(Record(call: .stat, name: path, followsSymlinks: followSymlinks)) {
      return .failure(error)
    }
    return live.status(path: path, followSymlinks: followSymlinks)
  }

  func status(in directory: Int32, name: String, followSymlinks: Bool) -> Result<
    FileStatus, SystemErrno
  > {
    if let error = intercept(Record(call: .fstatat, name: name, followsSymlinks: followSymlinks)) {
      return .failure(error)
    }
    return live.status(in: directory, name: name, followSymlinks: followSymlinks)
  }

  func makeDirectory(in directory: Int32, name: String, mode: UInt32) -> SystemErrno? {
    if let error = intercept(Record(call: .mkdirat, name: name)) { return error }
    beforeMakeDirectory?(directory, name)
    let error = live.makeDirectory(in: directory, name: name, mode: mode)
    if error == nil { afterMakeDirectory?(directory, name) }
    return error
  }

  func openDirectory(in directory: Int32, name: String, options: DirectoryOpenOptions)
    -> Result<Int32, SystemErrno>
  {
    let record = Record(
      call: .openat, name: name, followsSymlinks: options.followSymlinks,
      pathOnly: options.pathOnly)
    if let error = intercept(record) { return .failure(error) }
    let result = live.openDirectory(in: directory, name: name, options: options)
    if case .success(let descriptor) = result {
      state.withLock { $0.descriptorNames[descriptor] = name }
    }
    return result
  }

  func setPermissions(descriptor: Int32, mode: UInt32) -> SystemErrno? {
    if let error = intercept(Record(call: .fchmod, name: name(of: descriptor))) { return error }
    return live.setPermissions(descriptor: descriptor, mode: mode)
  }

  func setPermissions(in directory: Int32, name: String, mode: UInt32) -> SystemErrno? {
    if let error = intercept(Record(call: .fchmodat, name: name)) { return error }
    return live.setPermissions(in: directory, name: name, mode: mode)
  }

  func openFile(path: String) -> Result<Int32, SystemErrno> {
    if let error = intercept(Record(call: .open, name: path)) { return .failure(error) }
    return live.openFile(path: path)
  }

  func read(descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Result<
    Int, SystemErrno
  > {
    if let error = intercept(Record(call: .read, name: name(of: descriptor))) {
      return .failure(error)
    }
    return live.read(descriptor: descriptor, into: buffer)
  }

  func close(descriptor: Int32) {
    state.withLock { _ = $0.descriptorNames.removeValue(forKey: descriptor) }
    live.close(descriptor: descriptor)
  }

  func readLink(path: String) -> Result<String, SystemErrno> {
    live.readLink(path: path)
  }

  func mayCreateFiles(in path: String) -> Bool {
    live.mayCreateFiles(in: path)
  }
}
