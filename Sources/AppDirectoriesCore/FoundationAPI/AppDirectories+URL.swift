// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

#if FoundationAPI
  #if canImport(FoundationEssentials)
    public import FoundationEssentials
  #else
    public import Foundation
  #endif

  extension AppDirectories {
    /// The URL of a directory, without creating it.
    ///
    /// For ``AppDirectory/runtime`` the runtime directory is checked as in
    /// ``verifiedResolution(for:)``; nothing is written.
    ///
    /// - Throws: ``DirectoryError/homeUnavailable(reason:)`` without a home directory, or
    ///   ``DirectoryError/invalidName(name:reason:)`` for a bad group identifier.
    public func url(for kind: AppDirectory) throws -> URL {
      if let index = Self.index(of: kind) { return try cachedURL(index) }
      return try verifiedResolution(for: kind).url
    }

    /// Finds or creates a directory and returns its URL: ``directoryPath(_:)`` as a URL.
    ///
    /// When the directory exists this costs one system call; for the runtime directory, whose
    /// base is checked on a descriptor, an `lstat`, an `open`, an `fstat`, an `fstatat` and a
    /// `close`. Missing directories are created with mode 0700; existing ones
    /// are left as they are. A file, a dangling symlink or anything else in the way is a
    /// ``DirectoryError`` naming the path.
    public func directory(_ kind: AppDirectory) throws -> URL {
      try _directory(kind)
    }

    /// `directory` with its error typed, for the package's own callers.
    package func _directory(_ kind: AppDirectory) throws(DirectoryError) -> URL {
      do throws(DirectoryError) {
        guard let index = try findOrCreateCached(kind) else {
          return try markingCheck(for: kind).ensure(try uncachedResolution(for: kind)).url
        }
        return try cachedURL(index)
      } catch {
        return try ensuredFallback(kind, after: error).url
      }
    }

    /// The URLs of ``searchResolutions(for:)``: the directories searched for a kind's files,
    /// most important first.
    public func searchURLs(for kind: AppDirectory) throws -> [URL] {
      try searchResolutions(for: kind).map(\.url)
    }

    /// The first existing file with this relative path in the kind's search directories, or
    /// `nil`: ``locatePath(_:in:)`` as a URL.
    public func locate(_ file: String, in kind: AppDirectory) throws -> URL? {
      try search(file, in: kind, stopAtFirst: true).first.map(\.url)
    }

    /// The URL of a Unix-domain socket of the application, short enough to bind:
    /// ``socketResolution(named:)``'s path as a URL.
    ///
    /// ```swift
    /// import AppDirectories
    /// import Foundation
    ///
    /// let dirs = try AppDirectories(app: "ExampleApp")
    /// let socket = try dirs.socketURL(named: "control.sock")
    /// print(socket.path)   // /run/user/1000/ExampleApp/control.sock
    /// ```
    public func socketURL(named name: String) throws -> URL {
      pathURL(try socketResolution(named: name).path, isDirectory: false)
    }

    /// The URL of a resolved kind, made once and kept.
    private func cachedURL(_ index: Int) throws(DirectoryError) -> URL {
      if let url = urls.withLock({ $0[index] }) { return url }
      let url = pathURL(try resolved[index].get().path, isDirectory: true)
      urls.withLock { $0[index] = url }
      return url
    }
  }
#endif
