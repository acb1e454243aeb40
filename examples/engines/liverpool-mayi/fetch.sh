#!/bin/sh
# Fetch and build the contract rummy engine this adapter wraps: DroopyTersen/mayi ("May I?"),
# a TypeScript + XState game written by others, at the commit the adapter was written against.
#
#     examples/engines/liverpool-mayi/fetch.sh [DEST]
#
# DEST defaults to $MAYI_ENGINE, else ${XDG_CACHE_HOME:-~/.cache}/meldcheck/engines/liverpool-mayi
# (where adapter.mjs looks by default). It is outside this repository on purpose: none of the
# engine's code is ours to copy (its repository has no licence), so it is cloned at run time.
#
# What it does:
#   1. git clone the repository (MAYI_REPO overrides the URL, e.g. a local mirror) and check
#      out the pinned commit;
#   2. npm install, in DEST/.meldcheck-build, the one runtime dependency of the game's rules
#      core (xstate, at the version the game's bun.lock pins) and esbuild, without touching the
#      game's own package.json (its web app, AI players and Cloudflare tooling are not needed);
#   3. bundle the rules core (core/engine/game-engine.ts and what it imports, the XState
#      machines, with xstate itself, so that the adapter and the machines share one xstate)
#      into one ES module, DEST/.meldcheck-build/engine.mjs, which adapter.mjs imports.
# Running it again on an existing DEST re-checks the commit and rebuilds.
set -eu

REPO=${MAYI_REPO:-https://github.com/DroopyTersen/mayi.git}
COMMIT=6b32af5931739e967307c9024f1f6fdaab7ffcf2
XSTATE_VERSION=5.25.0    # bun.lock of the commit above
ESBUILD_VERSION=0.28.2

DEST=${1:-${MAYI_ENGINE:-${XDG_CACHE_HOME:-$HOME/.cache}/meldcheck/engines/liverpool-mayi}}

for tool in git node npm; do
  command -v "$tool" >/dev/null 2>&1 || { echo "fetch.sh: $tool is needed" >&2; exit 1; }
done

if [ -d "$DEST/.git" ]; then
  echo "fetch.sh: $DEST exists; checking out $COMMIT"
  git -C "$DEST" cat-file -e "$COMMIT^{commit}" 2>/dev/null || git -C "$DEST" fetch --quiet origin
else
  mkdir -p "$(dirname "$DEST")"
  echo "fetch.sh: cloning $REPO into $DEST"
  git clone --quiet "$REPO" "$DEST"
fi
git -C "$DEST" -c advice.detachedHead=false checkout --quiet "$COMMIT"
test "$(git -C "$DEST" rev-parse HEAD)" = "$COMMIT"

BUILD="$DEST/.meldcheck-build"
mkdir -p "$BUILD"
cat > "$BUILD/package.json" <<JSON
{ "name": "liverpool-mayi-meldcheck-build", "private": true, "type": "module",
  "description": "Built by meldcheck's examples/engines/liverpool-mayi/fetch.sh; not part of the game.",
  "dependencies": { "xstate": "$XSTATE_VERSION", "esbuild": "$ESBUILD_VERSION" } }
JSON
echo "fetch.sh: npm install xstate@$XSTATE_VERSION esbuild@$ESBUILD_VERSION"
(cd "$BUILD" && npm install --no-audit --no-fund --loglevel=error >/dev/null)

# One module re-exporting the game's engine, its machines and xstate's createActor; the game's
# sources stay as they are. NODE_PATH lets esbuild find xstate for core/.
cat > "$BUILD/entry.ts" <<'TS'
export { GameEngine } from "../core/engine/game-engine";
export { gameMachine } from "../core/engine/game.machine";
export { getActionAvailabilityDetails } from "../core/engine/game-engine.availability";
export { CONTRACTS } from "../core/engine/contracts";
export { createActor } from "xstate";
TS
echo "fetch.sh: bundling core/ into $BUILD/engine.mjs"
NODE_PATH="$BUILD/node_modules" "$BUILD/node_modules/.bin/esbuild" "$BUILD/entry.ts" \
  --bundle --format=esm --platform=node --target=node20 --log-level=warning \
  --outfile="$BUILD/engine.mjs"
printf '%s\n' "$COMMIT" > "$BUILD/COMMIT"
echo "fetch.sh: done. Run the adapter with MAYI_ENGINE=$DEST (or leave it at the default place)"
