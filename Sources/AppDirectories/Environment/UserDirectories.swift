/// The parsed contents of `user-dirs.dirs`, the file in which `xdg-user-dirs-update` records
/// where the desktop, documents, downloads and other user folders are.
///
/// Rules (the documented behaviour of this library):
/// - `#` lines and blank lines are skipped; leading blanks and a CR before the LF are tolerated.
/// - A line is `XDG_<KEY>_DIR="<value>"`, with only blanks after the closing quote; a backslash
///   escapes the next character.
/// - The value must be `$HOME`, start with `$HOME/`, or start with `/`; `$HOME` expands to the
///   home directory. `"$HOME"` and `"$HOME/"` both mean the home directory itself.
/// - Any other line is ignored on its own, with a warning; the rest of the file still counts.
/// - When a key appears twice the last one wins, as when a shell sources the file.
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
      default: return nil
      }
    }

    /// The folder in the home directory used when the key is missing.
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

  /// The absolute, normalized path of each key that had a valid line.
  var paths: [Key: String] = [:]
  /// One warning for each line that was ignored, naming its line number.
  var warnings: [DirectoryWarning] = []

  /// Parses the text of a `user-dirs.dirs` file.
  ///
  /// - Parameters:
  ///   - contents: The file's text.
  ///   - home: The home directory that `$HOME` expands to.
  ///   - fileName: The name used in warnings.
  init(parsing contents: String, home: String, fileName: String = "user-dirs.dirs") {
    var lineNumber = 0
    // In a Swift string CR LF is one Character, so splitting on "\n" alone would never end a
    // CRLF line.
    let lines = contents.split(
      omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
    for rawLine in lines {
      lineNumber += 1
      var line = rawLine
      if line.last == "\r" { line = line.dropLast() }
      line = line.drop(while: { $0 == " " || $0 == "\t" })
      if line.isEmpty || line.first == "#" { continue }
      switch Self.parseLine(line, home: home) {
      case .success(let (key, path)):
        paths[key] = path
      case .failure(let problem):
        warnings.append(
          DirectoryWarning(
            "\(fileName) line \(lineNumber) is ignored: \(problem.reason)",
            suggestion:
              "Write it as XDG_\(problem.key ?? "NAME")_DIR=\"$HOME/Folder\" or XDG_\(problem.key ?? "NAME")_DIR=\"/absolute/path\", or run xdg-user-dirs-update."
          ))
      }
    }
  }

  struct LineProblem: Error {
    var key: String?
    var reason: String
  }

  private static func parseLine(_ line: Substring, home: String) -> Result<
    (Key, String), LineProblem
  > {
    guard line.hasPrefix("XDG_"), let equals = line.firstIndex(of: "=") else {
      return .failure(LineProblem(reason: "it is not of the form XDG_<NAME>_DIR=\"<path>\""))
    }
    let name = line[line.index(line.startIndex, offsetBy: 4)..<equals]
    guard name.hasSuffix("_DIR") else {
      return .failure(LineProblem(reason: "it is not of the form XDG_<NAME>_DIR=\"<path>\""))
    }
    let keyName = String(name.dropLast(4))
    guard let key = Key(rawValue: keyName) else {
      return .failure(LineProblem(key: keyName, reason: "XDG_\(keyName)_DIR is not a known key"))
    }
    var rest = line[line.index(after: equals)...]
    guard rest.first == "\"" else {
      return .failure(LineProblem(key: keyName, reason: "the value is not in double quotes"))
    }
    rest = rest.dropFirst()
    // The prefix test looks at the raw text, as xdg-user-dirs does: an escaped `\$HOME` is a
    // literal name, not the variable.
    var expanded: String
    if rest.hasPrefix("$HOME/") || rest.hasPrefix("$HOME\"") {
      expanded = home + "/"
      rest = rest.dropFirst(rest.hasPrefix("$HOME/") ? 6 : 5)
    } else if rest.first == "/" {
      expanded = ""
    } else {
      return .failure(
        LineProblem(
          key: keyName,
          reason: "the value must be \"$HOME\", start with \"$HOME/\" or be an absolute path"))
    }
    var closed = false
    var escaping = false
    var index = rest.startIndex
    while index < rest.endIndex {
      let character = rest[index]
      index = rest.index(after: index)
      if escaping {
        expanded.append(character)
        escaping = false
      } else if character == "\\" {
        escaping = true
      } else if character == "\"" {
        closed = true
        break
      } else {
        expanded.append(character)
      }
    }
    guard closed else {
      return .failure(LineProblem(key: keyName, reason: "the closing quote is missing"))
    }
    guard rest[index...].allSatisfy({ $0 == " " || $0 == "\t" }) else {
      return .failure(LineProblem(key: keyName, reason: "there is text after the closing quote"))
    }
    if expanded.utf8.contains(0) {
      return .failure(LineProblem(key: keyName, reason: "the value contains a NUL byte"))
    }
    return .success((key, PathNormalization.normalize(expanded)))
  }
}
