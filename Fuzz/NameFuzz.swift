// libFuzzer target: the validation of application names, organizations and group identifiers.
//
// The first byte picks the platform and the role; the rest is the name. Invariants: never a
// crash; an accepted name is a single path component, so joining it to a base adds exactly
// one component and never leaves the base.

private let platforms = OperatingSystem.allCases
private let roles: [NameValidation.Role] = [.application, .organization, .groupIdentifier]

/// The entry point libFuzzer calls with each input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzNames(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  guard size > 0 else { return 0 }
  let selector = Int(data[0])
  let platform = platforms[selector % platforms.count]
  let role = roles[(selector / platforms.count) % roles.count]
  let name = String(decoding: UnsafeBufferPointer(start: data + 1, count: size - 1), as: UTF8.self)
  guard NameValidation.problem(with: name, as: role, on: platform) == nil else { return 0 }
  check(!name.isEmpty && name != "." && name != "..", "accepted \(name)")
  check(!name.unicodeScalars.contains { $0 == "/" || $0 == "\\" }, "accepted a separator")
  check(name.utf8.count <= 255, "accepted \(name.utf8.count) bytes")
  check(!name.unicodeScalars.contains { $0.value < 0x20 }, "accepted a control")
  // Byte-wise: a combining mark after the slash must not hide it.
  let joined = POSIXPath.join("/base", name)
  check(joined.utf8.split(separator: UInt8(ascii: "/")).count == 2, "not one component: \(joined)")
  check(
    POSIXPath.components(joined) == ["base", Substring(name)], "components of \(joined)")
  check(POSIXPath.normalize(joined) == joined, "normalize changed \(joined)")
  return 0
}

/// Like `precondition`, but the message is printed in optimized builds too.
private func check(_ condition: Bool, _ message: @autoclosure () -> String) {
  if !condition { fatalError(message()) }
}
