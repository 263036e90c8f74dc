// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

/// Whether an application keeps its files beside itself, as an application unzipped onto a USB
/// stick does: data, config, cache, state and logs in the folders `data`, `config`, `cache`,
/// `state` and `logs` of one root.
///
/// ```swift
/// import AppDirectories
///
/// // ExampleApp-portable beside the executable (beside ExampleApp.app on Apple platforms),
/// // when it exists and is the user's; the platform's directories otherwise.
/// let dirs = try AppDirectories(app: "ExampleApp", portable: .automatic)
/// let data = try dirs.resolution(for: .data)   // …/ExampleApp-portable/data, source portable
/// ```
///
/// An application's own variables (`P_DATA_DIR`, `P_HOME`) come first, then the portable root,
/// then the platform's rule. The runtime directory and group containers stay the platform's:
/// sockets and locks do not belong on removable media. See <doc:PortableApps>.
public enum PortableMode: Sendable, Hashable {
  /// Never portable: the platform's directories. The default.
  case off
  /// Portable when a folder named `<app>-portable` stands beside the running executable
  /// (``ProcessEnvironment/executablePath``; beside the `.app` bundle on Apple platforms, beside
  /// the AppImage file under AppImage) and is a directory of the user's own; the platform's
  /// directories when it is missing or the executable's path is unknown. Anything else there
  /// (a file, another user's folder, another user's link) is refused with
  /// ``DirectoryError/portableRootRefused(path:problem:)`` or another typed error, never
  /// passed over in silence.
  case automatic
  /// Portable at this root, an absolute path as the platform spells it; created on first use
  /// when it is missing, like an override's directory, and refused like the automatic one when
  /// something else stands there.
  case atPath(String)

  /// Where to look for the root, with the platform's path rules; nothing is looked at on the
  /// file system.
  ///
  /// - Throws: ``DirectoryError/portableRootRefused(path:problem:)`` for a root given that is
  ///   not absolute, or an application that macOS runs translocated.
  func lookup(app: String, environment: ProcessEnvironment) throws(DirectoryError)
    -> PortableRootLookup
  {
    let style = environment.platform.pathStyle
    let path: String
    switch self {
    case .off: return .none
    case .atPath(let given):
      guard style.isAbsolute(given), !given.utf8.contains(0) else {
        throw .portableRootRefused(path: given, problem: .notAbsolute)
      }
      path = style.normalize(given)
    case .automatic:
      guard let location = Self.executableLocation(in: environment) else { return .none }
      // Gatekeeper's read-only copy of an application opened where it was downloaded: the
      // folder beside it is not the user's, and vanishes.
      if environment.platform.isApple,
        style.components(location).contains(where: { $0 == "AppTranslocation" })
      {
        throw .portableRootRefused(path: location, problem: .translocated)
      }
      path = style.join(style.parent(location), app + "-portable")
    }
    // An isolated environment (a test's, or `appdirs sandbox`'s) keeps every path inside its
    // root.
    if let root = environment.trustedRoot,
      !style.isInside(path, root) || style.components(path).contains("..")
    {
      return .ignored(IgnoredValue(.portableRoot(path), .outsideIsolationRoot(root)))
    }
    return .look(path, isExplicit: self != .automatic)
  }

  /// What the portable root is looked beside: the AppImage file when the process runs from
  /// one (`APPIMAGE`; the executable itself lies in a read-only mount that vanishes when it
  /// exits, and `APPDIR` names that mount), the outermost `.app` bundle on Apple platforms,
  /// else the executable; `nil` when the system gave no absolute path.
  static func executableLocation(in environment: ProcessEnvironment) -> String? {
    let platform = environment.platform
    // Distrusted in a setuid or setgid process, like every variable that chooses where files go.
    if let image = appImage(in: environment) { return image }
    let style = platform.pathStyle
    guard let executable = environment.executablePath, style.isAbsolute(executable) else {
      return nil
    }
    let path = style.normalize(executable)
    guard platform.isApple else { return path }
    let components = POSIXPath.components(path)
    guard let bundle = components.firstIndex(where: { $0.hasSuffix(".app") }) else { return path }
    return "/" + components[...bundle].joined(separator: "/")
  }
}

extension PortableMode {
  /// The AppImage file the process runs from (`APPIMAGE`), when the running executable lies in
  /// the image's mount (`APPDIR`, which the AppImage runtime sets with it); `nil` otherwise.
  /// A program that an AppImage starts inherits both variables but runs from elsewhere: its
  /// files are not the AppImage's, and it keeps its own.
  package static func appImage(in environment: ProcessEnvironment) -> String? {
    guard environment.platform.usesXDG, !environment.isSecureExecution,
      case .path(let image) = environment.pathVariable("APPIMAGE")
    else { return nil }
    guard case .path(let mount) = environment.pathVariable("APPDIR"),
      let executable = environment.executablePath, POSIXPath.isAbsolute(executable),
      POSIXPath.isInside(POSIXPath.normalize(executable), mount), executable != mount
    else { return nil }
    return image
  }

  /// `APPIMAGE` as a program that an AppImage started inherits it, set but not its own
  /// (``appImage(in:)``); `nil` when it is unset or is the process's.
  package static func inheritedAppImage(in environment: ProcessEnvironment) -> String? {
    guard environment.platform.usesXDG, appImage(in: environment) == nil,
      case .path(let image) = environment.pathVariable("APPIMAGE")
    else { return nil }
    return image
  }
}

/// Where a portable root is looked for, as the environment alone tells.
enum PortableRootLookup: Sendable, Hashable {
  /// Nowhere: not portable, or the executable's path is unknown.
  case none
  /// At this path; `isExplicit` for a root the application gave, which is used even when it
  /// does not exist yet.
  case look(String, isExplicit: Bool)
  /// Passed over, for this reason: it lies outside an isolated environment's root.
  case ignored(IgnoredValue)
}
