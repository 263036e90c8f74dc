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
  /// The number of hard links (`st_nlink`): above one, a tree's size counts the file once.
  var linkCount: UInt64 = 1
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
