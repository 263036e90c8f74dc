// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

/// The parsed contents of `user-dirs.dirs`, the file in which `xdg-user-dirs-update` records
/// where the desktop, documents, downloads and other user folders are.
///
/// Rules (the documented behaviour of this library):
/// - `#` lines and blank lines are skipped; leading blanks and a CR before the LF are tolerated.
/// - A line is `XDG_<KEY>_DIR="<value>"`, with only blanks after the closing quote, or blanks
///   and a `#` comment (as the shell, xdg-user-dirs' `xdg-user-dir-lookup.c` and platformdirs
///   read it); a backslash escapes the next character.
/// - The value must be `$HOME`, start with `$HOME/`, or start with `/`; `$HOME` expands to the
///   home directory. `"$HOME"` and `"$HOME/"` both mean the home directory itself.
/// - Any other line is ignored on its own, with a warning; so is a line that is not UTF-8. The
///   rest of the file still counts.
/// - When a key has several usable lines the last one wins, as when a shell sources the file.
/// - The text is read as bytes: a `/` followed by a combining mark is still a `/`.
struct UserDirectories: Sendable, Hashable {
  /// The keys of the file.
  enum Key: String, Sendable, Hashable, CaseIterable {
    case desktop = "DESKTOP"
    case download = "DOWNLOAD"
    case templates = "TEMPLATES"
    case publicShare = "PUBLICSHARE"
    case documents = "DOCUMENTS"
    case music = "MUSIC"
    case pictures = "PICTURES"
    case videos = "VIDEOS"
    case projects = "PROJECTS"

    /// Hashed by case, not by its name: the key is looked up on every resolution of a user
    /// folder.
    func hash(into hasher: inout Hasher) {
      let ordinal =
        switch self {
        case .desktop: 0
        case .download: 1
        case .templates: 2
        case .publicShare: 3
        case .documents: 4
        case .music: 5
        case .pictures: 6
        case .videos: 7
        case .projects: 8
        }
      hasher.combine(ordinal)
    }

    init?(_ kind: StandardDirectory) {
      switch kind {
      case .desktop: self = .desktop
      case .downloads: self = .download
      case .templates: self = .templates
      case .publicShare: self = .publicShare
      case .documents: self = .documents
      case .music: self = .music
      case .pictures: self = .pictures
      case .videos: self = .videos
      case .projects: self = .projects
      default: return nil
      }
    }

    /// The folder in the home directory used when the key has no usable line.
    var defaultFolder: String {
      switch self {
      case .desktop: "Desktop"
      case .download: "Downloads"
      case .templates: "Templates"
      case .publicShare: "Public"
      case .documents: "Documents"
      case .music: "Music"
      case .pictures: "Pictures"
      case .videos: "Videos"
      case .projects: "Projects"
      }
    }
  }

  /// What the file says of one key.
  package struct Entry: Sendable, Hashable {
    /// The absolute, normalized path of the key's last usable line.
    var path: String?
    /// The number (from 1) of that line.
    var line: Int?
    /// The key's lines that were ignored, with why, in file order.
    var problems: [IgnoredValue.Reason] = []
    /// Whether the key's last usable line is under `$HOME` and there was no home to expand it
    /// to: the folder is the user's choice, which cannot be found without one.
    var needsHome = false
  }

  /// What the file says of each key that has a line.
  var entries: [Key: Entry] = [:]

  /// The absolute, normalized path of each key's last usable line.
  var paths: [Key: String] { entries.compactMapValues(\.path) }
  /// The lines of each key that were ignored, with why, in file order.
  var problems: [Key: [IgnoredValue.Reason]] {
    entries.compactMapValues { $0.problems.isEmpty ? nil : $0.problems }
  }
  /// Warnings for the lines that name no known key.
  var unattributed: [DirectoryWarning] = []

  /// Parses the bytes of a `user-dirs.dirs` file.
  ///
  /// - Parameters:
  ///   - contents: The file's bytes.
  ///   - home: The home directory that `$HOME` expands to; `nil` when there is none, and then
  ///     a line under `$HOME` is recorded as needing it (absolute lines need no home).
  ///   - file: The file's path, used in warnings.
  init(parsing contents: some Collection<UInt8>, home: String?, file: String) {
    var number = 0
    let bytes = Array(contents)
    for rawLine in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
      number += 1
      var line = rawLine
      if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
      line = line.drop(while: { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") })
      if line.isEmpty || line.first == UInt8(ascii: "#") { continue }
      let parsed = Self.parseLine(Array(line), home: home)
      switch parsed {
      case .found(let key, let path):
        entries[key, default: Entry()].path = path
        entries[key, default: Entry()].line = number
        entries[key, default: Entry()].needsHome = path == nil
      case .ignored(let key?, let problem):
        let reason: IgnoredValue.Reason =
          problem.map { .invalidLine(number: number, problem: $0.description) } ?? .notUTF8
        entries[key, default: Entry()].problems.append(reason)
      case .ignored(nil, let problem):
        let fix =
          if case .unknownKey = problem {
            UserDirectoriesRules.unknownKeyFix
          } else {
            UserDirectoriesRules.lineFix(key: nil)
          }
        unattributed.append(
          DirectoryWarning(
            "\(file) line \(number) is ignored: \(problem?.description ?? "it is not valid UTF-8")",
            suggestion: fix))
      }
    }
  }

  private enum ParsedLine {
    /// A usable line, its path `nil` when it is under `$HOME` and there is no home.
    case found(Key, String?)
    /// The key when the line names a known one, and the problem (`nil`: not UTF-8).
    case ignored(Key?, LineProblem?)
  }

  /// Why a line is ignored.
  private enum LineProblem: CustomStringConvertible {
    case notOfTheForm
    case unknownKey(String)
    case notQuoted
    case relativeValue
    case unclosedQuote
    case textAfterQuote
    case nulByte

    var description: String {
      switch self {
      case .notOfTheForm: "it is not of the form XDG_<NAME>_DIR=\"<path>\""
      case .unknownKey(let name): "XDG_\(name)_DIR is not a known key"
      case .notQuoted: "the value is not in double quotes"
      case .relativeValue:
        "the value must be \"$HOME\", start with \"$HOME/\" or be an absolute path"
      case .unclosedQuote: "the closing quote is missing"
      case .textAfterQuote: "there is text after the closing quote"
      case .nulByte: "the value contains a NUL byte"
      }
    }
  }

  private static func parseLine(_ line: [UInt8], home: String?) -> ParsedLine {
    guard line.starts(with: Array("XDG_".utf8)), let equals = line.firstIndex(of: UInt8(ascii: "="))
    else {
      return .ignored(nil, decodedUTF8(line) == nil ? nil : .notOfTheForm)
    }
    let name = line[4..<equals]
    guard name.count >= 4, name.suffix(4).elementsEqual("_DIR".utf8) else {
      return .ignored(nil, decodedUTF8(line) == nil ? nil : .notOfTheForm)
    }
    let keyBytes = name.dropLast(4)
    guard let keyName = decodedUTF8(keyBytes), let key = Key(rawValue: keyName) else {
      if decodedUTF8(line) == nil { return .ignored(nil, nil) }
      return .ignored(nil, .unknownKey(decodedUTF8(keyBytes) ?? "?"))
    }
    guard decodedUTF8(line) != nil else { return .ignored(key, nil) }
    var rest = line[(equals + 1)...]
    guard rest.first == UInt8(ascii: "\"") else { return .ignored(key, .notQuoted) }
    rest = rest.dropFirst()
    // The prefix test looks at the raw text, as xdg-user-dirs does: an escaped `\$HOME` is a
    // literal name, not the variable.
    var expanded: [UInt8]
    let isUnderHome =
      rest.starts(with: Array("$HOME/".utf8)) || rest.starts(with: Array("$HOME\"".utf8))
    if isUnderHome {
      expanded = Array((home ?? "").utf8) + [UInt8(ascii: "/")]
      rest = rest.dropFirst(rest.starts(with: Array("$HOME/".utf8)) ? 6 : 5)
    } else if rest.first == UInt8(ascii: "/") {
      expanded = []
    } else {
      return .ignored(key, .relativeValue)
    }
    var closed = false
    var escaping = false
    var index = rest.startIndex
    while index < rest.endIndex {
      let byte = rest[index]
      index += 1
      if escaping {
        expanded.append(byte)
        escaping = false
      } else if byte == UInt8(ascii: "\\") {
        escaping = true
      } else if byte == UInt8(ascii: "\"") {
        closed = true
        break
      } else {
        expanded.append(byte)
      }
    }
    guard closed else { return .ignored(key, .unclosedQuote) }
    // Blanks, then perhaps a comment: `# note` after a blank is one to the shell that sources
    // the file, and xdg-user-dirs' own lookup and platformdirs read the line the same way.
    let after = rest[index...]
    let blanks = after.prefix { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
    let trailing = after.dropFirst(blanks.count)
    guard trailing.isEmpty || (!blanks.isEmpty && trailing.first == UInt8(ascii: "#")) else {
      return .ignored(key, .textAfterQuote)
    }
    if expanded.contains(0) { return .ignored(key, .nulByte) }
    if isUnderHome, home == nil { return .found(key, nil) }
    // Only ASCII bytes were removed from valid UTF-8, so the result is UTF-8 too.
    return .found(key, POSIXPath.normalize(String(decoding: expanded, as: UTF8.self)))
  }
}

/// The texts about `user-dirs.dirs` lines that the layout and the warnings share.
enum UserDirectoriesRules {
  /// What to do with a line whose key is not one of the file's.
  static let unknownKeyFix =
    "Remove the line, or use one of the keys "
    + UserDirectories.Key.allCases.map(\.rawValue).joined(separator: ", ") + "."

  /// How to write a line for `key` (or any key).
  static func lineFix(key: String?) -> String {
    let name = key ?? "NAME"
    return
      "Write it as XDG_\(name)_DIR=\"$HOME/Folder\" or XDG_\(name)_DIR=\"/absolute/path\", or run xdg-user-dirs-update."
  }
}
