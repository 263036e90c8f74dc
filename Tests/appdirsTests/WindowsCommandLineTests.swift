// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

import Testing

@testable import appdirs

/// `appdirs sandbox` on Windows starts its command with `_wspawnvp`, which joins the
/// arguments into one line; each is quoted so that the C runtime splits the line back into the
/// same arguments. Checked against a splitter written from the documented rules.
@Suite struct WindowsCommandLineTests {
  /// Splits a command line as the Microsoft C runtime does (`CommandLineToArgvW`, argv):
  /// 2n backslashes before a quote give n and the quote toggles quoting; 2n+1 give n and a
  /// literal quote; other backslashes are literal; unquoted spaces and tabs separate.
  static func split(_ line: String) -> [String] {
    var arguments: [String] = []
    var current = ""
    var inArgument = false
    var quoted = false
    var backslashes = 0
    for character in line {
      if character == "\\" {
        backslashes += 1
        inArgument = true
        continue
      }
      if character == "\"" {
        current += String(repeating: "\\", count: backslashes / 2)
        if backslashes % 2 == 1 {
          current.append("\"")
        } else {
          quoted.toggle()
        }
        backslashes = 0
        inArgument = true
        continue
      }
      current += String(repeating: "\\", count: backslashes)
      backslashes = 0
      if (character == " " || character == "\t") && !quoted {
        if inArgument { arguments.append(current) }
        current = ""
        inArgument = false
      } else {
        current.append(character)
        inArgument = true
      }
    }
    current += String(repeating: "\\", count: backslashes)
    if inArgument { arguments.append(current) }
    return arguments
  }

  @Test(arguments: [
    ("plain", "plain"),
    ("two words", #""two words""#),
    ("", #""""#),
    (#"say "hi""#, #""say \"hi\"""#),
    (#"C:\Program Files\App\"#, #""C:\Program Files\App\\""#),
    (#"C:\Users\ada"#, #"C:\Users\ada"#),
    (#"a\\"b"#, #""a\\\\\"b""#),
  ])
  func argumentsAreQuotedForTheCRuntime(argument: String, quoted: String) {
    #expect(WindowsCommandLine.quoted(argument) == quoted)
  }

  @Test func everyArgumentComesBackAsItWas() {
    let arguments = [
      "env", "", " ", "a b", "tab\there", #"quote""#, #"\"#, #"\\"#, #"end\"#, #"a\"b"#,
      #"C:\Program Files\"#, #""quoted""#, "new\nline", "ünïcödé and spaces",
    ]
    let line = arguments.map(WindowsCommandLine.quoted).joined(separator: " ")
    #expect(Self.split(line) == arguments)
  }
}
