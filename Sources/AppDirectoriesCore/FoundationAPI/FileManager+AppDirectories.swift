// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

#if FoundationAPI
  #if canImport(FoundationEssentials)
    public import FoundationEssentials
  #else
    public import Foundation
  #endif

  extension FileManager {
    /// The running application's data directory (Application Support), created if missing.
    ///
    /// The application's name is the current environment's
    /// ``ProcessEnvironment/applicationName`` when set (as the testing kit's
    /// `.isolatedAppDirectories(app:)` sets it), else the bundle's executable name where there is
    /// a bundle, else the running executable's file name: under `swift test`, the test bundle's.
    ///
    /// ```swift
    /// import AppDirectories
    /// import Foundation
    ///
    /// let support = try FileManager.default.applicationSupportDirectory
    /// ```
    public var applicationSupportDirectory: URL {
      get throws { try AppDirectories.currentApplicationDirectory(.data) }
    }

    /// A base directory of the current environment, found or created, its URL made once.
    private static func baseDirectory(_ kind: StandardDirectory) throws(DirectoryError) -> URL {
      let path = try StandardDirectories(layout: .native, environment: .current)
        ._directoryPath(kind)
      return DirectoryURLCache.url(forDirectory: path)
    }

    /// The user's caches directory, created if missing.
    public var cachesDirectory: URL {
      get throws { try Self.baseDirectory(.cache) }
    }

    /// The user's documents directory, created if missing: on Linux the `XDG_DOCUMENTS_DIR` of
    /// `user-dirs.dirs`, else `~/Documents`, which a headless machine may not have had before.
    public var documentsDirectory: URL {
      get throws { try Self.baseDirectory(.documents) }
    }

    /// The user's library directory (`~/Library` on Apple platforms, the data directory
    /// elsewhere), created if missing.
    public var libraryDirectory: URL {
      get throws { try Self.baseDirectory(.library) }
    }

    /// The container shared by the applications of a group, created if missing.
    ///
    /// The identifier is checked first: reverse-DNS characters only, `group.` first on iOS,
    /// `group.` or a team ID first on macOS. On Linux the container is
    /// `<data>/group-containers/<identifier>`.
    ///
    /// On macOS a `group.` identifier still gives its container, with a warning in its
    /// resolution (``StandardDirectories/groupContainerResolution(_:)``, `appdirs doctor
    /// --group`): since macOS 15 the system asks the user for permission to access data from
    /// other apps when an app outside the Mac App Store uses one, unless its provisioning
    /// profile authorizes the group. The Team ID form (`TEAMID.com.example.suite`) never asks.
    public func sharedContainerURL(forSecurityApplicationGroupIdentifier groupIdentifier: String)
      throws -> URL
    {
      try AppDirectories.currentApplicationDirectory(.shared(group: groupIdentifier))
    }

    /// Finds or creates a search-path directory, optionally with a folder appended.
    ///
    /// Every `SearchPathDirectory` with a meaning on this platform works in the user domain;
    /// the others, and other domains, throw ``DirectoryError/unsupported(reason:)``.
    ///
    /// ```swift
    /// import AppDirectories
    /// import Foundation
    ///
    /// let cache = try FileManager.default.findOrCreateDirectory(
    ///   .cachesDirectory, in: .userDomainMask, appendingPathComponent: "ExampleApp")
    /// ```
    public func findOrCreateDirectory(
      _ directory: SearchPathDirectory, in domain: SearchPathDomainMask,
      appendingPathComponent component: String? = nil
    ) throws -> URL {
      try findOrCreateDirectory(
        directory, in: domain, appendingPathComponent: component, environment: .current,
        syscalls: .live)
    }

    func findOrCreateDirectory(
      _ directory: SearchPathDirectory, in domain: SearchPathDomainMask,
      appendingPathComponent component: String?, environment: ProcessEnvironment,
      syscalls: any SystemCalls
    ) throws(DirectoryError) -> URL {
      guard domain == .userDomainMask else {
        throw .unsupported(reason: .searchPathDomain(rawValue: domain.rawValue))
      }
      guard let (kind, folder) = Self.standardDirectory(for: directory, on: environment.platform)
      else {
        throw .unsupported(reason: .searchPathDirectory(rawValue: directory.rawValue))
      }
      if let component {
        try NameValidation.validate(component, as: .application, on: environment.platform)
      }
      let base = try StandardDirectories(
        layout: .native, environment: environment, syscalls: syscalls
      )
      ._resolution(for: kind)
      // Joined by the platform's rules: `\` between the components on Windows.
      let style = environment.platform.pathStyle
      var path = base.path
      for name in [folder, component].compactMap({ $0 }) { path = style.join(path, name) }
      try DirectoryCreator(syscalls: syscalls, environment: environment, style: style)
        .findOrCreate(path)
      return pathURL(path, isDirectory: true)
    }

    /// The base directory, and a folder inside it, for each search-path directory that has a
    /// meaning on `platform`, as Foundation maps them:
    /// - `autosavedInformationDirectory` is `~/Library/Autosave Information` on Apple platforms,
    ///   `<data>/Autosave Information` on Linux and Android, and `Autosave Information` in the
    ///   local application data on Windows;
    /// - `trashDirectory` is `~/.Trash` on macOS (in the container of a sandboxed app), the XDG
    ///   trash `<data>/Trash` on Linux (where Foundation says `~/.Trash`, which no desktop uses),
    ///   and unsupported on iOS (where Foundation answers nothing) and Windows (where the Recycle
    ///   Bin is not a folder).
    static func standardDirectory(for directory: SearchPathDirectory, on platform: OperatingSystem)
      -> (StandardDirectory, String?)?
    {
      switch directory {
      case .applicationSupportDirectory: (.data, nil)
      case .cachesDirectory: (.cache, nil)
      case .documentDirectory: (.documents, nil)
      case .desktopDirectory: (.desktop, nil)
      case .downloadsDirectory: (.downloads, nil)
      case .musicDirectory: (.music, nil)
      case .picturesDirectory: (.pictures, nil)
      case .moviesDirectory: (.videos, nil)
      case .sharedPublicDirectory: (.publicShare, nil)
      case .libraryDirectory: (.library, nil)
      case .autosavedInformationDirectory:
        switch platform {
        case .macOS, .iOS, .macCatalyst: (.library, "Autosave Information")
        // The local application data, which is the base of the state directory there.
        case .windows: (.state, "Autosave Information")
        case .linux, .freeBSD, .openBSD, .android: (.data, "Autosave Information")
        }
      // Foundation has no trash directory on tvOS and watchOS.
      #if !os(tvOS) && !os(watchOS)
        case .trashDirectory:
          switch platform {
          case .macOS, .macCatalyst: (.home, ".Trash")
          case .linux, .freeBSD, .openBSD, .android: (.data, "Trash")
          case .iOS, .windows: nil
          }
      #endif
      default: nil
      }
    }
  }
#endif
