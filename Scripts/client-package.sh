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
