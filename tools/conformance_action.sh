#!/usr/bin/env bash
# The logic of action.yml, runnable anywhere: installs meldcheck where it is missing (the
# .deb given, else one built from this source), replays the installed conformance suite's
# scenarios of the rulesets asked against the engine, then plays random hands of each
# against it in lockstep. Writes under $MELDCHECK_OUT the conformance report
# (conformance.html, conformance.json: by ruleset and clause), JUnit (junit.xml: a test
# suite a ruleset) and the lockstep findings as scenarios (findings-<ruleset>/); prints a
# line a ruleset. Exits 1 when a scenario fails or play diverges, 2 when the engine cannot
# be run or an input is bad.
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
selected=()
for r in $rulesets; do
  if [ -d "$suite/$r" ]; then selected+=("$r"); else echo "$r: no such ruleset in the suite"; worst 2; fi
done
((${#selected[@]})) || exit 2

# The suite once, every ruleset asked: the scenarios of disputes/ and sv/ too.
replay=$("$mc" replay --engine "$engine" --rule-ids "$rule_ids" "${selected[@]/#/--ruleset=}" \
  --report "$out/conformance.html" --report "$out/conformance.json" --report "$out/junit.xml" "$suite" 2>&1)
worst $?
grep -E '^[a-z0-9-]+: [0-9]+/[0-9]+ scenarios' <<<"$replay" || tail -n 5 <<<"$replay"

if ((hands > 0)); then
  for r in "${selected[@]}"; do
    lockstep=$("$mc" simulate --engine "$engine" --ruleset "$r" --hands "$hands" --seed 1 --out "$out/findings-$r" --quiet 2>&1)
    code=$?
    worst $code
    echo "$r: lockstep: $(head -n 1 <<<"$lockstep")"
    ((code == 0)) || tail -n 5 <<<"$lockstep"
  done
fi
exit $status
