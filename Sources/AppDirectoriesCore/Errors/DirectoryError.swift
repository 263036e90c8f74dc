// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

/// Why a directory could not be resolved or created.
///
/// Every case names the path or name at fault, and ``recoverySuggestion`` says how to fix it:
///
/// ```swift
/// import AppDirectories
///
/// do {
///   print(try AppDirectories(app: "ExampleApp").directoryPath(.data))
/// } catch let error as DirectoryError {
///   switch error {
///   case .invalidName(let name, let reason): print("\(name) cannot be a folder's name: \(reason)")
///   default: print(error.description, error.recoverySuggestion)
///   }
/// } catch {
///   print(error)
/// }
/// ```
#if hasAttribute(nonexhaustive)
  @nonexhaustive
#endif
public enum DirectoryError: Error, Sendable, Hashable, CustomStringConvertible {
  /// A name that cannot be used: an application name, organization, group identifier or
  /// version that cannot be a single path component, an environment prefix that cannot name
  /// variables, a file to locate that leaves its search directories, or a legacy path that is
  /// not absolute. `reason` says which rule it breaks. Nothing was created.
  case invalidName(name: String, reason: NameProblem)
  /// The platform's way of finding the user's home directory gives none (on Linux: neither
  /// `HOME` nor the password database); `reason` says which way and why.
  case homeUnavailable(reason: HomeProblem)
  /// The directory has no meaning on this platform or in this domain, or the application may
  /// not have it.
  case unsupported(reason: UnsupportedReason)
  /// Something that is not a directory (a file, a device, a symlink to a file) stands where a
  /// directory must be.
  case notADirectory(path: String)
  /// A symbolic link whose target does not exist stands where a directory must be.
  case danglingSymlink(path: String)
  /// A symbolic link stands where a directory must be whose links loop: following them
  /// meets more than 40 links (Linux's `MAXSYMLINKS`) and never a directory.
  case symbolicLinkLoop(path: String)
  /// Something another user owns stands on the way: a symbolic link owned by neither the
  /// effective user nor root (the kernel's `protected_symlinks` rule, applied everywhere), or a
  /// directory put in place of one the library had just created. It is not followed, not used
  /// and not changed.
  case ownedByAnotherUser(path: String, owner: UInt32, isSymbolicLink: Bool)
  /// A directory of another user stands where the application's must be its own: an existing
  /// directory outside the home that neither the effective user nor root owns (`creating` is
  /// false), or, for root, a directory of another user to create in (`creating` is true: the
  /// `sudo` case, where root-owned folders would lock the owner out of their own home).
  /// Nothing was created.
  case directoryOfAnotherUser(path: String, owner: UInt32, creating: Bool)
  /// The operating system refused access to a directory on the way.
  case permissionDenied(path: String, errno: SystemErrno)
  /// The directory would have to be created on a read-only file system.
  case readOnlyFileSystem(path: String)
  /// The path, or one of its components, is longer than `limit` allows: the file system's,
  /// or for a socket, `sun_path` (then the name given is at fault: a request, not the disk).
  case nameTooLong(path: String, limit: NameLengthLimit = .fileSystem)
  /// The runtime directory is not a private directory of the user (owner, mode or type wrong).
  case insecureRuntimeDirectory(path: String, problem: PrivateDirectoryProblem)
  /// Creating the directory failed for another reason, given by `errno`.
  case creationFailed(path: String, errno: SystemErrno)
  /// Something stands where the library keeps a file of its own, such as a lock file, that is
  /// not a regular file of the effective user with one name: `found` says what it is (a
  /// directory, a FIFO, another user's file, a hard link to another file). It is not opened
  /// through, not used and not changed.
  case foreignFile(path: String, found: ForeignFile)
  /// Another process holds the lock whose file is at `path`; `holder` is the process ID it
  /// wrote there, when one could be read (for messages only: it is never trusted).
  case lockHeld(path: String, holder: Int32?)
  /// Moving an application's files from the legacy path `source` could not go ahead, or
  /// stopped; see ``AppDirectories/AppDirectories/migrate(from:to:options:)`` for what is
  /// left where.
  case migrationFailed(source: String, problem: MigrationProblem)
  /// ``AppDirectories/AppDirectories/clean(_:groups:legacyPaths:dryRun:)`` will not remove this
  /// directory at all; nothing was removed.
  case cleanRefused(path: String, reason: CleanRefusal)
  /// Writing the file at `path` failed for the reason `errno` gives (a full disk, a quota, an
  /// I/O error). Unless the error came after the new file was in place (the `fsync` of its
  /// directory), the file holds its old contents, and no temporary file is left.
  case writeFailed(path: String, errno: SystemErrno)
  /// Reading the file at `path` failed for the reason `errno` gives.
  case readFailed(path: String, errno: SystemErrno)
  /// The permissions asked for a file are not permission bits of a file: only read, write and
  /// execute for the owner, the group and others (`0o000` to `0o777`) can be given.
  case invalidPermissions(UInt32)
  /// The root of a portable application (``PortableMode``) cannot be used: `problem` says
  /// why, and `path` is the root, or for ``PortableRootProblem/translocated`` the
  /// application's bundle. Nothing was created.
  case portableRootRefused(path: String, problem: PortableRootProblem)
  /// A directory of the application's cannot be granted to a sandbox
  /// (``AppDirectories/AppDirectories/grants(creating:)``,
  /// ``AppDirectories/AppDirectories/confine(allowing:bestEffort:)``): it is, holds or lies
  /// where section 10's rules say no program may be handed (`/`, the home, a base directory,
  /// the temporary directory, a directory of the system, another user's), named by `reason`.
  /// Nothing was granted.
  case grantRefused(path: String, reason: CleanRefusal)

  /// The path the error is about, if it is about a path.
  public var path: String? {
    switch self {
    case .invalidName, .homeUnavailable, .unsupported: nil
    case .notADirectory(let path), .danglingSymlink(let path), .symbolicLinkLoop(let path),
      .readOnlyFileSystem(let path),
      .ownedByAnotherUser(let path, _, _), .directoryOfAnotherUser(let path, _, _),
      .nameTooLong(let path, _), .permissionDenied(let path, _), .creationFailed(let path, _),
      .insecureRuntimeDirectory(let path, _), .foreignFile(let path, _), .lockHeld(let path, _):
      path
    case .migrationFailed(_, .failed(let path, _)),
      .migrationFailed(_, .foreignLeftover(let path, _)):
      path
    case .migrationFailed(_, .specialFiles(let paths)) where !paths.isEmpty: paths[0]
    case .migrationFailed(let source, _): source
    case .cleanRefused(let path, _), .writeFailed(let path, _), .readFailed(let path, _): path
    case .invalidPermissions: nil
    case .portableRootRefused(let path, _), .grantRefused(let path, _): path
    }
  }

  /// The system's error number behind the failure, where there is one.
  public var errno: SystemErrno? {
    switch self {
    case .permissionDenied(_, let errno), .creationFailed(_, let errno),
      .writeFailed(_, let errno), .readFailed(_, let errno):
      errno
    case .readOnlyFileSystem: .readOnlyFileSystem
    case .nameTooLong(_, .fileSystem): .nameTooLong
    case .notADirectory: .notDirectory
    case .symbolicLinkLoop: .tooManySymbolicLinks
    case .insecureRuntimeDirectory(_, .unexaminable(let errno)): errno
    case .migrationFailed(_, .failed(_, let errno)): errno
    case .portableRootRefused(_, .unexaminable(let errno)): errno
    default: nil
    }
  }

  /// What went wrong, in one sentence that names the path or name.
  public var description: String {
    switch self {
    case .invalidName(let name, let reason):
      "invalid name \(quoted(name)): \(reason)"
    case .homeUnavailable(let reason):
      "no home directory: \(reason)"
    case .unsupported(let reason):
      reason.description
    case .notADirectory(let path):
      "\(path) exists but is not a directory"
    case .danglingSymlink(let path):
      "\(path) is a symbolic link whose target does not exist"
    case .symbolicLinkLoop(let path):
      "\(path) is a symbolic link that leads nowhere: its links loop"
    case .ownedByAnotherUser(let path, let owner, true):
      "\(path) is a symbolic link owned by user \(owner); only links that you or root own are followed"
    case .ownedByAnotherUser(let path, let owner, false):
      "\(path) was replaced by a directory of user \(owner) just after it was created; it is not used"
    case .directoryOfAnotherUser(let path, let owner, false):
      "\(path) belongs to user \(owner); outside the home, only a directory that you or root own is used"
    case .directoryOfAnotherUser(let path, let owner, true):
      "\(path) belongs to user \(owner); root creates nothing in another user's directory"
    case .permissionDenied(let path, let errno):
      "permission denied at \(path): \(errno)"
    case .readOnlyFileSystem(let path):
      "cannot create \(path): the file system is read-only"
    case .nameTooLong(let path, .fileSystem):
      "cannot create \(path): \(NameLengthLimit.fileSystem)"
    case .nameTooLong(let path, let limit):
      "cannot use \(path) as a socket: \(limit)"
    case .insecureRuntimeDirectory(let path, let problem):
      "refusing the runtime directory \(path): it \(problem)"
    case .creationFailed(let path, let errno):
      "cannot create \(path): \(errno)"
    case .foreignFile(let path, let found):
      "\(path) \(found); it is not used"
    case .lockHeld(let path, let holder?):
      "\(path) is locked by process \(holder)"
    case .lockHeld(let path, nil):
      "\(path) is locked by another process"
    case .migrationFailed(let source, let problem):
      "cannot move \(source): \(problem)"
    case .cleanRefused(let path, let reason):
      "refusing to remove \(path): \(reason)"
    case .writeFailed(let path, let errno):
      "cannot write \(path): \(errno)"
    case .readFailed(let path, let errno):
      "cannot read \(path): \(errno)"
    case .invalidPermissions(let mode):
      "the permissions 0o\(String(mode, radix: 8)) are not a file's: only 0o000 to 0o777 can be given"
    case .portableRootRefused(let path, .translocated):
      "\(path) \(PortableRootProblem.translocated)"
    case .portableRootRefused(let path, let problem):
      "refusing the portable folder \(path): it \(problem)"
    case .grantRefused(let path, let reason):
      "refusing to grant \(path) to a sandbox: \(reason)"
    }
  }

  /// How to fix the problem, in one sentence, for the platform this program runs on.
  public var recoverySuggestion: String { recoverySuggestion(for: .host) }

  /// How to fix the problem, in one sentence, on `platform`: the commands and settings it
  /// names (`ls -ld`, `ulimit -n`, the `XDG_*` variables) are that platform's.
  ///
  /// - Parameter platform: The platform whose tools and settings the sentence names.
  public func recoverySuggestion(for platform: OperatingSystem) -> String {
    let style = platform.pathStyle
    return switch self {
    case .invalidName(_, let reason): reason.recoverySuggestion
    case .homeUnavailable(let reason): reason.recoverySuggestion
    case .unsupported(let reason):
      reason.recoverySuggestion
    case .notADirectory(let path):
      "Move or remove what is at \(path), or choose another directory for it."
    case .danglingSymlink(let path):
      "Create the symbolic link's target, or remove the link at \(path)."
    case .symbolicLinkLoop(let path):
      "Remove the link at \(path), or point it at a directory."
    case .ownedByAnotherUser(let path, _, _):
      "Remove \(path) if you did not put it there, and check who else may write to \(style.parent(path)) (\(Self.ownerCommand(platform)))."
    case .directoryOfAnotherUser(_, _, true):
      "Run as the user who owns it, or give root its own home: use sudo -H (or sudo -i), or export HOME=/root."
    case .directoryOfAnotherUser(let path, let owner, false):
      "Point the setting that chose \(path) at a directory of your own, or have user \(owner) hand it over (chown)."
    case .permissionDenied(let path, _) where SystemLayout.isMachineFolder(path, on: platform):
      platform == .windows
        ? "\(path) is the machine's: run as an administrator or as the service's account, or have an administrator create the application's folder in it for your user."
        : "\(path) is the machine's: run as root or as the service's user (User= in its unit), or have root create the application's folder in it for your user (install -d -o USER)."
    case .permissionDenied(let path, _):
      platform == .windows
        ? "Give your user permission to create folders in \(path) (icacls shows who may)."
        : "Give your user write and search permission on \(path), and search permission on every directory above it (ls -ld shows their owners and modes)."
    case .readOnlyFileSystem:
      platform.usesXDG
        ? "Point the matching XDG_* variable at a writable file system, or remount it read-write."
        : "Remount the volume read-write, or point the application's override at a writable file system."
    case .nameTooLong(_, .fileSystem):
      "Use a shorter application name or a shorter base directory."
    case .nameTooLong(_, .socketAddress(_, let capacity)):
      "Use a shorter socket name, such as control.sock: a socket's path and its NUL must fit in the \(capacity) bytes of sun_path."
    case .insecureRuntimeDirectory(let path, _):
      "Make \(path) a directory you own with mode 0700, or remove it so that it can be created safely; or point the variable that chose it (\(platform.usesXDG ? "XDG_RUNTIME_DIR, or the application's own" : "the application's runtime override")) at such a directory."
    case .creationFailed(_, let errno):
      if errno.isOutOfSpace {
        "Free some disk space or raise the quota, then try again."
      } else if errno == .tooManyOpenFiles || errno == .tooManyOpenFilesInSystem {
        platform == .windows
          ? "Close some files or programs, then try again."
          : "Close some files or raise the open-file limit (ulimit -n)."
      } else if errno == .tooManySymbolicLinks {
        "Remove the symbolic link loop on the path."
      } else {
        "Check the path and its parent directories, then try again."
      }
    case .foreignFile(let path, .fileOfAnotherUser):
      "Remove \(path) if you did not put it there, and check who else may write to \(style.parent(path)) (\(Self.ownerCommand(platform))); the file is made again when it is needed."
    case .foreignFile(let path, .hardLink):
      "Remove \(path): the other names of the file keep it as it is, and the library's own file is made again when it is needed."
    case .foreignFile(let path, _):
      "Move or remove what is at \(path); the file is made again when it is needed."
    case .lockHeld(_, let holder?):
      "Wait until process \(holder) ends or releases the lock (the system releases it when the holder exits), or wait for it."
    case .lockHeld:
      "Wait until the other process ends or releases the lock (the system releases it when the holder exits), or wait for it."
    case .migrationFailed(_, .specialFiles):
      "Remove the FIFOs, sockets and devices (the programs that use them make them again), then run the migration again."
    case .migrationFailed(_, .overlapping):
      "Give a legacy path outside the application's new directory, and not above it."
    case .migrationFailed(_, .notTheApplications):
      "Give the application's own old folder (such as ~/.exampleapp), not a folder that other programs or users share."
    case .migrationFailed(_, .outsideIsolationRoot(let root)):
      "Build the legacy path inside the isolated root from StandardDirectories.url(for: .home) (here \(root)/home), never from NSHomeDirectory() or a fixed path."
    case .migrationFailed(_, .linkWithKeptSource):
      "Ask for a link or for keeping the source, not both."
    case .migrationFailed(_, .foreignLeftover(let path, _)):
      "Look at what is at \(path): remove it yourself if it is yours to remove (or ask its owner to), then run the migration again."
    case .migrationFailed(_, .failed(_, let errno)) where errno.isOutOfSpace:
      "Free some disk space or raise the quota, then run the migration again: it goes on where it stopped, and the source is untouched until the copy is complete."
    case .migrationFailed(_, .failed(let path, _)):
      "Fix what is wrong with \(path) (\(Self.ownerCommand(platform))), then run the migration again: it goes on where it stopped."
    case .cleanRefused(_, .baseDirectory):
      "Point the override that chose it at the application's own folder, or remove the files yourself."
    case .cleanRefused(let path, .ownedByAnotherUser):
      "Run as the user who owns \(path), or remove it yourself if it is yours to remove."
    case .cleanRefused(let path, .notADirectory):
      "Move or remove what is at \(path) yourself; the application makes its cache there again when it needs it."
    case .cleanRefused(let path, .symbolicLink):
      "Empty the directory the link at \(path) leads to yourself, or replace the link with a directory of the application's own."
    case .cleanRefused(_, .protectedDirectory):
      "Point the override\(platform.usesXDG ? " or XDG variable" : "") that chose it at a folder of the application's own, such as \(Self.cacheExample(platform))."
    case .cleanRefused(let path, .mountPoint):
      "Unmount what is mounted at \(path), or remove its files yourself."
    case .cleanRefused(let path, .missingCacheTag(let application)):
      "If \(path) is \(application)'s cache, run the application once (it tags its cache), or write a CACHEDIR.TAG naming \(application) in it; otherwise point the setting that chose it at the application's own folder."
    case .cleanRefused(let path, .unproven(let application, let marker)):
      "If \(path) is \(application)'s, remove it yourself (or move it away and let \(application) create it anew, with its \(marker)); otherwise point the setting that chose it at a folder of the application's own."
    case .cleanRefused(let path, .serviceManagersLink):
      "Remove the unit's directories with systemctl clean --what=all UNIT (the data \(path) leads to with the link), or remove both yourself."
    case .cleanRefused(_, .outsideIsolationRoot(let root)):
      "Give paths inside the isolated root \(root) (build them from StandardDirectories.url(for: .home)), never fixed or real paths."
    case .cleanRefused(let path, .unexaminable):
      "Check \(path) (\(Self.ownerCommand(platform))), then run the command again."
    case .writeFailed(_, let errno) where errno.isOutOfSpace:
      "Free some disk space or raise the quota, then write again: the file keeps its old contents until a write succeeds."
    case .writeFailed(let path, _), .readFailed(let path, _):
      "Check \(path) and its directory (\(Self.ownerCommand(platform))), then try again."
    case .invalidPermissions:
      "Give the file's permission bits only, such as 0o600 (read and write for you alone) or 0o644."
    case .portableRootRefused(_, .notAbsolute):
      "Give the portable folder as an absolute path."
    case .portableRootRefused(let path, .directoryOfAnotherUser(let owner)):
      "Take \(path) over (have user \(owner) chown it to you), or remove or rename it; a removable drive must be mounted as your user (the uid= option of vfat and exfat)."
    case .portableRootRefused(let path, .unexaminable):
      "Check \(path) and the folders above it (\(Self.ownerCommand(platform))), then start the application again."
    case .grantRefused(let path, .ownedByAnotherUser):
      "Run as the user who owns \(path), or point the setting that chose it at a folder of your own."
    case .grantRefused(_, .outsideIsolationRoot(let root)):
      "Keep every directory inside the isolated root \(root) while it is current."
    case .grantRefused(let path, .unexaminable):
      "Check \(path) (\(Self.ownerCommand(platform))), then ask again."
    case .grantRefused:
      "Point the override\(platform.usesXDG ? " or XDG variable" : "") that chose it at a folder of the application's own, such as \(Self.cacheExample(platform)): a sandbox is never handed a folder that other programs or users share."
    case .portableRootRefused:
      "Move the application out of the folder it was downloaded to (into Applications, or a folder of your own, with the Finder) and open it again."
    }
  }

  /// The command that shows who owns a path and may write to it, on `platform`.
  private static func ownerCommand(_ platform: OperatingSystem) -> String {
    platform == .windows
      ? "\(platform.ownerCommand) shows who owns it and may write to it"
      : "\(platform.ownerCommand) shows its owner and mode"
  }

  /// An application's own cache folder on `platform`, as an example.
  private static func cacheExample(_ platform: OperatingSystem) -> String {
    switch platform {
    case .linux, .freeBSD, .openBSD: "~/.cache/<app>"
    case .macOS, .macCatalyst: "~/Library/Caches/<app>"
    case .iOS: "Library/Caches/<app> in the app's container"
    case .windows: "%LOCALAPPDATA%\\<organization>\\<app>\\Cache"
    case .android: "<app storage>/cache/<app>"
    }
  }
}
