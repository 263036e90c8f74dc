// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

package import AppDirectoriesCore

/// Whole trees, walked through descriptors: below the top directory nothing is reached by a
/// path, and no symbolic link is followed. The pieces of moving an application's files.
package struct FileTree: Sendable {
  let syscalls: any SystemCalls

  package init(syscalls: any SystemCalls) { self.syscalls = syscalls }

  /// A call that failed on one file of a tree.
  package struct Failure: Error, Sendable, Hashable {
    package let path: String
    package let errno: SystemErrno

    package init(path: String, errno: SystemErrno) {
      self.path = path
      self.errno = errno
    }
  }

  /// The entries of a directory with their types, asking `fstatat` where the listing does not
  /// tell.
  private func entries(of directory: Int32, at path: @autoclosure () -> String) throws(Failure)
    -> [(
      name: FileName, type: FileStatus.FileType
    )]
  {
    switch listing(of: directory) {
    case .success(let found): return found
    case .failure(let failure):
      throw Failure(path: failure.name.map { join(path(), $0) } ?? path(), errno: failure.errno)
    }
  }

  /// Why a listing failed: the system's error, and the entry it was about (`nil` for the
  /// directory itself).
  private struct ListingFailure: Error {
    let name: FileName?
    let errno: SystemErrno
  }

  /// ``entries(of:at:)`` without a path: the failure names the entry, for a caller that makes
  /// the directory's path only when it must.
  private func listing(of directory: Int32) -> Result<
    [(name: FileName, type: FileStatus.FileType)], ListingFailure
  > {
    let listed: [DirectoryEntry]
    switch syscalls.listDirectory(descriptor: directory) {
    case .success(let found): listed = found
    case .failure(let error): return .failure(ListingFailure(name: nil, errno: error))
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
      case .failure(let error): return .failure(ListingFailure(name: entry.name, errno: error))
      }
    }
    return .success(typed)
  }

  /// `path/name`, for messages.
  package func join(_ path: String, _ name: FileName) -> String {
    POSIXPath.join(path, name.description)
  }

  // MARK: What cannot be copied

  /// The FIFOs, sockets and devices in the tree below `directory`, by path; another file
  /// system mounted inside stops the scan with its failure (`EXDEV`), since it cannot be moved
  /// whole.
  package func specialFiles(in directory: Int32, at path: String) throws(Failure) -> [String] {
    var found: [String] = []
    let failures = walk(directory, at: path) { _, name, type, folder, _ in
      if type == .other { found.append(folder.path(of: name)) }
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
  ///
  /// Like ``walk(_:at:skipping:visit:leave:)`` it goes down without recursion, relative to
  /// open descriptors, with at most ``maximumOpenDirectories`` pairs of directories open
  /// (reopened through `..` and checked on the way back up), and a name and two identities
  /// kept per level: a tree of any depth is copied, `PATH_MAX` is no limit.
  package func copyContents(
    of source: Int32, at sourcePath: String, into target: Int32, at targetPath: String
  ) throws(Failure) {
    struct Frame {
      var source: Int32?
      var target: Int32?
      let sourceIdentity: FileIdentity
      let targetIdentity: FileIdentity
      /// The original directory's status, which its copy is given when done.
      let original: FileStatus
      var pending: [(name: FileName, type: FileStatus.FileType)]
    }
    var names: [FileName] = []
    // The paths, for messages only: made when a call fails, never for every entry.
    func paths(_ name: FileName? = nil) -> (from: String, to: String) {
      let relative = (names + (name.map { [$0] } ?? [])).map(\.description)
      return (
        relative.isEmpty ? sourcePath : ([sourcePath] + relative).joined(separator: "/"),
        relative.isEmpty ? targetPath : ([targetPath] + relative).joined(separator: "/")
      )
    }
    var stack = [
      Frame(
        source: source, target: target,
        sourceIdentity: FileIdentity(try status(of: source, at: sourcePath)),
        targetIdentity: FileIdentity(try status(of: target, at: targetPath)),
        original: try status(of: source, at: sourcePath),
        pending: try entries(of: source, at: sourcePath).reversed())
    ]
    defer {
      for frame in stack.dropFirst() {
        if let open = frame.source { syscalls.close(descriptor: open) }
        if let open = frame.target { syscalls.close(descriptor: open) }
      }
    }
    while let index = stack.indices.last {
      guard let (name, type) = stack[index].pending.popLast() else {
        guard index > 0 else { break }
        // A directory copied: its copy gets the original's mode and time and is synced, both
        // are closed, and the parents are reopened through `..` if they were closed.
        let done = stack.removeLast()
        guard let doneSource = done.source, let doneTarget = done.target else {
          throw Failure(path: paths().from, errno: .badFileDescriptor)
        }
        defer {
          syscalls.close(descriptor: doneSource)
          syscalls.close(descriptor: doneTarget)
        }
        try finish(doneTarget, at: paths().to, like: done.original)
        names.removeLast()
        let parent = index - 1
        if stack[parent].source == nil {
          stack[parent].source = try reopenParent(
            of: doneSource, expecting: stack[parent].sourceIdentity, at: paths().from)
        }
        if stack[parent].target == nil {
          stack[parent].target = try reopenParent(
            of: doneTarget, expecting: stack[parent].targetIdentity, at: paths().to)
        }
        continue
      }
      guard let from = stack[index].source, let into = stack[index].target else {
        throw Failure(path: paths().from, errno: .badFileDescriptor)
      }
      switch type {
      case .regular:
        try copyFile(name, from: from, at: paths(name).from, into: into, at: paths(name).to)
      case .symbolicLink:
        try copyLink(name, from: from, at: paths(name).from, into: into, at: paths(name).to)
      case .other:
        throw Failure(path: paths(name).from, errno: .invalidArgument)
      case .directory:
        if let error = syscalls.makeDirectory(in: into, entry: name, mode: 0o700) {
          throw Failure(path: paths(name).to, errno: error)
        }
        let child: Int32
        switch syscalls.openDirectory(in: from, entry: name) {
        case .success(let opened): child = opened
        case .failure(let error): throw Failure(path: paths(name).from, errno: error)
        }
        let copy: Int32
        switch syscalls.openDirectory(in: into, entry: name) {
        case .success(let opened): copy = opened
        case .failure(let error):
          syscalls.close(descriptor: child)
          throw Failure(path: paths(name).to, errno: error)
        }
        let frame: Frame
        do throws(Failure) {
          let original = try status(of: child, at: paths(name).from)
          guard original.type == .directory else {
            throw Failure(path: paths(name).from, errno: .notDirectory)
          }
          frame = Frame(
            source: child, target: copy, sourceIdentity: FileIdentity(original),
            targetIdentity: FileIdentity(try status(of: copy, at: paths(name).to)),
            original: original, pending: try entries(of: child, at: paths(name).from).reversed())
        } catch {
          syscalls.close(descriptor: child)
          syscalls.close(descriptor: copy)
          throw error
        }
        names.append(name)
        stack.append(frame)
        // The first frame's descriptors are the caller's, and stay open.
        let oldest = stack.count - 1 - Self.maximumOpenDirectories
        if oldest > 0 {
          if let open = stack[oldest].source { syscalls.close(descriptor: open) }
          if let open = stack[oldest].target { syscalls.close(descriptor: open) }
          stack[oldest].source = nil
          stack[oldest].target = nil
        }
      }
    }
  }

  /// The directory above an open one, through its `..`, which must be the one the walk came
  /// down from: a tree moved meanwhile stops the copy.
  private func reopenParent(
    of child: Int32, expecting identity: FileIdentity, at path: @autoclosure () -> String
  ) throws(Failure) -> Int32 {
    let parent: Int32
    switch syscalls.openDirectory(in: child, entry: FileName("..")) {
    case .success(let opened): parent = opened
    case .failure(let error): throw Failure(path: path(), errno: error)
    }
    guard case .success(let status) = syscalls.status(descriptor: parent),
      FileIdentity(status) == identity
    else {
      syscalls.close(descriptor: parent)
      throw Failure(path: path(), errno: .noSuchFileOrDirectory)
    }
    return parent
  }

  /// Gives a copied file or directory the mode and modification time of its original, then
  /// `fsync`s it.
  package func finish(
    _ descriptor: Int32, at path: @autoclosure () -> String, like original: FileStatus
  ) throws(Failure) {
    if let error = syscalls.setPermissions(descriptor: descriptor, mode: original.permissions) {
      throw Failure(path: path(), errno: error)
    }
    if let error = syscalls.setModificationTime(descriptor: descriptor, original.modificationTime) {
      throw Failure(path: path(), errno: error)
    }
    if let error = syscalls.synchronize(descriptor: descriptor) {
      throw Failure(path: path(), errno: error)
    }
  }

  package func status(of descriptor: Int32, at path: @autoclosure () -> String) throws(Failure)
    -> FileStatus
  {
    switch syscalls.status(descriptor: descriptor) {
    case .success(let status): return status
    case .failure(let error): throw Failure(path: path(), errno: error)
    }
  }

  private func copyFile(
    _ name: FileName, from source: Int32, at from: @autoclosure () -> String, into target: Int32,
    at to: @autoclosure () -> String
  ) throws(Failure) {
    let input: Int32
    switch syscalls.openFile(in: source, entry: name) {
    case .success(let opened): input = opened
    case .failure(let error): throw Failure(path: from(), errno: error)
    }
    defer { syscalls.close(descriptor: input) }
    // What was opened is checked, not what the listing said: a FIFO or device put in its
    // place is refused, never copied.
    let status = try status(of: input, at: from())
    guard status.type == .regular else { throw Failure(path: from(), errno: .invalidArgument) }
    let output: Int32
    switch syscalls.createFile(in: target, entry: name, mode: 0o600) {
    case .success(let created): output = created
    case .failure(let error): throw Failure(path: to(), errno: error)
    }
    defer { syscalls.close(descriptor: output) }
    if let error = syscalls.copyContents(from: input, to: output) {
      throw Failure(path: error == .ioError ? from() : to(), errno: error)
    }
    try finish(output, at: to(), like: status)
  }

  private func copyLink(
    _ name: FileName, from source: Int32, at from: @autoclosure () -> String, into target: Int32,
    at to: @autoclosure () -> String
  ) throws(Failure) {
    let destination: [UInt8]
    switch syscalls.readLink(in: source, entry: name) {
    case .success(let read): destination = read
    case .failure(let error): throw Failure(path: from(), errno: error)
    }
    if let error = syscalls.makeSymbolicLink(in: target, entry: name, target: destination) {
      throw Failure(path: to(), errno: error)
    }
    if case .success(let status) = syscalls.status(
      in: source, entry: name, followSymlinks: false),
      let error = syscalls.setModificationTime(in: target, entry: name, status.modificationTime)
    {
      throw Failure(path: to(), errno: error)
    }
  }

  // MARK: Removing

  /// Removes `name` in `directory` and, when it is a directory, everything in it, without
  /// following any symbolic link (a link is removed as a link) and without leaving the file
  /// system. Goes on past a file it cannot remove and returns each failure.
  package func remove(_ name: FileName, in directory: Int32, at path: String) -> [Failure] {
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
  package func removeContents(of directory: Int32, at path: String, keeping: Set<FileName> = [])
    -> [Failure]
  {
    walk(directory, at: path, skipping: keeping) { parent, name, type, folder, _ in
      if type == .directory { return .descend }
      if let error = syscalls.remove(in: parent, entry: name, isDirectory: false),
        error != .noSuchFileOrDirectory
      {
        return .failed(Failure(path: folder.path(of: name), errno: error))
      }
      return .next
    } leave: { parent, name, left in
      guard let error = syscalls.remove(in: parent, entry: name, isDirectory: true),
        error != .noSuchFileOrDirectory
      else { return nil }
      return Failure(path: left.path, errno: error)
    }
  }

  // MARK: Walking

  /// The deepest a tree may be to be compared (``sameContents(_:_:depth:)``, which recurses a
  /// level at a time, only to recognize the copy of an interrupted migration): far beyond any
  /// application's files, far below what a thread's stack holds. A deeper tree counts as
  /// different, so the migration reports a conflict and changes nothing.
  static let maximumCompareDepth = 256

  /// The most directories a walk keeps open at once; above them it reopens a directory
  /// through `..` of its child when it comes back up, checking that it is the same one.
  static let maximumOpenDirectories = 32

  /// What a walk does after visiting an entry.
  package enum Step {
    /// Goes on with the next entry.
    case next
    /// Opens the directory and visits what it holds.
    case descend
    /// Records a failure for this entry and goes on.
    case failed(Failure)
  }

  /// Where a walk is: the directory whose entries are being visited, as the names that lead
  /// to it from the walk's top and the identities of the directories on the way. Its path is
  /// made only when asked (for a message): a path kept for every level would make a walk's
  /// memory grow with the square of the tree's depth.
  package struct Folder {
    /// The top directory's path, as given to the walk.
    let top: String
    /// The names from the top to this directory (none for the top).
    package let names: ArraySlice<FileName>
    /// The identities of the top, each directory on the way, and this one, last.
    package let identities: ArraySlice<FileIdentity>

    /// This directory's identity.
    package var identity: FileIdentity { identities[identities.endIndex - 1] }

    /// The identity of the directory that holds this one; `nil` for the top.
    package var parentIdentity: FileIdentity? {
      identities.count > 1 ? identities[identities.endIndex - 2] : nil
    }

    /// The path, for messages.
    package var path: String {
      names.isEmpty
        ? top : ([top == "/" ? "" : top] + names.map(\.description)).joined(separator: "/")
    }

    /// The path of an entry in this directory, for messages.
    package func path(of name: FileName) -> String {
      POSIXPath.join(path, name.description)
    }
  }

  /// Visits every entry below an open directory, depth first, without recursion and with at
  /// most ``maximumOpenDirectories`` directories open, never following a symbolic link and
  /// never entering another file system or a mount point of its own (a bind mount, which the
  /// mount table tells: ``MountTable``), either reported with `EXDEV`. Memory grows with the depth
  /// by a name and an identity per level. `visit` gets the open parent, the entry's name and
  /// type, where the walk is (``Folder``, whose path is made only when asked) and the depth (1
  /// for the directory's own entries); `leave` gets a directory's parent, name and the
  /// directory itself as a ``Folder`` once all its entries went well, and answers with its own
  /// failure, if any. A directory with a failure below it (one that cannot be opened or
  /// listed, say) is not left, and neither is anything above it. A ``Folder`` is valid during
  /// the call it is given to; keep its path or identity, not the value.
  package func walk(
    _ directory: Int32, at path: String, skipping: Set<FileName> = [],
    visit: (Int32, FileName, FileStatus.FileType, Folder, Int) -> Step,
    leave: (Int32, FileName, Folder) -> Failure? = { _, _, _ in nil }
  ) -> [Failure] {
    struct Frame {
      var descriptor: Int32?
      var pending: [(name: FileName, type: FileStatus.FileType)]
      var complete = true
    }
    let top: FileStatus
    do throws(Failure) { top = try status(of: directory, at: path) } catch { return [error] }
    // The folders of this file system that are mount points all the same: bind mounts.
    let mountRoots = syscalls.mountRoots(onDevice: top.device)
    var failures: [Failure] = []
    var stack: [Frame] = []
    // The trail from the top: the names of the directories entered, and the identities of the
    // top and of each of them (one more than the names).
    var names: [FileName] = []
    var identities: [FileIdentity] = [FileIdentity(top)]
    func folder(_ depth: Int) -> Folder {
      Folder(top: path, names: names[..<depth], identities: identities[...depth])
    }
    do throws(Failure) {
      var listed = try entries(of: directory, at: path)
      if !skipping.isEmpty { listed.removeAll { skipping.contains($0.name) } }
      stack.append(Frame(descriptor: directory, pending: listed.reversed()))
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
              FileIdentity(status) == identities[parentIndex]
            {
              stack[parentIndex].descriptor = reopened
              parent = reopened
            } else {
              // The tree was moved meanwhile: nothing more is done above this point.
              syscalls.close(descriptor: reopened)
              syscalls.close(descriptor: descriptor)
              failures.append(
                Failure(path: folder(parentIndex).path, errno: .noSuchFileOrDirectory))
              return failures
            }
          case .failure(let error):
            syscalls.close(descriptor: descriptor)
            failures.append(Failure(path: folder(parentIndex).path, errno: error))
            return failures
          }
        }
        syscalls.close(descriptor: descriptor)
        if !done.complete {
          stack[parentIndex].complete = false
        } else if let failure = leave(parent, names[index - 1], folder(index)) {
          failures.append(failure)
          stack[parentIndex].complete = false
        }
        names.removeLast()
        identities.removeLast()
        continue
      }
      // The deepest directory is always open: only those above it are closed.
      guard let parent = stack[index].descriptor else {
        failures.append(Failure(path: folder(index).path, errno: .badFileDescriptor))
        return failures
      }
      switch visit(parent, name, type, folder(index), index + 1) {
      case .next: continue
      case .failed(let failure):
        failures.append(failure)
        stack[index].complete = false
        continue
      case .descend: break
      }
      let child: Int32
      switch syscalls.openDirectory(in: parent, entry: name) {
      case .success(let opened): child = opened
      case .failure(let error) where error == .noSuchFileOrDirectory: continue
      case .failure(let error):
        failures.append(Failure(path: folder(index).path(of: name), errno: error))
        stack[index].complete = false
        continue
      }
      let listed: [(name: FileName, type: FileStatus.FileType)]
      let identity: FileIdentity
      do throws(Failure) {
        let entryPath = { folder(index).path(of: name) }
        let status: FileStatus
        switch syscalls.status(descriptor: child) {
        case .success(let found): status = found
        case .failure(let error): throw Failure(path: entryPath(), errno: error)
        }
        identity = FileIdentity(status)
        guard status.device == top.device, !mountRoots.contains(identity) else {
          throw Failure(path: entryPath(), errno: .crossDevice)
        }
        switch listing(of: child) {
        case .success(let found): listed = found
        case .failure(let failure):
          throw Failure(
            path: failure.name.map { POSIXPath.join(entryPath(), $0.description) } ?? entryPath(),
            errno: failure.errno)
        }
      } catch {
        syscalls.close(descriptor: child)
        failures.append(error)
        stack[index].complete = false
        continue
      }
      names.append(name)
      identities.append(identity)
      stack.append(Frame(descriptor: child, pending: listed.reversed()))
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
  package func size(of directory: Int32, at path: String, failures: inout [Failure]) -> Int64 {
    var total: Int64 = 0
    var identities = Set<FileIdentity>()
    failures += walk(directory, at: path) { parent, name, _, folder, _ in
      let status: FileStatus
      switch syscalls.status(in: parent, entry: name, followSymlinks: false) {
      case .success(let found): status = found
      case .failure(let error) where error == .noSuchFileOrDirectory: return .next
      case .failure(let error): return .failed(Failure(path: folder.path(of: name), errno: error))
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
  package func sameContents(_ first: Int32, _ second: Int32, depth: Int = 0) -> Bool {
    guard depth < Self.maximumCompareDepth,
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
  package func sameContents(
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
