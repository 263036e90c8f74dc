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
#   bash Scripts/mutate.sh --check [M03]   # only check that the entries match the code
#
# A mutant is one line of the list: an id, the file, the exact text to replace (it must occur
# exactly once), its replacement, and what the change does. `\n` and `\t` stand for a newline
# and a tab, `\\` for a backslash. A mutant that does not compile is "stillborn" and counts neither way.
#
# Before anything is built, every entry run (all, or the ones named) must match its file: the
# text found exactly once, the id known. Otherwise the run stops and names each entry that does
# not: code refactored under a table would leave its mutants "not applied", counted with the
# stillborn, and a score that silently tested less than it says. --check is that step alone,
# with no build and no root: it exits 0 when every entry matches.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"

check_only=0
ids=()
for arg in "$@"; do
  case "$arg" in
    --check) check_only=1 ;;
    -*)
      echo "mutate: unknown option $arg (usage: Scripts/mutate.sh [--check] [ID...])" >&2
      exit 1
      ;;
    *) ids+=("$arg") ;;
  esac
done
# From here on the arguments are the ids asked for, as the loop below reads them.
set -- ${ids[@]+"${ids[@]}"}
list="$PWD/Scripts/mutants.tsv"

# The one reading of an entry, for the check and for applying a mutant, so that the two can
# never disagree on what a field means: `\n`, `\t` and `\\` unescaped, the text counted exactly
# as it is, and a mutant applied only where its text occurs once.
mutants() {
  python3 - "$@" <<'PY'
import os, re, sys
codes = {"\\": "\\", "n": "\n", "t": "\t"}
unescape = lambda s: re.sub(r"\\(\\|n|t)", lambda m: codes[m.group(1)], s)

def read(path):
    with open(path, encoding="utf-8") as file:
        return file.read()

mode = sys.argv[1]
if mode == "apply":
    path, old, new = sys.argv[2], unescape(sys.argv[3]), unescape(sys.argv[4])
    text = read(path)
    count = text.count(old)
    if count != 1:
        print(f"the text occurs {count} times in {path}", file=sys.stderr)
        sys.exit(2)
    with open(path, "w", encoding="utf-8") as file:
        file.write(text.replace(old, new))
    sys.exit(0)

# mode == "check": the list, then the ids asked for (none: every entry). Lines are split as
# the loop's `read` splits them: at tabs, the description taking the rest.
listing, wanted = sys.argv[2], set(sys.argv[3:])
contents = read(listing)
problems, seen, checked = [], set(), 0
if contents and not contents.endswith("\n"):
    # `read` returns false on a last line without a newline, so the loop would skip it.
    problems.append("the last line has no newline, so the run would never read it")
for number, line in enumerate(contents.split("\n"), start=1):
    fields = line.split("\t", 4)
    id = fields[0]
    if not id or id.startswith("#"):
        continue
    if id in seen:
        problems.append(f"{id} (line {number}): the id is used twice")
    seen.add(id)
    if wanted and id not in wanted:
        continue
    checked += 1
    if len(fields) != 5:
        problems.append(
            f"{id} (line {number}): {len(fields)} fields, not 5"
            " (id, file, text, replacement, description)")
        continue
    _, path, old, new, description = fields
    if not os.path.isfile(path):
        problems.append(f"{id} (line {number}): {path} does not exist ({description})")
        continue
    count = read(path).count(unescape(old))
    if count != 1:
        problems.append(
            f"{id} (line {number}): its text occurs {count} times in {path}, not once ({description})")
for id in sorted(wanted - seen):
    problems.append(f"{id}: no such entry in {listing}")
for problem in problems:
    print(f"mutate: {problem}", file=sys.stderr)
if problems:
    print(f"mutate: {listing} does not match the code ({len(problems)} of its entries or lines"
          " above); rewrite or delete them. Nothing was built.", file=sys.stderr)
    sys.exit(1)
print(f"mutate: all {checked} entries checked match the code, each exactly once")
PY
}

mutants check "$list" "$@" || exit 1
if ((check_only)); then exit 0; fi

if [ "$(id -u)" -ne 0 ]; then
  echo "mutate: run as root (the sealed test run mounts a private /tmp)" >&2
  exit 1
fi
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
  if ! mutants apply "$file" "$old" "$new"; then
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
