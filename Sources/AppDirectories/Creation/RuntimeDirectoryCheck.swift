#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#elseif canImport(Android)
  import Android
#endif

/// The safety check of a runtime directory, and the safe creation of its fallback.
///
/// A runtime directory holds sockets and locks, so another user must not be able to plant or
/// read anything in it. It is accepted only when `lstat` (which does not follow symlinks) shows
/// a real directory, owned by the effective user, with permission bits exactly 0700. The
/// library never changes the mode of a runtime directory it did not create.
struct RuntimeDirectoryCheck: Sendable {
  let syscalls: SystemCalls
  let effectiveUserID: UInt32

  /// Why `path` is not a safe runtime directory, or `nil` when it is.
  func problem(with path: String) -> String? {
    switch syscalls.status(path: path, followSymlinks: false) {
    case .failure(let error) where error.rawValue == ENOENT:
      return "\(path) does not exist"
    case .failure(let error):
      return "\(path) cannot be examined: \(error)"
    case .success(let status):
      return problem(with: status, path: path)
    }
  }

  func problem(with status: FileStatus, path: String) -> String? {
    switch status.type {
    case .symbolicLink: return "\(path) is a symbolic link"
    case .regular, .other: return "\(path) is not a directory"
    case .directory: break
    }
    if status.owner != effectiveUserID {
      return "\(path) is owned by user \(status.owner), not by user \(effectiveUserID)"
    }
    if status.permissions & 0o777 != 0o700 {
      return "\(path) has mode \(octal(status.permissions & 0o777)), not 0700"
    }
    return nil
  }

  /// Settles a runtime resolution: keeps `$XDG_RUNTIME_DIR` when it passes the check, otherwise
  /// switches to the fallback with a warning that says why. A fallback that already exists and
  /// is safe needs nothing more; a missing one keeps ``DirectoryResolution/RuntimeCheck/createFallback``
  /// for ``ensureFallback(_:)``.
  ///
  /// Throws ``DirectoryError/insecureRuntimeDirectory(path:reason:)`` when the fallback already
  /// exists and is not safe: such a directory is never handed out, not even as a path.
  func settle(_ resolution: DirectoryResolution) throws(DirectoryError) -> DirectoryResolution {
    switch resolution.runtimeCheck {
    case nil:
      return resolution
    case .createFallback:
      return try settleFallback(
        resolution.path, source: resolution.source, warnings: resolution.warnings)
    case .verify(let fallback):
      guard let problem = problem(with: resolution.path) else {
        return DirectoryResolution(
          path: resolution.path, source: resolution.source, warnings: resolution.warnings,
          runtimeCheck: nil)
      }
      return try settleFallback(
        fallback, source: .fallback,
        warnings: resolution.warnings + [
          Self.fallbackWarning("XDG_RUNTIME_DIR is unsafe: \(problem)", fallback: fallback)
        ])
    }
  }

  /// The fallback as it stands: safe and ready, missing (to be created), or refused.
  private func settleFallback(
    _ path: String, source: DirectorySource, warnings: [DirectoryWarning]
  ) throws(DirectoryError) -> DirectoryResolution {
    let exists: Bool
    switch syscalls.status(path: path, followSymlinks: false) {
    case .success(let status):
      if let problem = problem(with: status, path: path) {
        throw .insecureRuntimeDirectory(path: path, reason: problem)
      }
      exists = true
    case .failure:
      exists = false
    }
    return DirectoryResolution(
      path: path, source: source, warnings: warnings,
      runtimeCheck: exists ? nil : .createFallback)
  }

  /// Creates the fallback runtime directory with mode 0700 if it is missing, then checks it.
  /// Throws ``DirectoryError/insecureRuntimeDirectory(path:reason:)`` when it exists and is not
  /// safe, whoever made it; such a directory is never used.
  func ensureFallback(_ path: String) throws(DirectoryError) {
    if case .success(let status) = syscalls.status(path: path, followSymlinks: false) {
      if let problem = problem(with: status, path: path) {
        throw .insecureRuntimeDirectory(path: path, reason: problem)
      }
      return
    }
    do throws(DirectoryError) {
      try DirectoryCreator(syscalls: syscalls).walk(path)
    } catch .notADirectory, .danglingSymlink {
      // Planted between our lstat and our walk: report it as the unsafe directory it is.
    } catch {
      throw error
    }
    if let problem = problem(with: path) {
      throw .insecureRuntimeDirectory(path: path, reason: problem)
    }
  }

  static func fallbackWarning(_ reason: String, fallback: String) -> DirectoryWarning {
    DirectoryWarning(
      "\(reason); using \(fallback) instead",
      suggestion:
        "Log in through a session manager that sets XDG_RUNTIME_DIR (systemd-logind, elogind), or set it to a directory you own with mode 0700."
    )
  }
}

func octal(_ mode: UInt32) -> String {
  let digits = String(mode, radix: 8)
  return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
}
