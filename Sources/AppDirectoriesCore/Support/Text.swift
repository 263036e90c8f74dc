// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

/// `text` in double quotes, with quotes, backslashes and control characters escaped, so that
/// a value with spaces or odd bytes reads unambiguously in a message.
package func quoted(_ text: String) -> String {
  var result = "\""
  for scalar in text.unicodeScalars {
    switch scalar {
    case "\"": result += "\\\""
    case "\\": result += "\\\\"
    case _ where scalar.value < 0x20 || scalar.value == 0x7F:
      result += "\\u{\(String(scalar.value, radix: 16))}"
    default: result.unicodeScalars.append(scalar)
    }
  }
  return result + "\""
}

/// A number in a radix, padded with zeros on the left to at least `width` digits: `0700`,
/// `U+0085`.
package func zeroPadded(_ value: some BinaryInteger, radix: Int, width: Int) -> String {
  let digits = String(value, radix: radix, uppercase: true)
  return String(repeating: "0", count: max(0, width - digits.count)) + digits
}

/// The bytes as a string when they are valid UTF-8, else `nil`; never a U+FFFD that the bytes
/// did not hold.
func decodedUTF8<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> String? {
  let text = String(decoding: bytes, as: UTF8.self)
  return text.utf8.elementsEqual(bytes) ? text : nil
}
