import AppDirectories
import Foundation
import Testing

@testable import TestSupport

/// Every kind of object that can stand where a directory must be, for each thing that meets
/// one: the walk that creates a directory, `clean`, `migrate` and the doctor. The error is the
/// same value whoever runs the tests, except where root may do what a user may not, which is
/// asserted for each of the two.
@Suite("Objects in the way, kind by kind")
struct ObjectsInTheWayTests {
  /// What stands at the path.
  enum Object: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case file, fifo, socket, danglingLink, linkLoop, linkToAFile

    var testDescription: String { rawValue }

    /// Puts it at `path`, whose parent exists.
    func make(at path: String, in root: TemporaryRoot) throws {
      switch self {
      case .file: try root.writeFile(path, "not a directory")
      case .fifo: try root.makeFIFO(path)
      case .socket: try root.makeSocket(path)
      case .danglingLink: try root.makeSymlink(path, to: root.at("nowhere"))
      case .linkLoop: try root.makeSymlink(path, to: path)
      case .linkToAFile:
        try root.writeFile(root.at("a-file"), "x")
        try root.makeSymlink(path, to: root.at("a-file"))
      }
    }

    /// The error of the walk that must make a directory at `path`.
    func walkError(at path: String) -> DirectoryError {
      switch self {
      case .file, .fifo, .socket, .linkToAFile: .notADirectory(path: path)
      case .danglingLink, .linkLoop: .danglingSymlink(path: path)
      }
    }
  }

  static func environment(_ root: TemporaryRoot) -> ProcessEnvironment {
    root.environment(["XDG_CACHE_HOME": root.at("cache"), "XDG_CONFIG_HOME": root.at("config")])
  }

  @Test(
    "The walk names the object where the directory must be, and makes nothing",
    arguments: Object.allCases)
  func walk(_ object: Object) throws {
    try TemporaryRoot.with { root in
      try root.makeDirectory("cache")
      try object.make(at: root.at("cache/ExampleApp"), in: root)
      let dirs = try AppDirectories(app: "ExampleApp", environment: Self.environment(root))
      let before = TreeSnapshot.lines(of: root.path)
      #expect(throws: object.walkError(at: root.at("cache/ExampleApp"))) {
        try dirs.directory(.cache)
      }
      // Above the directory too: the object is a parent on the way.
      #expect(throws: object.walkError(at: root.at("cache/ExampleApp"))) {
        try StandardDirectories(
          layout: .native,
          environment: root.environment([
            "XDG_CACHE_HOME": root.at("cache/ExampleApp/deeper")
          ])
        ).directory(.cache)
      }
      #expect(TreeSnapshot.lines(of: root.path) == before)
    }
  }

  /// What `clean(.cache)` refuses for the object: a link is never followed, and a file is no
  /// cache to empty.
  func cleanRefusal(for object: Object) -> CleanRefusal {
    switch object {
    case .file, .fifo, .socket: .notADirectory
    case .danglingLink, .linkLoop, .linkToAFile: .symbolicLink
    }
  }

  @Test(
    "Emptying a cache that is an object in the way is refused; removing all removes it",
    arguments: Object.allCases)
  func clean(_ object: Object) throws {
    try TemporaryRoot.with { root in
      try root.makeDirectory("cache")
      try object.make(at: root.at("cache/ExampleApp"), in: root)
      let dirs = try AppDirectories(app: "ExampleApp", environment: Self.environment(root))
      let before = TreeSnapshot.lines(of: root.path)
      #expect(
        throws: DirectoryError.cleanRefused(
          path: root.at("cache/ExampleApp"), reason: cleanRefusal(for: object))
      ) { try dirs.clean(.cache) }
      #expect(TreeSnapshot.lines(of: root.path) == before)
      // Removing everything removes the object itself, never what a link leads to.
      let report = try dirs.clean(.all)
      #expect(report.failures.isEmpty)
      #expect(!root.exists(root.at("cache/ExampleApp")))
      #expect(object != .linkToAFile || root.exists(root.at("a-file")))
    }
  }

  @Test("A legacy path that is an object in the way is never moved", arguments: Object.allCases)
  func migrate(_ object: Object) throws {
    try TemporaryRoot.with { root in
      try object.make(at: root.at("legacy"), in: root)
      let dirs = try AppDirectories(app: "ExampleApp", environment: Self.environment(root))
      let before = TreeSnapshot.lines(of: root.path)
      let legacy = URL(fileURLWithPath: root.at("legacy"))
      switch object {
      case .file, .fifo, .socket:
        #expect(throws: DirectoryError.notADirectory(path: root.at("legacy"))) {
          try dirs.migrate(from: legacy, to: .config)
        }
      case .danglingLink, .linkLoop, .linkToAFile:
        // A link that does not lead to the destination is not followed: nothing to move, and
        // a warning that names it.
        let outcome = try dirs.migrate(from: legacy, to: .config)
        #expect(outcome.action == .nothingToMigrate)
        #expect(
          outcome.warnings.map(\.message).contains {
            $0.hasPrefix(root.at("legacy") + " is a symbolic link to ")
          }, "\(outcome.warnings)")
      }
      #expect(TreeSnapshot.lines(of: root.path) == before)
    }
  }

  /// A FIFO or a socket inside the tree cannot be copied: the migration refuses before it
  /// changes anything.
  @Test(
    "A FIFO or socket inside a legacy folder is named, and nothing moves",
    arguments: [Object.fifo, .socket])
  func specialFileInside(_ object: Object) throws {
    try TemporaryRoot.with { root in
      try root.writeFile(root.at("legacy/settings"), "x")
      try object.make(at: root.at("legacy/control"), in: root)
      let dirs = try AppDirectories(app: "ExampleApp", environment: Self.environment(root))
      let before = TreeSnapshot.lines(of: root.path)
      #expect(
        throws: DirectoryError.migrationFailed(
          source: root.at("legacy"), problem: .specialFiles([root.at("legacy/control")]))
      ) { try dirs.migrate(from: URL(fileURLWithPath: root.at("legacy")), to: .config) }
      #expect(TreeSnapshot.lines(of: root.path) == before)
    }
  }

  /// An unsearchable directory on the way: root passes through it, a user is refused there.
  @Test("An unsearchable directory on the way: root passes, a user is refused there")
  func unsearchableDirectory() throws {
    try TemporaryRoot.with { root in
      try root.makeDirectory("cache/locked/inner")
      chmod(root.at("cache/locked"), 0)
      defer { chmod(root.at("cache/locked"), 0o700) }
      let environment = root.environment(["XDG_CACHE_HOME": root.at("cache/locked/inner")])
      let dirs = try AppDirectories(app: "ExampleApp", environment: environment)
      if geteuid() == 0 {
        #expect(try dirs.directory(.cache).path == root.at("cache/locked/inner/ExampleApp"))
      } else {
        #expect(
          throws: DirectoryError.permissionDenied(
            path: root.at("cache/locked"), errno: .permissionDenied)
        ) { try dirs.directory(.cache) }
      }
    }
  }
}
