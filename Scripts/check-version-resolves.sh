#!/usr/bin/env bash
# The README's dependency line works: a client package that depends on this repository by
# `from:` the README's version, as users' packages do, resolves it from a scratch clone of this
# repository that carries the tag vVERSION at the release commit, and builds every Swift block
# of the README against what it resolved (Scripts/check-snippets.sh --by-version).
#
# The tag must be at the release commit: the commit "Release VERSION" that Scripts/release.sh
# makes, an ancestor of HEAD whose tool, README and CHANGELOG name VERSION. A clone made of a
# branch alone carries no tag: then the scratch clone is given the tag at that commit, and the
# script says so; a tag that exists elsewhere, or a version without its release commit, fails.
# Run from anywhere: `bash Scripts/check-version-resolves.sh`. Needs git and the toolchain; no
# network (SwiftPM clones the scratch clone by its file URL).
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"

fail() { echo "check-version-resolves: $*" >&2; exit 1; }
root="$(pwd -P)"
version=$(bash Scripts/check-release.sh --version)
tag="v$version"

release=$(git log --format=%H --fixed-strings --grep="Release $version" -n 1 HEAD)
[[ -n $release ]] || fail "no commit 'Release $version' on this branch: make it with Scripts/release.sh $version"
[[ $(git log -1 --format=%s "$release") == "Release $version" ]] ||
  fail "the commit $release mentions 'Release $version' but is not the release commit"
released=$(git show "$release:Sources/appdirs/CommandLineTool.swift" |
  sed -n 's/^ *static let version = "\([^"]*\)".*/\1/p')
[[ $released == "$version" ]] || fail "the release commit $release has the version $released, not $version"

if tagged=$(git rev-parse -q --verify "refs/tags/$tag^{commit}"); then
  [[ $tagged == "$release" ]] ||
    fail "the tag $tag is at $tagged, not at the release commit $release ('Release $version')"
  echo "check-version-resolves: the tag $tag is at the release commit ${release:0:12}"
  retag=0
else
  echo "check-version-resolves: note: this clone has no tag $tag (a clone of a branch carries none);" \
    "the scratch clone gets it at the release commit ${release:0:12}"
  retag=1
fi

work="$root/.build/version-resolves"
rm -rf "$work"
mkdir -p "$work"
# Named AppDirectories: SwiftPM names a URL dependency after the URL's last component.
clone="$work/AppDirectories"
git clone -q --no-local "$root" "$clone"
if ((retag)); then
  git -C "$clone" -c user.name=release -c user.email=release@localhost \
    tag -a "$tag" -m "AppDirectories $version" "$release"
fi
git -C "$clone" rev-parse -q --verify "refs/tags/$tag" >/dev/null || fail "the scratch clone has no tag $tag"

bash Scripts/check-snippets.sh --by-version "file://$clone" "$version"
resolved=$(sed -n 's/.*"version" *: *"\([^"]*\)".*/\1/p' "$root/.build/snippets-by-version/package/Package.resolved")
[[ $resolved == "$version" ]] || fail "the client resolved '$resolved', not $version"
echo "check-version-resolves: a client depending on from: \"$version\" resolved $resolved and built the README's blocks"
