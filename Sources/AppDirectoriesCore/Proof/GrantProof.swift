// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

// The proof before a sandbox is handed a directory: the walk reaches it, the rules of section
// 10 judge the descriptor the walk opened, and that descriptor is what a Landlock rule names,
// so nothing is resolved twice between the proof and the grant.

extension AppDirectories {
  /// Opens the directory at `path` (absolute) through the one walk and proves that a sandbox
  /// may be handed it: `writable` for the application's own directories, which must pass every
  /// rule of ``RemovalProof`` (a mount point aside: the service manager bind-mounts its
  /// directories); otherwise for reading only (the search lists' other entries, the
  /// executables directory `sharedBase`), which must not be or hold `/`, the home, a base
  /// directory other than `sharedBase`, or a directory of the system's list, nor belong to
  /// another user than root. Returns the open descriptor (path operations only), which the
  /// caller closes, or `nil` when nothing is there.
  ///
  /// - Throws: ``DirectoryError/grantRefused(path:reason:)`` with the rule, or the walk's error
  ///   (a file where the directory would be).
  package func openGrantable(
    _ path: String, writable: Bool, sharedBase: StandardDirectory? = nil, proof: RemovalProof
  ) throws(DirectoryError) -> Int32? {
    let directory: Int32
    do throws(DirectoryError) {
      guard let opened = try directoryOpener.openDirectory(path, readable: false) else {
        return nil
      }
      directory = opened
    } catch {
      if case .ownedByAnotherUser(_, let owner, _) = error {
        throw .grantRefused(path: path, reason: .ownedByAnotherUser(owner))
      }
      throw error
    }
    var keep = false
    defer { if !keep { syscalls.close(descriptor: directory) } }
    // The rule of the directory itself says more than the isolated root it is outside of.
    let refusal =
      writable
      ? proof.refusal(
        for: directory, allowingMountPoint: true,
        allowingAnyOwner: scope == .system && environment.effectiveUserID == 0)
      : proof.exposureRefusal(for: directory, sharedBase: sharedBase)
    if let refusal { throw .grantRefused(path: path, reason: refusal) }
    if let root = isolationRootNotHolding(directory) {
      throw .grantRefused(path: path, reason: .outsideIsolationRoot(root))
    }
    keep = true
    return directory
  }

  /// Why a directory of the application's that does not exist yet may not be made to be
  /// granted: it would be, or hold, a base directory that does not exist yet either, or an
  /// entry of a directory whose every entry is protected, or lie in a system tree; `nil` when
  /// it may. Asked of every absent directory before any is made, so that one refusal leaves
  /// nothing made.
  package func newGrantRefusal(
    _ path: String, proof: RemovalProof, bases: [(StandardDirectory, String)]
  ) -> CleanRefusal? {
    standardDirectories.destructionRefusal(path, proof: proof, bases: bases)
  }

  /// The rules of every grant of this application, gathered once: the proof, with the machine's
  /// entries the application's where they are (system scope, the service manager's
  /// directories), and the bases it was gathered from.
  package func grantRules() -> (proof: RemovalProof, bases: [(StandardDirectory, String)]) {
    standardDirectories.removalRules(allowingMachineEntries: ownsMachineEntries)
  }
}
