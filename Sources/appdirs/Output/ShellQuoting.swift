// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

/// Quoting for POSIX shells.
enum ShellQuoting {
  /// The text in single quotes, with each `'` written as `'\''`, safe to `eval`.
  static func quote(_ text: String) -> String {
    "'" + text.replacingAll("'", with: "'\\''") + "'"
  }
}

extension String {
  func replacingAll(_ target: Character, with replacement: String) -> String {
    var result = ""
    for character in self {
      if character == target { result += replacement } else { result.append(character) }
    }
    return result
  }
}
