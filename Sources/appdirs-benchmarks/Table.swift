// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

#if FoundationAPI
  /// A goal from the performance requirements, checked against the measured numbers.
  enum Target {
    /// At least this many times faster than Foundation, optionally with a system-call budget.
    case fasterBy(Double, systemCalls: Double? = nil, systemCallsAtMost: Double? = nil)
    /// At most this many times the cost of a floor.
    case atMostTimes(Double)

    static func fasterBy(_ factor: Double, systemCallsAtMost: Double) -> Target {
      .fasterBy(factor, systemCalls: nil, systemCallsAtMost: systemCallsAtMost)
    }
  }

  /// The Markdown table the benchmark prints.
  struct Table {
    private var rows: [[String]] = []

    static let header = [
      "operation", "AppDirectories", "Foundation", "ratio", "syscalls/call (ours / Foundation)",
      "target", "met",
    ]

    mutating func add(
      _ operation: String, _ ours: Cost, _ theirs: Cost, foundation: String, target: Target
    ) {
      let speedUp = theirs.nanoseconds / ours.nanoseconds
      var goal = ""
      var met = true
      if case .fasterBy(let factor, let exact, let atMost) = target {
        goal = "≥ \(Self.number(factor))× faster"
        met = speedUp >= factor
        if let exact {
          goal += ", \(Self.number(exact)) syscalls"
          met = met && ours.systemCalls.map { abs($0 - exact) < 0.005 } ?? false
        }
        if let atMost {
          goal += ", ≤ \(Self.number(atMost)) syscall"
          met = met && ours.systemCalls.map { $0 <= atMost + 0.005 } ?? false
        }
      }
      rows.append([
        operation, Self.time(ours.nanoseconds), "\(Self.time(theirs.nanoseconds)) \(foundation)",
        "\(Self.number(speedUp))× faster",
        "\(Self.calls(ours.systemCalls)) / \(Self.calls(theirs.systemCalls))", goal,
        met ? "yes" : "**no**",
      ])
    }

    mutating func addFloor(_ operation: String, _ floor: Cost, for ours: Cost, target: Target) {
      let times = ours.nanoseconds / floor.nanoseconds
      guard case .atMostTimes(let limit) = target else { return }
      rows.append([
        operation, Self.time(floor.nanoseconds), "—",
        "find-or-create = \(Self.number(times))× stat",
        "\(Self.calls(floor.systemCalls)) / —", "≤ \(Self.number(limit))× stat",
        times <= limit ? "yes" : "**no**",
      ])
    }

    /// A row against a baseline of the same work (not Foundation): the time as a multiple of the
    /// baseline's, at most `limit`, and, when `sameSystemCalls`, no more system calls than it.
    mutating func addAgainst(
      _ operation: String, _ ours: Cost, baseline: Cost, named name: String,
      atMostTimes limit: Double,
      sameSystemCalls: Bool
    ) {
      let times = ours.nanoseconds / baseline.nanoseconds
      var met = times <= limit
      var goal = "≤ \(Self.number(limit))× the time"
      if sameSystemCalls {
        goal += ", ≤ its syscalls"
        if let mine = ours.systemCalls, let theirs = baseline.systemCalls {
          met = met && mine <= theirs + 0.005
        } else {
          met = false
        }
      }
      rows.append([
        operation, Self.time(ours.nanoseconds), "\(Self.time(baseline.nanoseconds)) \(name)",
        "\(Self.number(times))× the time",
        "\(Self.calls(ours.systemCalls)) / \(Self.calls(baseline.systemCalls))", goal,
        met ? "yes" : "**no**",
      ])
    }

    /// A search row: `probes` system calls expected per call, and the cost per probe relative to
    /// the smallest list, which stays near 1 when the cost is linear.
    /// A row of a search: one `stat` per directory probed, and one more for each of the
    /// `existing` ones, whose identity is compared before the file in it is looked for.
    mutating func addScaling(
      _ operation: String, _ ours: Cost, probes: Int, existing: Int = 0, perProbeGrowth: Double?
    ) {
      let calls = probes + existing
      let callsMet = ours.systemCalls.map { abs($0 - Double(calls)) < 0.005 } ?? false
      let linear = perProbeGrowth.map { $0 < 1.5 } ?? true
      let ratio =
        probes > 0
        ? "\(Self.time(ours.nanoseconds / Double(probes)))/probe" : "—"
      rows.append([
        operation, Self.time(ours.nanoseconds), "no equivalent", ratio,
        "\(Self.calls(ours.systemCalls)) / —",
        probes == 0
          ? "0 syscalls"
          : existing == 0
            ? "\(calls) syscalls (1 per probe), linear"
            : "\(calls) syscalls (1 per probe, 1 more per existing directory), linear",
        callsMet && linear ? "yes" : "**no**",
      ])
    }

    func render() -> String {
      var lines = [
        "| " + Self.header.joined(separator: " | ") + " |",
        "|" + Self.header.map { _ in "---" }.joined(separator: "|") + "|",
      ]
      for row in rows { lines.append("| " + row.joined(separator: " | ") + " |") }
      return lines.joined(separator: "\n")
    }

    static func time(_ nanoseconds: Double) -> String {
      nanoseconds >= 10_000
        ? "\(number(nanoseconds / 1000, digits: 1)) µs" : "\(number(nanoseconds, digits: 0)) ns"
    }

    static func calls(_ count: Double?) -> String {
      count.map { number($0, digits: 2) } ?? "n/a"
    }

    /// A number with at most `digits` decimals and no trailing zeros.
    static func number(_ value: Double, digits: Int = 1) -> String {
      var scale = 1.0
      for _ in 0..<digits { scale *= 10 }
      let rounded = (value * scale).rounded() / scale
      if rounded == rounded.rounded() { return String(Int(rounded)) }
      var text = String(rounded)
      while text.hasSuffix("0") { text.removeLast() }
      return text
    }
  }
#endif
