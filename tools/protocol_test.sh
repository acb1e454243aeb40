#!/bin/bash
# ctest protocol_engines (label protocol): `meldcheck replay --engine` and `meldcheck
# simulate --engine` against meldcheck's own engine behind `serve` (every scenario passes,
# rule ids strict; lockstep play finds no divergence), the Python engine of
# oracles/rummikub-py (every rummikub scenario, rule ids strict; lockstep), the faulty
# build behind `serve` with each fault that a replay or lockstep play can show switched on
# (each is caught), and engines that crash, hang, write garbage, answer another request or
# say ok to everything (each is reported, the run goes on with a fresh process or gives
# the engine up, ends in bounded time, and leaves no engine process behind). Then `serve`
# itself on requests it does not understand.
# Usage: protocol_test.sh MELDCHECK MELDCHECK_FAULTY SCENARIOS_DIR ENGINES_DIR
set -u
mc=$1 faulty=$2 scenarios=$3 engines=$4
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

# meldcheck's own engine holds its own rules too: held to them, every scenario applies.
out=$("$mc" replay --rule-ids strict --own-rules --engine "$mc serve" "$scenarios" 2>&1)
status=$?
last=$(tail -n 1 <<<"$out")
# Only meldcheck's solver's answers (best_move, can_move) are not asked of an engine behind
# the protocol, which has no request for them.
solver_only() { ! grep '^NOT-CHECKED' <<<"$1" | grep -vq "no other engine is asked for meldcheck's solver's answers"; }
[[ $status == 0 && $last =~ ^[0-9]+\ passed,\ 0\ failed,\ 0\ not\ applicable,\ [0-9]+\ not\ checked$ ]] && solver_only "$out" ||
  fail "serve: $last (exit $status)"
echo "serve, rule ids strict, meldcheck's own rules held: $last"
# Without --own-rules, the scenarios pinning them are not applicable, and counted apart.
out=$("$mc" replay --engine "$mc serve" "$scenarios" 2>&1)
last=$(tail -n 1 <<<"$out")
[[ $last =~ ^[0-9]+\ passed,\ 0\ failed,\ [1-9][0-9]*\ not\ applicable,\ [0-9]+\ not\ checked$ ]] && solver_only "$out" ||
  fail "serve, own rules not held: $last"
grep -q "^N/A .*it pins meldcheck's own rule" <<<"$out" || fail "serve, own rules not held: no scenario says why it is not applicable"
echo "serve, meldcheck's own rules not held: $last"
# --reached-clauses: a ruleset's rows are only the clauses its scenarios reached.
one=$(ls "$scenarios"/rummikub/*.yaml | head -n 1)
rows() { "$mc" replay --engine "$mc serve" --format json "$@" "$one" 2>/dev/null |
  python3 -c 'import json, sys; r = json.load(sys.stdin); print(r.get("clauses"), sum(len(rs["clauses"]) for rs in r["rulesets"]))'; }
all=$(rows) reached=$(rows --reached-clauses)
[[ $all =~ ^all\ ([0-9]+)$ ]] && whole=${BASH_REMATCH[1]} && [[ $reached =~ ^reached\ ([0-9]+)$ ]] &&
  ((BASH_REMATCH[1] > 0 && BASH_REMATCH[1] < whole)) || fail "--reached-clauses: the report's rows $all, then $reached"

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

# misbehaving COMMAND WHAT CHECKS...: each misbehaving engine under COMMAND (replay or
# simulate, with their arguments), then each grep pattern of CHECKS on its output.
misbehaving() {
  local what=$1 checks=("${@:2}") mode start out status want
  for mode in crash hang garbage wrong-id; do
    start=$SECONDS
    out=$(timeout 120 "$mc" "${command[@]}" --timeout 500 --engine "python3 $engines/misbehave.py $mode" 2>&1)
    status=$?
    case $mode in
      crash) want="the engine exited (status 3)" ;;
      hang) want="no answer within 500 ms" ;;
      garbage) want="not JSON: this is not JSON" ;;
      wrong-id) want="the engine answered another request" ;;
    esac
    [[ $status == 1 ]] || fail "$what, $mode: exit $status, not 1"
    grep -qF "$want" <<<"$out" || fail "$what, $mode: no line says '$want'"
    for check in "${checks[@]}"; do grep -Eq "$check" <<<"$out" || fail "$what, $mode: no line matches '$check'"; done
    echo "$what, $mode: exit $status in $((SECONDS - start)) s, '$want'"
  done
  sleep 0.2
  # The engines themselves (sh -c and python3), not a meldcheck naming them in its arguments.
  local engine="^(/bin/sh -c )?python3 $engines/misbehave.py"
  if pgrep -f "$engine" >/dev/null; then
    fail "$what: engine processes left behind: $(pgrep -af "$engine")"
    pkill -f "$engine"
  fi
}
command=(replay "$scenarios/rummy500/scoring.yaml")
misbehaving replay "started again"

# simulate --engine: lockstep play against serve (every ruleset) and the Python engine
# finds no divergence; against the faulty serve each fault that shows in play is found,
# and the scenario written passes on meldcheck and fails on the faulty engine.
findings=$(mktemp -d)
trap 'rm -rf "$findings"' EXIT
out=$("$mc" simulate --engine "$mc serve" --hands 40 --seed 1 --jobs 2 --out "$findings/serve" 2>&1)
status=$?
[[ $status == 0 && $out == *"no divergence"* && $out != *"not played"* ]] || fail "simulate against serve: exit $status: $out"
echo "simulate against serve: $(head -n 1 <<<"$out")"
py_engine="python3 $(dirname "$scenarios")/oracles/rummikub-py/engine.py"
# It follows meldcheck's notation and bound too: held to them, nothing is left out.
out=$("$mc" replay --rule-ids strict --own-rules --engine "$py_engine" "$scenarios/rummikub" 2>&1)
status=$?
last=$(tail -n 1 <<<"$out")
[[ $status == 0 && $last =~ ^[0-9]+\ passed,\ 0\ failed,\ 0\ not\ applicable,\ [0-9]+\ not\ checked$ ]] && solver_only "$out" ||
  fail "the Python engine: $last (exit $status)"
echo "replay against the Python engine, rule ids strict, meldcheck's own rules held: $last"
# The Python engine lists steps slowly where an empty pool leaves large racks and tables
# (its `legal` asks whether a pass is allowed): a minute an answer, so that only a real
# hang counts as one.
out=$("$mc" simulate --engine "$py_engine" --ruleset rummikub --hands 100 --legal sampled --seed 7 --jobs 2 \
  --timeout 60000 --out "$findings/py" 2>&1)
status=$?
[[ $status == 0 && $out == *"no divergence"* ]] || fail "simulate against the Python engine: exit $status: $out"
echo "simulate against the Python engine: $(head -n 1 <<<"$out")"

# fault:ruleset (all: every ruleset). same-suit-sets and solver-small do not show in random
# play through the protocol (the differential fuzz targets find them). The first divergence
# is enough to show a fault found (every distinct one, shrunk, is the kits' tests' and
# hunting_tests' concern, and costs a minute a fault).
for case in enumerate-foreign:all lose-discard:all gap-run:all not-zero-sum:rummikub ace-low-high:all \
            swap-any-suit:femhundra-rummy dirty-refusal:all spades-double:all unstable-deal:all endless-hand:all; do
  fault=${case%%:*} ruleset=${case#*:}
  engine="MELDCHECK_FAULT=$fault $faulty serve"
  out=$("$mc" simulate --engine "$engine" --ruleset "$ruleset" --hands 200 --seed 1 --jobs 1 --stop-on-first --out "$findings/$fault" 2>&1)
  status=$?
  file=$(ls "$findings/$fault"/*.yaml 2>/dev/null | head -n 1)
  if [[ $status != 1 || -z $file ]]; then
    fail "simulate did not find $fault: exit $status: $(tail -n 2 <<<"$out")"
    continue
  fi
  "$mc" replay "$file" >/dev/null 2>&1 || fail "$fault: $file fails on meldcheck"
  "$mc" replay --engine "$engine" "$file" >/dev/null 2>&1 && fail "$fault: $file passes on the faulty engine"
  echo "fault $fault: $(grep -o 'DIVERGENCE ([a-z]*)' <<<"$out"), $(grep -o '([0-9]* steps, shrunk from [0-9]*)' <<<"$out")"
done

# An engine that answers ok to every step: the first refusal meldcheck gives is the divergence.
out=$("$mc" simulate --engine "python3 $engines/misbehave.py lie" --ruleset rummy500 --hands 20 --seed 1 --out "$findings/lie" 2>&1)
status=$?
[[ $status == 1 && $out == *"DIVERGENCE (verdict)"* && $out == *"not compared: positions"* ]] || fail "lie: exit $status: $out"
file=$(ls "$findings/lie"/*.yaml 2>/dev/null | head -n 1)
[[ -n $file ]] && "$mc" replay "$file" >/dev/null 2>&1 || fail "lie: no scenario that passes on meldcheck"
echo "lie: $(grep -o 'DIVERGENCE.*' <<<"$out" | cut -c1-120)"

command=(simulate --ruleset rummy500 --hands 10 --out "$findings/misbehave")
misbehaving simulate "engine failure: game [0-9]+, step 1: apply \{" "given up"

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

# A state reads back: new from a deal, some legal steps, state; new with that state as the
# setup, state again: the same position (hands as multisets). Also a finished round, whose
# state says round_over, and the generator after a deal (the contract's SplitMix64 state,
# up to 2^64-1).
got=$(python3 - "$mc" <<'EOF'
import json, random, subprocess, sys

def session():
    p = subprocess.Popen([sys.argv[1], "serve"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    def ask(req):
        p.stdin.write(json.dumps(dict(req, id=1)) + "\n")
        p.stdin.flush()
        return json.loads(p.stdout.readline())
    return p, ask

def same(a, b):
    hands = lambda s: {k: sorted(v["hand"]) for k, v in s["players"].items()}
    return a == b or (hands(a) == hands(b) and
                      {**a, "players": None} == {**b, "players": None} and
                      all({**a["players"][k], "hand": None} == {**b["players"][k], "hand": None} for k in a["players"]))

def read_back(ruleset, start, steps):
    p, ask = session()
    ask(dict(start, cmd="new", ruleset=ruleset))
    for step in steps(ask):
        ask({"cmd": "apply", "step": step})
    first = ask({"cmd": "state"})["state"]
    again = ask({"cmd": "new", "ruleset": ruleset, "setup": first})
    second = ask({"cmd": "state"}).get("state") if again["ok"] else again
    p.stdin.close()
    p.wait()
    return first, second

def legal_steps(n, seed):
    def steps(ask):
        rng = random.Random(seed)
        for _ in range(n):
            legal = ask({"cmd": "legal"}).get("steps") or []
            if not legal:
                return
            yield rng.choice(legal)
    return steps

out = []
for ruleset in ("rummikub", "rummy500", "femhundra-rummy", "femhundra-familj", "liverpool"):
    first, second = read_back(ruleset, {"deal": {"players": 3, "seed": 11}}, legal_steps(25, 5))
    if not same(first, second):
        out.append("%s: %s, then %s" % (ruleset, json.dumps(first), json.dumps(second)))
setup = {"players": {"A": {"hand": ["R10", "B10", "O10"], "opened": True}, "B": {"hand": ["K2"]}}, "rest": "out"}
first, second = read_back("rummikub", {"setup": setup}, lambda ask: iter([{"arrange": [["R10", "B10", "O10"]]}]))
if not (first.get("round_over") and first.get("game_over") and same(first, second)):
    out.append("a finished round: %s, then %s" % (json.dumps(first), json.dumps(second)))
first, _ = read_back("rummikub", {"deal": {"players": 2, "seed": 11}}, lambda ask: iter([]))
if first.get("rng") != (11 + 105 * 0x9E3779B97F4A7C15) % 2**64:
    out.append("rng after a deal of 106 tiles from seed 11: %s" % first.get("rng"))
print("\n".join(out) if out else "read back")
EOF
)
[[ $got == "read back" ]] || fail "state, new with it, state: $got"
echo "states read back: $got"

((failures == 0)) && echo "all protocol checks passed"
exit $((failures > 0))
