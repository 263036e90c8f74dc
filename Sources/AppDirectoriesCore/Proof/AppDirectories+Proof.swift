// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

// The rules of the proof as this environment has them: the opener, the base directories, the
// machine's folders.

extension AppDirectories {
  /// Opens directories by path through descriptors, with the application's system calls.
  package var directoryOpener: DirectoryOpener { standardDirectories.directoryOpener }

  /// The proof rules of this application's environment and scope, as they are now.
  package func removalProof() -> RemovalProof {
    standardDirectories.removalProof(allowingMachineEntries: ownsMachineEntries)
  }

  /// Whether the machine's folders hold this application's own directories: in system scope,
  /// or where the service manager made one of them.
  var ownsMachineEntries: Bool {
    scope == .system
      || AppDirectory.ownKinds.contains { kind in
        (try? resolution(for: kind)).map { Self.isServiceManagers($0.source) } ?? false
      }
  }
}

extension StandardDirectories {
  var directoryOpener: DirectoryOpener {
    DirectoryOpener(syscalls: syscalls)
  }

  /// The proof rules with the identities of this environment's home, base directories and
  /// temporary directory as they are now; with `allowingMachineEntries` (system scope, or the
  /// service manager's directories), an entry of the machine's folders may be the
  /// application's.
  func removalProof(allowingMachineEntries: Bool? = nil) -> RemovalProof {
    RemovalProof(
      syscalls: syscalls, effectiveUserID: environment.effectiveUserID, bases: removalBases(),
      machineFolders: (allowingMachineEntries ?? (scope == .system)) ? systemLayout.folders : [])
  }

  /// The machine's table, whatever the scope: its folders are base directories too.
  private var systemLayout: SystemLayout {
    SystemLayout(environment: environment, platformLayout: environment.layout(layout))
  }

  /// The directories nothing may be, nor hold, by kind: every base directory of both scopes,
  /// each entry of the system search lists (`XDG_DATA_DIRS`, `XDG_CONFIG_DIRS`), which every
  /// application shares too, and the home the password database gives.
  func removalBases() -> [(StandardDirectory, String)] {
    // `user-dirs.dirs` read once for all the user folders.
    let standard = StandardDirectories(
      layout: layout,
      environment: (try? environment.readingUserDirectories(syscalls: syscalls)) ?? environment,
      syscalls: syscalls)
    var bases = StandardDirectory.allCases.compactMap { kind in
      (try? standard.resolution(for: kind)).map { (kind, $0.path) }
    }
    for kind in AppDirectory.ownKinds {
      guard let base = kind.base, let path = try? systemLayout.base(base).path else { continue }
      bases.append((base, path))
    }
    for (kind, list) in [(StandardDirectory.data, AppDirectory.data), (.config, .config)] {
      bases += environment.layout(layout).searchBases(list).map { (kind, $0.path) }
    }
    if let home = environment.passwordDatabaseHome, POSIXPath.isAbsolute(home) {
      bases.append((.home, home))
    }
    return bases
  }

  /// Why a directory at `path` (absolute) is not one that may be filled and emptied as an
  /// application's or an isolated root (`appdirs sandbox ROOT`, `appdirs doctor`): the rules of
  /// the proof before destruction, a symbolic link or another user's directory, or a new
  /// directory where every entry is protected (directly under `/`, `/home`, …). `nil` when it
  /// may.
  ///
  /// With `allowingMachineEntries` (system scope, or a directory the service manager made), an
  /// entry of the machine's folders (`/etc/A`) may be the application's.
  package func destructionRefusal(_ path: String, allowingMachineEntries: Bool = false)
    -> CleanRefusal?
  {
    let (proof, bases) = removalRules(allowingMachineEntries: allowingMachineEntries)
    return destructionRefusal(path, proof: proof, bases: bases)
  }

  /// The proof rules with the bases they were gathered from: the proof compares by identity
  /// what exists, and the bases' spellings stand for what does not exist yet. Gathered once
  /// for several questions (every directory of a sandbox's grants).
  package func removalRules(allowingMachineEntries: Bool) -> (
    proof: RemovalProof, bases: [(StandardDirectory, String)]
  ) {
    let bases = removalBases()
    let proof = RemovalProof(
      syscalls: syscalls, effectiveUserID: environment.effectiveUserID, bases: bases,
      machineFolders: allowingMachineEntries ? systemLayout.folders : [])
    return (proof, bases)
  }

  /// ``destructionRefusal(_:allowingMachineEntries:)`` with the rules gathered already.
  package func destructionRefusal(
    _ path: String, proof: RemovalProof, bases: [(StandardDirectory, String)]
  ) -> CleanRefusal? {
    let located: DirectoryOpener.Located?
    do throws(DirectoryError) {
      located = try directoryOpener.locate(POSIXPath.normalize(path))
    } catch {
      if case .ownedByAnotherUser(_, let owner, _) = error { return .ownedByAnotherUser(owner) }
      return .unexaminable
    }
    guard let located else { return missingBaseRefusal(path, bases: bases) }
    defer { syscalls.close(descriptor: located.parent) }
    switch located.entry {
    case .missing:
      return missingBaseRefusal(path, bases: bases)
        ?? proof.refusal(forNewEntryIn: located.parent)
    case .symbolicLink: return .symbolicLink
    case .other: return nil  // the caller says it is not a directory
    case .directory:
      guard
        case .success(let directory) = syscalls.openDirectory(
          in: located.parent, entry: located.name)
      else { return .unexaminable }
      defer { syscalls.close(descriptor: directory) }
      return proof.refusal(for: directory, allowingMountPoint: true)
    }
  }

  /// Why a path where nothing exists yet may not be made a root: it is, or holds, a base
  /// directory that does not exist yet either (`~/.cache` before any cache), compared by
  /// normalized path since there is nothing to compare by identity.
  private func missingBaseRefusal(_ path: String, bases: [(StandardDirectory, String)])
    -> CleanRefusal?
  {
    let target = POSIXPath.normalize(path)
    for (kind, base) in bases where POSIXPath.isAbsolute(base) {
      if POSIXPath.isInside(POSIXPath.normalize(base), target) { return .baseDirectory(kind) }
    }
    return nil
  }
}
