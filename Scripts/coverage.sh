#!/usr/bin/env bash
# Line coverage of the library and of the tool, from the whole test suite, with the profiles of
# the tool's own runs (the end-to-end tests start it as a child process) merged in.
# Run from the package root: bash Scripts/coverage.sh   (prints a table per file, the totals and
# the lines no test reaches; fails when the library is below 98% or the tool below 95%)
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"

scratch=.build/coverage
# The privilege tests run the tool as user 65534, whose profiles must land here too: a folder
# every user can reach (a clone may sit in a private folder), removed at the end.
profiles="$(mktemp -d "${TMPDIR:-/tmp}/appdirs-coverage.XXXXXX")"
trap 'rm -rf "$profiles"' EXIT
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
  local title=$1 binary=$2
  local sources=("${@:3}")
  echo "== $title"
  llvm-cov report "$binary" -instr-profile="$profiles/merged.profdata" \
    -ignore-filename-regex='(/\.build/|/Tests/)' "${sources[@]}" |
    awk 'BEGIN { printf "%-52s %8s %8s %8s\n", "file", "lines", "missed", "cover" }
      /\.swift/ || /^TOTAL/ { printf "%-52s %8s %8s %8s\n", $1, $8, $9, $10 }' |
    tee "$profiles/report.txt"
}

# The lines no test reached, as FILE:LINE: CODE (each has its reason in the Reliability article).
uncovered() {
  local binary=$1
  local sources=("${@:2}")
  llvm-cov show "$binary" -instr-profile="$profiles/merged.profdata" \
    -ignore-filename-regex='(/\.build/|/Tests/)' "${sources[@]}" |
    awk -v root="$PWD/Sources/" '
      /^\/.*\.swift:$/ { file = substr($0, length(root) + 1, length($0) - length(root) - 1) }
      /^ *[0-9]+\| *0\|/ { split($0, parts, "|"); code = $0; sub(/^[^|]*\|[^|]*\|/, "", code)
        gsub(/^ +/, "", code); printf "  %s:%d: %s\n", file, parts[1], code }'
}

# Fails when the total is below the bar, in percent.
check() {
  local what=$1 bar=$2 total
  total=$(awk '/^TOTAL/ { sub(/%/, "", $4); print $4 }' "$profiles/report.txt")
  if awk -v total="$total" -v bar="$bar" 'BEGIN { exit !(total < bar) }'; then
    echo "coverage: $what covers $total% of its lines, below the bar of $bar%" >&2
    status=1
  fi
}

status=0
# Both binaries hold the library; a function's counters are merged by name, so a library line
# that only the tool's own runs reach (reading its process's environment, say) counts as well.
# The library is its four modules; the umbrella holds no code.
library=("$PWD/Sources/AppDirectoriesCore" "$PWD/Sources/AppDirectoriesMaintenance"
  "$PWD/Sources/AppDirectoriesFiles" "$PWD/Sources/AppDirectoriesSandbox")
report "library (Sources/AppDirectoriesCore, …Maintenance, …Files, …Sandbox)" \
  "$bin/AppDirectoriesPackageTests.xctest" "${library[@]}"
check library 98
echo
report "tool (Sources/appdirs), its own runs and the in-process tests merged" \
  "$bin/appdirs" "$PWD/Sources/appdirs"
check tool 95
echo
echo "== lines no test reaches"
uncovered "$bin/AppDirectoriesPackageTests.xctest" "${library[@]}"
uncovered "$bin/appdirs" "$PWD/Sources/appdirs"
exit "$status"
