// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

#if os(Windows)
  import WinSDK

  // The Windows twin of `SystemCalls+POSIX.swift`: the same provider, made of Win32 calls.
  //
  // - A "descriptor" is a key into a table of open handles and the paths they were opened at:
  //   Win32 has no `openat`, so a name below an open directory is reached by its path. Every
  //   directory the walk holds open is opened without `FILE_SHARE_DELETE`, so that nobody can
  //   rename or remove it (or a folder above it) while the walk goes on below it: the path of
  //   what is held keeps naming what was checked.
  // - A reparse point (a symbolic link or a junction) is treated as a symbolic link: it is
  //   opened with `FILE_FLAG_OPEN_REPARSE_POINT` when links must not be followed, and an open
  //   that must not follow one fails with `ELOOP`, as `O_NOFOLLOW` does.
  // - The owner of a file is compared with the user of the process token (`GetSecurityInfo`,
  //   `EqualSid`): a file owned by this user, by SYSTEM or by the Administrators group reports
  //   owner 0 (the library's "this user or root"), as does a file on a file system that keeps
  //   no owners (FAT, exFAT); any other owner reports `UInt32.max`.
  // - Windows has no permission bits: setting them does nothing (a new folder inherits the
  //   access list of its parent, which in the user's profile is private), and a directory
  //   reports 0o700.
  // - The tree calls that name an entry (listing, links, renames, removals) are `PathTreeCalls`:
  //   Foundation's `FileManager` on the paths of the table, compiled and tested on Linux too.
  //   The calls on an open file (reading, writing, flushing, times) are Win32 calls on its
  //   handle, and a directory's exclusive lock is a named mutex (Win32 locks files only).
  // - Errors are `GetLastError()` values mapped to the C library's `errno` values (ucrt), so that
  //   the walk above reads them as on every other platform.

  private let pathOnlyAccess = DWORD(FILE_READ_ATTRIBUTES) | DWORD(READ_CONTROL)
  private let shareWithoutDelete = DWORD(FILE_SHARE_READ) | DWORD(FILE_SHARE_WRITE)
  private let shareAll = shareWithoutDelete | DWORD(FILE_SHARE_DELETE)

  /// The open handles, by the descriptor the provider gave out for each.
  private struct HandleTable {
    package struct Entry {
      var handle: HANDLE
      var path: String
      /// The named mutex that `lockExclusively` took for this directory, released on close,
      /// and the thread that took it, which alone can release it.
      var lock: (mutex: HANDLE, thread: DWORD)? = nil
    }
    var entries: [Int32: Entry] = [:]
    var next: Int32 = 3
  }

  extension Locked<HandleTable> {
    fileprivate func add(_ handle: HANDLE, path: String) -> Int32 {
      withLock { table in
        let descriptor = table.next
        table.next += 1
        table.entries[descriptor] = HandleTable.Entry(handle: handle, path: path)
        return descriptor
      }
    }

    fileprivate func entry(_ descriptor: Int32) -> HandleTable.Entry? {
      withLock { $0.entries[descriptor] }
    }

    fileprivate func remove(_ descriptor: Int32) -> HandleTable.Entry? {
      withLock { $0.entries.removeValue(forKey: descriptor) }
    }

    fileprivate func setLock(_ mutex: HANDLE, of descriptor: Int32) {
      let thread = GetCurrentThreadId()
      withLock { $0.entries[descriptor]?.lock = (mutex, thread) }
    }
  }

  private let handles = Locked(HandleTable())

  extension SystemCalls {
    /// The library's user ID on Windows: 0, the "this user" that ``FileStatus/owner`` reports
    /// for the process's own files.
    package var effectiveUserID: UInt32 { 0 }

    /// The wall-clock time in whole seconds (`time`).
    package func secondsSinceEpoch() -> Int {
      Int(time(nil))
    }

    /// Waits (`Sleep`, in milliseconds, at least one).
    func sleep(microseconds: Int) {
      Sleep(DWORD(max(1, microseconds / 1000)))
    }

    /// The process's ID (`GetCurrentProcessId`), written in a lock file for messages.
    package var processID: Int32 { Int32(bitPattern: UInt32(GetCurrentProcessId())) }
  }

  /// The real system calls, made of Win32 calls.
  struct LiveSystemCalls: PathTreeCalls {
    /// The descriptor whose names are whole paths.
    static let currentDirectory: Int32 = -100

    private static var lastError: SystemErrno { SystemErrno(windowsError: GetLastError()) }

    package func status(path: String, followSymlinks: Bool) -> Result<FileStatus, SystemErrno> {
      switch Self.open(path, access: pathOnlyAccess, share: shareAll, follow: followSymlinks) {
      case .success(let handle):
        defer { CloseHandle(handle) }
        return Self.status(handle)
      case .failure(let error):
        return .failure(error)
      }
    }

    package func status(in directory: Int32, name: String, followSymlinks: Bool) -> Result<
      FileStatus, SystemErrno
    > {
      guard let path = Self.path(in: directory, name: name) else {
        return .failure(.badFileDescriptor)
      }
      return status(path: path, followSymlinks: followSymlinks)
    }

    package func status(descriptor: Int32) -> Result<FileStatus, SystemErrno> {
      guard let entry = handles.entry(descriptor) else { return .failure(.badFileDescriptor) }
      return Self.status(entry.handle)
    }

    func makeDirectory(in directory: Int32, name: String, mode: UInt32) -> SystemErrno? {
      guard let path = Self.path(in: directory, name: name) else { return .badFileDescriptor }
      let made = Self.withWidePath(path) { CreateDirectoryW($0, nil) == true }
      return made ? nil : Self.lastError
    }

    func openDirectory(in directory: Int32, name: String, options: DirectoryOpenOptions)
      -> Result<Int32, SystemErrno>
    {
      guard let path = Self.path(in: directory, name: name) else {
        return .failure(.badFileDescriptor)
      }
      let handle: HANDLE
      switch Self.open(
        path, access: pathOnlyAccess, share: shareWithoutDelete, follow: options.followSymlinks)
      {
      case .success(let opened): handle = opened
      case .failure(let error): return .failure(error)
      }
      return Self.adopt(handle, path: path, as: .directory) {
        $0 == .symbolicLink ? .tooManySymbolicLinks : .notDirectory
      }
    }

    func setPermissions(descriptor: Int32, mode: UInt32) -> SystemErrno? {
      handles.entry(descriptor) == nil ? .badFileDescriptor : nil
    }

    func setPermissions(pathDescriptor: Int32, mode: UInt32) -> SystemErrno? {
      handles.entry(pathDescriptor) == nil ? .badFileDescriptor : nil
    }

    func openFile(path: String) -> Result<Int32, SystemErrno> {
      switch Self.open(path, access: DWORD(GENERIC_READ), share: shareAll, follow: true) {
      case .success(let handle):
        switch Self.status(handle) {
        case .success(let status) where status.type == .directory:
          CloseHandle(handle)
          return .failure(.isDirectory)
        default:
          return .success(handles.add(handle, path: path))
        }
      case .failure(let error):
        return .failure(error)
      }
    }

    func read(descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Result<
      Int, SystemErrno
    > {
      guard let entry = handles.entry(descriptor) else { return .failure(.badFileDescriptor) }
      var count: DWORD = 0
      let size = DWORD(min(buffer.count, Int(Int32.max)))
      guard ReadFile(entry.handle, buffer.baseAddress, size, &count, nil) else {
        return .failure(Self.lastError)
      }
      return .success(Int(count))
    }

    func close(descriptor: Int32) {
      guard let entry = handles.remove(descriptor) else { return }
      if let lock = entry.lock {
        // `ReleaseMutex` fails on any other thread and the mutex would stay held until the
        // thread that took it ends: `lockExclusively`'s contract is that one synchronous call
        // takes and closes it (the migration does), which this asserts.
        assert(
          lock.thread == GetCurrentThreadId(),
          "a directory lock is closed on the thread that took it (SystemCalls.lockExclusively)")
        ReleaseMutex(lock.mutex)
        CloseHandle(lock.mutex)
      }
      CloseHandle(entry.handle)
    }

    func readLink(path: String) -> Result<String, SystemErrno> {
      // Only the tool's diagnosis reads links, to name a target; Windows keeps it in a reparse
      // buffer that this provider does not decode.
      .failure(SystemErrno(rawValue: EINVAL))
    }

    func accessProblem(directory: Int32, write: Bool) -> SystemErrno? {
      guard let entry = handles.entry(directory) else { return .badFileDescriptor }
      // `_waccess` with W_OK (2): the folder exists and is not read-only; 0: it exists.
      let mode: Int32 = write ? 2 : 0
      return Self.withWidePath(entry.path) { _waccess($0, mode) == 0 } ? nil : Self.lastError
    }

    // MARK: The tree operations
    //
    // What names an entry (listing, links, renames, removals) is `PathTreeCalls`, Foundation's
    // `FileManager` on the paths of the table; what works on an open file is here, on its
    // handle.

    func path(in directory: Int32, name: String) -> String? {
      Self.path(in: directory, name: name)
    }

    package func status(in directory: Int32, entry: FileName, followSymlinks: Bool) -> Result<
      FileStatus, SystemErrno
    > {
      status(in: directory, name: entry.description, followSymlinks: followSymlinks)
    }

    func openDirectory(in directory: Int32, entry: FileName) -> Result<Int32, SystemErrno> {
      openDirectory(
        in: directory, name: entry.description,
        options: DirectoryOpenOptions(followSymlinks: false, pathOnly: false))
    }

    func makeDirectory(in directory: Int32, entry: FileName, mode: UInt32) -> SystemErrno? {
      makeDirectory(in: directory, name: entry.description, mode: mode)
    }

    func openFile(in directory: Int32, entry: FileName) -> Result<Int32, SystemErrno> {
      guard let path = Self.path(in: directory, name: entry.description) else {
        return .failure(.badFileDescriptor)
      }
      // Never through a reparse point: one found there is refused as a link, as O_NOFOLLOW
      // refuses it.
      switch Self.open(path, access: DWORD(GENERIC_READ), share: shareAll, follow: false) {
      case .success(let handle):
        return Self.adopt(handle, path: path, as: .regular) {
          $0 == .directory ? .isDirectory : .tooManySymbolicLinks
        }
      case .failure(let error):
        return .failure(error)
      }
    }

    func createFile(in directory: Int32, entry: FileName, mode: UInt32) -> Result<
      Int32, SystemErrno
    > {
      guard let path = Self.path(in: directory, name: entry.description) else {
        return .failure(.badFileDescriptor)
      }
      // CREATE_NEW fails on anything already there, a reparse point among them (O_EXCL).
      // Shared for deletion, so that the write can rename it over its name while it still holds
      // it open and locked (MoveFileExW needs that of every open handle).
      let handle = Self.withWidePath(path) {
        CreateFileW(
          $0, DWORD(GENERIC_WRITE), shareAll, nil, DWORD(CREATE_NEW),
          DWORD(FILE_ATTRIBUTE_NORMAL), nil)
      }
      guard let handle, handle != INVALID_HANDLE_VALUE else { return .failure(Self.lastError) }
      return .success(handles.add(handle, path: path))
    }

    func transfer(from source: Int32, to target: Int32, count: Int) -> Result<Int, SystemErrno> {
      // No in-kernel copy between two handles: the caller reads and writes.
      .failure(.notImplemented)
    }

    func write(descriptor: Int32, from buffer: UnsafeRawBufferPointer) -> Result<Int, SystemErrno> {
      guard let entry = handles.entry(descriptor) else { return .failure(.badFileDescriptor) }
      var written: DWORD = 0
      let size = DWORD(min(buffer.count, Int(Int32.max)))
      guard WriteFile(entry.handle, buffer.baseAddress, size, &written, nil) else {
        return .failure(Self.lastError)
      }
      return .success(Int(written))
    }

    func synchronize(descriptor: Int32) -> SystemErrno? {
      guard let entry = handles.entry(descriptor) else { return .badFileDescriptor }
      // A directory's handle is opened for its attributes only, which FlushFileBuffers
      // refuses; NTFS journals the directory's changes itself.
      if Self.isDirectory(entry.handle) { return nil }
      if FlushFileBuffers(entry.handle) { return nil }
      return Self.lastError
    }

    func setModificationTime(descriptor: Int32, _ time: FileTime) -> SystemErrno? {
      guard let entry = handles.entry(descriptor) else { return .badFileDescriptor }
      // A directory's handle is opened for its attributes only: its time is set through a
      // second handle on its path, which the first keeps naming it.
      if Self.isDirectory(entry.handle) { return Self.setModificationTime(of: entry.path, time) }
      var written = Self.fileTime(time)
      if SetFileTime(entry.handle, nil, nil, &written) { return nil }
      return Self.lastError
    }

    func setModificationTime(in directory: Int32, entry: FileName, _ time: FileTime)
      -> SystemErrno?
    {
      guard let path = Self.path(in: directory, name: entry.description) else {
        return .badFileDescriptor
      }
      return Self.setModificationTime(of: path, time)
    }

    /// Sets the modification time of what `path` names, a link itself and never what it leads
    /// to.
    private static func setModificationTime(of path: String, _ time: FileTime) -> SystemErrno? {
      switch open(path, access: DWORD(FILE_WRITE_ATTRIBUTES), share: shareAll, follow: false) {
      case .success(let handle):
        defer { CloseHandle(handle) }
        var written = fileTime(time)
        if SetFileTime(handle, nil, nil, &written) { return nil }
        return lastError
      case .failure(let error):
        return error
      }
    }

    func lockExclusively(descriptor: Int32) -> SystemErrno? {
      // Win32 locks byte ranges of files, not directories: the lock is a named mutex of this
      // session, named by the directory's volume and file index (so every path to it takes the
      // same one), waited for, and released when the descriptor is closed. A mutex belongs to
      // the thread that took it, so the descriptor is closed on that thread, which `close`
      // asserts (the migration takes and releases it in one synchronous call). A process that
      // ends holding it abandons it, and the next waiter takes it.
      guard let entry = handles.entry(descriptor) else { return .badFileDescriptor }
      let status: FileStatus
      switch Self.status(entry.handle) {
      case .success(let found): status = found
      case .failure(let error): return error
      }
      let name = "Local\\AppDirectories-lock-\(status.device)-\(status.inode)"
      let mutex = name.withCString(encodedAs: UTF16.self) { CreateMutexW(nil, false, $0) }
      guard let mutex else { return Self.lastError }
      // WAIT_ABANDONED (0x80) is a macro with a cast, which Swift does not import.
      switch WaitForSingleObject(mutex, INFINITE) {
      case WAIT_OBJECT_0, 0x80:
        handles.setLock(mutex, of: descriptor)
        return nil
      default:
        let error = Self.lastError
        CloseHandle(mutex)
        return error
      }
    }

    // MARK: Single-instance locks

    func openLockFile(in directory: Int32, name: String) -> Result<Int32, SystemErrno> {
      guard let path = Self.path(in: directory, name: name) else {
        return .failure(.badFileDescriptor)
      }
      // Made if missing, never through a reparse point: one found there is refused as a link.
      let flags = DWORD(FILE_ATTRIBUTE_NORMAL) | DWORD(FILE_FLAG_OPEN_REPARSE_POINT)
      let handle = Self.withWidePath(path) {
        CreateFileW(
          $0, DWORD(GENERIC_READ) | DWORD(GENERIC_WRITE), shareAll, nil, DWORD(OPEN_ALWAYS), flags,
          nil)
      }
      guard let handle, handle != INVALID_HANDLE_VALUE else { return .failure(Self.lastError) }
      return Self.adopt(handle, path: path, as: .regular) {
        $0 == .symbolicLink ? .tooManySymbolicLinks : .isDirectory
      }
    }

    /// Where the lock's one byte lies: far beyond the holder's process ID at the start of the
    /// file, since a byte-range lock of Windows also stops others reading the bytes it covers.
    private static let lockOffsetHigh: DWORD = 0x4000_0000

    func tryLockExclusively(descriptor: Int32) -> SystemErrno? {
      guard let entry = handles.entry(descriptor) else { return .badFileDescriptor }
      var overlapped = OVERLAPPED()
      overlapped.OffsetHigh = Self.lockOffsetHigh
      let flags = DWORD(LOCKFILE_EXCLUSIVE_LOCK) | DWORD(LOCKFILE_FAIL_IMMEDIATELY)
      if LockFileEx(entry.handle, flags, 0, 1, 0, &overlapped) { return nil }
      let error = GetLastError()
      return error == DWORD(ERROR_LOCK_VIOLATION) ? .wouldBlock : SystemErrno(windowsError: error)
    }

    func replace(in directory: Int32, entry: FileName, withFile temporary: FileName)
      -> SystemErrno?
    {
      guard let target = Self.path(in: directory, name: entry.description),
        let source = Self.path(in: directory, name: temporary.description)
      else { return .badFileDescriptor }
      // Not FileManager's move, which refuses a name that exists: the one Win32 call that
      // replaces it, and returns once the move is on the disk.
      let flags = DWORD(MOVEFILE_REPLACE_EXISTING) | DWORD(MOVEFILE_WRITE_THROUGH)
      let moved = Self.withWidePath(source) { from in
        Self.withWidePath(target) { to in MoveFileExW(from, to, flags) == true }
      }
      return moved ? nil : Self.lastError
    }

    func replaceContents(descriptor: Int32, with bytes: [UInt8]) -> SystemErrno? {
      guard let entry = handles.entry(descriptor) else { return .badFileDescriptor }
      guard SetFilePointerEx(entry.handle, LARGE_INTEGER(), nil, DWORD(FILE_BEGIN)),
        SetEndOfFile(entry.handle)
      else { return Self.lastError }
      var offset = 0
      while offset < bytes.count {
        switch bytes[offset...].withUnsafeBytes({ write(descriptor: descriptor, from: $0) }) {
        case .success(let written): offset += written
        case .failure(let error): return error
        }
      }
      return nil
    }

    // MARK: The pieces

    /// A name below an open directory, as a path; a name below ``currentDirectory``
    /// is a path already.
    private static func path(in directory: Int32, name: String) -> String? {
      if directory == currentDirectory { return name }
      guard let entry = handles.entry(directory) else { return nil }
      return WindowsPath.join(entry.path, [name])
    }

    /// Calls `body` with the path in UTF-16, in the extended form (`\\?\C:\…`,
    /// `\\?\UNC\server\share\…`) when it is too long for `MAX_PATH`.
    private static func withWidePath<Result>(
      _ path: String, _ body: (UnsafePointer<WCHAR>) -> Result
    ) -> Result {
      var path = path
      if path.utf16.count >= Int(MAX_PATH) - 12 && !path.hasPrefix("\\\\?\\") {
        path =
          WindowsPath.isUNC(path) ? "\\\\?\\UNC\\" + path.dropFirst(2) : "\\\\?\\" + path
      }
      return path.withCString(encodedAs: UTF16.self) { body($0) }
    }

    /// `CreateFileW` on an existing file or directory, following a reparse point or not.
    private static func open(_ path: String, access: DWORD, share: DWORD, follow: Bool) -> Result<
      HANDLE, SystemErrno
    > {
      var flags = DWORD(FILE_FLAG_BACKUP_SEMANTICS)
      if !follow { flags |= DWORD(FILE_FLAG_OPEN_REPARSE_POINT) }
      let handle = withWidePath(path) {
        CreateFileW($0, access, share, nil, DWORD(OPEN_EXISTING), flags, nil)
      }
      guard let handle, handle != INVALID_HANDLE_VALUE else { return .failure(lastError) }
      return .success(handle)
    }

    /// What an open handle refers to (`GetFileInformationByHandle`, and its owner).
    private static func status(_ handle: HANDLE) -> Result<FileStatus, SystemErrno> {
      var info = BY_HANDLE_FILE_INFORMATION()
      guard GetFileInformationByHandle(handle, &info) else { return .failure(lastError) }
      let attributes = info.dwFileAttributes
      // A reparse point's tag says whether it leads elsewhere; one that cannot be read counts
      // as a link, which is never followed.
      var reparseTag = FileStatus.FileType.windowsSymbolicLinkTag
      if attributes & DWORD(FILE_ATTRIBUTE_REPARSE_POINT) != 0 {
        var tagInfo = FILE_ATTRIBUTE_TAG_INFO()
        if GetFileInformationByHandleEx(
          handle, FileAttributeTagInfo, &tagInfo, DWORD(MemoryLayout<FILE_ATTRIBUTE_TAG_INFO>.size))
        {
          reparseTag = tagInfo.ReparseTag
        }
      }
      let type = FileStatus.FileType(windowsAttributes: attributes, reparseTag: reparseTag)
      // FILETIME counts 100 ns ticks since 1601-01-01.
      let ticks =
        (UInt64(info.ftLastWriteTime.dwHighDateTime) << 32)
        | UInt64(info.ftLastWriteTime.dwLowDateTime)
      let sinceEpoch = Int64(bitPattern: ticks) - 116_444_736_000_000_000
      var status = FileStatus(
        type: type, permissions: type == .directory ? 0o700 : 0o600,
        owner: isOwnedByProcessUser(handle) ? 0 : UInt32.max)
      status.device = UInt64(info.dwVolumeSerialNumber)
      status.inode = (UInt64(info.nFileIndexHigh) << 32) | UInt64(info.nFileIndexLow)
      status.size = Int64((UInt64(info.nFileSizeHigh) << 32) | UInt64(info.nFileSizeLow))
      // The file's names (BY_HANDLE_FILE_INFORMATION.nNumberOfLinks, fileapi.h): a lock file
      // with another name is refused, and a tree counts such a file once, as on POSIX.
      status.linkCount = UInt64(info.nNumberOfLinks)
      status.modificationSeconds = Int(sinceEpoch / 10_000_000)
      status.modificationNanoseconds = Int(sinceEpoch % 10_000_000) * 100
      status.changeSeconds = status.modificationSeconds
      status.changeNanoseconds = status.modificationNanoseconds
      let accessTicks =
        (UInt64(info.ftLastAccessTime.dwHighDateTime) << 32)
        | UInt64(info.ftLastAccessTime.dwLowDateTime)
      let accessSinceEpoch = Int64(bitPattern: accessTicks) - 116_444_736_000_000_000
      status.accessSeconds = Int(accessSinceEpoch / 10_000_000)
      status.accessNanoseconds = Int(accessSinceEpoch % 10_000_000) * 100
      return .success(status)
    }

    /// Gives out a descriptor for `handle` when what it opened is of `type`; otherwise closes
    /// it and answers `refusal` of what it is.
    private static func adopt(
      _ handle: HANDLE, path: String, as type: FileStatus.FileType,
      else refusal: (FileStatus.FileType) -> SystemErrno
    ) -> Result<Int32, SystemErrno> {
      switch status(handle) {
      case .success(let status) where status.type == type:
        return .success(handles.add(handle, path: path))
      case .success(let status):
        CloseHandle(handle)
        return .failure(refusal(status.type))
      case .failure(let error):
        CloseHandle(handle)
        return .failure(error)
      }
    }

    /// Whether an open handle is a directory's, from its attributes alone: what the copy asks
    /// of every file it flushes and dates, where ``status(_:)`` would also read the owner.
    private static func isDirectory(_ handle: HANDLE) -> Bool {
      var info = BY_HANDLE_FILE_INFORMATION()
      guard GetFileInformationByHandle(handle, &info) else { return false }
      return info.dwFileAttributes & DWORD(FILE_ATTRIBUTE_DIRECTORY) != 0
    }

    /// A time as Win32 keeps it: 100 ns ticks since 1601-01-01.
    private static func fileTime(_ time: FileTime) -> FILETIME {
      let ticks = UInt64(
        bitPattern: Int64(time.seconds) * 10_000_000 + Int64(time.nanoseconds / 100)
          + 116_444_736_000_000_000)
      return FILETIME(
        dwLowDateTime: DWORD(truncatingIfNeeded: ticks),
        dwHighDateTime: DWORD(truncatingIfNeeded: ticks >> 32))
    }

    /// Whether the owner of an open file is the user of the process token, SYSTEM, or the
    /// Administrators group (which owns what an elevated process creates), or the file lies on
    /// a file system without owners.
    private static func isOwnedByProcessUser(_ handle: HANDLE) -> Bool {
      var owner: PSID? = nil
      var descriptor: PSECURITY_DESCRIPTOR? = nil
      let result = GetSecurityInfo(
        handle, SE_FILE_OBJECT, SECURITY_INFORMATION(OWNER_SECURITY_INFORMATION), &owner, nil,
        nil, nil, &descriptor)
      defer { LocalFree(descriptor) }
      guard result == DWORD(ERROR_SUCCESS) else { return false }
      // FAT and exFAT keep no owner, and every file on them is as much this user's as anyone's:
      // a portable application on a USB stick must find its folder there.
      guard let owner else { return true }
      if IsWellKnownSid(owner, WinLocalSystemSid) == true
        || IsWellKnownSid(owner, WinBuiltinAdministratorsSid) == true
      {
        return true
      }
      return processUser.withSID { EqualSid(owner, $0) == true }
    }
  }

  /// The SID of the user the process runs as, read once from its token.
  private let processUser = ProcessUser()

  private final class ProcessUser: Sendable {
    private let buffer: [UInt8]

    init() {
      var token: HANDLE? = nil
      guard OpenProcessToken(GetCurrentProcess(), DWORD(TOKEN_QUERY), &token), let token else {
        buffer = []
        return
      }
      defer { CloseHandle(token) }
      var size: DWORD = 0
      _ = GetTokenInformation(token, TokenUser, nil, 0, &size)
      var bytes = [UInt8](repeating: 0, count: Int(size))
      let read = bytes.withUnsafeMutableBytes {
        GetTokenInformation(token, TokenUser, $0.baseAddress, size, &size) == true
      }
      buffer = read ? bytes : []
    }

    /// Calls `body` with the user's SID; `false` when the token could not be read.
    func withSID(_ body: (PSID) -> Bool) -> Bool {
      guard !buffer.isEmpty else { return false }
      return buffer.withUnsafeBytes { raw in
        guard let sid = raw.loadUnaligned(as: TOKEN_USER.self).User.Sid else { return false }
        return body(sid)
      }
    }
  }

  extension SystemErrno {
    /// `EBADF`: a descriptor this provider did not give out.
    fileprivate static let badDescriptor = SystemErrno(rawValue: EBADF)

    /// The `errno` value that means what a Win32 error code means here.
    fileprivate init(windowsError: DWORD) {
      switch windowsError {
      case DWORD(ERROR_FILE_NOT_FOUND), DWORD(ERROR_PATH_NOT_FOUND), DWORD(ERROR_INVALID_DRIVE),
        DWORD(ERROR_BAD_NETPATH), DWORD(ERROR_BAD_NET_NAME):
        self.init(rawValue: ENOENT)
      case DWORD(ERROR_ACCESS_DENIED), DWORD(ERROR_SHARING_VIOLATION),
        DWORD(ERROR_LOCK_VIOLATION), DWORD(ERROR_NETWORK_ACCESS_DENIED):
        self.init(rawValue: EACCES)
      case DWORD(ERROR_ALREADY_EXISTS), DWORD(ERROR_FILE_EXISTS):
        self.init(rawValue: EEXIST)
      case DWORD(ERROR_FILENAME_EXCED_RANGE):
        self.init(rawValue: ENAMETOOLONG)
      case DWORD(ERROR_DIRECTORY):
        self.init(rawValue: ENOTDIR)
      case DWORD(ERROR_WRITE_PROTECT):
        self.init(rawValue: EROFS)
      case DWORD(ERROR_DISK_FULL), DWORD(ERROR_HANDLE_DISK_FULL):
        self.init(rawValue: ENOSPC)
      case DWORD(ERROR_CANT_RESOLVE_FILENAME):
        self.init(rawValue: ELOOP)
      case DWORD(ERROR_TOO_MANY_OPEN_FILES):
        self.init(rawValue: EMFILE)
      case DWORD(ERROR_NOT_ENOUGH_MEMORY), DWORD(ERROR_OUTOFMEMORY):
        self.init(rawValue: ENOMEM)
      case DWORD(ERROR_INVALID_NAME), DWORD(ERROR_BAD_PATHNAME):
        self.init(rawValue: EINVAL)
      default:
        self.init(rawValue: EIO)
      }
    }
  }
#endif
