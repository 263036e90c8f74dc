/// The rules every layout shares for reading a path from an environment variable.
extension ProcessEnvironment {
  /// The value of a variable that must hold an absolute path, normalized; `nil` when unset,
  /// empty, relative, not UTF-8 or not trusted. A relative or non-UTF-8 value adds a warning.
  /// `windows` reads the value as a Windows path (`C:\…`, `\\server\share`).
  func absolutePath(_ name: String, windows: Bool = false, warnings: inout [DirectoryWarning])
    -> String?
  {
    if isSecureExecution && ProcessEnvironment.distrustedWhenSecure(name) { return nil }
    if variablesWithInvalidUTF8.contains(name) {
      warnings.append(
        DirectoryWarning(
          "\(name) is not valid UTF-8 and is ignored",
          suggestion: "Set \(name) to an absolute path in UTF-8, or unset it."))
      return nil
    }
    guard let value = variables[name], !value.isEmpty else { return nil }
    let isAbsolute = windows ? WindowsPath.isAbsolute(value) : PathNormalization.isAbsolute(value)
    guard isAbsolute, !value.utf8.contains(0) else {
      let example = windows ? " such as C:\\Users\\Name" : ""
      warnings.append(
        DirectoryWarning(
          "\(name) is not an absolute path (\(quoted(value))) and is ignored",
          suggestion: "Set \(name) to an absolute path\(example), or unset it."))
      return nil
    }
    return windows ? WindowsPath.normalize(value) : PathNormalization.normalize(value)
  }

  /// The entries of a `:`-separated list of absolute paths; empty entries are dropped silently,
  /// relative ones with a warning.
  func absolutePathList(_ name: String, warnings: inout [DirectoryWarning]) -> [String] {
    if isSecureExecution && ProcessEnvironment.distrustedWhenSecure(name) { return [] }
    guard let value = variables[name], !value.isEmpty else { return [] }
    var result: [String] = []
    // Split the bytes, not the characters: ':' is ASCII, and grapheme breaking would cost more
    // than everything else here.
    for bytes in value.utf8.split(separator: UInt8(ascii: ":"), omittingEmptySubsequences: true) {
      let entry = String(Substring(bytes))
      if PathNormalization.isAbsolute(entry), !entry.utf8.contains(0) {
        result.append(PathNormalization.normalize(entry))
      } else {
        warnings.append(
          DirectoryWarning(
            "\(name) entry \(quoted(entry)) is not an absolute path and is ignored",
            suggestion: "Remove the entry from \(name) or make it absolute."))
      }
    }
    return result
  }

  /// The user's home directory: `HOME` when it is set, non-empty and absolute (and the process
  /// is not setuid), else the password database, else an error.
  func resolveHome() throws(DirectoryError) -> DirectoryResolution {
    var warnings: [DirectoryWarning] = []
    if let home = absolutePath("HOME", warnings: &warnings) {
      return DirectoryResolution(path: home, source: .variable("HOME"), warnings: warnings)
    }
    if let home = passwordDatabaseHome, PathNormalization.isAbsolute(home) {
      return DirectoryResolution(
        path: PathNormalization.normalize(home), source: .passwordDatabase, warnings: warnings)
    }
    let why =
      isSecureExecution
      ? "the process is setuid or setgid, so HOME is not trusted, and the password database has no entry for user \(effectiveUserID)"
      : "HOME is unset, empty or relative, and the password database has no entry for user \(effectiveUserID)"
    throw .homeUnavailable(reason: why)
  }

  /// `$TMPDIR` when it is absolute, else `/tmp`.
  func temporaryDirectory(warnings: inout [DirectoryWarning]) -> DirectoryResolution {
    if let directory = absolutePath("TMPDIR", warnings: &warnings) {
      return DirectoryResolution(path: directory, source: .variable("TMPDIR"), warnings: warnings)
    }
    return DirectoryResolution(path: "/tmp", source: .default, warnings: warnings)
  }
}
