// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

/// The quoting of a Windows command line. `_wspawnvp` joins its arguments with spaces and
/// quotes nothing, and the program splits the line again by the C runtime's rules
/// (`CommandLineToArgvW`): so each argument is quoted for those rules first, or one with a
/// space, a tab or a quote would come apart. Pure, so that it is tested on every host.
enum WindowsCommandLine {
  /// `argument` as the C runtime reads it back: unchanged when it has no space, tab, newline
  /// or quote and is not empty; otherwise in double quotes, with each quote escaped by a
  /// backslash and the backslashes before a quote (or before the closing one) doubled.
  static func quoted(_ argument: String) -> String {
    let special: Set<Character> = [" ", "\t", "\n", "\u{0B}", "\""]
    if !argument.isEmpty && !argument.contains(where: special.contains) { return argument }
    var result = "\""
    var backslashes = 0
    for character in argument {
      switch character {
      case "\\":
        backslashes += 1
      case "\"":
        result += String(repeating: "\\", count: backslashes * 2 + 1) + "\""
        backslashes = 0
      default:
        result += String(repeating: "\\", count: backslashes)
        result.append(character)
        backslashes = 0
      }
    }
    return result + String(repeating: "\\", count: backslashes * 2) + "\""
  }
}
