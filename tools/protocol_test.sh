#!/bin/bash
# ctest protocol_engines (label protocol): `meldcheck replay --engine` against meldcheck's
# own engine behind `serve` (every scenario passes, rule ids strict), against the faulty
# build behind `serve` with each fault that a replay can show switched on (each is caught),
# and against engines that crash, hang, write garbage or answer another request (each is
# reported, the run goes on with a fresh process and ends in bounded time, and no engine
# process is left behind). Then `serve` itself on requests that are not understood.
# Usage: protocol_test.sh MELDCHECK MELDCHECK_FAULTY SCENARIOS_DIR ENGINES_DIR
set -u
mc=$1 faulty=$2 scenarios=$3 engines=$4
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

out=$("$mc" replay --rule-ids strict --engine "$mc serve" "$scenarios" 2>&1)
status=$?
last=$(tail -n 1 <<<"$out")
[[ $status == 0 && $last =~ ^[0-9]+\ passed,\ 0\ failed,\ 0\ skipped$ ]] || fail "serve: $last (exit $status)"
echo "serve, rule ids strict: $last"

# Faults a replay shows (enumerate-foreign and solver-small need the legal actions or the
# solver compared, which replay does not do).
for fault in ace-low-high dirty-refusal endless-hand gap-run lose-discard not-zero-sum same-suit-sets spades-double \
             swap-any-suit unstable-deal; do
  out=$("$mc" replay --engine "MELDCHECK_FAULT=$fault $faulty serve" "$scenarios" 2>&1)
  status=$?
  last=$(tail -n 1 <<<"$out")
  [[ $status == 1 && ! $last =~ \ 0\ failed ]] || fail "fault $fault not caught: $last (exit $status)"
  echo "fault $fault: $last"
done

for mode in crash hang garbage wrong-id; do
  start=$SECONDS
  out=$(timeout 120 "$mc" replay --timeout 500 --engine "python3 $engines/misbehave.py $mode" "$scenarios/rummy500/scoring.yaml" 2>&1)
  status=$?
  case $mode in
    crash) want="the engine exited (status 3)" ;;
    hang) want="no answer within 500 ms" ;;
    garbage) want="not JSON: this is not JSON" ;;
    wrong-id) want="the engine answered another request" ;;
  esac
  [[ $status == 1 ]] || fail "$mode: exit $status, not 1"
  grep -qF "$want" <<<"$out" || fail "$mode: no line says '$want'"
  grep -q "started again" <<<"$out" || fail "$mode: the engine was not started again"
  echo "$mode: exit $status in $((SECONDS - start)) s, '$want'"
done
sleep 0.2
if pgrep -f "$engines/misbehave.py" >/dev/null; then
  fail "engine processes left behind"
  pkill -f "$engines/misbehave.py"
fi

# serve answers what it does not understand and goes on.
answers=$(printf '%s\n' 'garbage' '[1,2]' '{"id":1,"cmd":"state"}' '{"id":2,"cmd":"frob"}' \
  '{"id":3,"cmd":"new","ruleset":"rummikub","setup":{"players":{"A":{"hand":["R1"]},"B":{"hand":["ZZ"]}}}}' \
  '{"id":4,"cmd":"new","ruleset":"rummikub","deal":{"players":2,"seed":7}}' '{"id":5,"cmd":"apply","step":{"draw":"stock"}}' \
  '{"id":6,"cmd":"apply","step":{"draw":"stock","player":"A"}}' '{"id":7,"cmd":"quit"}' '{"id":8,"cmd":"hello"}' | "$mc" serve)
want='bad-request bad-request no-game unsupported bad-request ok ok reject ok'
got=$(python3 -c '
import json, sys
out = []
for line in sys.stdin:
    a = json.loads(line)
    out.append(a.get("verdict") or ("ok" if a["ok"] else a["error"]["code"]))
print(" ".join(out))' <<<"$answers")
[[ $got == "$want" ]] || fail "serve answered: $got, not: $want"
echo "serve on bad requests: $got"

((failures == 0)) && echo "all protocol checks passed"
exit $((failures > 0))
