// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

/// An aligned table of text for people, with optional ANSI colour.
struct TextTable {
  /// A colour for one cell.
  enum Style: String {
    case plain = ""
    case bold = "1"
    case green = "32"
    case yellow = "33"
    case dim = "2"
  }

  /// A cell's text and style.
  struct Cell {
    let text: String
    let style: Style

    init(_ text: String, _ style: Style = .plain) {
      self.text = text
      self.style = style
    }
  }

  let header: [String]
  let rows: [[Cell]]

  /// Whether to colour output: only on a terminal, and never when `NO_COLOR` is set to
  /// anything but the empty string (https://no-color.org).
  static var colourEnabled: Bool {
    Platform.standardOutputIsTerminal && (Platform.variable("NO_COLOR") ?? "").isEmpty
  }

  /// The table, columns separated by two spaces, the last column not padded.
  func rendered(colour: Bool) -> String {
    let all = [header.map { Cell($0, .bold) }] + rows
    var widths = [Int](repeating: 0, count: header.count)
    for row in all {
      for (column, cell) in row.enumerated() {
        widths[column] = max(widths[column], cell.text.count)
      }
    }
    return all.map { row in
      row.enumerated().map { column, cell in
        let padded =
          column == row.count - 1
          ? cell.text : cell.text + String(repeating: " ", count: widths[column] - cell.text.count)
        guard colour, cell.style != .plain else { return padded }
        // Colour only the text, so the padding keeps the columns aligned.
        let trailing = String(padded.dropFirst(cell.text.count))
        return "\u{1B}[\(cell.style.rawValue)m\(cell.text)\u{1B}[0m" + trailing
      }.joined(separator: "  ").trimmingTrailingSpaces() + "\n"
    }.joined()
  }
}

extension String {
  /// The string without the spaces at its end, which an empty last cell would leave.
  fileprivate func trimmingTrailingSpaces() -> String {
    var result = Substring(self)
    while result.last == " " { result = result.dropLast() }
    return String(result)
  }
}
