#!/usr/bin/env bash
# The logic of action.yml, runnable anywhere: installs meldcheck where it is missing (the
# .deb given, else one built from this source), then for each ruleset replays the installed
# conformance suite against the engine and plays random hands against it in lockstep.
# Writes JUnit per ruleset and the lockstep findings (scenarios) under $MELDCHECK_OUT; exits 1 when a
# scenario fails or play diverges, 2 when the engine cannot be run or an input is bad.
#   MELDCHECK_ENGINE      the engine's command (required)
#   MELDCHECK_RULESETS    ruleset ids, or all (default)
#   MELDCHECK_HANDS       lockstep hands per ruleset (default 100; 0: none)
#   MELDCHECK_RULE_IDS    strict or loose (default)
#   MELDCHECK_DEB         a .deb to install when meldcheck is missing
#   MELDCHECK_OUT         the reports' folder (default meldcheck-report)
#   MELDCHECK             the command to use (default: meldcheck on PATH, installed if missing)
set -uo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
engine=${MELDCHECK_ENGINE:?MELDCHECK_ENGINE: the command that starts the engine}
rulesets=${MELDCHECK_RULESETS:-all}
hands=${MELDCHECK_HANDS:-100}
rule_ids=${MELDCHECK_RULE_IDS:-loose}
out=${MELDCHECK_OUT:-meldcheck-report}
sudo=""; [ "$(id -u)" -eq 0 ] || sudo="sudo"

mc=${MELDCHECK:-$(command -v meldcheck || true)}
if [ -z "$mc" ]; then
  deb=${MELDCHECK_DEB:-}
  if [ -z "$deb" ]; then
    echo "::group::building meldcheck's .deb"
    (cd "$here" && ./setup.sh &&
      cmake --preset default -DMELDCHECK_TESTS=OFF -DMELDCHECK_BENCH=OFF -DMELDCHECK_BOARD=OFF &&
      cmake --build --preset default --target meldcheck meldcheck_completion_and_man &&
      cd build/default && cpack -G DEB -B "$here/build/deb") || exit 2
    deb=$(ls "$here"/build/deb/meldcheck_*.deb)
    echo "::endgroup::"
  fi
  $sudo apt-get install -y -qq "$(realpath "$deb")" || exit 2
  mc=$(command -v meldcheck)
fi
suite=$(dirname "$(realpath "$mc")")/../share/meldcheck/conformance
[ -d "$suite" ] || { echo "no conformance suite beside $mc ($suite)"; exit 2; }
[ "$rulesets" = all ] && rulesets="femhundra-rummy femhundra-familj rummy500 liverpool rummikub"
mkdir -p "$out"
echo "meldcheck $("$mc" --version | grep -o '[0-9][0-9.]*' | head -1), conformance suite $(cat "$suite/VERSION")"

status=0
worst() { (($1 > status)) && status=$1; }
for r in $rulesets; do
  [ -d "$suite/$r" ] || { echo "$r: no such ruleset in the suite"; worst 2; continue; }
  "$mc" replay --engine "$engine" --rule-ids "$rule_ids" --format junit "$suite/$r" >"$out/$r.junit.xml"
  worst $?
  # The summary from the report's own counts: the suite is replayed once.
  counts=$(grep -o -m1 '<testsuites [^>]*>' "$out/$r.junit.xml")
  count() { grep -o "$1=\"[0-9]*\"" <<<"$counts" | grep -o '[0-9]*'; }
  echo "$r: scenarios: $(count tests) run, $(count failures) failed, $(count errors) errors, $(count skipped) skipped"
  if ((hands > 0)); then
    lockstep=$("$mc" simulate --engine "$engine" --ruleset "$r" --hands "$hands" --seed 1 --out "$out/findings-$r" 2>&1)
    code=$?
    worst $code
    echo "$r: lockstep: $(head -n 1 <<<"$lockstep")"
    ((code == 0)) || tail -n 5 <<<"$lockstep"
  fi
done
exit $status
