#!/usr/bin/env bash
# action.yml's script run as an engine team's job runs it, with only the unpacked .deb
# (package_deb's root): against the installed command's own `serve` the job passes, against
# the faulty engine (engine/fault.h's gap-run: runs with a gap accepted) it fails, naming
# the clauses it breaks; the conformance report (HTML, JSON) and JUnit either way.
#   conformance_action_test.sh ROOT MELDCHECK_FAULTY WORK_DIR
set -uo pipefail
root=$1 faulty=$2 work=$3
script=$(cd "$(dirname "$0")" && pwd)/conformance_action.sh
fail() { echo "FAIL: $*"; exit 1; }
[ -x "$root/usr/bin/meldcheck" ] || fail "no unpacked package at $root (the package_deb fixture)"
rm -rf "$work" && mkdir -p "$work" && cd "$work"

job() {  # OUT ENGINE RULESETS: the script as the action runs it
  MELDCHECK="$root/usr/bin/meldcheck" MELDCHECK_OUT="$work/$1" MELDCHECK_ENGINE="$2" MELDCHECK_RULESETS="$3" \
    MELDCHECK_HANDS=20 MELDCHECK_RULE_IDS=strict "$script" >"$work/$1.log" 2>&1
}

job pass "$root/usr/bin/meldcheck serve" "rummy500 rummikub"
status=$?
((status == 0)) || fail "against serve the job fails (exit $status): $(tail -n 5 "$work/pass.log")"
for r in rummy500 rummikub; do
  grep -q "<testsuite name=\"$r\"" "$work/pass/junit.xml" || fail "no JUnit test suite for $r"
done
grep -q 'failures="[1-9]' "$work/pass/junit.xml" && fail "failures in the JUnit report against serve"
grep -q 'femhundra-rummy' "$work/pass/junit.xml" && fail "a ruleset not asked for is in the JUnit report"
grep -q '<html' "$work/pass/conformance.html" || fail "no HTML conformance report"
# Every scenario passes but those pinning meldcheck's own rules (not held against an engine by
# default) and those asking meldcheck's solver (not asked of another engine).
grep -qE '^rummikub: [0-9]+/[0-9]+ scenarios pass(, [0-9]+ not applicable( \(it pins meldcheck.s own rule[^;]*\))?)?(, [0-9]+ not checked \([a-z_]+ not checked: no other engine is asked for meldcheck.s solver.s answers\))?; all [0-9]+ clauses checked pass' \
  "$work/pass.log" || fail "no passing line for rummikub"
python3 - "$work/pass/conformance.json" <<'PY' || fail "a scenario against serve is not applicable or not checked for another reason than meldcheck's own rules or solver"
import json, sys
r = json.load(open(sys.argv[1], encoding="utf-8"))
reasons = [(x["status"], x["reason"]) for rs in r["rulesets"] for x in rs["reasons"]]
own = lambda s, x: s == "N/A" and "meldcheck's own rule" in x
solver = lambda s, x: s == "NOT-CHECKED" and "meldcheck's solver's answers" in x
assert reasons and all(own(s, x) or solver(s, x) for s, x in reasons), reasons
PY
echo "against serve: passes"; grep -E '^[a-z0-9-]+: ' "$work/pass.log"

job faulty "MELDCHECK_FAULT=gap-run $faulty serve" "rummy500"
status=$?
((status == 1)) || fail "against the faulty engine the job does not fail with 1 (exit $status): $(tail -n 5 "$work/faulty.log")"
grep -q 'failures="[1-9]' "$work/faulty/junit.xml" || fail "the faulty engine's JUnit report has no failure"
grep -qE '^rummy500: [0-9]+/[0-9]+ scenarios pass[^;]*; 2 of [0-9]+ clauses checked failing: rummy500/meld.run, rummy500/meld.ace' "$work/faulty.log" ||
  fail "the job's log does not name the clauses the faulty engine breaks"
grep -q 'class="chip">FAIL' "$work/faulty/conformance.html" || fail "the HTML report shows no failing clause"
echo "against the faulty engine: fails"; grep -E '^[a-z0-9-]+: ' "$work/faulty.log"
