#!/usr/bin/env bash
# The platform check's own test: each blind spot Scripts/check-platform-branches.sh once had
# must make the step that closes it fail on a scratch copy of the package that reintroduces it,
# naming the cause, and the same steps must pass on the package as it is. The cases:
#  1. the static-linux blocker: the tool reads `environ` under a plain `import Musl`, which
#     swift's Musl overlay does not declare (step musl-headers);
#  2. the Windows runtime bug: the process-wide environment is written with the narrow
#     `_putenv_s`, which converts through the ANSI code page (step windows, which builds the
#     FoundationAPI code);
#  3. AppDirectoriesTesting calls an API of the FoundationAPI trait outside its fence, which a
#     build without the trait cannot compile (step musl-headers, which builds without it).
# Run from the package root: `bash Scripts/check-platform-branches-test.sh`.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failures=0

# A copy of the package's files as a git work tree (the check lists its files with git).
copy_package() {
  mkdir -p "$1"
  git ls-files -z --cached --others --exclude-standard | xargs -0 cp --parents -t "$1"
  (cd "$1" && git init -q && git add -A)
}

# Replaces the one occurrence of a text in a file of the copy (Python, for texts of any shape).
replace() {
  /usr/bin/python3 - "$@" <<'PY'
import sys
path, old, new = sys.argv[1:4]
text = open(path).read()
if text.count(old) != 1:
    sys.exit(f"{path}: the text to replace occurs {text.count(old)} times, not once")
open(path, "w").write(text.replace(old, new))
PY
}

# case NAME STEP MESSAGE ERROR: runs STEP on the copy NAME, which must fail with MESSAGE on
# standard error and ERROR among the compiler's errors.
expect_failure() {
  local name=$1 step=$2 message=$3 error=$4 log="$work/$1.log"
  if (cd "$work/$name" && CHECK_STEPS="$step" bash Scripts/check-platform-branches.sh) >"$log" 2>&1; then
    echo "check-platform-branches-test: $name: the $step step passed; it must fail" >&2
    failures=$((failures + 1))
  elif ! grep -qF "$message" "$log" || ! grep -qF "$error" "$log"; then
    echo "check-platform-branches-test: $name: the $step step failed, but not with \"$message\" and \"$error\":" >&2
    tail -20 "$log" >&2
    failures=$((failures + 1))
  else
    echo "check-platform-branches-test: $name: the $step step fails, as it must: $error"
  fi
}

copy_package "$work/environ"
replace "$work/environ/Sources/appdirs/Platform+POSIX.swift" \
  "      guard var entry = appdirs_process_environment() else { return [] }" \
  "      let variables: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = environ
      guard var entry = variables else { return [] }"
expect_failure environ musl-headers "the musl branches of appdirs do not compile" \
  "cannot find 'environ' in scope"

copy_package "$work/narrow"
replace "$work/narrow/Sources/AppDirectoriesCore/FoundationAPI/ProcessEnvironment+ProcessWide.swift" \
  "        _ = name.withCString(encodedAs: UTF16.self) { name in
          (value ?? \"\").withCString(encodedAs: UTF16.self) { value in _wputenv_s(name, value) }
        }" \
  "        _ = _putenv_s(name, value ?? \"\")"
expect_failure narrow windows "the Windows branches of AppDirectories do not compile" \
  "'_putenv_s' is unavailable: takes or gives text in the ANSI code page: use _wputenv_s"

copy_package "$work/unfenced"
cat >>"$work/unfenced/Sources/AppDirectoriesTesting/IsolatedAppDirectories.swift" <<'SWIFT'

import AppDirectoriesCore

func processWideRoot() {
  ProcessEnvironment.withProcessWide(.isolated(inPath: "/isolated")) {}
}
SWIFT
expect_failure unfenced musl-headers "the musl branches of AppDirectoriesTesting do not compile" \
  "has no member 'withProcessWide'"

copy_package "$work/package"
if (cd "$work/package" && CHECK_STEPS="musl-headers windows" bash Scripts/check-platform-branches.sh) \
  >"$work/package.log" 2>&1; then
  echo "check-platform-branches-test: the package as it is passes the musl-headers and windows steps"
else
  echo "check-platform-branches-test: the package as it is fails the musl-headers and windows steps:" >&2
  tail -20 "$work/package.log" >&2
  failures=$((failures + 1))
fi

[ "$failures" -eq 0 ] || exit 1
echo "check-platform-branches-test: passed"
