// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

#if FoundationAPI
  @testable import AppDirectoriesCore
  @testable import AppDirectoriesFiles
  @testable import AppDirectoriesMaintenance

  /// One call that the library made through its system-call seam.
  enum SystemCall: Sendable, Hashable {
    case status(path: String, followSymlinks: Bool)
    case statusAt(name: String, followSymlinks: Bool)
    case makeDirectory(name: String, mode: UInt32)
    case openDirectory(name: String, options: DirectoryOpenOptions)
    case setPermissions(mode: UInt32)
    case openFile(path: String)
    case read
    case close
    case readLink(path: String)
    case statusOfDescriptor
    case setPermissionsOfPathDescriptor(mode: UInt32)
    case accessProblem(write: Bool)
    case listDirectory
    case rename(from: String, to: String)
    case replace(name: String, with: String)
    case remove(name: String, isDirectory: Bool)
    case createFile(name: String)
    case openFileAt(name: String)
    case transfer
    case write
    case synchronize
    case setModificationTime
    case makeSymbolicLink(name: String)
    case readLinkAt(name: String)
    case lock
    case link(from: String, to: String)
    case openLockFile(name: String)
    case tryLock
    case replaceContents
  }

  /// The one test provider of system calls: it forwards every call to the real system and
  /// records it, and a test can make it
  /// - fail the calls that a ``Fault`` matches with a chosen `errno` (forcing every error path);
  /// - run hooks just before or after a real `mkdirat`, to plant or swap a file between two steps
  ///   of the creation walk;
  /// - replace one call outright (imitate a umask, answer a `stat`), the replacement getting the
  ///   live provider to do the real work.
  ///
  /// Copies share their record, faults and hooks.
  struct RecordingSystemCalls: SystemCalls {
    /// The system calls of the walk, by the name a reader knows them by.
    enum Call: String, Sendable, CaseIterable {
      case stat, fstatat, fstat, mkdirat, openat, fchmod, open, read
      // The tree operations.
      case readdir, renameat, unlinkat, sendfile, write, fsync, futimens, utimensat, symlinkat
      case readlinkat, flock, linkat
      // The read-only diagnosis.
      case faccessat
      // The runtime files.
      case ftruncate
    }

    /// One call as faults see it: which one, on which name (a path for `stat` and `open`, a
    /// single component for the `*at` calls, and for `fchmod` and `read` the component the
    /// descriptor was opened as), and for `openat` whether it followed symlinks.
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

    /// A planned failure: the calls it matches fail with `errno`, `remaining` times; with
    /// `EINTR`, the real call is interrupted instead, `interruptions` times in a row, and the
    /// live provider must make it again.
    struct Fault: Sendable {
      var errno: Int32
      var remaining: Int
      var interruptions = 1
      var matches: @Sendable (Record) -> Bool
    }

    typealias MakeDirectory =
      @Sendable (_ live: LiveSystemCalls, _ parent: Int32, _ name: String, _ mode: UInt32) ->
      SystemErrno?
    typealias SetPermissions =
      @Sendable (_ live: LiveSystemCalls, _ descriptor: Int32, _ mode: UInt32) -> SystemErrno?
    typealias OpenDirectory =
      @Sendable (
        _ live: LiveSystemCalls, _ parent: Int32, _ name: String, _ options: DirectoryOpenOptions
      ) -> Result<Int32, SystemErrno>
    typealias Write =
      @Sendable (_ live: LiveSystemCalls, _ descriptor: Int32, _ buffer: UnsafeRawBufferPointer) ->
      Result<Int, SystemErrno>
    typealias Status =
      @Sendable (_ live: LiveSystemCalls, _ path: String, _ followSymlinks: Bool) -> Result<
        FileStatus, SystemErrno
      >

    private struct State {
      var calls: [SystemCall] = []
      var records: [Record] = []
      var faults: [Fault] = []
      var injected = 0
      var descriptorNames: [Int32: String] = [:]
      #if !os(Windows)
        /// The interruption the next call to the live provider takes, and every one given.
        var pendingInterruption: Interruption?
        var interruptions: [(Record, Interruption)] = []
      #endif
    }

    /// The live provider for the call being made: one that takes an interruption when a
    /// fault with `EINTR` matched the call.
    private var live: LiveSystemCalls {
      #if os(Windows)
        LiveSystemCalls()
      #else
        LiveSystemCalls(
          interruption: state.withLock { state in
            defer { state.pendingInterruption = nil }
            return state.pendingInterruption
          })
      #endif
    }
    private let state = Locked(State())
    /// Runs before the real `mkdirat`, with the parent descriptor and the name.
    let beforeMakeDirectory: (@Sendable (Int32, String) -> Void)?
    /// Runs after a real `mkdirat` that succeeded, with the parent descriptor and the name.
    let afterMakeDirectory: (@Sendable (Int32, String) -> Void)?
    var onMakeDirectory: MakeDirectory = { live, parent, name, mode in
      live.makeDirectory(in: parent, name: name, mode: mode)
    }
    var onSetPermissions: SetPermissions = { live, descriptor, mode in
      live.setPermissions(descriptor: descriptor, mode: mode)
    }
    var onOpenDirectory: OpenDirectory = { live, parent, name, options in
      live.openDirectory(in: parent, name: name, options: options)
    }
    var onWrite: Write = { live, descriptor, buffer in
      live.write(descriptor: descriptor, from: buffer)
    }
    /// Whether listings tell each entry's type, as most file systems' do; when not, the
    /// library must ask `fstatat`, as on a file system whose `readdir` gives `DT_UNKNOWN`.
    var listsTypes = true
    var onStatus: Status = { live, path, followSymlinks in
      live.status(path: path, followSymlinks: followSymlinks)
    }

    /// Runs before every recorded call reaches the system (and before a fault is looked for),
    /// with the call as faults see it: to plant something between two steps of any operation.
    let beforeCall: (@Sendable (Record) -> Void)?

    init(
      faults: [Fault] = [],
      beforeMakeDirectory: (@Sendable (Int32, String) -> Void)? = nil,
      afterMakeDirectory: (@Sendable (Int32, String) -> Void)? = nil,
      beforeCall: (@Sendable (Record) -> Void)? = nil
    ) {
      state.withLock { $0.faults = faults }
      self.beforeMakeDirectory = beforeMakeDirectory
      self.afterMakeDirectory = afterMakeDirectory
      self.beforeCall = beforeCall
    }

    /// The seam the library takes, backed by this provider.
    var syscalls: any SystemCalls { self }

    /// Every call so far, in order.
    var calls: [SystemCall] { state.withLock { $0.calls } }
    /// The names of the descriptors opened and not closed yet.
    var openDescriptors: [String] { state.withLock { $0.descriptorNames.values.sorted() } }
    /// Every call of the walk so far, in order, as faults see them.
    var records: [Record] { state.withLock { $0.records } }
    /// How many calls were made to fail.
    var injectedCount: Int { state.withLock { $0.injected } }
    #if !os(Windows)
      /// The calls that a fault with `EINTR` interrupted and that were not made again: an
      /// interruption that no live call took (the call is one the provider does not retry, or
      /// one this recorder answers itself).
      var unretriedInterruptions: [Record] {
        state.withLock { $0.interruptions.filter { !$0.1.isTaken }.map(\.0) }
      }
    #endif

    /// How many calls of each kind so far, by the name of the call (`status`, `makeDirectory`, …).
    var tally: [String: Int] {
      var counts: [String: Int] = [:]
      for call in calls {
        counts[String(String(describing: call).prefix { $0 != "(" }), default: 0] += 1
      }
      return counts
    }

    /// Forgets the calls so far.
    func reset() {
      state.withLock {
        $0.calls = []; $0.records = []
      }
    }

    /// Removes the remaining faults, so that the next calls reach the real system.
    func clearFaults() { state.withLock { $0.faults = [] } }

    /// Records a call and returns the `errno` it must fail with, if a fault matches.
    private func intercept(_ call: SystemCall, _ record: Record?) -> SystemErrno? {
      if let record, let beforeCall { beforeCall(record) }
      return state.withLock { state in
        state.calls.append(call)
        guard let record else { return nil }
        state.records.append(record)
        #if !os(Windows)
          var interruption: Interruption?
        #endif
        for index in state.faults.indices
        where state.faults[index].remaining > 0 && state.faults[index].matches(record) {
          state.faults[index].remaining -= 1
          state.injected += 1
          #if !os(Windows)
            // A signal interrupts the real call, whose provider must make it again; a real
            // error that another fault gives the call comes after, and is the answer.
            if state.faults[index].errno == SystemErrno.interrupted.rawValue {
              if interruption == nil {
                interruption = Interruption(times: state.faults[index].interruptions)
              }
              continue
            }
          #endif
          return SystemErrno(rawValue: state.faults[index].errno)
        }
        #if !os(Windows)
          if let interruption {
            state.pendingInterruption = interruption
            state.interruptions.append((record, interruption))
          }
        #endif
        return nil
      }
    }

    private func name(of descriptor: Int32) -> String {
      state.withLock { $0.descriptorNames[descriptor] ?? "#\(descriptor)" }
    }

    func status(path: String, followSymlinks: Bool) -> Result<FileStatus, SystemErrno> {
      let record = Record(call: .stat, name: path, followsSymlinks: followSymlinks)
      if let error = intercept(.status(path: path, followSymlinks: followSymlinks), record) {
        return .failure(error)
      }
      return onStatus(live, path, followSymlinks)
    }

    func status(in directory: Int32, name: String, followSymlinks: Bool) -> Result<
      FileStatus, SystemErrno
    > {
      let record = Record(call: .fstatat, name: name, followsSymlinks: followSymlinks)
      if let error = intercept(.statusAt(name: name, followSymlinks: followSymlinks), record) {
        return .failure(error)
      }
      return live.status(in: directory, name: name, followSymlinks: followSymlinks)
    }

    func makeDirectory(in directory: Int32, name: String, mode: UInt32) -> SystemErrno? {
      let record = Record(call: .mkdirat, name: name)
      if let error = intercept(.makeDirectory(name: name, mode: mode), record) { return error }
      beforeMakeDirectory?(directory, name)
      let error = onMakeDirectory(live, directory, name, mode)
      if error == nil { afterMakeDirectory?(directory, name) }
      return error
    }

    func openDirectory(in directory: Int32, name: String, options: DirectoryOpenOptions)
      -> Result<Int32, SystemErrno>
    {
      let record = Record(
        call: .openat, name: name, followsSymlinks: options.followSymlinks,
        pathOnly: options.pathOnly)
      if let error = intercept(.openDirectory(name: name, options: options), record) {
        return .failure(error)
      }
      let result = onOpenDirectory(live, directory, name, options)
      if case .success(let descriptor) = result {
        state.withLock { $0.descriptorNames[descriptor] = name }
      }
      return result
    }

    func setPermissions(descriptor: Int32, mode: UInt32) -> SystemErrno? {
      let record = Record(call: .fchmod, name: name(of: descriptor))
      if let error = intercept(.setPermissions(mode: mode), record) { return error }
      return onSetPermissions(live, descriptor, mode)
    }

    func openFile(path: String) -> Result<Int32, SystemErrno> {
      if let error = intercept(.openFile(path: path), Record(call: .open, name: path)) {
        return .failure(error)
      }
      let result = live.openFile(path: path)
      if case .success(let descriptor) = result {
        state.withLock { $0.descriptorNames[descriptor] = path }
      }
      return result
    }

    func read(descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Result<
      Int, SystemErrno
    > {
      if let error = intercept(.read, Record(call: .read, name: name(of: descriptor))) {
        return .failure(error)
      }
      return live.read(descriptor: descriptor, into: buffer)
    }

    func close(descriptor: Int32) {
      _ = intercept(.close, nil)
      state.withLock { _ = $0.descriptorNames.removeValue(forKey: descriptor) }
      live.close(descriptor: descriptor)
    }

    func readLink(path: String) -> Result<String, SystemErrno> {
      _ = intercept(.readLink(path: path), nil)
      return live.readLink(path: path)
    }

    func accessProblem(directory: Int32, write: Bool) -> SystemErrno? {
      let record = Record(call: .faccessat, name: name(of: directory))
      if let error = intercept(.accessProblem(write: write), record) { return error }
      return live.accessProblem(directory: directory, write: write)
    }

    func status(descriptor: Int32) -> Result<FileStatus, SystemErrno> {
      if let error = intercept(
        .statusOfDescriptor, Record(call: .fstat, name: name(of: descriptor)))
      {
        return .failure(error)
      }
      return live.status(descriptor: descriptor)
    }

    // MARK: The tree operations

    /// Records an `*at` call on a name and fails it if a fault matches.
    private func fault(_ call: SystemCall, _ kind: Call, _ name: String) -> SystemErrno? {
      intercept(call, Record(call: kind, name: name))
    }

    private func remember(_ result: Result<Int32, SystemErrno>, as name: String) {
      if case .success(let descriptor) = result {
        state.withLock { $0.descriptorNames[descriptor] = name }
      }
    }

    func listDirectory(descriptor: Int32) -> Result<[DirectoryEntry], SystemErrno> {
      if let error = fault(.listDirectory, .readdir, name(of: descriptor)) {
        return .failure(error)
      }
      let listed = live.listDirectory(descriptor: descriptor)
      return listsTypes
        ? listed : listed.map { $0.map { DirectoryEntry(name: $0.name, type: nil) } }
    }

    func status(in directory: Int32, entry: FileName, followSymlinks: Bool) -> Result<
      FileStatus, SystemErrno
    > {
      let record = Record(call: .fstatat, name: entry.description, followsSymlinks: followSymlinks)
      let call = SystemCall.statusAt(name: entry.description, followSymlinks: followSymlinks)
      if let error = intercept(call, record) { return .failure(error) }
      return live.status(in: directory, entry: entry, followSymlinks: followSymlinks)
    }

    func openDirectory(in directory: Int32, entry: FileName) -> Result<Int32, SystemErrno> {
      let options = DirectoryOpenOptions(followSymlinks: false, pathOnly: false)
      let record = Record(call: .openat, name: entry.description, followsSymlinks: false)
      if let error = intercept(.openDirectory(name: entry.description, options: options), record) {
        return .failure(error)
      }
      let result = live.openDirectory(in: directory, entry: entry)
      remember(result, as: entry.description)
      return result
    }

    func makeDirectory(in directory: Int32, entry: FileName, mode: UInt32) -> SystemErrno? {
      if let error = fault(
        .makeDirectory(name: entry.description, mode: mode), .mkdirat, entry.description)
      {
        return error
      }
      return live.makeDirectory(in: directory, entry: entry, mode: mode)
    }

    func openFile(in directory: Int32, entry: FileName) -> Result<Int32, SystemErrno> {
      // O_NOFOLLOW, as the live call opens it.
      let record = Record(call: .openat, name: entry.description, followsSymlinks: false)
      if let error = intercept(.openFileAt(name: entry.description), record) {
        return .failure(error)
      }
      let result = live.openFile(in: directory, entry: entry)
      remember(result, as: entry.description)
      return result
    }

    func createFile(in directory: Int32, entry: FileName, mode: UInt32) -> Result<
      Int32, SystemErrno
    > {
      // O_NOFOLLOW, as the live call opens it.
      let record = Record(call: .openat, name: entry.description, followsSymlinks: false)
      if let error = intercept(.createFile(name: entry.description), record) {
        return .failure(error)
      }
      let result = live.createFile(in: directory, entry: entry, mode: mode)
      remember(result, as: entry.description)
      return result
    }

    func transfer(from source: Int32, to target: Int32, count: Int) -> Result<Int, SystemErrno> {
      if let error = fault(.transfer, .sendfile, name(of: source)) { return .failure(error) }
      return live.transfer(from: source, to: target, count: count)
    }

    func write(descriptor: Int32, from buffer: UnsafeRawBufferPointer) -> Result<Int, SystemErrno> {
      if let error = fault(.write, .write, name(of: descriptor)) { return .failure(error) }
      return onWrite(live, descriptor, buffer)
    }

    func synchronize(descriptor: Int32) -> SystemErrno? {
      fault(.synchronize, .fsync, name(of: descriptor)) ?? live.synchronize(descriptor: descriptor)
    }

    func setModificationTime(descriptor: Int32, _ time: FileTime) -> SystemErrno? {
      fault(.setModificationTime, .futimens, name(of: descriptor))
        ?? live.setModificationTime(descriptor: descriptor, time)
    }

    func setModificationTime(in directory: Int32, entry: FileName, _ time: FileTime)
      -> SystemErrno?
    {
      fault(.setModificationTime, .utimensat, entry.description)
        ?? live.setModificationTime(in: directory, entry: entry, time)
    }

    func readLink(in directory: Int32, entry: FileName) -> Result<[UInt8], SystemErrno> {
      if let error = fault(.readLinkAt(name: entry.description), .readlinkat, entry.description) {
        return .failure(error)
      }
      return live.readLink(in: directory, entry: entry)
    }

    func makeSymbolicLink(in directory: Int32, entry: FileName, target: [UInt8]) -> SystemErrno? {
      fault(.makeSymbolicLink(name: entry.description), .symlinkat, entry.description)
        ?? live.makeSymbolicLink(in: directory, entry: entry, target: target)
    }

    func rename(
      in directory: Int32, entry: FileName, to targetDirectory: Int32, entry targetEntry: FileName
    ) -> SystemErrno? {
      let call = SystemCall.rename(from: entry.description, to: targetEntry.description)
      return fault(call, .renameat, entry.description)
        ?? live.rename(in: directory, entry: entry, to: targetDirectory, entry: targetEntry)
    }

    func replace(in directory: Int32, entry: FileName, withFile temporary: FileName)
      -> SystemErrno?
    {
      let call = SystemCall.replace(name: entry.description, with: temporary.description)
      return fault(call, .renameat, entry.description)
        ?? live.replace(in: directory, entry: entry, withFile: temporary)
    }

    func remove(in directory: Int32, entry: FileName, isDirectory: Bool) -> SystemErrno? {
      fault(
        .remove(name: entry.description, isDirectory: isDirectory), .unlinkat, entry.description)
        ?? live.remove(in: directory, entry: entry, isDirectory: isDirectory)
    }

    func lockExclusively(descriptor: Int32) -> SystemErrno? {
      fault(.lock, .flock, name(of: descriptor)) ?? live.lockExclusively(descriptor: descriptor)
    }

    func openLockFile(in directory: Int32, name: String) -> Result<Int32, SystemErrno> {
      if let error = fault(.openLockFile(name: name), .openat, name) { return .failure(error) }
      let result = live.openLockFile(in: directory, name: name)
      remember(result, as: name)
      return result
    }

    func tryLockExclusively(descriptor: Int32) -> SystemErrno? {
      fault(.tryLock, .flock, name(of: descriptor))
        ?? live.tryLockExclusively(descriptor: descriptor)
    }

    func replaceContents(descriptor: Int32, with bytes: [UInt8]) -> SystemErrno? {
      fault(.replaceContents, .ftruncate, name(of: descriptor))
        ?? live.replaceContents(descriptor: descriptor, with: bytes)
    }

    func link(
      in directory: Int32, entry: FileName, to targetDirectory: Int32, entry targetEntry: FileName
    ) -> SystemErrno? {
      let call = SystemCall.link(from: entry.description, to: targetEntry.description)
      return fault(call, .linkat, targetEntry.description)
        ?? live.link(in: directory, entry: entry, to: targetDirectory, entry: targetEntry)
    }

    func setPermissions(pathDescriptor: Int32, mode: UInt32) -> SystemErrno? {
      let record = Record(call: .fchmod, name: name(of: pathDescriptor))
      if let error = intercept(.setPermissionsOfPathDescriptor(mode: mode), record) { return error }
      return live.setPermissions(pathDescriptor: pathDescriptor, mode: mode)
    }
  }
#endif
