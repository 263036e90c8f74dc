// libFuzzer target: the user-dirs.dirs parser, on arbitrary bytes.
//
// Invariants: it never crashes; every value it accepts is an absolute, normalized path without
// NUL and without a U+FFFD that the input did not hold; it never ignores more lines than there are.

/// The entry point libFuzzer calls with each input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzUserDirectories(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let parsed = UserDirectories(parsing: bytes, home: "/home/ada", file: "user-dirs.dirs")
  // A path may hold U+FFFD only where the input spelled it out as EF BF BD; bytes that are not
  // UTF-8 must never turn into it.
  let replacement: [UInt8] = [0xEF, 0xBF, 0xBD]
  let inputHasReplacement = bytes.indices.contains { bytes[$0...].starts(with: replacement) }
  let lines = bytes.reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
  for (key, path) in parsed.paths {
    check(path.utf8.first == UInt8(ascii: "/"), "\(key): not absolute: \(path)")
    check(POSIXPath.normalize(path) == path, "\(key): not normalized: \(path)")
    check(!path.utf8.contains(0), "\(key): NUL byte")
    check(
      inputHasReplacement || !path.unicodeScalars.contains("\u{FFFD}"),
      "\(key): U+FFFD the input did not hold: \(path)")
    let line = parsed.entries[key]?.line
    check(line.map { (1...lines).contains($0) } == true, "\(key): no line number, or out of range")
  }
  let ignored = parsed.problems.values.reduce(0) { $0 + $1.count } + parsed.unattributed.count
  check(ignored <= lines, "more ignored lines than lines")
  return 0
}

/// Like `precondition`, but the message is printed in optimized builds too.
private func check(_ condition: Bool, _ message: @autoclosure () -> String) {
  if !condition { fatalError(message()) }
}
