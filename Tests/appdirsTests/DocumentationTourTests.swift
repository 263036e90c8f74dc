// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

// These tests run the tool through /bin/sh, which the tests do on macOS and Linux; the tour is
// a Linux machine's, so its steps run on Linux.
#if os(macOS) || os(Linux)
  import Foundation
  import Testing

  @testable import TestSupport

  #if os(Linux)
    private let isLinux = true
  #else
    private let isLinux = false
  #endif

  /// The tour of the article *Using appdirs* is the tool's real output: each `$` command of its
  /// `console` block is run through `/bin/sh` in a temporary root that stands for `/`, and what
  /// it prints (standard output and error, in order) must be what the article shows.
  ///
  /// The article's machine: user `ada`, uid 1500, an empty home `/home/ada`, nothing set but
  /// `XDG_DATA_DIRS=/opt/example/share`, which holds `ExampleApp/themes/dark.json`. In the test
  /// the root's path is taken out of every line, the test's user ID reads as 1500, and runs of
  /// spaces count as one (a table's columns are as wide as the root's paths). The one finding
  /// a temporary root cannot avoid is left out: its `HOME` is not the home the password database
  /// gives the test's user, where ada's is hers.
  @Suite(.readsThePackage, .enabled(if: isLinux, "the tour is a Linux machine's"))
  struct DocumentationTourTests {
    static let article = "Sources/AppDirectories/AppDirectories.docc/UsingTheTool.md"

    /// A command of the tour and the lines it prints.
    struct Step: Sendable, CustomTestStringConvertible {
      let command: String
      let output: [String]
      var testDescription: String { command }
    }

    /// The `console` block after the heading `### A tour`, as its steps.
    static func steps() throws -> [Step] {
      let text = try String(
        contentsOf: packageRoot.appendingPathComponent(article), encoding: .utf8)
      let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
      guard let heading = lines.firstIndex(of: "### A tour"),
        let open = lines[heading...].firstIndex(of: "```console"),
        let close = lines[(open + 1)...].firstIndex(of: "```")
      else { throw SetupFailure("the tour's console block", article) }
      var steps: [Step] = []
      for line in lines[(open + 1)..<close] {
        if line.hasPrefix("$ ") {
          steps.append(Step(command: String(line.dropFirst(2)), output: []))
        } else if let last = steps.popLast() {
          steps.append(Step(command: last.command, output: last.output + [line]))
        }
      }
      return steps
    }

    /// A line as compared: runs of spaces as one, no trailing space.
    static func normalized(_ line: String) -> String {
      line.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
    }

    @Test func theTourHasItsCommands() throws {
      let steps = try Self.steps()
      #expect(steps.count >= 5)
      #expect(steps.allSatisfy { $0.command.contains("appdirs ") && !$0.output.isEmpty })
    }

    @Test(arguments: try steps())
    func eachCommandOfTheTourPrintsWhatTheArticleShows(step: Step) throws {
      let root = try TemporaryRoot.withUserDirectories()
      try root.makeDirectory("home/ada", mode: 0o755)
      try root.write("{}\n", to: "opt/example/share/ExampleApp/themes/dark.json")
      let tool = URL(fileURLWithPath: Tool.path).deletingLastPathComponent().path
      let environment = [
        "HOME": root.at("home/ada"), "TMPDIR": root.at("tmp"),
        "XDG_DATA_DIRS": root.at("opt/example/share"), "PATH": tool + ":/usr/bin:/bin",
      ]
      let result = try Tool.runProcess(
        ["/bin/sh", "-c", "exec 2>&1\n" + step.command], environment: environment, in: root)
      let user = String(geteuid())
      var printed = result.standardOutput.split(separator: "\n", omittingEmptySubsequences: false)
        .map {
          $0.replacingOccurrences(of: root.path, with: "")
            .replacingOccurrences(of: "runtime-" + user, with: "runtime-1500")
            .replacingOccurrences(of: "user " + user + " ", with: "user 1500 ")
        }
      if printed.last == "" { printed.removeLast() }
      // The note that the test's HOME is not its user's own, with its fix.
      if let note = printed.firstIndex(where: {
        $0.hasPrefix("note: HOME is /home/ada, but the password database says ")
      }) {
        printed.removeSubrange(note...min(note + 1, printed.count - 1))
      }
      #expect(
        printed.map(Self.normalized) == step.output.map(Self.normalized),
        "\(Self.article): the tour's `$ \(step.command)` prints:\n\(printed.joined(separator: "\n"))"
      )
    }
  }
#endif
