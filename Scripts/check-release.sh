#!/usr/bin/env bash
# The release facts agree: the tool's --version, the README's dependency line and the newest
# released section of the CHANGELOG name one version; the README's snippets use no API that
# only the [Unreleased] section lists; the licence has no template placeholder left; every
# Swift source carries the licence notice. With a tag of that version, the tag's CHANGELOG
# section is the same as main's. With --version, checks only that the three agree and prints
# the version (Scripts/release.sh asks it so).
set -euo pipefail
cd "$(dirname "$0")/.."

fail() { echo "check-release: $*" >&2; exit 1; }

tool=$(sed -n 's/^ *static let version = "\([^"]*\)".*/\1/p' Sources/appdirs/CommandLineTool.swift)
readme=$(sed -n 's/.*AppDirectories\.git", from: "\([^"]*\)".*/\1/p' README.md)
changelog=$(sed -n 's/^## \[\([0-9][^]]*\)\] - [0-9]\{4\}-[0-9]\{2\}-[0-9]\{2\}$/\1/p' CHANGELOG.md | head -1)
[[ -n $tool ]] || fail "no 'static let version' in Sources/appdirs/CommandLineTool.swift"
[[ -n $readme ]] || fail "no dependency line 'from: \"X.Y.Z\"' in README.md"
[[ -n $changelog ]] || fail "no dated released section '## [X.Y.Z] - YYYY-MM-DD' in CHANGELOG.md"
if [[ $tool != "$readme" || $tool != "$changelog" ]]; then
  fail "the versions disagree: appdirs --version $tool, README $readme, CHANGELOG $changelog;" \
    "Scripts/release.sh VERSION writes all three"
fi
if [[ ${1-} == --version ]]; then
  echo "$tool"
  exit 0
fi

# The API names the [Unreleased] section introduces (in backticks, `name(` or `Type.name`): none may appear in
# a README snippet, since a user who pins the README's version would not have it.
unreleased=$(awk '/^## \[Unreleased\]/{on=1; next} /^## \[/{on=0} on' CHANGELOG.md)
released=$(awk '/^## \[Unreleased\]/{on=0; next} /^## \[/{on=1} on' CHANGELOG.md)
snippets=$(awk '/^```swift/{on=1; next} /^```/{on=0} on' README.md)
while read -r name; do
  [[ -z $name ]] && continue
  # A name the released sections already list is one the pinned version has.
  grep -qF "$name" <<<"$released" && continue
  # Only a name the library declares in public is an API.
  grep -rqE "public .*(func|var|let|case|struct|enum|class|protocol|init) *${name}([^A-Za-z0-9_]|$)" \
    Sources/AppDirectoriesCore Sources/AppDirectoriesMaintenance Sources/AppDirectoriesFiles Sources/AppDirectoriesSandbox \
    Sources/AppDirectoriesTesting || continue
  if grep -qE "(^|[^A-Za-z0-9_])${name}([^A-Za-z0-9_]|$)" <<<"$snippets"; then
    fail "README.md's snippets use '$name', which CHANGELOG.md lists only under [Unreleased];" \
      "release it first (Scripts/release.sh VERSION) or keep it out of the README"
  fi
done < <(grep -oE '`([A-Za-z_][A-Za-z0-9_]*\.)?[A-Za-z_][A-Za-z0-9_]*(\(|`)' <<<"$unreleased" |
  tr -d '`(' | sed 's/^[A-Za-z0-9_]*\.//' | grep -E '^[a-z][A-Za-z0-9]*$|^[A-Z][a-z][A-Za-z0-9]*$' | sort -u)

! grep -qE '\[yyyy\]|\[name of copyright owner\]' LICENSE || fail "LICENSE still has a template placeholder"
missing=$(git ls-files 'Sources/*.swift' 'Tests/*.swift' | grep -v '\.docc/' |
  while read -r f; do head -3 "$f" | grep -q 'Licensed under the Apache License' || echo "$f"; done)
[[ -z $missing ]] || fail "without the licence notice at the top:"$'\n'"$missing"

tag="v$tool"
if git rev-parse -q --verify "refs/tags/$tag" >/dev/null; then
  section() { awk -v v="## [$tool]" 'index($0, v) == 1 {on=1; print; next} /^## \[/{on=0} on'; }
  diff <(git show "$tag:CHANGELOG.md" | section) <(section <CHANGELOG.md) >/dev/null ||
    fail "the section of $tool differs between the tag $tag and this commit"
  echo "check-release: $tool (tool, README, CHANGELOG, tag $tag)"
else
  echo "check-release: $tool (tool, README, CHANGELOG; no tag $tag in this clone)"
fi
