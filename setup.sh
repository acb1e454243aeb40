#!/usr/bin/env bash
# Installs what meldcheck needs to build and test, from Debian's packages.
# Safe to run twice: it only installs packages that are missing.
set -euo pipefail

packages=(
  cmake ninja-build g++ pkg-config
  libyaml-cpp-dev libcli11-dev nlohmann-json3-dev
  libgtest-dev libgmock-dev librapidcheck-dev libbenchmark-dev
  libclang-rt-14-dev  # fuzzer/FuzzedDataProvider.h, read by the fuzz targets under any compiler
  clang               # the fuzz preset and the clusterfuzzlite_build test (libFuzzer, sanitizers)
  python3-yaml        # oracles/rummikub-py's tests that read scenarios/
  dpkg-dev            # dpkg-shlibdeps: the .deb's dependencies read off the command (cpack, package_deb test)
  man-db              # man, to render the generated man page (package_deb test)
  libxml2-utils       # xmllint, for the report_validity test of the JUnit reports
  chromium  # headless, for the check_html_chromium test of `meldcheck check --format html` (skipped without it)
  glpk-utils  # glpsol, for bench/ilp_check.py's integer program that checks the Rummikub solver
  emscripten  # em++: the engine compiled to WebAssembly for the dispute board (board/)
  nodejs      # the board's browser test (board/browser_test.js) drives Chromium from node
)
# npm installs the browser test's pinned packages; a node that brings its own npm needs no other.
command -v npm >/dev/null || packages+=(npm)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done

if ((${#missing[@]})); then
  echo "setup: installing ${missing[*]}"
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get update -qq
  $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
else
  echo "setup: all dependencies present"
fi

# yaml-cpp for the WebAssembly build: Debian's own source of the libyaml-cpp-dev above,
# compiled by em++ at build time from this fixed place (board/wasm.cmake reads it there).
yaml_src_dir=/usr/local/src/meldcheck
yaml_src_list=/etc/apt/sources.list.d/meldcheck-src.sources
if ! [ -f "$yaml_src_dir/yaml-cpp/CMakeLists.txt" ]; then
  echo "setup: fetching the source of yaml-cpp into $yaml_src_dir"
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  if ! grep -qs '^Types: deb-src' "$yaml_src_list"; then
    printf '%s\n' 'Types: deb-src' 'URIs: http://deb.debian.org/debian' 'Suites: bookworm' 'Components: main' \
      'Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg' | $sudo tee "$yaml_src_list" >/dev/null
    $sudo apt-get update -qq
  fi
  $sudo mkdir -p "$yaml_src_dir"
  (cd "$yaml_src_dir" && $sudo apt-get source --download-only -qq yaml-cpp)
  orig=$(ls "$yaml_src_dir"/yaml-cpp_*.orig.tar.* | head -1)
  $sudo rm -rf "$yaml_src_dir/yaml-cpp"
  $sudo mkdir -p "$yaml_src_dir/yaml-cpp"
  $sudo tar -xf "$orig" -C "$yaml_src_dir/yaml-cpp" --strip-components=1
fi
