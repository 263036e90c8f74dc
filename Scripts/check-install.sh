#!/usr/bin/env bash
# Runs the README's install recipe as a new user would, on this clone and in a fresh HOME, and
# checks the tool it leaves: at most 10 MB (10,000,000 bytes) on disk; no Foundation linked in
# (the recipe builds without the FoundationAPI trait, so no type of FoundationEssentials is
# named in the binary); the same answers as the tool the tests ran, for the running platform
# and for simulated ones; and the system-call rules of Scripts/check-system-calls.sh.
# Run from the package root after `swift build`: `bash Scripts/check-install.sh`.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"

fail() { echo "check-install: $*" >&2; exit 1; }

# The commands of the README's "Install the `appdirs` tool" section, as written there.
recipe=$(awk '/^## Install the `appdirs` tool/{on=1; next} /^## /{on=0}
  on && /^```sh$/{block=1; next} on && block && /^```$/{exit} on && block' README.md)
[[ -n $recipe ]] || fail "no sh block under '## Install the \`appdirs\` tool' in README.md"

scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
mkdir "$scratch/home"
echo "$recipe"
HOME="$scratch/home" bash -euo pipefail -c "$recipe" 2>&1 | tee "$scratch/build.log" | tail -3
installed="$scratch/home/.local/bin/appdirs"
[[ -x $installed ]] || fail "the recipe left no executable at ~/.local/bin/appdirs"
if grep -q "warning:" "$scratch/build.log"; then
  grep "warning:" "$scratch/build.log" >&2
  fail "the recipe's build printed warnings"
fi

size=$(stat -c %s "$installed")
echo "size on disk: $size bytes"
((size <= 10000000)) || fail "the installed tool is $size bytes, more than 10,000,000"
if LC_ALL=C grep -q -a "FoundationEssentials" "$installed"; then
  fail "the installed tool names FoundationEssentials: Foundation was linked in"
fi

# The same answers as the tool the tests ran (built with the FoundationAPI trait), in one
# controlled environment.
tested="$(swift build --show-bin-path)/appdirs"
[[ -x $tested ]] || fail "no tool at $tested; run 'swift build' first"
answers() {
  local tool=$1
  # Each tool starts from the same empty home, at the same path.
  rm -rf "$scratch/env"
  mkdir -p "$scratch/env/home" "$scratch/env/runtime"
  chmod 700 "$scratch/env/runtime"
  run() {
    local status=0
    env -i HOME="$scratch/env/home" XDG_RUNTIME_DIR="$scratch/env/runtime" "$tool" "$@" 2>&1 ||
      status=$?
    echo "exit $status"
  }
  run --version
  run list --app X --json
  run path cache --app X --explain
  run path runtime --app X --socket control.sock
  for platform in macos ios windows android linux; do run list --app X --platform "$platform"; done
  run path documents
  run doctor --app X
  run path cache --app 'bad/name'
}
answers "$installed" >"$scratch/installed.txt"
answers "$tested" >"$scratch/tested.txt"
diff -u "$scratch/tested.txt" "$scratch/installed.txt" ||
  fail "the installed tool answers otherwise than the tested one"
echo "answers: $(grep -c '^exit' "$scratch/installed.txt") commands, the same from both tools"

bash Scripts/check-system-calls.sh "$installed"
echo "check-install: the recipe's tool is $size bytes, links no Foundation, and answers as tested"
