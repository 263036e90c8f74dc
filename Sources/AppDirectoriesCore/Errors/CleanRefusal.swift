// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

/// Why a directory is not removed at all: the rule of the proof before destruction that
/// it breaks. Directories are compared by what they are (device and inode), so a spelling with
/// `..` or through a symbolic link is refused by the directory it reaches.
#if hasAttribute(nonexhaustive)
  @nonexhaustive
#endif
public enum CleanRefusal: Sendable, Hashable, CustomStringConvertible {
  /// It is, or holds, a base directory that every application shares (the home, `~/.cache`,
  /// `~/Documents`, the temporary directory), reached through an override or a legacy path:
  /// removing it would remove other applications' files.
  case baseDirectory(StandardDirectory)
  /// It is, holds or lies inside a directory of the system (`/`, a directory directly under
  /// `/`, `/var`, `/run`, `/opt`, `/srv`, `/home`, `/Users` or `/private`, or anything under
  /// `/usr`, `/etc`, `/lib`, `/System`, `/Library` and the like), named by its path.
  case protectedDirectory(String)
  /// Another user owns it.
  case ownedByAnotherUser(UInt32)
  /// It is a symbolic link, which is never followed.
  case symbolicLink
  /// It is a file, a FIFO, a socket or a device, where a directory must be emptied.
  case notADirectory
  /// Another file system is mounted there.
  case mountPoint
  /// It comes from an override or an `XDG_*` variable rather than the platform's default, and
  /// holds no `CACHEDIR.TAG` that names the application, so nothing proves that it is the
  /// application's cache.
  case missingCacheTag(application: String)
  /// Nothing proves it the application's: it is not the application's folder at the
  /// platform's default place in the user's scope, it holds no marker naming the application
  /// (`.appdirectories`, which the library writes only into a directory it creates), and the
  /// service manager did not make it for the application. An override's, an `XDG_*` value's
  /// or a portable root's folder that the library did not make, a system folder
  /// (`/run/lock` for an application named `lock`), or a file an override names.
  case unproven(application: String, marker: String)
  /// It is a symbolic link where the service manager keeps a `DynamicUser=` unit's directory
  /// (`/var/lib/A -> private/A`): removing the link would leave the data it leads to.
  case serviceManagersLink
  /// What it is could not be read (`fstat` failed), so nothing proves that it is the
  /// application's.
  case unexaminable
  /// An isolated environment is current (a test's, or `appdirs sandbox`), and the directory
  /// lies outside its root, named here.
  case outsideIsolationRoot(String)

  /// Why, as the end of a sentence.
  public var description: String {
    switch self {
    case .baseDirectory(.home):
      "it is, or holds, the home directory"
    case .baseDirectory(.temporary):
      "it is, or holds, the temporary directory, which every program shares"
    case .baseDirectory(let base):
      "it is, or holds, the base directory \(base.rawValue), which every application shares"
    case .protectedDirectory(let path):
      "it is, holds or lies inside \(path), a directory of the system"
    case .ownedByAnotherUser(let owner): "it belongs to user \(owner)"
    case .symbolicLink: "it is a symbolic link, which is not followed"
    case .notADirectory: "it is not a directory, so there is no cache in it to empty"
    case .mountPoint: "it is a mount point: another file system is mounted there"
    case .missingCacheTag(let application):
      "it was chosen by an override or an XDG variable and holds no CACHEDIR.TAG naming \(application), so nothing shows it is the application's cache"
    case .unproven(let application, let marker):
      "nothing shows it is \(application)'s: it is not \(application)'s folder at the platform's default place, holds no \(marker) naming \(application) (written when the library creates the folder), and no service manager made it for \(application)"
    case .serviceManagersLink:
      "it is the service manager's link to a DynamicUser= unit's data, which removing the link would leave behind"
    case .unexaminable: "what it is could not be read"
    case .outsideIsolationRoot(let root):
      "it lies outside the isolated root \(root), and nothing outside it is removed while it is current"
    }
  }
}
