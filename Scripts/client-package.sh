#!/usr/bin/env bash
# Runs the tests of Tests/ClientPackage, a package that depends on this one by path as users'
# packages do: `.isolatedAppDirectories` plus a migration from a legacy folder outside the
# isolated root, which must throw and leave the folder as it was. The folder is made in a
# temporary root of this script's own (never the real home) and checked byte for byte after.
# Run from anywhere: `bash Scripts/client-package.sh`. Needs only the toolchain.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"

root="$(pwd -P)"
work="$root/.build/client"
rm -rf "$work/package"
mkdir -p "$work"
cp -R Tests/ClientPackage "$work/package"
# SwiftPM names a path dependency after its folder.
ln -sfn "$root" "$work/AppDirectories"

outside="$(mktemp -d)"
trap 'rm -rf "$outside"' EXIT
mkdir "$outside/.exampleapp"
printf 'token=real\n' >"$outside/.exampleapp/settings"
before="$(sha256sum "$outside/.exampleapp/settings")"

CLIENT_OUTSIDE_LEGACY="$outside/.exampleapp" \
  swift test --package-path "$work/package" --scratch-path "$work/build" 2>&1 | tail -5

after="$(sha256sum "$outside/.exampleapp/settings")"
if [ "$before" != "$after" ] || [ "$(ls -A "$outside")" != ".exampleapp" ]; then
  echo "client-package: the legacy folder outside the isolated root changed" >&2
  exit 1
fi
echo "client-package: the legacy folder outside the isolated root is as it was"

# The way users catch the library's errors compiles without a warning, at top level and in a
# function, with the compiler here (`catch let error as DirectoryError` once crashed it).
for product in CatchAtTopLevel CatchInFunction; do
  log="$work/$product.log"
  swift build --package-path "$work/package" --scratch-path "$work/build" --product "$product" \
    >"$log" 2>&1 || { cat "$log"; exit 1; }
  if grep -E "Sources/$product/.*(warning|error):" "$log"; then
    echo "client-package: $product compiles with the diagnostics above" >&2
    exit 1
  fi
done
echo "client-package: catching DirectoryError compiles without a warning, at top level and in a function"

# An exhaustive switch over the library's errors without `@unknown default` is refused where
# the compiler knows `@nonexhaustive` (Swift 6.2.3 and later), so a new case breaks no client.
version=$(swift --version 2>&1 | sed -n 's/.*Swift version \([0-9][0-9.]*\).*/\1/p' | head -n 1)
if ! printf '%s\n' 6.2.3 "$version" | sort -V -C; then
  echo "client-package: Swift $version has no @nonexhaustive; the switch check is for 6.2.3 on"
  exit 0
fi
sed -i 's/^  @unknown default: limit.description$//' \
  "$work/package/Sources/CatchInFunction/main.swift"
if swift build --package-path "$work/package" --scratch-path "$work/build" \
  --product CatchInFunction >"$work/exhaustive.log" 2>&1; then
  echo "client-package: a switch over NameLengthLimit without @unknown default compiled" >&2
  exit 1
fi
if ! grep -q "may have additional unknown values" "$work/exhaustive.log"; then
  cat "$work/exhaustive.log"
  exit 1
fi
echo "client-package: a switch over the library's errors needs @unknown default"
