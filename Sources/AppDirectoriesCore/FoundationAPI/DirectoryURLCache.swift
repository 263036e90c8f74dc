// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

#if FoundationAPI
  #if canImport(FoundationEssentials)
    package import FoundationEssentials
  #else
    package import Foundation
  #endif

  /// The one way the library turns a path into a file URL.
  package func pathURL(_ path: String, isDirectory: Bool) -> URL {
    URL(fileURLWithPath: path, isDirectory: isDirectory)
  }

  /// The file URLs of recently resolved directories, by path.
  ///
  /// Building a `URL` from a path parses and percent-encodes it, which costs more than the rest of
  /// resolving a base directory; the same few paths are asked for over and over, so the URLs are
  /// kept. The cache holds at most ``capacity`` paths and starts again when it is full.
  enum DirectoryURLCache {
    static let capacity = 256

    /// Process-wide: a path's URL is the same whoever asks, and the one-liners make a new
    /// instance on every call. Bounded by ``capacity``; it holds no answer about the disk.
    private static let urls = Locked<[String: URL]>([:])

    /// The directory URL for an absolute, normalized path.
    static func url(forDirectory path: String) -> URL {
      if let url = urls.withLock({ $0[path] }) { return url }
      let url = pathURL(path, isDirectory: true)
      urls.withLock { urls in
        if urls.count >= capacity { urls.removeAll(keepingCapacity: true) }
        urls[path] = url
      }
      return url
    }
  }

  extension DirectoryResolution {
    /// The path as a file URL for a directory.
    package var url: URL { DirectoryURLCache.url(forDirectory: path) }
  }
#endif
