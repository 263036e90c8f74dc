// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

// `/proc/self/fd` names what a descriptor was opened at: Linux only.
#if os(Linux) && canImport(FoundationEssentials) && FoundationAPI
  @testable import AppDirectoriesCore
  @testable import AppDirectoriesFiles
  @testable import AppDirectoriesMaintenance

  #if canImport(Darwin)
    import Darwin
  #elseif canImport(Android)
    import Android
  #elseif canImport(Glibc)
    import Glibc
  #elseif canImport(Musl)
    import Musl
  #endif

  /// The provider of Windows' tree calls, run on Linux: the listing, links, renames and
  /// removals of `PathTreeCalls` (Foundation's `FileManager` on paths, as Windows makes them),
  /// everything else the live POSIX calls, and a descriptor's path read from `/proc/self/fd`
  /// as Windows' provider keeps it in its table.
  struct PathTreeSystemCalls: PathTreeCalls {
    private let live = LiveSystemCalls()

    /// Makes every directory a volume of its own (its volume is its inode), so that a rename
    /// between two directories answers `EXDEV` and the caller copies, as between two drives of
    /// Windows.
    var everyDirectoryAVolume = false

    init(everyDirectoryAVolume: Bool = false) {
      self.everyDirectoryAVolume = everyDirectoryAVolume
    }

    /// The live calls with this provider.
    var syscalls: any SystemCalls { self }

    func path(in directory: Int32, name: String) -> String? {
      if directory == LiveSystemCalls.currentDirectory { return name }
      var buffer = [CChar](repeating: 0, count: 4096)
      let count = readlink("/proc/self/fd/\(directory)", &buffer, buffer.count - 1)
      guard count > 0 else { return nil }
      let base = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
      return base == "/" ? "/" + name : base + "/" + name
    }

    func volume(of directory: Int32) -> UInt64? {
      guard case .success(let status) = live.status(descriptor: directory) else { return nil }
      return everyDirectoryAVolume ? status.inode : status.device
    }

    // Everything below is the live provider's.

    func status(descriptor: Int32) -> Result<FileStatus, SystemErrno> {
      live.status(descriptor: descriptor)
    }
    func status(path: String, followSymlinks: Bool) -> Result<FileStatus, SystemErrno> {
      live.status(path: path, followSymlinks: followSymlinks)
    }
    func status(in directory: Int32, name: String, followSymlinks: Bool) -> Result<
      FileStatus, SystemErrno
    > { live.status(in: directory, name: name, followSymlinks: followSymlinks) }
    func makeDirectory(in directory: Int32, name: String, mode: UInt32) -> SystemErrno? {
      live.makeDirectory(in: directory, name: name, mode: mode)
    }
    func openDirectory(in directory: Int32, name: String, options: DirectoryOpenOptions)
      -> Result<Int32, SystemErrno>
    { live.openDirectory(in: directory, name: name, options: options) }
    func setPermissions(descriptor: Int32, mode: UInt32) -> SystemErrno? {
      live.setPermissions(descriptor: descriptor, mode: mode)
    }
    func setPermissions(pathDescriptor: Int32, mode: UInt32) -> SystemErrno? {
      live.setPermissions(pathDescriptor: pathDescriptor, mode: mode)
    }
    func openFile(path: String) -> Result<Int32, SystemErrno> { live.openFile(path: path) }
    func read(descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Result<
      Int, SystemErrno
    > { live.read(descriptor: descriptor, into: buffer) }
    func close(descriptor: Int32) { live.close(descriptor: descriptor) }
    func replace(in directory: Int32, entry: FileName, withFile temporary: FileName)
      -> SystemErrno?
    { live.replace(in: directory, entry: entry, withFile: temporary) }
    func readLink(path: String) -> Result<String, SystemErrno> { live.readLink(path: path) }
    func accessProblem(directory: Int32, write: Bool) -> SystemErrno? {
      live.accessProblem(directory: directory, write: write)
    }
    func status(in directory: Int32, entry: FileName, followSymlinks: Bool) -> Result<
      FileStatus, SystemErrno
    > { live.status(in: directory, entry: entry, followSymlinks: followSymlinks) }
    func openDirectory(in directory: Int32, entry: FileName) -> Result<Int32, SystemErrno> {
      live.openDirectory(in: directory, entry: entry)
    }
    func makeDirectory(in directory: Int32, entry: FileName, mode: UInt32) -> SystemErrno? {
      live.makeDirectory(in: directory, entry: entry, mode: mode)
    }
    func openFile(in directory: Int32, entry: FileName) -> Result<Int32, SystemErrno> {
      live.openFile(in: directory, entry: entry)
    }
    func createFile(in directory: Int32, entry: FileName, mode: UInt32) -> Result<
      Int32, SystemErrno
    > { live.createFile(in: directory, entry: entry, mode: mode) }
    func transfer(from source: Int32, to target: Int32, count: Int) -> Result<Int, SystemErrno> {
      // As on Windows: no in-kernel copy, so the caller reads and writes.
      .failure(.notImplemented)
    }
    func write(descriptor: Int32, from buffer: UnsafeRawBufferPointer) -> Result<Int, SystemErrno> {
      live.write(descriptor: descriptor, from: buffer)
    }
    func synchronize(descriptor: Int32) -> SystemErrno? { live.synchronize(descriptor: descriptor) }
    func setModificationTime(descriptor: Int32, _ time: FileTime) -> SystemErrno? {
      live.setModificationTime(descriptor: descriptor, time)
    }
    func setModificationTime(in directory: Int32, entry: FileName, _ time: FileTime)
      -> SystemErrno?
    { live.setModificationTime(in: directory, entry: entry, time) }
    func lockExclusively(descriptor: Int32) -> SystemErrno? {
      live.lockExclusively(descriptor: descriptor)
    }
    func openLockFile(in directory: Int32, name: String) -> Result<Int32, SystemErrno> {
      live.openLockFile(in: directory, name: name)
    }
    func tryLockExclusively(descriptor: Int32) -> SystemErrno? {
      live.tryLockExclusively(descriptor: descriptor)
    }
    func replaceContents(descriptor: Int32, with bytes: [UInt8]) -> SystemErrno? {
      live.replaceContents(descriptor: descriptor, with: bytes)
    }
  }
#endif
