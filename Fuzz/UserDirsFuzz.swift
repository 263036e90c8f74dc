// libFuzzer target: the user-dirs.dirs parser, on arbitrary bytes.
//
// Invariants: it never crashes; every value it accepts is an absolute, normalized path without
// NUL; every line it ignores gives exactly one warning.

/// The entry point libFuzzer calls with each input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzUserDirectories(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
  let parsed = UserDirectories(parsing: text, home: "/home/ada")
  for (key, path) in parsed.paths {
    check(path.utf8.first == UInt8(ascii: "/"), "\(key): not absolute: \(path)")
    check(PathNormalization.normalize(path) == path, "\(key): not normalized: \(path)")
    check(!path.utf8.contains(0), "\(key): NUL byte")
  }
  let lines = text.utf8.reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
  check(parsed.warnings.count <= lines, "more warnings than lines")
  return 0
}

/// Like `precondition`, but the message is printed in optimized builds too.
private func check(_ condition: Bool, _ message: @autoclosure () -> String) {
  if !condition { fatalError(message()) }
}
