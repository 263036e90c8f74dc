#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Looking for a file in a search list: one `stat` per directory probed, most important first.
enum FileSearch {
  /// The existing files with the relative path `file` in the search list, in its order; only
  /// the first when `stopAtFirst` is set. The file name is checked before the list is resolved.
  static func locate(
    _ file: String, in directories: () throws(DirectoryError) -> [DirectoryResolution],
    syscalls: SystemCalls, stopAtFirst: Bool
  ) throws(DirectoryError) -> [URL] {
    try validateRelativeFile(file)
    let relative = POSIXPath.normalize(file)
    var found: [URL] = []
    for directory in try directories() {
      let path = POSIXPath.join(directory.path, relative)
      if case .success(let status) = syscalls.status(path: path, followSymlinks: true) {
        found.append(fileURL(path, isDirectory: status.type == .directory))
        if stopAtFirst { break }
      }
    }
    return found
  }

  /// Throws ``DirectoryError/invalidName(name:reason:)`` unless `file` is a relative path that
  /// stays inside the directory it is joined to.
  static func validateRelativeFile(_ file: String) throws(DirectoryError) {
    if file.isEmpty { throw .invalidName(name: file, reason: "the file name is empty") }
    if POSIXPath.isAbsolute(file) {
      throw .invalidName(name: file, reason: "the file must be relative to the search directories")
    }
    if file.utf8.contains(0) {
      throw .invalidName(name: file, reason: "the file name contains a NUL byte")
    }
    if POSIXPath.components(file).contains("..") {
      throw .invalidName(
        name: file, reason: "the file name contains .., which leaves the search directories")
    }
  }
}
