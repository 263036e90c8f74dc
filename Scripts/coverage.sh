#!/usr/bin/env bash
# Line coverage of the library and of the tool, from the whole test suite, with the profiles of
# the tool's own runs (the end-to-end tests start it as a child process) merged in.
# Run from the package root: bash Scripts/coverage.sh   (prints a table per file, then totals)
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"

scratch=.build/coverage
profiles="$PWD/$scratch/profiles"
rm -rf "$profiles"
mkdir -p "$profiles"
# The privilege tests run the tool as user 65534, whose profiles must land here too.
chmod 1777 "$profiles"
swift build --build-tests --enable-code-coverage --scratch-path "$scratch" >/dev/null
bin="$(swift build --show-bin-path --scratch-path "$scratch")"
# %p: one file per process, %m: merged per binary; the tests pass the variable to every run of
# the tool.
LLVM_PROFILE_FILE="$profiles/%p-%m.profraw" "$bin/AppDirectoriesPackageTests.xctest" \
  --testing-library swift-testing --parallel >"$profiles/tests.log" 2>&1 \
  || { cat "$profiles/tests.log"; exit 1; }
# A run of the tool that a test kills on purpose (SIGKILL mid-creation or mid-migration) may
# leave its profile half written: such a file is skipped, with a warning.
llvm-profdata merge -sparse --failure-mode=all "$profiles"/*.profraw \
  -o "$profiles/merged.profdata" 2> >(grep -c 'invalid instrumentation profile' |
    sed 's/^/profiles skipped as half written: /' >&2)

report() {
  local title=$1 binary=$2 sources=$3
  echo "== $title"
  llvm-cov report "$binary" -instr-profile="$profiles/merged.profdata" \
    -ignore-filename-regex='(/\.build/|/Tests/)' "$sources" |
    awk 'BEGIN { printf "%-52s %8s %8s %8s\n", "file", "lines", "missed", "cover" }
      /\.swift/ || /^TOTAL/ { printf "%-52s %8s %8s %8s\n", $1, $8, $9, $10 }'
}
# The library is exercised by both binaries; the test bundle links it, so its lines count once.
report "library (Sources/AppDirectories)" \
  "$bin/AppDirectoriesPackageTests.xctest" "$PWD/Sources/AppDirectories"
echo
report "tool (Sources/appdirs), its own runs and the in-process tests merged" \
  "$bin/appdirs" "$PWD/Sources/appdirs"
