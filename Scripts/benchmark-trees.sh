#!/usr/bin/env bash
# Times the tree operations of `appdirs` against the tools that do the same work, side by side
# in one run, and prints Markdown rows for the Performance table:
#   - `appdirs migrate --keep-source` across two file systems against `cp -a` of the same tree;
#   - a whole migration (copy, publish, remove the source) against `cp -a` then `rm -rf`.
# The trees live on two tmpfs mounts in a private mount namespace (so nothing of the machine
# changes, and the disk's speed is out of the picture), 100 folders of 100 files of 0 to 8 KiB,
# 10,100 entries. Needs root (for the namespace), hyperfine and util-linux.
# Run from the package root: `bash Scripts/benchmark-trees.sh`.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"

if [ "$(id -u)" -ne 0 ]; then
  echo "benchmark-trees: needs root, for a private mount namespace" >&2
  exit 1
fi
need=()
command -v hyperfine >/dev/null 2>&1 || need+=(hyperfine)
command -v unshare >/dev/null 2>&1 || need+=(util-linux)
if ((${#need[@]})); then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null
fi

swift build -c release --static-swift-stdlib --scratch-path .build/static --product appdirs >&2
appdirs="$PWD/.build/static/release/appdirs"

scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
mkdir -p "$scratch/a" "$scratch/b" "$scratch/home"

cat >"$scratch/inside.sh" <<'INSIDE'
set -euo pipefail
scratch=$1 appdirs=$2
a="$scratch/a" b="$scratch/b"
mount -t tmpfs -o size=2g tmpfs "$a"
mount -t tmpfs -o size=2g tmpfs "$b"
mkdir "$a/template"
for i in $(seq 0 99); do
  mkdir "$a/template/d$i"
  for j in $(seq 0 99); do
    head -c $(((i * 100 + j) * 37 % 8192)) /dev/urandom >"$a/template/d$i/f$j"
  done
done
entries=$(find "$a/template" | wc -l)
bytes=$(du -sb "$a/template" | cut -f1)
export HOME="$scratch/home" XDG_CONFIG_HOME="$b/config"
reset="rm -rf $b/copy $b/config; rm -rf $a/source; cp -a $a/template $a/source"
hyperfine --runs 15 --warmup 2 --export-json "$scratch/copy.json" \
  --prepare "$reset" "cp -a $a/source $b/copy" \
  --prepare "$reset" "$appdirs migrate config $a/source --app x --keep-source" >/dev/null
hyperfine --runs 15 --warmup 2 --export-json "$scratch/move.json" \
  --prepare "$reset" "cp -a $a/source $b/copy && rm -rf $a/source" \
  --prepare "$reset" "$appdirs migrate config $a/source --app x" >/dev/null
# The migration did what it says: the last one left the tree at the destination, the source gone.
test ! -e "$a/source"
test "$(find "$b/config/x" | wc -l)" -eq "$entries"
echo "$entries $bytes" >"$scratch/tree"
INSIDE
unshare --mount --propagation private -- bash "$scratch/inside.sh" "$scratch" "$appdirs"

read -r entries bytes <"$scratch/tree"
median() { python3 -c "import json,sys; r=json.load(open(sys.argv[1]))['results'][int(sys.argv[2])]; print(sorted(r['times'])[len(r['times'])//2])" "$1" "$2"; }
ms() { awk -v s="$1" 'BEGIN { printf "%.0f ms", s * 1000 }'; }
speed() { awk -v floor="$1" -v ours="$2" 'BEGIN { printf "%.2f", floor / ours }'; }
met() { awk -v r="$1" -v t="$2" 'BEGIN { print (r >= t) ? "yes" : "**no**" }'; }

copy_floor=$(median "$scratch/copy.json" 0)
copy_ours=$(median "$scratch/copy.json" 1)
move_floor=$(median "$scratch/move.json" 0)
move_ours=$(median "$scratch/move.json" 1)
echo "Tree: $entries entries, $bytes bytes, on tmpfs; 15 runs each, medians."
echo
echo "| operation | appdirs | floor | speed (floor time / ours) | target | met |"
echo "|---|---|---|---|---|---|"
r=$(speed "$copy_floor" "$copy_ours")
echo "| \`appdirs migrate --keep-source\` across file systems, $entries entries | $(ms "$copy_ours") | $(ms "$copy_floor") \`cp -a\` | ${r}× | ≥ 0.8× | $(met "$r" 0.8) |"
r=$(speed "$move_floor" "$move_ours")
echo "| \`appdirs migrate\` across file systems (copy, publish, remove the source) | $(ms "$move_ours") | $(ms "$move_floor") \`cp -a\` then \`rm -rf\` | ${r}× | ≥ 0.8× | $(met "$r" 0.8) |"
