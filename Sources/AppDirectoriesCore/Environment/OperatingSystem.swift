// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

/// An operating system whose directory conventions the library knows.
public enum OperatingSystem: String, Sendable, Hashable, CaseIterable, Codable {
  /// Linux, with the XDG Base Directory rules.
  case linux
  /// FreeBSD, with the XDG rules.
  case freeBSD = "freebsd"
  /// OpenBSD, with the XDG rules.
  case openBSD = "openbsd"
  /// macOS, with `~/Library`.
  case macOS = "macos"
  /// iOS, iPadOS, tvOS, watchOS and visionOS, inside the app's container.
  case iOS = "ios"
  /// An iPad app built for the Mac with Mac Catalyst: the Mac's folders, inside the app's
  /// container when it is sandboxed, with the app group rules of iOS.
  case macCatalyst = "maccatalyst"
  /// Windows, with Known Folders.
  case windows
  /// Android, inside the app's private storage.
  case android

  /// The operating system this program was compiled for.
  public static var host: OperatingSystem {
    #if os(macOS)
      .macOS
    #elseif targetEnvironment(macCatalyst)
      .macCatalyst
    #elseif os(iOS) || os(tvOS) || os(watchOS) || os(visionOS)
      .iOS
    #elseif os(Windows)
      .windows
    #elseif os(Android)
      .android
    #elseif os(FreeBSD)
      .freeBSD
    #elseif os(OpenBSD)
      .openBSD
    #else
      .linux
    #endif
  }

  /// The conventions a process on `host` follows, decided as platformdirs does: an Android app
  /// process has `ANDROID_DATA` and `ANDROID_ROOT` set and neither `SHELL` nor `PREFIX`; a
  /// shell on Android (Termux, `adb shell`) follows the Linux rules.
  static func detected(host: OperatingSystem, variables: [String: String]) -> OperatingSystem {
    guard host == .android || host == .linux else { return host }
    func isSet(_ name: String) -> Bool { variables[name].map { !$0.isEmpty } ?? false }
    let isAppProcess =
      isSet("ANDROID_DATA") && isSet("ANDROID_ROOT") && !isSet("SHELL") && !isSet("PREFIX")
    return isAppProcess ? .android : .linux
  }

  /// Whether the system follows the XDG Base Directory rules natively.
  public var usesXDG: Bool {
    switch self {
    case .linux, .freeBSD, .openBSD: true
    case .macOS, .iOS, .macCatalyst, .windows, .android: false
    }
  }

  /// Whether this is one of Apple's systems, with `~/Library` and Foundation's own rules.
  var isApple: Bool {
    switch self {
    case .macOS, .iOS, .macCatalyst: true
    case .linux, .freeBSD, .openBSD, .windows, .android: false
    }
  }

  /// The name as people write it, for messages: `macOS`, `Windows`.
  var displayName: String {
    switch self {
    case .linux: "Linux"
    case .freeBSD: "FreeBSD"
    case .openBSD: "OpenBSD"
    case .macOS: "macOS"
    case .iOS: "iOS"
    case .macCatalyst: "Mac Catalyst"
    case .windows: "Windows"
    case .android: "Android"
    }
  }
}

/// The application sandbox a process runs in, which decides what its XDG directories are.
public enum ApplicationSandbox: String, Sendable, Hashable, Codable {
  /// Flatpak, which sets `FLATPAK_ID` in every sandboxed app and points the XDG variables at
  /// `~/.var/app/<id>`.
  case flatpak
  /// Snap, which sets `SNAP_NAME` and points `HOME` at `~/snap/<name>/<revision>`.
  case snap
}
