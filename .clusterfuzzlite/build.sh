#!/bin/bash -eu
# Builds the libFuzzer targets for ClusterFuzzLite and OSS-Fuzz. Their `compile` step runs
# it with CC, CXX, CFLAGS, CXXFLAGS, LIB_FUZZING_ENGINE, SRC, OUT and WORK set;
# fuzz/clusterfuzzlite_test.sh runs it the same way on this machine.
#
# For each target T of MELDCHECK_FUZZ_TARGETS (fuzz/CMakeLists.txt) it leaves in $OUT the
# binary T, T_seed_corpus.zip (fuzz/corpus/T/), T.dict (fuzz/dict/T.dict) and T.options
# (fuzz/T.options) where those exist.

# The source: the folder above this script when it sits in the repository's
# .clusterfuzzlite/, else $SRC/meldcheck (where the Dockerfile copies it, next to this
# script's copy in $SRC).
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
if [[ -f $here/../fuzz/CMakeLists.txt ]]; then
  src=$(cd "$here/.." && pwd)
elif [[ -f ${SRC:-}/meldcheck/fuzz/CMakeLists.txt ]]; then
  src=$SRC/meldcheck
else
  echo "build.sh: cannot find the meldcheck sources (neither $here/.. nor \$SRC/meldcheck)" >&2
  exit 1
fi
for var in CC CXX CFLAGS CXXFLAGS LIB_FUZZING_ENGINE OUT; do
  if [[ -z ${!var+set} ]]; then
    echo "build.sh: $var is not set (the OSS-Fuzz builder images set it)" >&2
    exit 1
  fi
done
out=$OUT
work=${WORK:-$(mktemp -d)}
mkdir -p "$out" "$work"

target_list=$(awk '/^set\(MELDCHECK_FUZZ_TARGETS/ { on = 1; sub(/^set\(MELDCHECK_FUZZ_TARGETS/, "") }
                   on { done = sub(/\).*/, ""); printf "%s ", $0; if (done) exit }' "$src/fuzz/CMakeLists.txt")
read -r -a targets <<<"$target_list"
if ((${#targets[@]} == 0)); then
  echo "build.sh: no MELDCHECK_FUZZ_TARGETS in $src/fuzz/CMakeLists.txt" >&2
  exit 1
fi

# OSS-Fuzz's clang compiles C++ against its own libc++ (-stdlib=libc++ in CXXFLAGS), which
# the distribution's yaml-cpp, built for libstdc++, cannot link with. There yaml-cpp and
# nlohmann/json come from the sources the Dockerfile fetched into $SRC, built with the
# same compiler and flags and linked statically (fuzzers may not count on shared libraries
# where they run). Elsewhere the installed packages serve.
prefix_path=
if [[ " $CXXFLAGS " == *" -stdlib=libc++ "* ]]; then
  deps=$work/deps
  for dep in yaml-cpp json; do
    if [[ ! -f ${SRC:-}/$dep/CMakeLists.txt ]]; then
      echo "build.sh: CXXFLAGS ask for libc++, so $dep must be built here, but \$SRC/$dep is missing" >&2
      exit 1
    fi
  done
  cmake -S "$SRC/yaml-cpp" -B "$work/yaml-cpp" -G Ninja --no-warn-unused-cli \
    -DCMAKE_CXX_COMPILER="$CXX" -DCMAKE_CXX_FLAGS="$CXXFLAGS" -DCMAKE_INSTALL_PREFIX="$deps" \
    -DYAML_BUILD_SHARED_LIBS=OFF -DYAML_CPP_BUILD_TESTS=OFF -DYAML_CPP_BUILD_TOOLS=OFF \
    -DYAML_CPP_BUILD_CONTRIB=OFF -DYAML_CPP_FORMAT_SOURCE=OFF
  cmake --build "$work/yaml-cpp"
  cmake --install "$work/yaml-cpp"
  cmake -S "$SRC/json" -B "$work/json" -G Ninja --no-warn-unused-cli \
    -DCMAKE_CXX_COMPILER="$CXX" -DCMAKE_INSTALL_PREFIX="$deps" -DJSON_BuildTests=OFF -DJSON_Install=ON
  cmake --install "$work/json"
  prefix_path=$deps
fi

# No build type, so that CXXFLAGS alone set optimisation and debug information, as OSS-Fuzz
# expects. MELDCHECK_PORTABLE: the binaries run on machines nobody here chooses.
build=$work/meldcheck-build
cmake -S "$src" -B "$build" -G Ninja --no-warn-unused-cli \
  -DCMAKE_BUILD_TYPE= \
  -DCMAKE_C_COMPILER="$CC" -DCMAKE_CXX_COMPILER="$CXX" \
  -DCMAKE_C_FLAGS="$CFLAGS" -DCMAKE_CXX_FLAGS="$CXXFLAGS" \
  -DCMAKE_PREFIX_PATH="$prefix_path" \
  -DMELDCHECK_FUZZ=ON -DMELDCHECK_FUZZ_ENGINE="$LIB_FUZZING_ENGINE" \
  -DMELDCHECK_TESTS=OFF -DMELDCHECK_TOOLS=OFF -DMELDCHECK_BENCH=OFF -DMELDCHECK_PORTABLE=ON
cmake --build "$build" --target "${targets[@]}"

# zip_dir DIR ZIP: the files of DIR, without their path, into ZIP (created afresh).
zip_dir() {
  rm -f "$2"
  if command -v zip >/dev/null; then
    find "$1" -maxdepth 1 -type f ! -name '.*' -print0 | xargs -0 zip -j -q "$2"
  else
    python3 - "$1" "$2" <<'PY'
import os, sys, zipfile
folder, archive = sys.argv[1:]
with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as z:
    for name in sorted(os.listdir(folder)):
        path = os.path.join(folder, name)
        if os.path.isfile(path) and not name.startswith("."):
            z.write(path, name)
PY
  fi
}

for t in "${targets[@]}"; do
  cp "$build/fuzz/$t" "$out/$t"
  corpus=$src/fuzz/corpus/$t
  if [[ -n $(find "$corpus" -maxdepth 1 -type f ! -name '.*' 2>/dev/null | head -n 1) ]]; then
    zip_dir "$corpus" "$out/${t}_seed_corpus.zip"
  else
    echo "build.sh: $t has no seed corpus (fuzz/corpus/$t/ is empty or missing)" >&2
  fi
  if [[ -f $src/fuzz/dict/$t.dict ]]; then
    cp "$src/fuzz/dict/$t.dict" "$out/$t.dict"
  else
    echo "build.sh: $t has no dictionary (fuzz/dict/$t.dict)" >&2
  fi
  if [[ -f $src/fuzz/$t.options ]]; then
    cp "$src/fuzz/$t.options" "$out/$t.options"
  fi
done
echo "build.sh: ${#targets[@]} fuzz targets in $out: ${targets[*]}"
