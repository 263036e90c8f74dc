#if canImport(Darwin)
  import Foundation
#endif

// The thin Apple readers; everything they feed is resolved by the pure DarwinLayout.
extension ProcessEnvironment {
  /// The environment with the container of an app group read from the system when it asks the
  /// system (``GroupContainers/system``): `containerURL(forSecurityApplicationGroupIdentifier:)`
  /// on Apple platforms, nothing elsewhere. The layouts read only ``GroupContainers/paths(_:)``.
  /// The identifier has been checked already: on macOS the system answers even for an invalid
  /// one.
  func readingGroupContainer(_ identifier: String) -> ProcessEnvironment {
    guard case .system = groupContainers else { return self }  // given, or a directory
    var paths: [String: String] = [:]
    #if canImport(Darwin)
      if let url = FileManager.default.containerURL(
        forSecurityApplicationGroupIdentifier: identifier)
      {
        paths[identifier] = url.path
      }
    #endif
    var environment = self
    environment.groupContainers = .paths(paths)
    return environment
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
