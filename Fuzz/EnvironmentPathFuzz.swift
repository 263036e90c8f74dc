// libFuzzer target: the normalization of paths taken from environment variables.
//
// The input is one value, given to every XDG variable, HOME and TMPDIR, and split on ':' for
// the search lists. Invariants: never a crash; every resolved path is absolute, without `//`,
// without a trailing `/` (except `/` itself), without NUL, and normalizing it again changes
// nothing; a relative value never wins.

private let kinds: [AppDirectory] = [.data, .config, .cache, .state, .logs]

// Byte-wise checks: a combining mark after a slash forms one Character with it, so the
// Character-based String methods would look past it.
private let slash = UInt8(ascii: "/")

private func isAbsolute(_ path: String) -> Bool { path.utf8.first == slash }

private func hasDoubleSlash(_ path: String) -> Bool {
  zip(path.utf8, path.utf8.dropFirst()).contains { $0 == slash && $1 == slash }
}

private func hasTrailingSlash(_ path: String) -> Bool {
  path.utf8.count > 1 && path.utf8.last == slash
}

private func checkPath(_ path: String, _ what: String) {
  check(isAbsolute(path), "\(what): not absolute: \(path)")
  check(!hasDoubleSlash(path), "\(what): double slash: \(path)")
  check(!hasTrailingSlash(path), "\(what): trailing slash: \(path)")
  check(!path.utf8.contains(0), "\(what): NUL byte")
  check(POSIXPath.normalize(path) == path, "\(what): not idempotent: \(path)")
}

/// The entry point libFuzzer calls with each input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEnvironmentPaths(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  let value = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
  // Normalization on its own, for any text.
  let normalized = POSIXPath.normalize(value)
  check(POSIXPath.normalize(normalized) == normalized, "not idempotent")
  if isAbsolute(value) {
    check(isAbsolute(normalized), "normalize: not absolute")
    check(!hasDoubleSlash(normalized), "normalize: double slash: \(normalized)")
    check(!hasTrailingSlash(normalized), "normalize: trailing slash: \(normalized)")
  }

  var variables: [String: String] = ["HOME": value, "TMPDIR": value]
  for name in [
    "XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME", "XDG_RUNTIME_DIR",
    "XDG_DATA_DIRS", "XDG_CONFIG_DIRS",
  ] {
    variables[name] = value
  }
  let environment = ProcessEnvironment(
    variables: variables, passwordDatabaseHome: "/home/ada", effectiveUserID: 1000,
    platform: .linux)
  guard let dirs = try? AppDirectories(app: "A", environment: environment) else { return 0 }
  for kind in kinds {
    guard let resolution = try? dirs.resolution(for: kind) else { continue }
    checkPath(resolution.path, "\(kind)")
    if !isAbsolute(value) {
      check(resolution.path.utf8.starts(with: "/home/ada/".utf8), "relative value won: \(kind)")
    }
  }
  for kind in [AppDirectory.data, .config] {
    for resolution in (try? dirs.searchResolutions(for: kind)) ?? [] {
      checkPath(resolution.path, "search \(kind)")
    }
  }
  return 0
}

/// Like `precondition`, but the message is printed in optimized builds too.
private func check(_ condition: Bool, _ message: @autoclosure () -> String) {
  if !condition { fatalError(message()) }
}
