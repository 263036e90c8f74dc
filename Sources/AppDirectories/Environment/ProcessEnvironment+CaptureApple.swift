#if canImport(Darwin)
  import Foundation
#endif

extension ProcessEnvironment {
  /// The container of an app group: from ``groupContainers`` when paths are given, else from
  /// the system (only Apple platforms have one). The identifier has been checked already: on
  /// macOS the system answers even for an invalid one.
  func groupContainer(_ identifier: String) -> String? {
    switch groupContainers {
    case .paths(let paths):
      return paths[identifier].map(PathNormalization.normalize)
    case .system:
      #if canImport(Darwin)
        return FileManager.default.containerURL(
          forSecurityApplicationGroupIdentifier: identifier)?.path
      #else
        return nil
      #endif
    }
  }

  /// The home directory of the process on Apple platforms: `NSHomeDirectory()`, which is the
  /// container of a sandboxed or iOS app and the password database's entry otherwise.
  static func readAppleHome() -> String? {
    #if canImport(Darwin)
      let home = NSHomeDirectory()
      return home.isEmpty ? nil : home
    #else
      return nil
    #endif
  }
}
