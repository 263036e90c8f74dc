// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

package import AppDirectoriesCore

// The grants as the arguments of the sandboxing tools: bubblewrap's, Flatpak's and a macOS
// Seatbelt profile's. Each option is its words, unquoted: the tool that prints them quotes.

extension AppDirectories {
  /// bubblewrap's options for `grants`, one array of words per option: the system's programs
  /// and configuration read-only (a link such as `/bin -> usr/bin` made as the same link), a
  /// fresh `/proc` and `/dev`, then each grant bound at its own path (`--bind`, `--ro-bind`;
  /// the `-try` forms for a directory that does not exist, which bubblewrap then skips).
  /// Nothing else of the machine is there: not the home, not the temporary directory.
  package func bubblewrapOptions(for grants: [DirectoryGrant]) -> [[String]] {
    var options: [[String]] = []
    for path in SystemGrants.programs + SystemGrants.readable where path != "/proc" {
      switch syscalls.status(path: path, followSymlinks: false) {
      case .success(let status) where status.type == .symbolicLink:
        guard case .success(let target) = syscalls.readLink(path: path) else { continue }
        options.append(["--symlink", target, path])
      case .success(let status) where status.type == .directory:
        options.append(["--ro-bind", path, path])
      default: continue
      }
    }
    options += [["--proc", "/proc"], ["--dev", SystemGrants.deviceDirectory]]
    for grant in grants {
      let bind = grant.access == .readWrite ? "--bind" : "--ro-bind"
      options.append([grant.exists ? bind : bind + "-try", grant.path, grant.path])
    }
    return options
  }

  /// Flatpak's `--filesystem=` arguments for `grants` (`:ro` for reading only), as
  /// `flatpak run`, `flatpak override` and a manifest's `finish-args` take them; a directory in
  /// the runtime directory is named through `xdg-run/`, since Flatpak keeps `/run` its own.
  package func flatpakArguments(for grants: [DirectoryGrant]) -> [String] {
    let runtimeBase = try? standardDirectories._resolution(for: .runtime).path
    let style = environment.platform.pathStyle
    return grants.map { grant in
      var path = grant.path
      if let runtimeBase, style.isInside(path, runtimeBase), path != runtimeBase {
        path = "xdg-run/" + String(path.dropFirst(runtimeBase.count + 1))
      }
      return "--filesystem=" + path + (grant.access == .readWrite ? "" : ":ro")
    }
  }

  /// A Seatbelt (SBPL) fragment for `grants`: one `allow` rule per grant, for a profile that
  /// denies by default. Seatbelt matches a path after links are resolved (`/private/var` for
  /// `/var` on macOS): the grants' paths are given as the application resolves them.
  package static func seatbeltRules(for grants: [DirectoryGrant]) -> [String] {
    grants.map { grant in
      let operations =
        switch grant.access {
        case .readWrite: "file-read* file-write*"
        case .readOnly: "file-read*"
        case .readExecute: "file-read* process-exec"
        }
      var literal = ""
      for character in grant.path {
        if character == "\\" || character == "\"" { literal.append("\\") }
        literal.append(character)
      }
      return "(allow \(operations) (subpath \"\(literal)\"))"
    }
  }
}
