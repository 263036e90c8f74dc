/// What is at a path, for the `appdirs` reports (`list`'s EXISTS column, `doctor`): read-only
/// looks through the library's one system-call seam, so that the tool decodes no `stat`
/// itself.
@_spi(Tool)
public struct PathInspection: Sendable, Hashable {
  /// The type of file.
  public enum Kind: Sendable, Hashable {
    case directory, symbolicLink, regularFile, other
  }

  /// The type of file.
  public let kind: Kind
  /// The owner's user ID.
  public let owner: UInt32
  /// The permission bits with the set-ID and sticky bits (`st_mode & 0o7777`).
  public let permissions: UInt32
  /// The device and inode, which together name the file.
  public let identity: [UInt64]

  /// The file at `path` (`lstat`, or `stat` when `followingSymlinks`), or `nil` when there is
  /// none.
  public static func at(_ path: String, followingSymlinks: Bool = false) -> PathInspection? {
    guard
      case .success(let status) = SystemCalls.live.status(
        path: path, followSymlinks: followingSymlinks)
    else { return nil }
    let kind: Kind =
      switch status.type {
      case .directory: .directory
      case .symbolicLink: .symbolicLink
      case .regular: .regularFile
      case .other: .other
      }
    return PathInspection(
      kind: kind, owner: status.owner, permissions: status.permissions,
      identity: [status.device, status.inode])
  }

  /// The names in the directory at `path` (not followed when it is a link), or `nil` when it
  /// cannot be listed.
  public static func entries(of path: String) -> [String]? {
    let tree = FileTree(syscalls: .live)
    guard case .success(let directory) = tree.openDirectory(path) else { return nil }
    defer { SystemCalls.live.close(descriptor: directory) }
    guard case .success(let entries) = SystemCalls.live.listDirectory(descriptor: directory)
    else { return nil }
    return entries.map(\.name.description)
  }

  /// The target of the symbolic link at `path`, as written in the link.
  public static func symbolicLinkTarget(_ path: String) -> String? {
    guard case .success(let target) = SystemCalls.live.readLink(path: path) else { return nil }
    return target
  }

  /// Whether the user may create files in the directory at `path` (write and search
  /// permission).
  public static func mayCreateFiles(in path: String) -> Bool {
    SystemCalls.live.mayCreateFiles(in: path)
  }

  /// Whether the user may search the directory at `path` (pass through it to what is inside).
  public static func maySearch(_ path: String) -> Bool {
    SystemCalls.live.maySearch(path)
  }

  /// The directories above an absolute path, nearest first, the root (`/`, `C:\`) last, by the
  /// path rules of this platform.
  public static func ancestors(of path: String) -> [String] {
    var ancestors: [String] = []
    var current = path
    while true {
      let parent = PathStyle.host.parent(current)
      if parent == current { break }  // the root, or a relative path, which has none to end at
      current = parent
      ancestors.append(current)
    }
    return ancestors
  }
}
