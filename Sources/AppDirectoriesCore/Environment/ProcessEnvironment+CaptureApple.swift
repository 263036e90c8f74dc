// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

#if canImport(Darwin)
  import Foundation
#endif
#if os(macOS) || targetEnvironment(macCatalyst)
  import Security
#endif

// The thin Apple readers; everything they feed is resolved by the pure DarwinLayout.
extension ProcessEnvironment {
  /// The environment with the container of an app group read from the system when it asks the
  /// system (``GroupContainers/system``): `containerURL(forSecurityApplicationGroupIdentifier:)`
  /// on Apple platforms, nothing elsewhere. The layouts read only ``GroupContainers/paths(_:)``.
  /// The identifier has been checked already.
  ///
  /// On macOS the system answers for any group, even one the app does not belong to, and the
  /// folder it names would be made on first use without being the group's container (another
  /// app of the group would never see it, and macOS 15 asks the user before an app reaches into
  /// a container not its own). Apple documents that answer for macOS and `nil` for iOS, and
  /// says nothing of Mac Catalyst, which runs on the Mac. So on macOS and Mac Catalyst the
  /// answer is used only when the process's code signature lists the group in its
  /// `com.apple.security.application-groups` entitlement (`SecTaskCopyValueForEntitlement`,
  /// which the Security framework exports for both); otherwise there is no container.
  func readingGroupContainer(_ identifier: String) -> ProcessEnvironment {
    guard case .system = groupContainers else { return self }  // given, or a directory
    var paths: [String: String] = [:]
    #if canImport(Darwin)
      if Self.isEntitled(toGroup: identifier),
        let url = FileManager.default.containerURL(
          forSecurityApplicationGroupIdentifier: identifier)
      {
        paths[identifier] = url.path
      }
    #endif
    var environment = self
    environment.groupContainers = .paths(paths)
    return environment
  }

  #if canImport(Darwin)
    /// Whether the process may use the container of `group`: on macOS and Mac Catalyst,
    /// whether its entitlements list the group; on the other Apple platforms `containerURL`
    /// itself says so by answering `nil`.
    static func isEntitled(toGroup group: String) -> Bool {
      #if os(macOS) || targetEnvironment(macCatalyst)
        guard let task = SecTaskCreateFromSelf(nil) else { return false }
        let value = SecTaskCopyValueForEntitlement(
          task, "com.apple.security.application-groups" as CFString, nil)
        return (value as? [String])?.contains(group) == true
      #else
        return true
      #endif
    }

    /// The user's own temporary directory, `confstr(_CS_DARWIN_USER_TEMP_DIR)` (which the
    /// system creates at 0700 when first asked); `nil` when it fails.
    static func readAppleTemporaryDirectory() -> String? {
      let length = confstr(_CS_DARWIN_USER_TEMP_DIR, nil, 0)
      guard length > 0 else { return nil }
      var buffer = [CChar](repeating: 0, count: length)
      guard confstr(_CS_DARWIN_USER_TEMP_DIR, &buffer, length) > 0 else { return nil }
      return buffer.withUnsafeBufferPointer { buffer in
        buffer.baseAddress.flatMap { String(validatingCString: $0) }
      }
    }
  #endif

  #if canImport(Darwin)
    /// The executable's path, `_NSGetExecutablePath` (inside the `.app` bundle: the layout
    /// looks beside the bundle), with its symbolic links resolved (`realpath`): dyld gives the
    /// path that was run, a link's included, where Linux's `/proc/self/exe` is resolved, and a
    /// portable folder belongs beside the real executable on both; `nil` when it fails.
    static func readAppleExecutablePath() -> String? {
      var size: UInt32 = 1024
      for _ in 0..<2 {
        var buffer = [CChar](repeating: 0, count: Int(size))
        // -1 when the buffer is too small, with the size it needs in `size`.
        if _NSGetExecutablePath(&buffer, &size) == 0 {
          if let resolved = realpath(buffer, nil) {
            defer { free(resolved) }
            return String(validatingCString: resolved)
          }
          return buffer.withUnsafeBufferPointer { buffer in
            buffer.baseAddress.flatMap { String(validatingCString: $0) }
          }
        }
      }
      return nil
    }
  #endif

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
