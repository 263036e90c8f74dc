#!/usr/bin/env bash
# Checks what this Linux (glibc) machine can check of the other platforms:
#  1. every Swift file that imports a C library has the whole ladder, in swift-foundation's order
#     (Darwin, Android, Glibc, Musl), so no file imports Glibc alone;
#  2. no file reads st_mtim, st_ctim or st_atim without Darwin's st_mtimespec, st_ctimespec or
#     st_atimespec beside it;
#  3. Package.swift has no benchmark or stress product;
#  4. the CI workflow names jobs for macOS, iOS, Windows, Android and static Linux (musl);
#  5. the spellings that compile on glibc but not elsewhere, found in the text (code lines, not
#     comments), each a compile error on its platform:
#     a. Windows: a bare `errno` in a file fenced `#if os(Windows)`: the ucrt module cannot
#        import the macro, and `CRT` is not imported; `_get_errno` reads it;
#     b. Android: `strerror(…)` used as an optional (`.map`, `?`, `??`, `!`): bionic declares it
#        `_Nonnull`. Swift 6.3's clang drops that nullability (it keeps the type of its builtin
#        `strerror`), so 6a compiles such a use; a clang that kept it would not, and the
#        wrapper that returns an optional compiles under both;
#     c. tvOS and watchOS: `.trashDirectory` in Sources/ outside a fence that names tvOS:
#        Foundation marks it unavailable there (the tests are not built for those platforms);
#     d. macOS below 15: a typed-throws function type inside `[...]` or `<...>` (a generic
#        argument), which needs the runtime of macOS 15;
#     e. the workflow's Android triples are `<arch>-unknown-linux-android<api>`, the names the
#        Swift SDK for Android gives (no `androideabi`);
#     f. iOS and Windows: a test file that runs the tool or a process (TestSupport's ToolRunner
#        and PrivateMounts, `Process`, exit tests) outside `#if os(macOS) || os(Linux)`;
#  6. the Musl branches, then the Android branches, compile: in a copy of the package the Glibc
#     branch is disabled and the other one takes its place (importing Glibc, the module with the
#     same POSIX declarations here), and the package and its tests are built. Where musl or
#     bionic declares a name this package uses with other nullability or another type than
#     glibc (bionic's `pwrite` buffer, `SOCK_STREAM` as a plain macro),
#     Scripts/platform-declarations/ holds that declaration as Swift, written from the library's
#     header: every use of the name in the copy is renamed to it, so it is checked against the
#     library's own type. This is what checks the tests and the FoundationAPI code;
#  6a. the Musl and Android branches of the library and the tool compile against the C library's
#     own headers, as the static-linux and android jobs build them (without the FoundationAPI
#     trait; AppDirectoriesTesting, all FoundationAPI, is built too and must compile to
#     nothing): musl's from Debian's musl-dev (always), bionic's from a checkout of AOSP's
#     platform/bionic named by BIONIC_SOURCE (when given; CI has none), for x86_64 and again
#     with bionic's 32-bit declarations (i686's, which for every type used here are armv7's). A
#     clang module made of those headers alone (`-nostdlibinc`) stands in for the SDK's, and
#     Scripts/platform-declarations/Overlay.swift for its Swift overlay, declaring only what the
#     overlay declares; Android's API level is 28, the workflow's. This sees every declaration,
#     macro and nullability as the library declares it, and the names that exist only from a
#     later API level;
#  7. AppDirectoriesTesting's Windows branch (Foundation only) compiles, with os(Windows) made
#     true in that target;
#  8. the tests Windows builds (the files fenced neither `#if !os(Windows)` nor `#if os(macOS)
#     || os(Linux)`, TestSupport without its POSIX files) compile with no C library and
#     FoundationEssentials only;
#  9. the Windows branches of the library, AppDirectoriesTesting and the tool compile against
#     the Windows API as mingw-w64's headers declare it, with the FoundationAPI trait as the
#     windows job builds them, under stand-ins of the WinSDK overlay, of FoundationEssentials
#     and of Testing (details at the step). This sees a misspelled or missing Win32 or
#     C-runtime name, a wrong argument count, label or type, an optional where the declaration
#     has none, as Swift imports them, and any call that passes text through the ANSI code
#     page (Scripts/platform-declarations/NarrowText.h makes those unavailable).
# Every target a compile step claims must come out with symbols of its own (not an empty
# module). Scripts/check-platform-branches-test.sh shows that steps 6a and 9 fail on copies
# that reintroduce what they once missed.
# What it cannot see: in the tests and the FoundationAPI code, a declaration of musl or bionic
# that differs from glibc's and is not in Scripts/platform-declarations/ (6 compiles them
# against glibc's headers; the lists hold the names the tests use whose types differ), and a
# name glibc has and the other library lacks; without BIONIC_SOURCE, the same for the
# library's and the tool's Android code; the SDKs' own module maps and API notes (6a makes one
# module of the headers; the API notes Swift ships for bionic touch fts_open, posix_spawn and
# posix_spawnattr_init, which this package does not call); the FoundationAPI code and
# AppDirectoriesTesting against musl's and bionic's own headers (Foundation is built for glibc
# here; step 6 checks them with the declarations that differ); arm's own 32-bit headers and
# Swift's 32-bit `Int` (the 32-bit pass reads i686's declarations with Swift's 64-bit
# standard library: a value that overflows only at 32 bits is not seen); anything only
# Apple's compilers report; in 9, where Microsoft's headers differ from mingw-w64's (a name
# one has and the other not, a type written differently), what Swift's importer does only for
# a Windows target (its other mappings; `long` is 64-bit here, though `DWORD` is 32-bit as
# mingw writes it for 64-bit systems), Foundation and Swift Testing beyond the stand-ins, and
# linking; and in 8 what the tests Windows builds use of the library's internals that exist
# on Linux alone (the library is compiled for Linux there), or of Foundation beyond
# FoundationEssentials (a false alarm: Windows has all of Foundation).
# Run from the package root: `[BIONIC_SOURCE=DIR] [CHECK_STEPS="STEP …"] bash
# Scripts/check-platform-branches.sh [--static-only]`.
set -euo pipefail

export PATH="/opt/swift/usr/bin:$PATH"
failures=0
fail() {
  echo "check-platform-branches: $*" >&2
  failures=$((failures + 1))
}

# CHECK_STEPS names the compile steps to run (6: musl android; 6a: musl-headers
# android-headers; 7: windows-testing; 8: windows-tests; 9: windows), all by default; the text
# checks (1 to 5) always run. Scripts/check-platform-branches-test.sh runs single steps.
steps=" ${CHECK_STEPS:-musl android musl-headers android-headers windows-testing windows-tests windows} "
runs() { [[ "$steps" == *" $1 "* ]]; }

# A target a step claims to check must not compile to an empty module (all of it fenced off,
# as by a trait the step builds without): its object files must define symbols of its own
# (Swift's mangled names start `$s`, the module name's length and the name).
has_own_symbols() {
  local build=$1 target=$2
  local symbols
  symbols=$(nm --defined-only "$build"/debug/"$target".build/*.o 2>/dev/null || true)
  grep -qF " \$s${#target}${target}" <<<"$symbols"
}

mapfile -t swift_files < <(git ls-files --cached --others --exclude-standard "*.swift")

# 1. The import ladder (the stand-in declarations of step 6 import Glibc alone, on purpose).
for file in "${swift_files[@]}"; do
  [[ "$file" == Scripts/platform-declarations/* ]] && continue
  imports=$(grep -nE '^\s*(@preconcurrency )?import (Darwin|Android|Glibc|Musl)\s*$' "$file" || true)
  [ -z "$imports" ] && continue
  order=$(echo "$imports" | sed -E 's/^[0-9]+:\s*(@preconcurrency )?import //' | tr '\n' ' ')
  if [ "$order" != "Darwin Android Glibc Musl " ]; then
    fail "$file imports $order; every file that imports a C library imports Darwin, Android, Glibc and Musl, in that order"
  fi
done

# 2. The Darwin spellings of the stat times.
for file in "${swift_files[@]}"; do
  for field in mtim ctim atim; do
    if grep -qE "\bst_${field}\b" "$file" && ! grep -qE "\bst_${field}espec\b" "$file"; then
      fail "$file reads st_${field} without Darwin's st_${field}espec beside it"
    fi
  done
done

# 3. No benchmark or stress product.
if grep -nE '\.(executable|library)\(\s*name:\s*"appdirs-(benchmarks|stress)"' Package.swift; then
  fail "Package.swift makes the benchmarks or the stress run a product"
fi

# 4. The workflow's jobs.
workflow=.github/workflows/platforms.yml
if [ ! -f "$workflow" ]; then
  fail "$workflow is missing"
else
  for job in macos ios tvos-watchos-visionos windows android static-linux linux; do
    grep -qE "^  ${job}:" "$workflow" || fail "$workflow has no job named $job"
  done
fi

# 5. Spellings of other platforms, in code lines (comments dropped).
code_of() { sed -E 's#//.*$##' "$1"; }
for file in "${swift_files[@]}"; do
  # a. Windows-only files.
  if grep -qE '^#if os\(Windows\)' "$file" && code_of "$file" | grep -nE '(^|[^_A-Za-z0-9.])errno([^_A-Za-z0-9]|$)' >/dev/null; then
    fail "$file reads errno in Windows code: the ucrt module cannot import it; read it with _get_errno"
  fi
  # b. strerror as an optional.
  if code_of "$file" | grep -nE 'strerror\([^()]*\)\s*(\.map|\?|!)' >/dev/null; then
    fail "$file uses strerror(…) as an optional; bionic declares it _Nonnull (wrap it in a function that returns an optional, which compiles whatever clang makes of that)"
  fi
  # c. The trash directory, fenced for tvOS and watchOS.
  while IFS=: read -r line _; do
    [ -z "$line" ] && continue
    fence=$(head -n "$line" "$file" | tac | grep -m1 -E '^\s*#(if|endif)' || true)
    if [[ ! "$fence" =~ ^[[:space:]]*#if.*tvOS ]]; then
      fail "$file:$line uses .trashDirectory outside an #if that names tvOS; Foundation has none on tvOS and watchOS"
    fi
  done < <([[ "$file" == Sources/* ]] && code_of "$file" | grep -nE '\.trashDirectory' || true)
  # d. Typed-throws function types as generic arguments.
  if code_of "$file" | grep -nE '[[<][^]>]*throws\([A-Za-z.]+\)[^]>]*->' >/dev/null; then
    fail "$file has a typed-throws function type in a generic argument, which needs macOS 15's runtime; store it as a plain throws one"
  fi
done
# f. Test files that run the tool or another process are built only where the tests run them:
#    ToolRunner and PrivateMounts exist on macOS and Linux alone (iOS, tvOS, watchOS and
#    visionOS have no Process; Windows has none of their POSIX tools), and exit tests need a
#    process too.
for file in Tests/AppDirectoriesTests/*.swift Tests/appdirsTests/*.swift; do
  if code_of "$file" | grep -qE '(^|[^A-Za-z0-9_])(Tool\.|ToolResult|PrivateMounts|Process\(\)|processExitsWith)' \
    && ! grep -qE '^#if (os\(macOS\) \|\| )?os\(Linux\)$' "$file"; then
    fail "$file runs the tool or a process but is not fenced #if os(macOS) || os(Linux) (or #if os(Linux)): the workflow builds the tests for iOS and Windows"
  fi
done
# e. The Android triples.
if [ -f "$workflow" ]; then
  triples=$(grep -oE '"[a-z0-9_]+-unknown-linux-android[a-z]*[0-9]+"' "$workflow" | tr -d '"' || true)
  [ -n "$triples" ] || fail "$workflow names no Android triple"
  for triple in $triples; do
    [[ "$triple" =~ ^(aarch64|x86_64|armv7)-unknown-linux-android[0-9]+$ ]] \
      || fail "$workflow names the Android triple $triple; the Swift SDK's are <arch>-unknown-linux-android<api>"
  done
fi

if [ "${1:-}" = "--static-only" ]; then
  [ "$failures" -eq 0 ] || exit 1
  echo "check-platform-branches: static checks passed"
  exit 0
fi

# 6. The branches compile.
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT

build_variant() {
  local variant=$1 copy="$scratch/$1"
  mkdir -p "$copy"
  git ls-files -z --cached --others --exclude-standard | xargs -0 cp --parents -t "$copy"
  local sed_script
  case "$variant" in
    musl)
      sed_script='s/canImport\(Glibc\)/canImport(GlibcDisabledByCheck)/g; s/canImport\(Musl\)/canImport(Glibc)/g; s/^(\s*)import Musl\s*$/\1import Glibc/'
      ;;
    android)
      # os(Android) becomes true too, so that the Android-only code is compiled.
      sed_script='s/canImport\(Glibc\)/canImport(GlibcDisabledByCheck)/g; s/canImport\(Android\)/canImport(Glibc)/g; s/^(\s*)(@preconcurrency )?import Android\s*$/\1\2import Glibc/; s/os\(Android\)/os(Linux)/g'
      ;;
  esac
  find "$copy" -name '*.swift' -print0 | xargs -0 sed -E -i "$sed_script"
  # Every ladder must have lost its Glibc branch, or the build below proves nothing.
  local ladders disabled
  ladders=$(grep -rlE '^\s*import Glibc\s*$' "$copy/Sources" "$copy/Tests" | wc -l)
  disabled=$(grep -rl 'canImport(GlibcDisabledByCheck)' "$copy/Sources" "$copy/Tests" | wc -l)
  if [ "$ladders" -ne "$disabled" ]; then
    fail "$variant: $ladders files import Glibc but only $disabled had their Glibc branch disabled"
  fi
  # The C library's own declarations where they differ from glibc's: every use of such a name
  # is renamed to the declaration written from that library's headers, which each target gets.
  local declarations prefix names
  case "$variant" in
    musl) declarations=Scripts/platform-declarations/MuslDeclarations.swift prefix=musl_ ;;
    android) declarations=Scripts/platform-declarations/BionicDeclarations.swift prefix=bionic_ ;;
  esac
  names=$(grep -oE "^\s*(func|let|var) ${prefix}[A-Za-z0-9_]+" "$declarations" \
    | sed -E "s/.*${prefix}//" | paste -sd'|')
  find "$copy/Sources" "$copy/Tests" -name '*.swift' -not -path '*/ClientPackage/*' -print0 \
    | xargs -0 sed -E -i "s/(^|[^A-Za-z0-9_.])(${names})\b/\1${prefix}\2/g"
  for target in "$copy"/Sources/*/ "$copy"/Tests/*/; do
    [[ "$target" == */ClientPackage/ ]] && continue
    # (C targets take no Swift file.)
    [ -n "$(find "$target" -name '*.swift' -print -quit)" ] || continue
    cp "$declarations" "$target/PlatformDeclarations.swift"
  done
  local log="$scratch/$variant.log"
  if (cd "$copy" && swift build --build-tests --scratch-path "$scratch/$variant-build") >"$log" 2>&1; then
    # Built with the default traits, as the tests are: no module it claims may be empty.
    for target in AppDirectoriesCore AppDirectoriesMaintenance AppDirectoriesFiles AppDirectoriesSandbox AppDirectoriesTesting appdirs; do
      has_own_symbols "$scratch/$variant-build" "$target" ||
        fail "the $variant step compiled $target to an empty module: nothing of it was checked"
    done
    echo "check-platform-branches: the $variant branches compile, with the Glibc branch of $disabled files disabled"
  else
    grep -E 'error:' "$log" | grep -vE '^\s*\|' | sort -u | head -20 >&2
    fail "the $variant branches do not compile (the full log is above)"
  fi
}

runs musl && build_variant musl
runs android && build_variant android

# 6a. The same branches against the C library's own headers: a clang module made of them
#     (`SwiftMusl`, `SwiftAndroid`, Scripts/platform-declarations/CLibrary.h as its umbrella,
#     with `-nostdlibinc`, so no glibc header is seen) under a stand-in of the SDK's Swift overlay
#     (`Musl`, `Android`: Scripts/platform-declarations/Overlay.swift). The library, the tool
#     and AppDirectoriesTesting are compiled without the FoundationAPI trait, as the jobs build
#     them; the tests are not (they import Foundation, whose Linux build needs glibc). The tool
#     is linked against glibc's libraries only to finish the build, and never run.
headers_variant() {
  local variant=$1 include=$2 copy="$scratch/$1-headers" module="$scratch/$1-module"
  local job=static-linux
  mkdir -p "$copy" "$module"
  git ls-files -z --cached --others --exclude-standard | xargs -0 cp --parents -t "$copy"
  local sed_script='s/canImport\(Glibc\)/canImport(GlibcDisabledByCheck)/g'
  local clang_module swift_module defines=()
  local flags=(-Xcc -nostdlibinc -Xcc -isystem -Xcc "$include")
  case "$variant" in
    musl) clang_module=SwiftMusl swift_module=Musl ;;
    android | android32)
      clang_module=SwiftAndroid swift_module=Android defines=(-D STAND_IN_ANDROID) job=android
      # What clang defines for `<arch>-linux-android28`, the workflow's API level.
      flags+=(-Xcc -D__ANDROID__=1 -Xcc -D__ANDROID_API__=28 -Xcc -D__ANDROID_MIN_SDK_VERSION__=28)
      sed_script+='; s/os\(Android\)/os(Linux)/g'
      ;;
  esac
  if [ "$variant" = android32 ]; then
    # bionic's 32-bit declarations, as i686 (and, for every type this package uses, armv7)
    # sees them: `mode_t` 16-bit beside a 32-bit `st_mode`, 32-bit `dev_t`, `time_t` and `off_t`
    # `long`. The headers choose them by `__i386__` and `__LP64__`; Swift's own types stay
    # 64-bit, but it imports C's `long` as `Int` on every target, so each declaration reads
    # as on the device. (No 32-bit standard library exists here to compile for i686 itself.)
    flags+=(-Xcc -U__x86_64__ -Xcc -U__amd64__ -Xcc -U__LP64__ -Xcc -U_LP64 -Xcc -D__i386__=1)
  fi
  find "$copy" -name '*.swift' -print0 | xargs -0 sed -E -i "$sed_script"
  cp Scripts/platform-declarations/CLibrary.h "$module/"
  printf 'module %s [system] {\n  header "CLibrary.h"\n  export *\n}\n' "$clang_module" \
    >"$module/module.modulemap"
  flags+=(-Xcc "-fmodule-map-file=$module/module.modulemap")
  local log="$scratch/$variant-headers.log"
  if ! swiftc -parse-as-library -emit-module -emit-library -static -module-name "$swift_module" \
    -emit-module-path "$module/$swift_module.swiftmodule" -o "$module/lib$swift_module.a" \
    "${defines[@]}" Scripts/platform-declarations/Overlay.swift "${flags[@]}" >"$log" 2>&1; then
    grep -E 'error:' "$log" | head -20 >&2
    fail "the $variant stand-in overlay does not compile against $include"
    return
  fi
  if [ "$variant" = android32 ]; then
    # The pass proves something only if the headers gave their 32-bit declarations.
    printf 'import Android\nlet mode: UInt16 = mode_t()\nlet device: UInt32 = dev_t()\n' \
      >"$module/Probe32.swift"
    if ! swiftc -typecheck -I "$module" "$module/Probe32.swift" "${flags[@]}" >>"$log" 2>&1; then
      grep -E 'error:' "$log" | head -5 >&2
      fail "android32: bionic's headers did not give their 32-bit mode_t and dev_t, so the pass checks nothing of 32-bit Android"
      return
    fi
  fi
  flags+=(-Xswiftc -I -Xswiftc "$module" -Xlinker "$module/lib$swift_module.a" -Xlinker -lm)
  # As the job builds them: without the FoundationAPI trait. AppDirectoriesTesting is all
  # FoundationAPI, so it compiles to nothing here, which shows that nothing in it reaches for
  # the trait's API outside its fence; the library and the tool must not be empty.
  local target build="$scratch/$variant-headers-build"
  for target in AppDirectories AppDirectoriesTesting appdirs; do
    if ! (cd "$copy" && swift build --target "$target" --disable-default-traits \
      --scratch-path "$build" "${flags[@]}") >>"$log" 2>&1; then
      grep -E 'error:' "$log" | grep -vE '^\s*\|' | sort -u | head -20 >&2
      fail "the $variant branches of $target do not compile against $include (the errors are above)"
      return
    fi
  done
  for target in AppDirectoriesCore AppDirectoriesMaintenance AppDirectoriesFiles AppDirectoriesSandbox appdirs; do
    has_own_symbols "$build" "$target" \
      || fail "$variant: $target compiled to an empty module against $include, so the step checked nothing of it"
  done
  echo "check-platform-branches: the $variant branches of the library and the tool compile against $include, without the FoundationAPI trait as the $job job builds them (and AppDirectoriesTesting, empty without it)"
}

# musl's headers: Debian's musl-dev (installed by .ci/run).
musl_include=/usr/include/$(uname -m)-linux-musl
if ! runs musl-headers; then
  :
elif [ -f "$musl_include/stdio.h" ]; then
  headers_variant musl "$musl_include"
else
  fail "musl's headers are not at $musl_include: install Debian's musl-dev"
fi

# bionic's headers: a checkout of AOSP's platform/bionic (a work tree or a bare repository)
# named by BIONIC_SOURCE, laid out as the NDK's sysroot lays them out (libc/include, the
# kernel's uapi headers, this architecture's asm). CI has no copy, so there the Android
# branches are checked by step 6 alone.
if ! runs android-headers; then
  :
elif [ -n "${BIONIC_SOURCE:-}" ]; then
  bionic="$scratch/bionic"
  mkdir -p "$bionic/source" "$bionic/include"
  if [ -d "$BIONIC_SOURCE/libc/include" ]; then
    cp -r "$BIONIC_SOURCE/libc" "$bionic/source/"
  else
    # (git's complaints about blobs a partial mirror lacks elsewhere in the tree go to a log:
    # what is read is checked below.)
    git -C "$bionic/source" --git-dir="$(realpath "$BIONIC_SOURCE")" archive HEAD libc/include \
      libc/kernel 2>"$bionic/archive.log" | tar -x -C "$bionic/source"
  fi
  [ -f "$bionic/source/libc/include/stdio.h" ] && [ -d "$bionic/source/libc/kernel/uapi/linux" ] \
    || fail "BIONIC_SOURCE ($BIONIC_SOURCE) has no libc/include and libc/kernel/uapi"
  cp -r "$bionic/source/libc/include/." "$bionic/include/"
  for dir in "$bionic/source/libc/kernel/uapi"/* "$bionic/source/libc/kernel/android/uapi"/*; do
    [[ "$(basename "$dir")" == asm-* ]] || cp -r "$dir" "$bionic/include/"
  done
  cp -r "$bionic/source/libc/kernel/uapi/asm-generic" "$bionic/include/"
  case "$(uname -m)" in
    x86_64) asm=asm-x86 ;;
    aarch64) asm=asm-arm64 ;;
    *) asm=asm-generic ;;
  esac
  cp -r "$bionic/source/libc/kernel/uapi/$asm/asm" "$bionic/include/"
  headers_variant android "$bionic/include"
  # The 32-bit declarations: x86's asm headers hold i686's too.
  if [ "$asm" = asm-x86 ]; then
    headers_variant android32 "$bionic/include"
  else
    fail "the 32-bit Android pass needs x86's asm headers (this machine is $(uname -m))"
  fi
else
  echo "check-platform-branches: BIONIC_SOURCE is not set, so the Android branches are compiled against glibc's headers and the declarations of Scripts/platform-declarations/ only"
fi

# 7. AppDirectoriesTesting's Windows branch, which uses Foundation only: compiled here with
#    os(Windows) true in that target alone (the library's Windows code needs WinSDK).
if runs windows-testing; then
testing_copy="$scratch/windows-testing"
mkdir -p "$testing_copy"
git ls-files -z --cached --others --exclude-standard | xargs -0 cp --parents -t "$testing_copy"
find "$testing_copy/Sources/AppDirectoriesTesting" -name '*.swift' -print0 \
  | xargs -0 sed -E -i 's/os\(Windows\)/os(Linux)/g'
if (cd "$testing_copy" && swift build --target AppDirectoriesTesting \
  --scratch-path "$scratch/windows-testing-build") >"$scratch/windows-testing.log" 2>&1; then
  has_own_symbols "$scratch/windows-testing-build" AppDirectoriesTesting ||
    fail "AppDirectoriesTesting compiled to an empty module in its Windows step: nothing of it was checked"
  echo "check-platform-branches: AppDirectoriesTesting's Windows branch compiles"
else
  grep -E 'error:' "$scratch/windows-testing.log" | head -20 >&2
  fail "AppDirectoriesTesting's Windows branch does not compile"
fi
fi

# 8. The tests that Windows builds: TestSupport's Windows branch and the test files fenced
#    neither `#if !os(Windows)` nor `#if os(macOS) || os(Linux)`. In a copy, the tests' os(Windows) is made true (and os(Linux) false),
#    their Glibc branches are disabled and their `import Foundation` becomes `import
#    FoundationEssentials`, which, unlike Foundation here, does not re-export Glibc: a POSIX
#    call, or a helper fenced off Windows, in a file Windows builds is a compile error. The
#    library is built as it is for Linux.
if runs windows-tests; then
windows_copy="$scratch/windows-tests"
mkdir -p "$windows_copy"
git ls-files -z --cached --others --exclude-standard | xargs -0 cp --parents -t "$windows_copy"
find "$windows_copy/Tests" -name '*.swift' -not -path '*/ClientPackage/*' -print0 \
  | xargs -0 sed -E -i 's/os\(Linux\)/os(LinuxDisabledByCheck)/g; s/os\(Windows\)/os(Linux)/g; s/canImport\(Glibc\)/canImport(GlibcDisabledByCheck)/g; s/^(\s*)import Foundation\s*$/\1import FoundationEssentials/'
if (cd "$windows_copy" && swift build --build-tests \
  --scratch-path "$scratch/windows-tests-build") >"$scratch/windows-tests.log" 2>&1; then
  has_own_symbols "$scratch/windows-tests-build" TestSupport ||
    fail "TestSupport compiled to an empty module in the Windows tests' step: nothing of it was checked"
  built=$( (grep -LrE '^#if (!os\(Windows\)|os\(macOS\) \|\| os\(Linux\))$' \
    Tests/AppDirectoriesTests Tests/appdirsTests || true) | wc -l)
  echo "check-platform-branches: the tests Windows builds compile ($built test files, TestSupport's Windows branch)"
else
  grep -E 'error:' "$scratch/windows-tests.log" | grep -vE '^\s*\|' | sort -u | head -20 >&2
  fail "the tests that Windows builds do not compile without POSIX (the errors are above)"
fi
fi

# 9. The Windows branches of the library, AppDirectoriesTesting and the tool, with the
#    FoundationAPI trait, against the Windows API as mingw-w64's headers declare it (Debian's
#    mingw-w64-x86-64-dev, installed by .ci/run): in a copy, os(Windows) is made true and the
#    other platforms' branches false; clang modules `ucrt` and `WinSDK` are made of those
#    headers (Scripts/platform-declarations/WindowsCRT.h and WindowsSDK.h, with the narrow-text
#    calls of NarrowText.h unavailable), under stand-ins of the WinSDK overlay (WinSDK.swift)
#    and of the FoundationEssentials and Testing names the package uses (FoundationEssentials.swift,
#    Testing.swift). Two adaptations make the headers read as Swift's Windows
#    toolchain reads Microsoft's: `BOOL` and `WINBOOL` are C's `_Bool` (the importer maps
#    `BOOL` to Swift's `Bool`), and `__MSABI_LONG(n)` is written `n` (Microsoft's headers write
#    the plain literal, which Swift imports). Only compiled, for x86_64.
windows_include=/usr/x86_64-w64-mingw32/include
if ! runs windows; then
  :
elif [ -f "$windows_include/windows.h" ]; then
  win="$scratch/win32"
  mkdir -p "$win/copy" "$win/modules" "$win/overlay"
  cp -rL "$windows_include" "$win/include"
  sed -i -E 's/typedef int (BOOL|WINBOOL);/typedef _Bool \1;/' "$win/include/minwindef.h"
  find "$win/include" -name '*.h' -print0 \
    | xargs -0 sed -i -E '/^\s*#\s*define\s+__MSABI_LONG/!s/__MSABI_LONG\(([^()]*)\)/\1/g'
  cp Scripts/platform-declarations/WindowsCRT.h Scripts/platform-declarations/WindowsSDK.h \
    Scripts/platform-declarations/NarrowText.h "$win/modules/"
  printf 'module ucrt [system] {\n  header "WindowsCRT.h"\n  export *\n}\nmodule WinSDK [system] {\n  header "WindowsSDK.h"\n  export *\n}\n' \
    >"$win/modules/module.modulemap"
  win_flags=(-Xcc -nostdlibinc -Xcc -isystem -Xcc "$win/include"
    -Xcc "-fmodule-map-file=$win/modules/module.modulemap"
    -Xcc -D_WIN32 -Xcc -D_WIN64 -Xcc -D__MINGW32__ -Xcc -D__MINGW64__ -Xcc -D_UCRT
    -Xcc -fdeclspec -Xcc -fshort-wchar -Xcc -Wno-everything
    # mingw's malloc.h and the compiler's intrinsics headers define the same inline functions.
    -Xcc -D_MALLOC_H_)
  if swiftc -parse-as-library -emit-module -module-name WinSDK -import-underlying-module \
    -I "$win/modules" -emit-module-path "$win/overlay/WinSDK.swiftmodule" \
    Scripts/platform-declarations/WinSDK.swift "${win_flags[@]}" >"$win/overlay.log" 2>&1 \
    && swiftc -parse-as-library -emit-module -module-name FoundationEssentials \
      -emit-module-path "$win/overlay/FoundationEssentials.swiftmodule" \
      Scripts/platform-declarations/FoundationEssentials.swift >>"$win/overlay.log" 2>&1 \
    && swiftc -parse-as-library -emit-module -module-name Testing \
      -emit-module-path "$win/overlay/Testing.swiftmodule" \
      Scripts/platform-declarations/Testing.swift >>"$win/overlay.log" 2>&1; then
    git ls-files -z --cached --others --exclude-standard | xargs -0 cp --parents -t "$win/copy"
    find "$win/copy/Sources" -name '*.swift' -print0 | xargs -0 sed -E -i \
      's/os\(Linux\)/os(LinuxDisabledByCheck)/g; s/os\(Windows\)/os(Linux)/g; s/canImport\((Darwin|Android|Glibc|Musl)\)/canImport(\1DisabledByCheck)/g'
    win_flags+=(-Xswiftc -I -Xswiftc "$win/overlay")
    # With the default traits, as the windows job builds: the FoundationAPI code (the URL API,
    # the process-wide environment) and AppDirectoriesTesting are compiled too.
    win_failed=""
    for target in AppDirectories AppDirectoriesTesting appdirs; do
      if ! (cd "$win/copy" && swift build --target "$target" \
        --scratch-path "$win/build" "${win_flags[@]}") >>"$win/build.log" 2>&1; then
        win_failed=$target
        break
      fi
    done
    if [ -z "$win_failed" ]; then
      for target in AppDirectoriesCore AppDirectoriesMaintenance AppDirectoriesFiles AppDirectoriesSandbox AppDirectoriesTesting appdirs; do
        has_own_symbols "$win/build" "$target" \
          || fail "windows: $target compiled to an empty module, so the step checked nothing of it"
      done
      echo "check-platform-branches: the Windows branches of the library, AppDirectoriesTesting and the tool compile against mingw-w64's Windows headers, with the FoundationAPI trait as the windows job builds them, and no narrow-text call"
    else
      grep -E 'error:' "$win/build.log" | grep -vE '^\s*\|' | sort -u | head -20 >&2
      fail "the Windows branches of $win_failed do not compile against mingw-w64's Windows headers (the errors are above)"
    fi
  else
    grep -E 'error:' "$win/overlay.log" | head -20 >&2
    fail "the stand-ins of the WinSDK overlay, FoundationEssentials and Testing do not compile"
  fi
else
  fail "mingw-w64's Windows headers are not at $windows_include: install Debian's mingw-w64-x86-64-dev"
fi

[ "$failures" -eq 0 ] || exit 1
echo "check-platform-branches: passed"
