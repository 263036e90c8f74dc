#!/usr/bin/env bash
# Times the tree operations of `appdirs` against the tools that do the same work, side by side
# in one run, and prints Markdown rows for the Performance table:
#   - `appdirs migrate --keep-source` across two file systems against `cp -a` of the same tree;
#   - a whole migration (copy, publish, remove the source) against `cp -a` then `rm -rf`;
#   - `appdirs list --sizes` against `du -sb`, and `appdirs clean --all --yes` against `rm -rf`,
#     on a cache of 100,000 files;
#   - `appdirs clean --cache --older-than 30d --yes` against `find -atime +30 -mtime +30 -delete`
#     (then `find -empty -delete` for the folders it left empty), on the same cache with half
#     of its files unused for 100 days.
# The trees live on two tmpfs mounts in a private mount namespace (so nothing of the machine
# changes, and the disk's speed is out of the picture), 100 folders of 100 files of 0 to 8 KiB,
# 10,100 entries; then chains of 1,000, 20,000 and 100,000 folders, each operation and its floor
# run once under /usr/bin/time for its peak resident memory. Needs root (for the namespace),
# hyperfine, util-linux and GNU time.
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
command -v python3 >/dev/null 2>&1 || need+=(python3)
[ -x /usr/bin/time ] || need+=(time)
if ((${#need[@]})); then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null
fi

swift build -c release --static-swift-stdlib --scratch-path .build/static --product appdirs \
  --disable-default-traits >&2
appdirs="$PWD/.build/static/release/appdirs"

scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
mkdir -p "$scratch/a" "$scratch/b" "$scratch/home"

cat >"$scratch/inside.sh" <<'INSIDE'
set -euo pipefail
scratch=$1 appdirs=$2
a="$scratch/a" b="$scratch/b"
mount -t tmpfs -o size=2g tmpfs "$a"
# noatime: copying the template with `cp -a` reads it, and would make its files used again.
mount -t tmpfs -o size=2g,noatime tmpfs "$b"
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

# A cache of 100,000 files: 1,000 folders of 100 files of 0 to 4 KiB, some hard links and
# symbolic links among them.
python3 - "$b/big" <<'PY'
import os, sys
top = sys.argv[1]
for i in range(1000):
    folder = os.path.join(top, "d%d" % i)
    os.makedirs(folder)
    for j in range(100):
        with open(os.path.join(folder, "f%d" % j), "wb") as f:
            f.write(b"x" * ((i * 100 + j) * 41 % 4096))
    os.link(os.path.join(folder, "f0"), os.path.join(folder, "hard"))
    os.symlink("f1", os.path.join(folder, "link"))
PY
big_entries=$(find "$b/big" | wc -l)
export XDG_CACHE_HOME="$b/cache"
mkdir -p "$b/cache"
cp -a "$b/big" "$b/cache/x"
# The two agree on the size before they are timed.
test "$(du -sb "$b/cache/x" | cut -f1)" -eq "$("$appdirs" list --app x --sizes --json | python3 -c 'import json,sys; print(json.load(sys.stdin)["directories"]["cache"]["size"])')"
hyperfine --runs 15 --warmup 2 --export-json "$scratch/size.json" \
  "du -sb $b/cache/x" "$appdirs list --app x --sizes --json" >/dev/null
hyperfine --runs 7 --warmup 1 --export-json "$scratch/clean.json" \
  --prepare "rm -rf $b/cache/x; cp -a $b/big $b/cache/x" "rm -rf $b/cache/x" \
  --prepare "rm -rf $b/cache/x; cp -a $b/big $b/cache/x" "$appdirs clean --app x --all --yes" >/dev/null
test ! -e "$b/cache/x"
# Half the cache unused for 100 days (the files, the links and the folders of d0 to d499), and
# the application's tag, which pruning a cache named by XDG_CACHE_HOME asks for.
mkdir -p "$b/cache/x"
"$appdirs" path cache --app x --create >/dev/null
cp "$b/cache/x/CACHEDIR.TAG" "$b/big/CACHEDIR.TAG"
rm -rf "$b/cache/x"
for i in $(seq 0 499); do
  find "$b/big/d$i" -mindepth 1 -exec touch -h -d "100 days ago" {} +
done
old=$(find "$b/big" -mindepth 1 \( -type f -o -type l \) -atime +30 -mtime +30 | wc -l)
prepare="rm -rf $b/cache/x; cp -a $b/big $b/cache/x"
hyperfine --runs 7 --warmup 1 --export-json "$scratch/prune.json" \
  --prepare "$prepare" "find $b/cache/x -mindepth 1 \( -type f -o -type l \) -atime +30 -mtime +30 -delete && find $b/cache/x -mindepth 1 -type d -empty -delete" \
  --prepare "$prepare" "$appdirs clean --app x --cache --older-than 30d --yes" >/dev/null
# Both left the same files: the newer half, the tag.
test "$(find "$b/cache/x" -mindepth 1 | wc -l)" -eq "$((big_entries - old - 500))"
echo "$big_entries $old" >"$scratch/big"

# Deep trees: a chain of folders, one file of 100 bytes per level, unused for 100 days, made
# relative to descriptors (deeper than PATH_MAX). Each operation runs once, under
# /usr/bin/time for its time and peak resident memory, beside the tool that does the same work.
cat >"$scratch/deep.py" <<'PY'
import os, sys, time
top, depth = sys.argv[1], int(sys.argv[2])
os.makedirs(top, exist_ok=True)
old = time.time() - 100 * 86400
fd = os.open(top, os.O_RDONLY | os.O_DIRECTORY)
for i in range(depth):
    f = os.open("f", os.O_WRONLY | os.O_CREAT, 0o600, dir_fd=fd)
    os.write(f, b"x" * 100)
    os.close(f)
    os.utime("f", (old, old), dir_fd=fd)
    os.mkdir("d", 0o700, dir_fd=fd)
    child = os.open("d", os.O_RDONLY | os.O_DIRECTORY, dir_fd=fd)
    os.close(fd)
    fd = child
# The deepest folder holds a file too: pruning every file then leaves every folder empty.
f = os.open("f", os.O_WRONLY | os.O_CREAT, 0o600, dir_fd=fd)
os.write(f, b"x" * 100)
os.close(f)
os.utime("f", (old, old), dir_fd=fd)
os.close(fd)
PY
measure() { # label command…: one line "label seconds kilobytes status"
  local label=$1 status=0
  shift
  /usr/bin/time -o "$scratch/time" -f '%e %M' "$@" >/dev/null 2>"$scratch/err" || status=$?
  echo "$label $(tail -1 "$scratch/time") $status"
}
deep() { python3 "$scratch/deep.py" "$1" "$2"; }
: >"$scratch/deep"
for depth in 1000 20000 100000; do
  export XDG_CACHE_HOME="$b/cache" XDG_CONFIG_HOME="$b/config"
  rm -rf "$b/cache" "$b/config" "$a/src" "$b/src" "$b/floor"
  mkdir -p "$b/cache"
  "$appdirs" path cache --app x --create >/dev/null
  deep "$b/cache/x" "$depth"
  {
    measure "sizes-ours-$depth" "$appdirs" list --app x --sizes --json
    measure "sizes-floor-$depth" du -sb "$b/cache/x"
    measure "prune-ours-$depth" "$appdirs" clean --app x --cache --older-than 30d --yes
    test "$(find "$b/cache/x" -mindepth 1 | wc -l)" -eq 1   # the tag alone
    deep "$b/floor" "$depth"
    measure "prune-floor-$depth" sh -c "find $b/floor -mindepth 1 \( -type f -o -type l \) -atime +30 -mtime +30 -delete && find $b/floor -mindepth 1 -type d -empty -delete"
    deep "$b/cache/x" "$depth"
    measure "clean-ours-$depth" "$appdirs" clean --app x --all --yes
    test ! -e "$b/cache/x"
    deep "$b/floor" "$depth"
    measure "clean-floor-$depth" rm -rf "$b/floor"
    deep "$b/src" "$depth"
    measure "same-ours-$depth" "$appdirs" migrate config "$b/src" --app x
    test ! -e "$b/src" && test -d "$b/config/x/d"
    rm -rf "$b/config"
    deep "$b/src" "$depth"
    measure "same-floor-$depth" mv "$b/src" "$b/floor-moved"
    rm -rf "$b/floor-moved"
    deep "$a/src" "$depth"
    measure "cross-ours-$depth" "$appdirs" migrate config "$a/src" --app x
    test ! -e "$a/src" && test -d "$b/config/x/d"
    rm -rf "$b/config"
    deep "$a/src" "$depth"
    measure "cross-floor-$depth" sh -c "cp -a $a/src $b/floor && rm -rf $a/src"
    rm -rf "$a/src" "$b/floor"
  } >>"$scratch/deep"
done
INSIDE
unshare --mount --propagation private -- bash ${BENCHMARK_TRACE:+-x} "$scratch/inside.sh" "$scratch" "$appdirs"

read -r entries bytes <"$scratch/tree"
median() { python3 -c "import json,sys; r=json.load(open(sys.argv[1]))['results'][int(sys.argv[2])]; print(sorted(r['times'])[len(r['times'])//2])" "$1" "$2"; }
ms() { awk -v s="$1" 'BEGIN { printf "%.0f ms", s * 1000 }'; }
speed() { awk -v floor="$1" -v ours="$2" 'BEGIN { printf "%.2f", floor / ours }'; }
met() { awk -v r="$1" -v t="$2" 'BEGIN { print (r >= t) ? "yes" : "**no**" }'; }
times() { awk -v ours="$1" -v floor="$2" 'BEGIN { printf "%.2f", ours / floor }'; }
within() { awk -v r="$1" -v t="$2" 'BEGIN { print (r <= t) ? "yes" : "**no**" }'; }

copy_floor=$(median "$scratch/copy.json" 0)
copy_ours=$(median "$scratch/copy.json" 1)
move_floor=$(median "$scratch/move.json" 0)
move_ours=$(median "$scratch/move.json" 1)
read -r big_entries old <"$scratch/big"
size_floor=$(median "$scratch/size.json" 0)
size_ours=$(median "$scratch/size.json" 1)
clean_floor=$(median "$scratch/clean.json" 0)
clean_ours=$(median "$scratch/clean.json" 1)
prune_floor=$(median "$scratch/prune.json" 0)
prune_ours=$(median "$scratch/prune.json" 1)
echo "Trees on tmpfs: $entries entries ($bytes bytes) to move, $big_entries in the cache to measure and remove; medians."
echo
echo "| operation | appdirs | floor | ratio | target | met |"
echo "|---|---|---|---|---|---|"
r=$(speed "$copy_floor" "$copy_ours")
echo "| \`appdirs migrate --keep-source\` across file systems, $entries entries | $(ms "$copy_ours") | $(ms "$copy_floor") \`cp -a\` | ${r}× the speed | ≥ 0.8× the speed | $(met "$r" 0.8) |"
r=$(speed "$move_floor" "$move_ours")
echo "| \`appdirs migrate\` across file systems (copy, publish, remove the source) | $(ms "$move_ours") | $(ms "$move_floor") \`cp -a\` then \`rm -rf\` | ${r}× the speed | ≥ 0.8× the speed | $(met "$r" 0.8) |"
r=$(times "$size_ours" "$size_floor")
echo "| \`appdirs list --app x --sizes --json\`, a cache of $big_entries entries | $(ms "$size_ours") | $(ms "$size_floor") \`du -sb\` | ${r}× the time | ≤ 1.5× the time | $(within "$r" 1.5) |"
r=$(times "$clean_ours" "$clean_floor")
echo "| \`appdirs clean --app x --all --yes\`, the same cache | $(ms "$clean_ours") | $(ms "$clean_floor") \`rm -rf\` | ${r}× the time | ≤ 1.3× the time | $(within "$r" 1.3) |"
r=$(times "$prune_ours" "$prune_floor")
echo "| \`appdirs clean --app x --cache --older-than 30d --yes\`, $old of the same cache's files unused | $(ms "$prune_ours") | $(ms "$prune_floor") \`find -atime +30 -mtime +30 -delete\`, then the empty folders | ${r}× the time | ≤ 1.5× the time | $(within "$r" 1.5) |"

# The deep trees: time and peak resident memory of each operation and of its floor, one run.
echo
echo "Deep trees on tmpfs (one folder and one file of 100 bytes per level); one run each, peak resident memory from /usr/bin/time; a floor that fails says so."
echo
echo "| operation | levels | appdirs | appdirs peak memory | floor | floor's time, peak memory | ratio | 256 MB met |"
echo "|---|---|---|---|---|---|---|---|"
field() { awk -v k="$1" -v n="$2" '$1 == k { print $n }' "$scratch/deep"; }
mib() { awk -v k="$1" 'BEGIN { printf "%.1f MiB", k / 1024 }'; }
for depth in 1000 20000 100000; do
  for row in "sizes|\`list --sizes\`|\`du -sb\`" "prune|\`clean --cache --older-than 30d\` (every file old)|\`find -delete\`, then the empty folders" \
    "clean|\`clean --all\`|\`rm -rf\`" "same|\`migrate\`, one file system|\`mv\`" \
    "cross|\`migrate\`, across file systems|\`cp -a\` then \`rm -rf\`"; do
    IFS='|' read -r key name floor <<<"$row"
    ours_s=$(field "$key-ours-$depth" 2) ours_k=$(field "$key-ours-$depth" 3) ours_rc=$(field "$key-ours-$depth" 4)
    floor_s=$(field "$key-floor-$depth" 2) floor_k=$(field "$key-floor-$depth" 3) floor_rc=$(field "$key-floor-$depth" 4)
    if [ "$floor_rc" = 0 ] && [ "$(awk -v s="$floor_s" 'BEGIN { print (s > 0) }')" = 1 ]; then
      floor_text="$(ms "$floor_s"), $(mib "$floor_k")"
      ratio="$(times "$ours_s" "$floor_s")× the time"
    elif [ "$floor_rc" = 0 ]; then
      # /usr/bin/time counts hundredths of a second: a rename is below that.
      floor_text="under 10 ms, $(mib "$floor_k")"
      ratio="—"
    else
      floor_text="fails (exit $floor_rc) after $(ms "$floor_s")"
      ratio="—"
    fi
    [ "$ours_rc" = 0 ] || ratio="appdirs failed (exit $ours_rc)"
    echo "| $name | $depth | $(ms "$ours_s") | $(mib "$ours_k") | $floor | $floor_text | $ratio | $(awk -v k="$ours_k" 'BEGIN { print (k < 262144) ? "yes" : "**no**" }') |"
  done
done
