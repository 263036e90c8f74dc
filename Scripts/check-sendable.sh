#!/usr/bin/env bash
# Checks that every public type says whether it is Sendable, and that each @unchecked Sendable
# says why:
#   a. every `@unchecked Sendable` in Sources/ has a comment line starting `// Unchecked:` just
#      above its declaration (doc comments may sit above that);
#   b. the package builds with the compiler's explicit-Sendable diagnostics as errors
#      (`-require-explicit-sendable`, and the `ExplicitSendable` group that Swift 6.2 and later
#      leave off unless asked), in a scratch folder of its own, so that a public struct, class
#      or enum without `Sendable` (or `~Sendable`) fails the check.
# The flags are passed on the command line only: in Package.swift they would be unsafeFlags,
# which stop other packages from depending on this one.
# Run from the package root: `bash Scripts/check-sendable.sh`.
set -euo pipefail

status=0
while IFS= read -r hit; do
  file=${hit%%:*}
  rest=${hit#*:}
  line=${rest%%:*}
  above=$(sed -n "$((line - 1))p" "$file")
  if [[ ! "$above" =~ ^[[:space:]]*//\ Unchecked:\  ]]; then
    echo "$file:$line: @unchecked Sendable without a '// Unchecked: why' line above it"
    status=1
  fi
done < <(grep -rn --include='*.swift' '@unchecked Sendable' Sources || true)

log="$(mktemp)"
if ! swift build --scratch-path .build/sendable -Xswiftc -require-explicit-sendable \
  -Xswiftc -Werror -Xswiftc ExplicitSendable >"$log" 2>&1; then
  grep -E "error:" "$log" | grep -v '^ ' | sort -u
  echo "check-sendable: the build with explicit Sendable failed" >&2
  status=1
fi
rm -f "$log"

if ((status)); then exit 1; fi
echo "check-sendable: every public type says whether it is Sendable; each @unchecked one says why"
