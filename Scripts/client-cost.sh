#!/usr/bin/env bash
# What a client pays for this package: four small client packages, each built clean in release
# with a static Swift standard library, in their own scratch folders:
#   hello      Foundation's "hello" alone, the floor: it prints a FileManager path and a URL, so
#              that Foundation's own file API is linked in every client and what grows is ours;
#   core       hello + `try FileManager.default.applicationSupportDirectory` through the product
#              AppDirectoriesCore;
#   umbrella   the same line through the product AppDirectories (core, maintenance and files);
#   bare       a "hello" without Foundation, the floor of the next;
#   path       `traits: []` and `directoryPath(.cache)` through AppDirectoriesCore, no Foundation
#              in the package.
# Prints each one's compile CPU (user + system seconds of `swift build`) and its stripped
# executable's size, what each costs over hello, and the core's extra as a ratio of the
# umbrella's (goals: compile at most 0.55, binary at most 0.8). Ratios come from one run, where
# the machine's speed cancels; the seconds are this machine's.
# Run from anywhere: `bash Scripts/client-cost.sh [ROUNDS]` (default 1; with more, each client's
# fastest build counts, the rounds interleaved). Needs only the toolchain; builds offline.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"

rounds=${1:-1}
root="$(pwd -P)"
work="$root/.build/client-cost"
rm -rf "$work"
mkdir -p "$work"
# SwiftPM names a path dependency after its folder.
ln -sfn "$root" "$work/AppDirectories"

# client NAME PRODUCT TRAITS SOURCE: a package at $work/NAME with one executable.
client() {
  local name=$1 product=$2 traits=$3 source=$4 dependency="" uses=""
  mkdir -p "$work/$name/Sources/$name"
  if [ -n "$product" ]; then
    dependency=".package(path: \"../AppDirectories\"$traits)"
    uses=".product(name: \"$product\", package: \"AppDirectories\")"
  fi
  cat >"$work/$name/Package.swift" <<EOF
// swift-tools-version: 6.1
import PackageDescription

let package = Package(
  name: "$name",
  dependencies: [$dependency],
  targets: [.executableTarget(name: "$name", dependencies: [$uses])]
)
EOF
  printf '%s\n' "$source" >"$work/$name/Sources/$name/main.swift"
}

hello='print("hello", FileManager.default.currentDirectoryPath, URL(fileURLWithPath: "/").path)'
client hello "" "" "import Foundation

$hello"
client core AppDirectoriesCore "" "import AppDirectoriesCore
import Foundation

$hello
print(try FileManager.default.applicationSupportDirectory.path)"
client umbrella AppDirectories "" "import AppDirectories
import Foundation

$hello
print(try FileManager.default.applicationSupportDirectory.path)"
client bare "" "" 'print("hello")'
client path AppDirectoriesCore ", traits: []" 'import AppDirectoriesCore

print(try AppDirectories(app: "ExampleApp").directoryPath(.cache))'

names=(hello core umbrella bare path)
declare -A cpu size
for ((round = 1; round <= rounds; round++)); do
  for name in "${names[@]}"; do
    scratch="$work/$name/.build"
    rm -rf "$scratch"
    # Resolving the path dependency is not compiling: done first, outside the measurement.
    swift package --package-path "$work/$name" --scratch-path "$scratch" resolve >/dev/null
    times="$work/$name.time"
    /usr/bin/time -f '%U %S' -o "$times" swift build --package-path "$work/$name" \
      --scratch-path "$scratch" -c release --static-swift-stdlib >"$work/$name.log" 2>&1 \
      || { cat "$work/$name.log"; exit 1; }
    seconds=$(awk '{ printf "%.1f", $1 + $2 }' "$times")
    if [ -z "${cpu[$name]:-}" ] || awk -v a="$seconds" -v b="${cpu[$name]}" 'BEGIN { exit !(a < b) }'; then
      cpu[$name]=$seconds
    fi
    binary="$(swift build --package-path "$work/$name" --scratch-path "$scratch" -c release \
      --show-bin-path)/$name"
    mkdir -p "$work/stripped"
    strip -o "$work/stripped/$name" "$binary"
    size[$name]=$(stat -c %s "$work/stripped/$name")
  done
done

# The programs run: each prints what it should (the directories in a HOME of this script's own).
home="$(mktemp -d)"
trap 'rm -rf "$home"' EXIT
for name in core umbrella path; do
  out=$(HOME="$home" XDG_CACHE_HOME="" XDG_DATA_HOME="" "$work/stripped/$name" | tail -n 1)
  case $name in
    path) expected="$home/.cache/ExampleApp" ;;
    *) expected="$home/.local/share/$name" ;;
  esac
  [ "$out" = "$expected" ] || { echo "client-cost: $name printed '$out', not '$expected'" >&2; exit 1; }
done

printf '%-10s %14s %16s %14s %16s\n' client "compile CPU s" "over floor, s" "stripped MB" "over floor, MB"
for name in "${names[@]}"; do
  floor=hello
  [[ $name == bare || $name == path ]] && floor=bare
  awk -v n="$name" -v c="${cpu[$name]}" -v h="${cpu[$floor]}" -v s="${size[$name]}" -v hs="${size[$floor]}" \
    'BEGIN { printf "%-10s %14.1f %16.1f %14.2f %16.2f\n", n, c, c - h, s / 1e6, (s - hs) / 1e6 }'
done
awk -v c="${cpu[core]}" -v u="${cpu[umbrella]}" -v h="${cpu[hello]}" \
  -v cs="${size[core]}" -v us="${size[umbrella]}" -v hs="${size[hello]}" 'BEGIN {
    printf "core / umbrella, extra compile CPU: %.2f (goal at most 0.55)\n", (c - h) / (u - h)
    printf "core / umbrella, binary growth:     %.2f (goal at most 0.80)\n", (cs - hs) / (us - hs)
  }'
