// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

/// Byte counts for people: IEC units with one decimal, as `du -h` but spelled out.
enum ByteCount {
  static func human(_ bytes: Int64) -> String {
    guard bytes >= 1024 else { return "\(bytes) B" }
    let units = ["KiB", "MiB", "GiB", "TiB", "PiB"]
    var value = Double(bytes) / 1024
    var unit = 0
    // The unit is chosen after rounding, so that 1,048,575 bytes are 1.0 MiB, not 1024.0 KiB.
    while (value * 10).rounded() >= 10240 && unit < units.count - 1 {
      value /= 1024
      unit += 1
    }
    let tenths = Int((value * 10).rounded())
    return "\(tenths / 10).\(tenths % 10) \(units[unit])"
  }
}
