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
  libxml2-utils       # xmllint, for the report_validity test of the JUnit reports
  chromium  # headless, for the check_html_chromium test of `meldcheck check --format html` (skipped without it)
  glpk-utils  # glpsol, for bench/ilp_check.py's integer program that checks the Rummikub solver
)

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
