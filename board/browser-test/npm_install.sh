#!/usr/bin/env bash
# Installs the board test's pinned npm packages (package-lock.json) into DIR from npm's
# registry, once per lock file: the ctest fixture of board_chromium.
#   npm_install.sh DIR
# Exit 77 (skipped) where Chromium is missing, as the test it serves.
set -euo pipefail
dir=$1
command -v chromium >/dev/null || { echo "skipped: chromium not installed"; exit 77; }
stamp=$dir/node_modules/.installed-lock.json
if [ -f "$stamp" ] && cmp -s "$stamp" "$dir/package-lock.json"; then
  echo "npm packages up to date in $dir"
  exit 0
fi
cd "$dir"
# --ignore-scripts: nothing may download a browser; the test drives the system's chromium.
npm ci --no-audit --no-fund --ignore-scripts
cp package-lock.json "$stamp"
