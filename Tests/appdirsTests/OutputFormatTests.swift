// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

import Testing

@testable import AppDirectoriesCore
@testable import AppDirectoriesFiles
@testable import AppDirectoriesMaintenance
@testable import appdirs

/// The tool's small formats, value by value.
@Suite struct OutputFormatTests {
  static let byteCounts: [(Int64, String)] = [
    (0, "0 B"), (1023, "1023 B"), (1024, "1.0 KiB"), (1536, "1.5 KiB"), (10_188, "9.9 KiB"),
    (1_048_575, "1.0 MiB"), (1_048_576, "1.0 MiB"), (5 << 30, "5.0 GiB"),
    (3 << 40, "3.0 TiB"), (2 << 50, "2.0 PiB"), (4096 << 50, "4096.0 PiB"),
  ]

  @Test(
    "Sizes in IEC units with one decimal, the unit chosen after rounding", arguments: byteCounts)
  func byteCount(bytes: Int64, text: String) {
    #expect(ByteCount.human(bytes) == text)
  }
}
