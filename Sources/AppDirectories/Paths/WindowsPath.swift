/// Lexical rules for Windows paths, which the Windows layout builds on every host: `C:\` or
/// `\\server\share` roots, backslashes between components.
enum WindowsPath {
  /// Whether a path is absolute on Windows: a drive letter, `:` and a separator (`C:\Users`),
  /// or a UNC path (`\\server\share`). `C:Users` and `\Users` depend on the current drive.
  static func isAbsolute(_ path: String) -> Bool {
    let bytes = Array(path.utf8.prefix(3))
    if bytes.count >= 2 && isSeparator(bytes[0]) && isSeparator(bytes[1]) { return true }
    guard bytes.count == 3, bytes[1] == UInt8(ascii: ":"), isSeparator(bytes[2]) else {
      return false
    }
    return (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(bytes[0] & 0xDF)
  }

  /// Backslashes only, no repeated separators (except the two of a UNC root), no `.`
  /// components and no trailing separator, except in a drive root such as `C:\`.
  static func normalize(_ path: String) -> String {
    let isUNC = path.utf8.count >= 2 && path.utf8.prefix(2).allSatisfy(isSeparator)
    // Split the scalars, not the characters: a separator followed by a combining mark is
    // still a separator.
    let parts = path.unicodeScalars.split(whereSeparator: { $0 == "\\" || $0 == "/" })
      .map { String(String.UnicodeScalarView($0)) }.filter { $0 != "." }
    if isUNC { return "\\\\" + parts.joined(separator: "\\") }
    if parts.count == 1 { return parts[0] + "\\" }
    return parts.joined(separator: "\\")
  }

  /// Appends components with backslashes, assuming `base` is already normalized.
  static func join(_ base: String, _ components: [String]) -> String {
    var result = base
    for component in components {
      if result.utf8.last != UInt8(ascii: "\\") { result += "\\" }
      result += component
    }
    return result
  }

  /// The folder that contains `path` (normalized): `C:\Users` for `C:\Users\Ada`, `C:\` for
  /// `C:\Ada`.
  static func parent(_ path: String) -> String {
    guard let last = path.unicodeScalars.lastIndex(of: "\\") else { return path }
    let head = String(path.unicodeScalars[..<last])
    if head.unicodeScalars.last == ":" { return head + "\\" }
    return head.unicodeScalars.count <= 1 ? path : head
  }

  private static func isSeparator(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: "\\") || byte == UInt8(ascii: "/")
  }
}
