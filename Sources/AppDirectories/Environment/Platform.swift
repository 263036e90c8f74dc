/// An operating system whose directory conventions the library knows.
public enum Platform: String, Sendable, Hashable, CaseIterable, Codable {
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
  /// Windows, with Known Folders.
  case windows
  /// Android, inside the app's private storage.
  case android

  /// The platform this program was compiled for.
  public static var host: Platform {
    #if os(macOS)
      .macOS
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

  /// The platform whose conventions a process on `host` follows, decided as platformdirs does:
  /// an Android app process has `ANDROID_DATA` and `ANDROID_ROOT` set and neither `SHELL` nor
  /// `PREFIX`; a shell on Android (Termux, `adb shell`) follows the Linux rules.
  static func detected(host: Platform, variables: [String: String]) -> Platform {
    guard host == .android || host == .linux else { return host }
    func isSet(_ name: String) -> Bool { variables[name].map { !$0.isEmpty } ?? false }
    let isAppProcess =
      isSet("ANDROID_DATA") && isSet("ANDROID_ROOT") && !isSet("SHELL") && !isSet("PREFIX")
    return isAppProcess ? .android : .linux
  }

  /// Whether the platform follows the XDG Base Directory rules natively.
  public var usesXDG: Bool {
    switch self {
    case .linux, .freeBSD, .openBSD: true
    case .macOS, .iOS, .windows, .android: false
    }
  }
}

/// Which set of rules turns a kind of directory into a path.
public enum Layout: String, Sendable, Hashable, CaseIterable, Codable {
  /// The platform's own conventions: `~/Library` on Apple platforms, Known Folders on Windows,
  /// the XDG rules on Linux and the BSDs.
  case native
  /// The XDG Base Directory rules on every Unix-like platform, the convention of command-line
  /// tools on macOS.
  case xdg
}
