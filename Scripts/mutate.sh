#!/usr/bin/env bash
# A small mutation runner: applies each mutant of Scripts/mutants.tsv, one at a time, to a
# scratch copy of the package, builds it and runs the whole suite sealed (Scripts/
# hermetic-tests.sh: a fresh /tmp in a private mount namespace, an empty HOME), then, if that
# passes, as the unprivileged user 65534 (Scripts/unprivileged-tests.sh), and reports which
# mutants the tests kill. Run on demand, as root, never in CI (it takes about a minute a
# mutant on two cores):
#
#   bash Scripts/mutate.sh                 # every mutant
#   bash Scripts/mutate.sh M03 M17         # these
#
# A mutant is one line of the list: an id, the file, the exact text to replace (it must occur
# exactly once), its replacement, and what the change does. `\n` and `\t` stand for a newline
# and a tab, `\\` for a backslash. A mutant that does not compile is "stillborn" and counts neither way.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"

if [ "$(id -u)" -ne 0 ]; then
  echo "mutate: run as root (the sealed test run mounts a private /tmp)" >&2
  exit 1
fi
list="$PWD/Scripts/mutants.tsv"
scratch="$(mktemp -d /var/tmp/appdirs-mutate.XXXXXX)"
trap 'rm -rf "$scratch"' EXIT
copy="$scratch/package"
mkdir -p "$copy"
git ls-files -z --cached --others --exclude-standard | xargs -0 cp --parents -t "$copy"
cd "$copy"
# One full build, then each mutant rebuilds only the module it changes.
swift build --build-tests >/dev/null 2>&1 || { echo "mutate: the package does not build" >&2; exit 1; }
bash Scripts/hermetic-tests.sh >/dev/null 2>&1 || { echo "mutate: the tests fail without a mutant" >&2; exit 1; }
bash Scripts/unprivileged-tests.sh >/dev/null 2>&1 || { echo "mutate: the tests fail as user 65534 without a mutant" >&2; exit 1; }

apply() {
  python3 - "$@" <<'PY'
import re, sys
path, old, new = sys.argv[1], sys.argv[2], sys.argv[3]
codes = {"\\": "\\", "n": "\n", "t": "\t"}
unescape = lambda s: re.sub(r"\\(\\|n|t)", lambda m: codes[m.group(1)], s)
old, new = unescape(old), unescape(new)
text = open(path, encoding="utf-8").read()
count = text.count(old)
if count != 1:
    print(f"the text occurs {count} times in {path}", file=sys.stderr)
    sys.exit(2)
open(path, "w", encoding="utf-8").write(text.replace(old, new))
PY
}

killed=0 survived=0 stillborn=0
survivors=()
# Fields apart with the unit separator, which is not white space, so that an empty replacement
# stays a field.
while IFS=$'\x1f' read -r id file old new description; do
  [[ -z "$id" || "$id" == \#* ]] && continue
  if (($# > 0)); then
    wanted=0
    for w in "$@"; do [[ "$w" == "$id" ]] && wanted=1; done
    ((wanted)) || continue
  fi
  cp "$file" "$scratch/original"
  if ! apply "$file" "$old" "$new"; then
    echo "$id  not applied: $description"
    cp "$scratch/original" "$file"
    stillborn=$((stillborn + 1))
    continue
  fi
  if ! swift build --build-tests >"$scratch/build.log" 2>&1; then
    echo "$id  stillborn (does not compile): $description"
    stillborn=$((stillborn + 1))
  elif timeout 900 bash Scripts/hermetic-tests.sh >"$scratch/test.log" 2>&1 &&
    timeout 900 bash Scripts/unprivileged-tests.sh >>"$scratch/test.log" 2>&1; then
    echo "$id  SURVIVED: $description ($(grep -ao 'Test run with [0-9]* tests' "$scratch/test.log" | tail -1))"
    survived=$((survived + 1))
    survivors+=("$id")
  else
    echo "$id  killed: $description"
    killed=$((killed + 1))
  fi
  cp "$scratch/original" "$file"
done < <(tr '\t' '\037' <"$list")
total=$((killed + survived))
echo
echo "mutate: $killed killed, $survived survived, $stillborn stillborn; score $(awk -v k="$killed" -v t="$total" 'BEGIN { printf "%.1f", t ? 100 * k / t : 0 }')%"
((${#survivors[@]})) && echo "mutate: survivors: ${survivors[*]}"
exit 0
