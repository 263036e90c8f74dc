/// The file-system stage of a ``DirectoryRequirement``: the check that a runtime directory is
/// private to the user, the switch to its fallback, and the safe creation of a directory that
/// may be created.
///
/// A runtime directory holds sockets and locks, so another user must not be able to plant or
/// read anything in it. It is accepted only when `lstat` (which does not follow symlinks) shows
/// a real directory, owned by the effective user, with permission bits exactly 0700. The
/// library never changes the mode of a runtime directory it did not create.
struct PrivateDirectoryCheck: Sendable {
  let syscalls: SystemCalls
  let effectiveUserID: UInt32
  /// Where creation may start, as for ``DirectoryCreator``.
  var trustedRoot: String? = nil

  /// Why `status` is not a private directory of the user, or `nil` when it is.
  func problem(with status: FileStatus) -> PrivateDirectoryProblem? {
    switch status.type {
    case .symbolicLink: return .symbolicLink
    case .regular, .other: return .notADirectory
    case .directory: break
    }
    if status.owner != effectiveUserID { return .owner(status.owner, expected: effectiveUserID) }
    if status.permissions & 0o777 != 0o700 { return .mode(status.permissions & 0o777) }
    return nil
  }

  /// Why the directory at `path` is not private, or `nil` when it is.
  func problem(at path: String) -> PrivateDirectoryProblem? {
    switch syscalls.status(path: path, followSymlinks: false) {
    case .success(let status): return problem(with: status)
    case .failure(let error) where error == .noSuchFileOrDirectory: return .missing
    case .failure(let error): return .unexaminable(error)
    }
  }

  /// Checks a resolution's requirement without writing anything: keeps the path when its base
  /// is private, switches to the fallback (with a warning that says why) when it is not, and
  /// leaves a missing directory that may be created pending, for ``ensure(_:)``.
  ///
  /// Throws ``DirectoryError/insecureRuntimeDirectory(path:problem:)`` when there is no
  /// fallback left: an unsafe directory is never handed out, not even as a path.
  func settle(_ resolution: DirectoryResolution) throws(DirectoryError) -> DirectoryResolution {
    guard
      case .privateDirectory(let base, let createsIfMissing, let otherwise) =
        resolution.requirement
    else { return resolution }
    let problem = problem(at: base)
    switch problem {
    case nil:
      return resolution.with(path: resolution.path, requirement: nil)
    case .missing? where createsIfMissing:
      return resolution
    case let problem?:
      guard let otherwise else {
        throw .insecureRuntimeDirectory(path: base, problem: problem)
      }
      let suffix = String(resolution.path.utf8.dropFirst(base.utf8.count))!
      let why = IgnoredValue(
        .variable(resolution.source.description), .unsafe(path: base, problem: problem))
      let fallback = DirectoryResolution(
        path: otherwise.path + suffix, source: otherwise.source,
        ignored: resolution.ignored + [why], home: otherwise.home,
        extraWarnings: otherwise.warnings + [
          DirectoryWarning.runtimeFallback(why, fallback: otherwise.path)
        ],
        requirement: otherwise.requirement)
      return try settle(fallback)
    }
  }

  /// Settles the requirement and creates its base when it is missing and may be created:
  /// mode 0700, then checked again; anything planted in the meantime is refused. Returns the
  /// resolution with nothing left pending.
  func ensure(_ resolution: DirectoryResolution) throws(DirectoryError) -> DirectoryResolution {
    let settled = try settle(resolution)
    guard case .privateDirectory(let base, _, _) = settled.requirement else { return settled }
    do throws(DirectoryError) {
      try DirectoryCreator(syscalls: syscalls, trustedRoot: trustedRoot).walk(base)
    } catch .notADirectory, .danglingSymlink {
      // Planted between our lstat and our walk: report it as the unsafe directory it is.
    } catch {
      throw error
    }
    if let problem = problem(at: base) {
      throw .insecureRuntimeDirectory(path: base, problem: problem)
    }
    return settled.with(path: settled.path, requirement: nil)
  }
}
