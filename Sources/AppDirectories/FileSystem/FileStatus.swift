#if canImport(Darwin)
  import Darwin
#elseif canImport(Android)
  import Android
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// What `stat` says about a file, reduced to what the library looks at.
struct FileStatus: Sendable, Hashable {
  enum FileType: Sendable, Hashable {
    case directory, symbolicLink, regular, other
  }
  var type: FileType
  /// The permission bits and the set-ID and sticky bits (`st_mode & 0o7777`).
  var permissions: UInt32
  var owner: UInt32
  var device: UInt64 = 0
  var inode: UInt64 = 0
  var size: Int64 = 0
  var modificationSeconds: Int = 0
  var modificationNanoseconds: Int = 0
  var changeSeconds: Int = 0
  var changeNanoseconds: Int = 0

  /// Whether this may be a directory that another creator of the same path has just made and
  /// not yet made 0700: `user`'s own, and changed in the last 10 seconds (one left so for
  /// longer is the user's choice, and is reported at once).
  func mayBeBeingCreated(by user: UInt32, now: Int) -> Bool {
    type == .directory && owner == user && abs(now - changeSeconds) < 10
  }
}

extension FileStatus {
  init(_ info: stat) {
    // st_mode is UInt16 on Darwin, UInt32 elsewhere (and on 32-bit Android mode_t is narrower
    // than st_mode): compare as UInt32.
    let mode = UInt32(info.st_mode)
    let format = mode & UInt32(S_IFMT)
    type =
      format == UInt32(S_IFDIR)
      ? .directory
      : format == UInt32(S_IFLNK) ? .symbolicLink : format == UInt32(S_IFREG) ? .regular : .other
    permissions = mode & 0o7777
    owner = UInt32(info.st_uid)
    device = UInt64(info.st_dev)
    inode = UInt64(info.st_ino)
    size = Int64(info.st_size)
    // Darwin names the timespec fields st_mtimespec and st_ctimespec.
    #if canImport(Darwin)
      let modified = info.st_mtimespec
      let changed = info.st_ctimespec
    #else
      let modified = info.st_mtim
      let changed = info.st_ctim
    #endif
    modificationSeconds = Int(modified.tv_sec)
    modificationNanoseconds = Int(modified.tv_nsec)
    changeSeconds = Int(changed.tv_sec)
    changeNanoseconds = Int(changed.tv_nsec)
  }
}
