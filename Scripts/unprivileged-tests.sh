#!/usr/bin/env bash
# Runs the built tests as the unprivileged user 65534, where "owned by you" and "owned by root"
# differ and access(2) can say no: from a copy of the test binary and the tool that this user
# can reach, with a HOME and a TMPDIR of its own. Prints the tests it skipped, counted by reason.
# Run as root, after swift build --build-tests: bash Scripts/unprivileged-tests.sh
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"

user=65534
if [ "$(id -u)" -ne 0 ]; then
  echo "unprivileged-tests: must run as root (it hands a copy of the tests to user $user)" >&2
  exit 1
fi
bin="$(swift build --show-bin-path)"
[ -x "$bin/AppDirectoriesPackageTests.xctest" ] && [ -x "$bin/appdirs" ] || {
  echo "unprivileged-tests: build the tests first (swift build --build-tests)" >&2
  exit 1
}

# A clone in a private folder is a directory that user cannot enter: everything the run
# needs is copied to one it can.
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir "$work/bin" "$work/home" "$work/tmp"
cp "$bin/AppDirectoriesPackageTests.xctest" "$bin/appdirs" "$work/bin/"
chown -R "$user:$user" "$work/home" "$work/tmp"
chmod 755 "$work" "$work/bin"

log="$work/log"
status=0
(cd "$work" && setpriv --reuid="$user" --regid="$user" --clear-groups \
  env -i HOME="$work/home" TMPDIR="$work/tmp" PATH=/usr/bin:/bin LANG=C.UTF-8 \
  "$work/bin/AppDirectoriesPackageTests.xctest" --testing-library swift-testing --parallel) \
  >"$log" 2>&1 || status=$?

if [ "$status" -ne 0 ]; then
  cat "$log"
  echo "unprivileged-tests: failed (status $status)" >&2
  exit "$status"
fi
grep "Test run with" "$log"
# A skipped suite counts once, with its reason; its tests are not listed one by one.
echo "skipped as user $user, by reason:"
sed -n 's/^.* \(Test\|Suite\) \(.*\) skipped\(: "\(.*\)"\)\{0,1\}\.\{0,1\}$/\1|\4/p' "$log" |
  awk -F'|' '{ reason = ($2 == "" ? "(no reason given)" : $2); count[$1 " " reason]++ }
    END { for (key in count) printf "  %3d %s\n", count[key], key }' | sort -k2
if [ -n "$(ls -A "$work/home")" ]; then
  echo "unprivileged-tests: the run left files in its HOME:" >&2
  ls -A "$work/home" >&2
  exit 1
fi
