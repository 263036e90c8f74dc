// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

/// The Android layout: everything inside the app's private storage `<S>` =
/// ``ProcessEnvironment/androidAppStorage`` (`/data/user/<n>/<package>`), as platformdirs maps
/// it. Pure: it reads only the environment value. `HOME` plays no part: `<S>` is the home.
///
/// | kind | base | with app `A` |
/// |---|---|---|
/// | home | `<S>` | — |
/// | data, state, library | `<S>/files` | `<S>/files/A` |
/// | config | `<S>/shared_prefs` | `<S>/shared_prefs/A` |
/// | cache | `<S>/cache` | `<S>/cache/A` |
/// | logs | — | `<S>/cache/A/log` |
/// | runtime | `<S>/cache/tmp` | `<S>/cache/A/tmp` |
/// | documents, downloads, music, pictures, videos | `/storage/emulated/<n>/Documents`, `Download`, `Music`, `Pictures`, `Movies` | — |
/// | temporary | `$TMPDIR` or `<S>/cache` | — |
/// | executables, fonts, applications, desktop, templates, public, projects, shared `G` | unsupported | — |
struct AndroidLayout: PlatformLayout {
  let environment: ProcessEnvironment

  func base(_ kind: StandardDirectory) throws(DirectoryError) -> DirectoryResolution {
    switch kind {
    case .home: return try storage()
    case .data, .state, .library: return try storage().appending("files")
    case .config: return try storage().appending("shared_prefs")
    case .cache: return try storage().appending("cache")
    case .runtime: return try storage().appending("cache").appending("tmp")
    case .documents: return sharedStorage("Documents")
    case .downloads: return sharedStorage("Download")
    case .music: return sharedStorage("Music")
    case .pictures: return sharedStorage("Pictures")
    case .videos: return sharedStorage("Movies")
    case .temporary:
      return try environment.temporaryDirectory { () throws(DirectoryError) in
        try storage().appending("cache")
      }
    case .executables, .fonts, .applications, .desktop, .templates, .publicShare, .projects:
      throw .unsupported(reason: .directory(kind, on: .android))
    }
  }

  func place(_ kind: AppDirectory, name: String, organization: String?) throws(DirectoryError)
    -> AppPlacement
  {
    switch kind.placement {
    case .inBase(.runtime): AppPlacement(try base(.cache), appending: name, "tmp")
    case .inBase(let base): AppPlacement(try self.base(base), appending: name)
    case .logs: AppPlacement(try base(.cache), appending: name, "log")
    case .shared: throw .unsupported(reason: .appGroups(on: .android))
    }
  }

  private func storage() throws(DirectoryError) -> DirectoryResolution {
    guard let path = environment.androidAppStorage, POSIXPath.isAbsolute(path) else {
      throw .homeUnavailable(reason: .androidAppStorageUnknown)
    }
    return DirectoryResolution(path: POSIXPath.normalize(path), source: .default)
  }

  /// A folder of the user's shared storage; Android user `n` owns app user IDs
  /// `n * 100000 ..< (n + 1) * 100000`.
  private func sharedStorage(_ name: String) -> DirectoryResolution {
    let storage =
      environment.androidSharedStorage.map(POSIXPath.normalize)
      ?? "/storage/emulated/\(environment.effectiveUserID / 100_000)"
    return DirectoryResolution(path: POSIXPath.join(storage, name), source: .default)
  }
}
