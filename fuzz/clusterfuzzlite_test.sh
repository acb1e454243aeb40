#!/bin/bash
# ctest clusterfuzzlite_build: .clusterfuzzlite/build.sh run as the OSS-Fuzz `compile` step
# runs it (from a copy in $SRC, in $SRC/meldcheck, with the builders' environment for an
# ASan + libFuzzer build), then a check of $OUT for every target of MELDCHECK_FUZZ_TARGETS
# in fuzz/CMakeLists.txt: its binary, its seed corpus zip and its dictionary, and a run of
# each binary over its unzipped seed corpus with its dictionary (-runs=0: every seed once).
# Exits 77, which ctest counts as skipped, without clang.
set -eu

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
for compiler in clang clang++; do
  if ! command -v $compiler >/dev/null; then
    echo "skipped: clang not found ($compiler is not on PATH)"
    exit 77
  fi
done

# The layout of the builder image: the sources in $SRC/meldcheck, build.sh beside them.
tmp=$(mktemp -d)
export SRC=$tmp/src OUT=$tmp/out WORK=$tmp/work
keep=1  # when a check fails, all but the build stays for a look
trap 'rm -rf "$WORK"; if ((keep)); then echo "(kept in $tmp)"; else rm -rf "$tmp"; fi' EXIT
mkdir -p "$SRC" "$OUT" "$WORK"
ln -s "$repo" "$SRC/meldcheck"
cp "$repo/.clusterfuzzlite/build.sh" "$SRC/build.sh"

# What base-clang and `compile` set for SANITIZER=address, less -stdlib=libc++: this
# machine's clang has no libc++ headers, so the distribution's libraries serve.
export CC=clang CXX=clang++
export CFLAGS="-O1 -fno-omit-frame-pointer -gline-tables-only -DFUZZING_BUILD_MODE_UNSAFE_FOR_PRODUCTION \
-fsanitize=address -fsanitize-address-use-after-scope -fsanitize=fuzzer-no-link"
export CXXFLAGS=$CFLAGS
export LIB_FUZZING_ENGINE=-fsanitize=fuzzer
export CMAKE_BUILD_PARALLEL_LEVEL=${CMAKE_BUILD_PARALLEL_LEVEL:-$(nproc)}

start=$SECONDS
if ! (cd "$SRC/meldcheck" && bash -eu "$SRC/build.sh"); then
  echo "FAIL: build.sh failed"
  exit 1
fi
echo "build.sh took $((SECONDS - start)) s"

target_list=$(awk '/^set\(MELDCHECK_FUZZ_TARGETS/ { on = 1; sub(/^set\(MELDCHECK_FUZZ_TARGETS/, "") }
                   on { done = sub(/\).*/, ""); printf "%s ", $0; if (done) exit }' "$repo/fuzz/CMakeLists.txt")
read -r -a targets <<<"$target_list"
if ((${#targets[@]} == 0)); then
  echo "FAIL: no MELDCHECK_FUZZ_TARGETS in fuzz/CMakeLists.txt"
  exit 1
fi

unzip_to() {  # unzip_to ZIP DIR
  mkdir -p "$2"
  python3 -c 'import sys, zipfile; zipfile.ZipFile(sys.argv[1]).extractall(sys.argv[2])' "$1" "$2"
}

failures=0
fail() {
  echo "  FAIL: $*"
  failures=$((failures + 1))
}

for t in "${targets[@]}"; do
  echo "$t:"
  binary=$OUT/$t zip=$OUT/${t}_seed_corpus.zip dict=$OUT/$t.dict seeds=$tmp/seeds/$t
  mkdir -p "$seeds"
  if [[ -f $binary && -x $binary ]]; then echo "  binary: $binary"; else fail "no executable $binary"; fi
  if [[ -s $zip ]]; then
    unzip_to "$zip" "$seeds"
    echo "  seed corpus: $(find "$seeds" -type f | wc -l) files, $(stat -c %s "$zip") bytes zipped"
  else
    fail "no seed corpus $zip (or it is empty)"
  fi
  args=(-runs=0 -timeout=60)
  if [[ -f $dict ]]; then
    echo "  dictionary: $dict"
    args+=("-dict=$dict")
  else
    fail "no dictionary $dict"
  fi
  # libFuzzer refuses a dictionary it cannot parse, and -runs=0 runs every seed once.
  if [[ -x $binary ]]; then
    if log=$("$binary" "${args[@]}" "$seeds" 2>&1); then
      echo "  ran: $(grep -oE '^Dictionary: [0-9]+ entries|INITED.*' <<<"$log" | head -n 2 | paste -sd ' ')"
    else
      fail "$t failed on its seed corpus or dictionary:"
      tail -n 30 <<<"$log" | sed 's/^/    /'
    fi
  fi
done

if ((failures)); then
  echo "$failures check(s) failed, for ${#targets[@]} targets"
  exit 1
fi
# shellcheck disable=SC2034  # read by the trap
keep=0
echo "all ${#targets[@]} targets checked: binary, seed corpus, dictionary, a run over the seeds"
