// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

/// One inode: the device and the inode number, which a tree's size counts once.
struct FileIdentity: Sendable, Hashable {
  let device: UInt64
  let inode: UInt64

  init(_ status: FileStatus) {
    device = status.device
    inode = status.inode
  }
}

/// Whole trees, walked through descriptors: below the top directory nothing is reached by a
/// path, and no symbolic link is followed. The pieces of moving an application's files.
struct FileTree: Sendable {
  let syscalls: any SystemCalls

  /// A call that failed on one file of a tree.
  struct Failure: Error, Sendable, Hashable {
    let path: String
    let errno: SystemErrno
  }

  /// The entries of a directory with their types, asking `fstatat` where the listing does not
  /// tell.
  private func entries(of directory: Int32, at path: String) throws(Failure) -> [(
    name: FileName, type: FileStatus.FileType
  )] {
    let listed: [DirectoryEntry]
    switch syscalls.listDirectory(descriptor: directory) {
    case .success(let found): listed = found
    case .failure(let error): throw Failure(path: path, errno: error)
    }
    var typed: [(name: FileName, type: FileStatus.FileType)] = []
    typed.reserveCapacity(listed.count)
    for entry in listed {
      if let type = entry.type {
        typed.append((entry.name, type))
        continue
      }
      switch syscalls.status(in: directory, entry: entry.name, followSymlinks: false) {
      case .success(let status): typed.append((entry.name, status.type))
      case .failure(let error):
        throw Failure(path: join(path, entry.name), errno: error)
      }
    }
    return typed
  }

  /// `path/name`, for messages.
  func join(_ path: String, _ name: FileName) -> String {
    POSIXPath.join(path, name.description)
  }

  /// Runs `body` with a subdirectory opened, closing it afterwards.
  private func withDirectory<Result>(
    _ name: FileName, in directory: Int32, at path: String,
    _ body: (Int32) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    let descriptor: Int32
    switch syscalls.openDirectory(in: directory, entry: name) {
    case .success(let opened): descriptor = opened
    case .failure(let error): throw Failure(path: join(path, name), errno: error)
    }
    defer { syscalls.close(descriptor: descriptor) }
    return try body(descriptor)
  }

  // MARK: What cannot be copied

  /// The FIFOs, sockets and devices in the tree below `directory`, by path; a directory
  /// deeper than ``maximumCopyDepth`` or another file system mounted inside stops the scan with
  /// its failure, since neither can be moved whole.
  func specialFiles(in directory: Int32, at path: String) throws(Failure) -> [String] {
    var found: [String] = []
    let failures = walk(directory, at: path) { _, name, type, folder, depth in
      if type == .other { found.append(join(folder, name)) }
      if type == .directory && depth >= Self.maximumCopyDepth {
        return .stop(Failure(path: join(folder, name), errno: .nameTooLong))
      }
      return type == .directory ? .descend : .next
    }
    if let first = failures.first { throw first }
    return found
  }

  // MARK: Copying

  /// Copies everything in `source` into the empty directory `target`: regular files written
  /// and `fsync`ed, symbolic links copied as links (never followed), modes and modification
  /// times kept, each directory `fsync`ed once its entries are in. The mode and time of
  /// `target` itself are the caller's. Anything else (a FIFO, a socket, a device) stops the
  /// copy with `EINVAL` on its path, what was copied so far staying in `target`.
  func copyContents(
    of source: Int32, at sourcePath: String, into target: Int32, at targetPath: String,
    depth: Int = 0
  ) throws(Failure) {
    guard depth < Self.maximumCopyDepth else {
      throw Failure(path: sourcePath, errno: .nameTooLong)
    }
    for (name, type) in try entries(of: source, at: sourcePath) {
      let from = join(sourcePath, name)
      let to = join(targetPath, name)
      switch type {
      case .regular: try copyFile(name, from: source, at: from, into: target, at: to)
      case .symbolicLink: try copyLink(name, from: source, at: from, into: target, at: to)
      case .directory:
        if let error = syscalls.makeDirectory(in: target, entry: name, mode: 0o700) {
          throw Failure(path: to, errno: error)
        }
        try withDirectory(name, in: source, at: sourcePath) { (child) throws(Failure) in
          try withDirectory(name, in: target, at: targetPath) { (copy) throws(Failure) in
            let status = try status(of: child, at: from)
            guard status.type == .directory else {
              throw Failure(path: from, errno: .notDirectory)
            }
            try copyContents(of: child, at: from, into: copy, at: to, depth: depth + 1)
            try finish(copy, at: to, like: status)
          }
        }
      case .other:
        throw Failure(path: from, errno: .invalidArgument)
      }
    }
  }

  /// Gives a copied file or directory the mode and modification time of its original, then
  /// `fsync`s it.
  func finish(_ descriptor: Int32, at path: String, like original: FileStatus) throws(Failure) {
    if let error = syscalls.setPermissions(descriptor: descriptor, mode: original.permissions) {
      throw Failure(path: path, errno: error)
    }
    if let error = syscalls.setModificationTime(descriptor: descriptor, original.modificationTime) {
      throw Failure(path: path, errno: error)
    }
    if let error = syscalls.synchronize(descriptor: descriptor) {
      throw Failure(path: path, errno: error)
    }
  }

  func status(of descriptor: Int32, at path: String) throws(Failure) -> FileStatus {
    switch syscalls.status(descriptor: descriptor) {
    case .success(let status): return status
    case .failure(let error): throw Failure(path: path, errno: error)
    }
  }

  private func copyFile(
    _ name: FileName, from source: Int32, at from: String, into target: Int32, at to: String
  ) throws(Failure) {
    let input: Int32
    switch syscalls.openFile(in: source, entry: name) {
    case .success(let opened): input = opened
    case .failure(let error): throw Failure(path: from, errno: error)
    }
    defer { syscalls.close(descriptor: input) }
    // What was opened is checked, not what the listing said: a FIFO or device put in its
    // place is refused, never copied.
    let status = try status(of: input, at: from)
    guard status.type == .regular else { throw Failure(path: from, errno: .invalidArgument) }
    let output: Int32
    switch syscalls.createFile(in: target, entry: name, mode: 0o600) {
    case .success(let created): output = created
    case .failure(let error): throw Failure(path: to, errno: error)
    }
    defer { syscalls.close(descriptor: output) }
    if let error = syscalls.copyContents(from: input, to: output) {
      throw Failure(path: error == .ioError ? from : to, errno: error)
    }
    try finish(output, at: to, like: status)
  }

  private func copyLink(
    _ name: FileName, from source: Int32, at from: String, into target: Int32, at to: String
  ) throws(Failure) {
    let destination: [UInt8]
    switch syscalls.readLink(in: source, entry: name) {
    case .success(let read): destination = read
    case .failure(let error): throw Failure(path: from, errno: error)
    }
    if let error = syscalls.makeSymbolicLink(in: target, entry: name, target: destination) {
      throw Failure(path: to, errno: error)
    }
    if case .success(let status) = syscalls.status(
      in: source, entry: name, followSymlinks: false),
      let error = syscalls.setModificationTime(in: target, entry: name, status.modificationTime)
    {
      throw Failure(path: to, errno: error)
    }
  }

  // MARK: Removing

  /// Removes `name` in `directory` and, when it is a directory, everything in it, without
  /// following any symbolic link (a link is removed as a link) and without leaving the file
  /// system. Goes on past a file it cannot remove and returns each failure.
  func remove(_ name: FileName, in directory: Int32, at path: String) -> [Failure] {
    let full = join(path, name)
    let status: FileStatus
    switch syscalls.status(in: directory, entry: name, followSymlinks: false) {
    case .success(let found): status = found
    case .failure(let error) where error == .noSuchFileOrDirectory: return []
    case .failure(let error): return [Failure(path: full, errno: error)]
    }
    guard status.type == .directory else {
      return syscalls.remove(in: directory, entry: name, isDirectory: false).map {
        [Failure(path: full, errno: $0)]
      } ?? []
    }
    let child: Int32
    switch syscalls.openDirectory(in: directory, entry: name) {
    case .success(let opened): child = opened
    case .failure(let error): return [Failure(path: full, errno: error)]
    }
    let failures = removeContents(of: child, at: full)
    syscalls.close(descriptor: child)
    guard failures.isEmpty else { return failures }
    if let error = syscalls.remove(in: directory, entry: name, isDirectory: true) {
      return [Failure(path: full, errno: error)]
    }
    return []
  }

  /// Removes everything in an open directory, keeping the directory itself and the entries
  /// named in `keeping`. A directory on another file system (a mount point inside) is left
  /// alone and reported with `EXDEV`, like `rm --one-file-system`.
  func removeContents(of directory: Int32, at path: String, keeping: Set<FileName> = [])
    -> [Failure]
  {
    walk(directory, at: path, skipping: keeping) { parent, name, type, folder, _ in
      if type == .directory { return .descend }
      if let error = syscalls.remove(in: parent, entry: name, isDirectory: false),
        error != .noSuchFileOrDirectory
      {
        return .failed(Failure(path: join(folder, name), errno: error))
      }
      return .next
    } leave: { parent, name, entryPath in
      guard let error = syscalls.remove(in: parent, entry: name, isDirectory: true),
        error != .noSuchFileOrDirectory
      else { return nil }
      return Failure(path: entryPath, errno: error)
    }
  }

  // MARK: Walking

  /// The deepest a tree may be to be copied or compared (which recurse, a level at a time):
  /// far beyond any application's files, far below what a thread's stack holds.
  static let maximumCopyDepth = 256

  /// The most directories a walk keeps open at once; above them it reopens a directory
  /// through `..` of its child when it comes back up, checking that it is the same one.
  static let maximumOpenDirectories = 32

  /// What a walk does after visiting an entry.
  enum Step {
    /// Goes on with the next entry.
    case next
    /// Opens the directory and visits what it holds.
    case descend
    /// Records a failure for this entry and goes on.
    case failed(Failure)
    /// Records a failure and stops the walk.
    case stop(Failure)
  }

  /// Visits every entry below an open directory, depth first, without recursion and with at
  /// most ``maximumOpenDirectories`` directories open, never following a symbolic link and
  /// never entering another file system (reported with `EXDEV`). `visit` gets the open parent,
  /// the entry's name and type, the parent's path (joined with the name only when a message
  /// needs it: a path built for every entry is a visible share of the walk) and the depth (1
  /// for the directory's own entries); `leave` gets a
  /// directory's parent, name and path once all its entries went well, and answers with its
  /// own failure, if any. A directory with a failure below it (one that cannot be opened or
  /// listed, say) is not left, and neither is anything above it.
  func walk(
    _ directory: Int32, at path: String, skipping: Set<FileName> = [],
    visit: (Int32, FileName, FileStatus.FileType, String, Int) -> Step,
    leave: (Int32, FileName, String) -> Failure? = { _, _, _ in nil }
  ) -> [Failure] {
    struct Frame {
      var descriptor: Int32?
      let identity: FileIdentity
      let name: FileName
      let path: String
      var pending: [(name: FileName, type: FileStatus.FileType)]
      var complete = true
    }
    let top: FileStatus
    do throws(Failure) { top = try status(of: directory, at: path) } catch { return [error] }
    var failures: [Failure] = []
    var stack: [Frame] = []
    do throws(Failure) {
      var listed = try entries(of: directory, at: path)
      if !skipping.isEmpty { listed.removeAll { skipping.contains($0.name) } }
      stack.append(
        Frame(
          descriptor: directory, identity: FileIdentity(top), name: FileName("."), path: path,
          pending: listed.reversed()))
    } catch {
      return [error]
    }
    defer {
      for frame in stack.dropFirst() {
        if let descriptor = frame.descriptor { syscalls.close(descriptor: descriptor) }
      }
    }
    while !stack.isEmpty {
      let index = stack.count - 1
      guard let (name, type) = stack[index].pending.popLast() else {
        // A directory done: closed, and left in its parent, which is reopened through `..`
        // when it was closed to keep the count of open directories down.
        let done = stack.removeLast()
        guard let parentIndex = stack.indices.last, let descriptor = done.descriptor else {
          break
        }
        let parent: Int32
        if let open = stack[parentIndex].descriptor {
          parent = open
        } else {
          switch syscalls.openDirectory(in: descriptor, entry: FileName("..")) {
          case .success(let reopened):
            if case .success(let status) = syscalls.status(descriptor: reopened),
              FileIdentity(status) == stack[parentIndex].identity
            {
              stack[parentIndex].descriptor = reopened
              parent = reopened
            } else {
              // The tree was moved meanwhile: nothing more is done above this point.
              syscalls.close(descriptor: reopened)
              syscalls.close(descriptor: descriptor)
              failures.append(Failure(path: stack[parentIndex].path, errno: .noSuchFileOrDirectory))
              return failures
            }
          case .failure(let error):
            syscalls.close(descriptor: descriptor)
            failures.append(Failure(path: stack[parentIndex].path, errno: error))
            return failures
          }
        }
        syscalls.close(descriptor: descriptor)
        if !done.complete {
          stack[parentIndex].complete = false
        } else if let failure = leave(parent, done.name, done.path) {
          failures.append(failure)
          stack[parentIndex].complete = false
        }
        continue
      }
      // The deepest directory is always open: only those above it are closed.
      guard let parent = stack[index].descriptor else {
        failures.append(Failure(path: stack[index].path, errno: .badFileDescriptor))
        return failures
      }
      switch visit(parent, name, type, stack[index].path, index + 1) {
      case .next: continue
      case .failed(let failure):
        failures.append(failure)
        stack[index].complete = false
        continue
      case .stop(let failure):
        failures.append(failure)
        return failures
      case .descend: break
      }
      let entryPath = join(stack[index].path, name)
      let child: Int32
      switch syscalls.openDirectory(in: parent, entry: name) {
      case .success(let opened): child = opened
      case .failure(let error) where error == .noSuchFileOrDirectory: continue
      case .failure(let error):
        failures.append(Failure(path: entryPath, errno: error))
        stack[index].complete = false
        continue
      }
      let listed: [(name: FileName, type: FileStatus.FileType)]
      let identity: FileIdentity
      do throws(Failure) {
        let status = try status(of: child, at: entryPath)
        guard status.device == top.device else {
          throw Failure(path: entryPath, errno: .crossDevice)
        }
        identity = FileIdentity(status)
        listed = try entries(of: child, at: entryPath)
      } catch {
        syscalls.close(descriptor: child)
        failures.append(error)
        stack[index].complete = false
        continue
      }
      stack.append(
        Frame(
          descriptor: child, identity: identity, name: name, path: entryPath,
          pending: listed.reversed()))
      // The first frame's descriptor is the caller's, and stays open.
      let oldest = stack.count - 1 - Self.maximumOpenDirectories
      if oldest > 0, let descriptor = stack[oldest].descriptor {
        syscalls.close(descriptor: descriptor)
        stack[oldest].descriptor = nil
      }
    }
    return failures
  }

  // MARK: Measuring

  /// The bytes of the tree below an open directory as `du -sb` counts them: the apparent size
  /// (`st_size`) of every entry below it, each inode once (a file with several hard links
  /// counts once), no symbolic link followed and no other file system entered. What cannot be
  /// read is left out, and reported.
  func size(of directory: Int32, at path: String, failures: inout [Failure]) -> Int64 {
    var total: Int64 = 0
    var identities = Set<FileIdentity>()
    failures += walk(directory, at: path) { parent, name, _, folder, _ in
      let status: FileStatus
      switch syscalls.status(in: parent, entry: name, followSymlinks: false) {
      case .success(let found): status = found
      case .failure(let error) where error == .noSuchFileOrDirectory: return .next
      case .failure(let error): return .failed(Failure(path: join(folder, name), errno: error))
      }
      if status.linkCount > 1 && status.type != .directory {
        guard identities.insert(FileIdentity(status)).inserted else { return .next }
      }
      total += status.size
      return status.type == .directory ? .descend : .next
    }
    return total
  }

  // MARK: Comparing

  /// Whether two directories hold the same tree: the same names, types and permission bits,
  /// the same bytes in each regular file, the same target in each symbolic link. Times are not
  /// compared. Anything that cannot be read counts as a difference.
  func sameContents(_ first: Int32, _ second: Int32, depth: Int = 0) -> Bool {
    guard depth < Self.maximumCopyDepth,
      case .success(let firstEntries) = syscalls.listDirectory(descriptor: first),
      case .success(let secondEntries) = syscalls.listDirectory(descriptor: second)
    else { return false }
    let names = firstEntries.map(\.name).sorted()
    guard names == secondEntries.map(\.name).sorted() else { return false }
    for name in names {
      guard
        case .success(let one) = syscalls.status(in: first, entry: name, followSymlinks: false),
        case .success(let other) = syscalls.status(in: second, entry: name, followSymlinks: false),
        one.type == other.type, one.permissions == other.permissions
      else { return false }
      switch one.type {
      case .regular:
        guard one.size == other.size, sameBytes(name, in: first, second) else {
          return false
        }
      case .symbolicLink:
        guard case .success(let target) = syscalls.readLink(in: first, entry: name),
          case .success(let otherTarget) = syscalls.readLink(in: second, entry: name),
          target == otherTarget
        else { return false }
      case .directory:
        guard sameContents(name, in: first, name, in: second, depth: depth + 1) else {
          return false
        }
      case .other:
        return false
      }
    }
    return true
  }

  /// ``sameContents(_:_:depth:)`` of two directories below open ones, each named there.
  func sameContents(
    _ name: FileName, in parent: Int32, _ otherName: FileName, in otherParent: Int32,
    depth: Int = 0
  ) -> Bool {
    guard case .success(let first) = syscalls.openDirectory(in: parent, entry: name) else {
      return false
    }
    defer { syscalls.close(descriptor: first) }
    guard case .success(let second) = syscalls.openDirectory(in: otherParent, entry: otherName)
    else { return false }
    defer { syscalls.close(descriptor: second) }
    return sameContents(first, second, depth: depth)
  }

  /// Whether the files named `name` in two directories hold the same bytes.
  private func sameBytes(_ name: FileName, in first: Int32, _ second: Int32) -> Bool {
    guard case .success(let one) = syscalls.openFile(in: first, entry: name) else { return false }
    defer { syscalls.close(descriptor: one) }
    guard case .success(let other) = syscalls.openFile(in: second, entry: name) else {
      return false
    }
    defer { syscalls.close(descriptor: other) }
    var left = [UInt8](repeating: 0, count: 64 * 1024)
    var right = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
      guard
        case .success(let count) = left.withUnsafeMutableBytes({
          syscalls.read(descriptor: one, into: $0)
        })
      else { return false }
      // Read the other file to the same length, however short its reads are.
      var filled = 0
      while filled < count {
        let result = right.withUnsafeMutableBytes { buffer in
          syscalls.read(
            descriptor: other, into: UnsafeMutableRawBufferPointer(rebasing: buffer[filled..<count])
          )
        }
        guard case .success(let read) = result, read > 0 else { return false }
        filled += read
      }
      if count == 0 {
        // Both must end here.
        guard
          case .success(0) = right.withUnsafeMutableBytes({
            syscalls.read(descriptor: other, into: $0)
          })
        else { return false }
        return true
      }
      if left[0..<count] != right[0..<count] { return false }
    }
  }
}
