// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

/// One option of a command, as the parser, the help text, the usage line and the completion
/// scripts see it.
struct OptionSpec: Sendable {
  /// What an option's value is.
  enum Value: Sendable, Equatable {
    /// Free text, shown with this placeholder, such as `NAME`.
    case name(String)
    /// One of these words, such as `native|xdg`; anything else is a usage error that calls
    /// the value by `noun` ("unknown layout 'xgd'").
    case choice([String], noun: String)
  }

  /// The option's name with its dashes, such as `--app`.
  let name: String
  /// Its value, or `nil` for a flag.
  let value: Value?
  /// One line for the help text.
  let help: String

  init(name: String, value: Value? = nil, help: String) {
    self.name = name
    self.value = value
    self.help = help
  }

  /// The placeholder in usage lines and help: `NAME`, or the choices as `native|xdg`.
  var placeholder: String? {
    switch value {
    case .name(let name): name
    case .choice(let words, _): words.joined(separator: "|")
    case nil: nil
    }
  }

  /// The option with its placeholder, as usage lines and help show it: `--app NAME`.
  var label: String { name + (placeholder.map { " " + $0 } ?? "") }
}

/// The arguments of one command after parsing.
struct ParsedArguments: Sendable {
  var positionals: [String] = []
  var values: [String: String] = [:]
  var flags: Set<String> = []

  func value(_ name: String) -> String? { values[name] }
  func flag(_ name: String) -> Bool { flags.contains(name) }
  /// The value of a choice option as the type whose raw values are its choices; the parser
  /// has checked it against them already.
  func choice<Choice: RawRepresentable<String>>(_ name: String, as type: Choice.Type)
    throws(UsageError) -> Choice?
  {
    guard let value = values[name] else { return nil }
    guard let choice = Choice(rawValue: value) else {
      throw UsageError(message: "\(name) does not take '\(value)'")
    }
    return choice
  }
}

/// A mistake on the command line; the tool prints it and exits with 64.
struct UsageError: Error {
  let message: String
  /// The help to point to, when it is not the command's own (an unknown command: the list).
  var help: String? = nil
}

/// A small, table-driven parser: options are looked up in the command's table, values come
/// after a space or an `=`, `--` ends the options, and an unknown option names the closest one.
enum ArgumentParser {
  static func parse(_ arguments: [String], options: [OptionSpec]) throws(UsageError)
    -> ParsedArguments
  {
    var parsed = ParsedArguments()
    var index = 0
    var optionsEnded = false
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if optionsEnded || !argument.hasPrefix("-") || argument == "-" {
        parsed.positionals.append(argument)
        continue
      }
      if argument == "--" {
        optionsEnded = true
        continue
      }
      var name = argument
      var inlineValue: String? = nil
      if let equals = argument.firstIndex(of: "=") {
        name = String(argument[..<equals])
        inlineValue = String(argument[argument.index(after: equals)...])
      }
      guard let spec = options.first(where: { $0.name == name }) else {
        throw UsageError(
          message: "unknown option '\(name)'"
            + Suggestion.didYouMean(name, among: options.map(\.name)))
      }
      guard let value = spec.value else {
        if inlineValue != nil {
          throw UsageError(message: "option '\(name)' takes no value")
        }
        parsed.flags.insert(name)
        continue
      }
      let given: String
      if let inlineValue {
        given = inlineValue
      } else if index < arguments.count {
        given = arguments[index]
        index += 1
      } else {
        throw UsageError(message: "option '\(name)' needs a value (\(spec.label))")
      }
      if case .choice(let words, let noun) = value, !words.contains(given) {
        throw UsageError(
          message: "unknown \(noun) '\(given)'" + Suggestion.didYouMean(given, among: words)
            + "; \(noun)s are " + words.joined(separator: ", "))
      }
      parsed.values[name] = given
    }
    return parsed
  }
}

/// "Did you mean …?" for mistyped names.
enum Suggestion {
  /// ` (did you mean 'X'?)` when a candidate is close to `input`, else an empty string.
  static func didYouMean(_ input: String, among candidates: [String]) -> String {
    if input.count >= 3, let extended = candidates.first(where: { $0.hasPrefix(input) }) {
      return " (did you mean '\(extended)'?)"
    }
    let scored = candidates.map { ($0, distance(input, $0)) }
    guard let best = scored.min(by: { $0.1 < $1.1 }) else { return "" }
    let limit = max(2, best.0.count / 3)
    return best.1 <= limit ? " (did you mean '\(best.0)'?)" : ""
  }

  /// The Levenshtein distance between two strings.
  static func distance(_ first: String, _ second: String) -> Int {
    let a = Array(first.utf8)
    let b = Array(second.utf8)
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
      }
      swap(&previous, &current)
    }
    return previous[b.count]
  }
}
