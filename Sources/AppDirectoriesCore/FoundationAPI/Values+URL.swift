// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

#if FoundationAPI
  #if canImport(FoundationEssentials)
    public import FoundationEssentials
  #else
    public import Foundation
  #endif

  extension PortableMode {
    /// Portable at this root, as ``atPath(_:)`` with the path as the system spells it
    /// (`C:\…` on Windows).
    ///
    /// ```swift
    /// import AppDirectories
    /// import Foundation
    ///
    /// let root = URL(fileURLWithPath: "/media/ada/STICK/ExampleApp-portable")
    /// let dirs = try AppDirectories(app: "ExampleApp", portable: .at(root))
    /// ```
    public static func at(_ root: URL) -> PortableMode {
      .atPath(
        root.withUnsafeFileSystemRepresentation { $0.map { String(cString: $0) } } ?? root.path)
    }

  }

  extension ProcessEnvironment {
    /// An environment whose every directory, of every kind, lies inside `root`:
    /// ``isolated(inPath:)`` with the path as the system spells it.
    ///
    /// ```swift
    /// import AppDirectories
    /// import Foundation
    ///
    /// let root = FileManager.default.temporaryDirectory.appendingPathComponent("isolated-example")
    /// let dirs = try AppDirectories(app: "ExampleApp", environment: .isolated(in: root))
    /// let cache = try dirs.url(for: .cache)   // <root>/home/.cache/ExampleApp
    /// ```
    public static func isolated(in root: URL) -> ProcessEnvironment {
      // The path as the system spells it (`C:\…` on Windows), not the URL's `/`-separated
      // path.
      isolated(
        inPath: root.withUnsafeFileSystemRepresentation { $0.map { String(cString: $0) } }
          ?? root.path)
    }

    /// ``isolationRootPath`` as a directory's file URL: the root of an isolated environment,
    /// or `nil` for any other environment.
    public var isolationRoot: URL? {
      isolationRootPath.map { pathURL($0, isDirectory: true) }
    }
  }
#endif
