@testable import AppDirectories

/// One call that the library made through its system-call seam.
enum SystemCall: Sendable, Hashable {
  case status(path: String, followSymlinks: Bool)
  case statusAt(name: String, followSymlinks: Bool)
  case makeDirectory(name: String, mode: UInt32)
  case openDirectory(name: String, options: DirectoryOpenOptions)
  case setPermissions(mode: UInt32)
  case setPermissionsAt(name: String, mode: UInt32)
  case openFile(path: String)
  case read
  case close
}

/// A provider that forwards to the real system calls and records each one. A test can replace
/// one call to force an `errno`, imitate a umask or swap a file in between two steps; the
/// replacement gets the live provider to do the real work.
struct RecordingSystemCalls: SystemCallProvider {
  typealias MakeDirectory =
    @Sendable (_ live: LiveSystemCalls, _ parent: Int32, _ name: String, _ mode: UInt32) ->
    SystemErrno?
  typealias SetPermissions =
    @Sendable (_ live: LiveSystemCalls, _ descriptor: Int32, _ mode: UInt32) -> SystemErrno?
  typealias OpenDirectory =
    @Sendable (
      _ live: LiveSystemCalls, _ parent: Int32, _ name: String, _ options: DirectoryOpenOptions
    ) -> Result<Int32, SystemErrno>
  typealias Status =
    @Sendable (_ live: LiveSystemCalls, _ path: String, _ followSymlinks: Bool) -> Result<
      FileStatus, SystemErrno
    >

  private let live = LiveSystemCalls()
  private let log = Locked<[SystemCall]>([])
  var onMakeDirectory: MakeDirectory = { live, parent, name, mode in
    live.makeDirectory(in: parent, name: name, mode: mode)
  }
  var onSetPermissions: SetPermissions = { live, descriptor, mode in
    live.setPermissions(descriptor: descriptor, mode: mode)
  }
  var onOpenDirectory: OpenDirectory = { live, parent, name, options in
    live.openDirectory(in: parent, name: name, options: options)
  }
  var onStatus: Status = { live, path, followSymlinks in
    live.status(path: path, followSymlinks: followSymlinks)
  }

  /// The seam the library takes, backed by this provider.
  var syscalls: SystemCalls { SystemCalls(provider: self) }

  /// Every call so far, in order.
  var calls: [SystemCall] { log.withLock { $0 } }

  /// How many calls of each kind so far, by the name of the call (`status`, `makeDirectory`, …).
  var tally: [String: Int] {
    var counts: [String: Int] = [:]
    for call in calls {
      counts[String(String(describing: call).prefix { $0 != "(" }), default: 0] += 1
    }
    return counts
  }

  /// Forgets the calls so far.
  func reset() { log.withLock { $0 = [] } }

  private func record(_ call: SystemCall) { log.withLock { $0.append(call) } }

  func status(path: String, followSymlinks: Bool) -> Result<FileStatus, SystemErrno> {
    record(.status(path: path, followSymlinks: followSymlinks))
    return onStatus(live, path, followSymlinks)
  }

  func status(in directory: Int32, name: String, followSymlinks: Bool) -> Result<
    FileStatus, SystemErrno
  > {
    record(.statusAt(name: name, followSymlinks: followSymlinks))
    return live.status(in: directory, name: name, followSymlinks: followSymlinks)
  }

  func makeDirectory(in directory: Int32, name: String, mode: UInt32) -> SystemErrno? {
    record(.makeDirectory(name: name, mode: mode))
    return onMakeDirectory(live, directory, name, mode)
  }

  func openDirectory(in directory: Int32, name: String, options: DirectoryOpenOptions)
    -> Result<Int32, SystemErrno>
  {
    record(.openDirectory(name: name, options: options))
    return onOpenDirectory(live, directory, name, options)
  }

  func setPermissions(descriptor: Int32, mode: UInt32) -> SystemErrno? {
    record(.setPermissions(mode: mode))
    return onSetPermissions(live, descriptor, mode)
  }

  func setPermissions(in directory: Int32, name: String, mode: UInt32) -> SystemErrno? {
    record(.setPermissionsAt(name: name, mode: mode))
    return live.setPermissions(in: directory, name: name, mode: mode)
  }

  func openFile(path: String) -> Result<Int32, SystemErrno> {
    record(.openFile(path: path))
    return live.openFile(path: path)
  }

  func read(descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Result<
    Int, SystemErrno
  > {
    record(.read)
    return live.read(descriptor: descriptor, into: buffer)
  }

  func close(descriptor: Int32) {
    record(.close)
    live.close(descriptor: descriptor)
  }

  func readLink(path: String) -> Result<String, SystemErrno> {
    live.readLink(path: path)
  }

  func mayCreateFiles(in path: String) -> Bool {
    live.mayCreateFiles(in: path)
  }
}
