#!/usr/bin/env bash
# Builds the libFuzzer targets in Fuzz/ with AddressSanitizer and runs each for a bounded time,
# starting from the committed seed corpus in Fuzz/corpus/<target>/.
#
#   Scripts/fuzz.sh [SECONDS_PER_TARGET] [TARGET...]     (default 30 seconds, every target)
#
# New inputs found go to .build/fuzz/corpus/<target>/, crashes to .build/fuzz/crash-*; the
# script exits non-zero if any target crashes. Each target is compiled together with the
# library's sources, so that it can reach internal types.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"
# Swift's backtracer and AddressSanitizer fight over a crashed process; libFuzzer reports.
export SWIFT_BACKTRACE=enable=no

seconds="${1:-30}"
shift || true
targets=("$@")
if ((${#targets[@]} == 0)); then targets=(userdirs environment names); fi

source_of() {
  case "$1" in
    userdirs) echo Fuzz/UserDirsFuzz.swift ;;
    environment) echo Fuzz/EnvironmentPathFuzz.swift ;;
    names) echo Fuzz/NameFuzz.swift ;;
    *) echo "unknown fuzz target $1" >&2; exit 2 ;;
  esac
}

# The parser, the environment and the names are the core's.
mapfile -t library < <(find Sources/AppDirectoriesCore -name '*.swift' | sort)
out=.build/fuzz
mkdir -p "$out"
status=0
for target in "${targets[@]}"; do
  source="$(source_of "$target")"
  echo "== fuzz $target: build"
  swiftc -sanitize=fuzzer,address -parse-as-library -swift-version 6 -O -g \
    -enable-upcoming-feature ExistentialAny -enable-upcoming-feature InternalImportsByDefault \
    -package-name AppDirectories -module-name AppDirectoriesFuzz "$source" "${library[@]}" -o "$out/$target" 2>&1 |
    { grep -v "ld.gold: warning: Cannot export local symbol" || true; }
  corpus="$out/corpus/$target"
  mkdir -p "$corpus"
  echo "== fuzz $target: $seconds s"
  log="$out/$target.log"
  if "$out/$target" -max_total_time="$seconds" -max_len=70000 -timeout=20 -rss_limit_mb=4096 \
    -print_final_stats=1 -artifact_prefix="$out/crash-$target-" \
    "$corpus" "Fuzz/corpus/$target" >"$log" 2>&1; then
    runs="$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$')"
    echo "fuzz $target: $runs executions, no crash ($(ls "$corpus" | wc -l) corpus entries)"
  else
    status=1
    echo "fuzz $target: FAILED"
    grep -E "ERROR|Fatal error|Precondition failed|SUMMARY|Test unit written" "$log" | head -20
  fi
done
exit "$status"
