// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

/// A resolved directory: its path, where the path came from, what was passed over on the way
/// and why, and what the file system must still confirm before the path may be used.
///
/// Resolution is pure: it reads only a ``ProcessEnvironment`` value. A runtime directory must
/// also be private to the user, which only the file system can tell; such a resolution carries
/// a ``requirement``, which ``AppDirectories/url(for:)`` and ``AppDirectories/directory(_:)``
/// check.
public struct DirectoryResolution: Sendable, Hashable, CustomStringConvertible {
  /// The absolute path, without a trailing separator.
  public let path: String
  /// Which variable, default, file line or fallback decided the path.
  public let source: DirectorySource
  /// What the file system must still confirm, or `nil` when nothing is pending.
  public let requirement: DirectoryRequirement?
  /// The home directory the path was built from, if it was.
  public let home: HomeDirectory?
  /// What was passed over and the other warnings, in one box (`nil` when there are none):
  /// resolving and copying a resolution stays cheap, and these are read only to explain.
  private var provenance: Provenance?

  /// The places looked at before ``source`` and passed over, most preferred first.
  public var ignored: [IgnoredValue] { provenance?.ignored ?? [] }
  /// Everything odd on the way, each with a fix, in the order it was found: those of
  /// ``ignored`` and of the home's, then the others. Made when asked, so that resolving costs
  /// no text.
  public var warnings: [DirectoryWarning] {
    let own = provenance?.ignored.compactMap(\.warning) ?? []
    let fromHome = home?.ignored.compactMap(\.warning) ?? []
    return own + fromHome + (provenance?.extraWarnings ?? [])
  }
  /// The warnings that do not come from ``ignored`` or ``home``.
  var extraWarnings: [DirectoryWarning] { provenance?.extraWarnings ?? [] }

  /// The path, where it came from, what was passed over and why, the warnings, and what the
  /// file system must still confirm, one line each after the path, as `print` shows it:
  ///
  /// ```
  /// /home/ada/.config
  ///   source: default
  ///   passed over: XDG_CONFIG_HOME is not an absolute path ("config")
  ///   warning: XDG_CONFIG_HOME is not an absolute path ("config") and is ignored
  /// ```
  public var description: String {
    var lines = [path, "  source: \(source)"]
    if let home { lines.append("  home: \(home.path) (\(home.source))") }
    lines += (ignored + (home?.ignored ?? [])).map { "  passed over: \($0)" }
    lines += warnings.map { "  warning: \($0.message)" }
    if case .privateDirectory(let base, let creates, let otherwise)? = requirement {
      lines.append(
        "  requires: \(base) private to the user (mode 0700)"
          + (creates ? ", created if missing" : "")
          + (otherwise.map { "; else \($0.path)" } ?? ""))
    }
    return lines.joined(separator: "\n")
  }

  private final class Provenance: Sendable, Hashable, CustomStringConvertible {
    let ignored: [IgnoredValue]
    let extraWarnings: [DirectoryWarning]

    init(ignored: [IgnoredValue], extraWarnings: [DirectoryWarning]) {
      self.ignored = ignored
      self.extraWarnings = extraWarnings
    }

    static func == (left: Provenance, right: Provenance) -> Bool {
      left === right || (left.ignored == right.ignored && left.extraWarnings == right.extraWarnings)
    }

    func hash(into hasher: inout Hasher) {
      hasher.combine(ignored)
      hasher.combine(extraWarnings)
    }

    /// What was passed over and the other warnings, as a reflection of the resolution shows
    /// them.
    var description: String {
      (ignored.map { "passed over: \($0)" } + extraWarnings.map { "warning: \($0.message)" })
        .joined(separator: "; ")
    }
  }

  /// Creates a resolution; its warnings are those of `ignored` and of the home's, then
  /// `extraWarnings`.
  public init(
    path: String, source: DirectorySource, ignored: [IgnoredValue] = [],
    home: HomeDirectory? = nil, extraWarnings: [DirectoryWarning] = [],
    requirement: DirectoryRequirement? = nil
  ) {
    self.path = path
    self.source = source
    self.requirement = requirement
    self.home = home
    provenance =
      ignored.isEmpty && extraWarnings.isEmpty
      ? nil : Provenance(ignored: ignored, extraWarnings: extraWarnings)
  }

  private init(
    copying other: DirectoryResolution, path: String, requirement: DirectoryRequirement?
  ) {
    self.path = path
    source = other.source
    self.requirement = requirement
    home = other.home
    provenance = other.provenance
  }

  /// The same resolution with a POSIX path component appended.
  func appending(_ component: String) -> DirectoryResolution {
    appending([component], style: .posix)
  }

  /// The same resolution with path components appended by the rules of `style`.
  func appending(_ components: [String], style: PathStyle) -> DirectoryResolution {
    guard !components.isEmpty else { return self }
    let joined =
      switch style {
      case .posix: components.reduce(path) { POSIXPath.join($0, $1) }
      case .windows: WindowsPath.join(path, components)
      }
    return DirectoryResolution(copying: self, path: joined, requirement: requirement)
  }

  /// The same resolution, with `ignored` (the places looked at before it) first among what
  /// was passed over; its path, source, home, warnings and requirement are kept.
  func passingOver(_ ignored: [IgnoredValue]) -> DirectoryResolution {
    guard !ignored.isEmpty else { return self }
    var resolution = self
    resolution.provenance = Provenance(
      ignored: ignored + self.ignored, extraWarnings: extraWarnings)
    return resolution
  }

  /// The same resolution with its requirement met: nothing is left for the file system.
  var withRequirementMet: DirectoryResolution {
    DirectoryResolution(copying: self, path: path, requirement: nil)
  }
}

/// What the file system must confirm before a resolved path may be used.
public indirect enum DirectoryRequirement: Sendable, Hashable {
  /// `base` (the resolved path, or a folder above it) must be private to the effective user:
  /// a real directory it owns, not a symbolic link, with permission bits exactly 0700. When it
  /// is missing it is created 0700 if `createsIfMissing`; when it is unsafe (or missing and not
  /// to be created) `otherwise` is used instead, or, without one, the library throws
  /// ``DirectoryError/insecureRuntimeDirectory(path:problem:)``.
  case privateDirectory(base: String, createsIfMissing: Bool, otherwise: DirectoryResolution?)
}

extension [DirectoryResolution] {
  /// Each directory of a search list once, where it first comes, by its normalized spelling in
  /// `style` (`/x`, `/x/` and `/x/.` are one): `XDG_DATA_HOME` that is also an entry of
  /// `XDG_DATA_DIRS` is searched, listed and granted once, as platformdirs lists it.
  func withoutRepeatedDirectories(_ style: PathStyle) -> [DirectoryResolution] {
    var seen: Set<String> = []
    return filter { seen.insert(style.normalize($0.path)).inserted }
  }
}
