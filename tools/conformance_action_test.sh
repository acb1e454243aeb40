#!/usr/bin/env bash
# action.yml's script run as an engine team's job runs it, with only the unpacked .deb
# (package_deb's root): against the installed command's own `serve` the job passes, against
# the faulty engine (engine/fault.h's gap-run: runs with a gap accepted) it fails, with
# JUnit reports either way.
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
  grep -q '<testsuites' "$work/pass/$r.junit.xml" || fail "no JUnit report for $r"
  grep -q 'failures="[1-9]' "$work/pass/$r.junit.xml" && fail "failures in $r's report against serve"
done
echo "against serve: passes"; grep -E '^[a-z0-9-]+: ' "$work/pass.log"

job faulty "MELDCHECK_FAULT=gap-run $faulty serve" "rummy500"
status=$?
((status == 1)) || fail "against the faulty engine the job does not fail with 1 (exit $status): $(tail -n 5 "$work/faulty.log")"
grep -q 'failures="[1-9]' "$work/faulty/rummy500.junit.xml" || fail "the faulty engine's JUnit report has no failure"
echo "against the faulty engine: fails"; grep -E '^[a-z0-9-]+: ' "$work/faulty.log"
