#!/bin/sh
# Fetch and build the Rummy 500 engine this adapter wraps: JoshRotenberg24/rummy500forT, a
# TypeScript web game written by others, at the commit the adapter was written against.
#
#     examples/engines/rummy500-ts/fetch.sh [DEST]
#
# DEST defaults to $RUMMY500_TS_ENGINE, else ${XDG_CACHE_HOME:-~/.cache}/meldcheck/engines/rummy500-ts
# (where adapter.mjs looks by default). It is outside this repository on purpose: none of the
# engine's code is ours to copy (its repository has no licence), so it is cloned at run time.
#
# What it does:
#   1. git clone the repository (RUMMY500_TS_REPO overrides the URL, e.g. a local mirror) and
#      check out the pinned commit;
#   2. npm install, in DEST/.meldcheck-build, the one runtime dependency of the engine's rules
#      (uuid, at the version the engine's package-lock.json pins) and esbuild, without touching
#      the game's own package.json (its React/PartyKit front end is not needed);
#   3. bundle the rules (src/engine/{actions,meld,scoring,deck}.ts) into one ES module,
#      DEST/.meldcheck-build/engine.mjs, which adapter.mjs imports.
# Running it again on an existing DEST re-checks the commit and rebuilds.
set -eu

REPO=${RUMMY500_TS_REPO:-https://github.com/JoshRotenberg24/rummy500forT.git}
COMMIT=76863b3e46b466eeb18d555b822b8e5d37989ea2
UUID_VERSION=10.0.0      # package-lock.json of the commit above
ESBUILD_VERSION=0.21.5   # the esbuild the game's own lock (vite) pins

DEST=${1:-${RUMMY500_TS_ENGINE:-${XDG_CACHE_HOME:-$HOME/.cache}/meldcheck/engines/rummy500-ts}}

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
{ "name": "rummy500-ts-meldcheck-build", "private": true, "type": "module",
  "description": "Built by meldcheck's examples/engines/rummy500-ts/fetch.sh; not part of the game.",
  "dependencies": { "uuid": "$UUID_VERSION", "esbuild": "$ESBUILD_VERSION" } }
JSON
echo "fetch.sh: npm install uuid@$UUID_VERSION esbuild@$ESBUILD_VERSION"
(cd "$BUILD" && npm install --no-audit --no-fund --loglevel=error >/dev/null)

# One module re-exporting the engine's rules, bundled with uuid; the game's sources stay as
# they are. NODE_PATH lets esbuild find uuid for src/engine/actions.ts.
cat > "$BUILD/entry.ts" <<'TS'
export { applyAction, createInitialGameState } from "../src/engine/actions";
export { isValidSet, isValidRun, isValidMeld, canExtendMeld, getExtendedMeld, detectMeldKind, findValidMelds, rankIndex } from "../src/engine/meld";
export { cardPoints, scoreHand, scoreMelds, calculateRoundScores } from "../src/engine/scoring";
export { createDeck, dealInitialState } from "../src/engine/deck";
TS
echo "fetch.sh: bundling src/engine into $BUILD/engine.mjs"
NODE_PATH="$BUILD/node_modules" "$BUILD/node_modules/.bin/esbuild" "$BUILD/entry.ts" \
  --bundle --format=esm --platform=node --target=node20 --log-level=warning \
  --outfile="$BUILD/engine.mjs"
printf '%s\n' "$COMMIT" > "$BUILD/COMMIT"
echo "fetch.sh: done. Run the adapter with RUMMY500_TS_ENGINE=$DEST"
