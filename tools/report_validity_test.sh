#!/bin/bash
# ctest report_validity (label protocol): every report stays valid whatever the engine
# under test does. For each broken engine (missing, crashing, hanging, writing garbage,
# answering another request, writing bytes that are not UTF-8) and for a file that does
# not read, `meldcheck replay --engine` in each format exits as documented (1 for a
# broken engine, 2 for a file that does not read) and writes a report that parses (JSON
# by Python's strict reader, JUnit by xmllint) and says what happened.
# Usage: report_validity_test.sh MELDCHECK TESTDATA_DIR
set -u
mc=$1 data=$2
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
command -v xmllint >/dev/null || { echo "xmllint missing (Debian's libxml2-utils, installed by setup.sh)"; exit 1; }

valid() {  # FORMAT: standard input parses as that format
  case $1 in
    json) python3 -c 'import json, sys; json.loads(sys.stdin.buffer.read().decode("utf-8"))' ;;
    junit) xmllint --noout - ;;
    text) cat >/dev/null ;;
  esac
}

scenario=$data/engines/one-rummy500.scenario
for case in "missing|/nonexistent/engine|the engine exited (status 127)|1" \
            "crash|python3 $data/engines/misbehave.py crash|the engine exited (status 3)|1" \
            "hang|python3 $data/engines/misbehave.py hang|no answer within 500 ms|1" \
            "garbage|python3 $data/engines/misbehave.py garbage|not JSON: this is not JSON|1" \
            "wrong-id|python3 $data/engines/misbehave.py wrong-id|the engine answered another request|1" \
            "bad-utf8|python3 $data/engines/misbehave.py bad-utf8|the engine answered with what is not JSON|1" \
            "unreadable file|python3 $data/engines/misbehave.py crash|is not a card|2"; do
  IFS='|' read -r what engine want code <<<"$case"
  files=("$scenario")
  [[ $what == "unreadable file" ]] && files=("$data/malformed.yaml" "$scenario")
  for format in text json junit; do
    out=$(mktemp)
    timeout 60 "$mc" replay --timeout 500 --engine "$engine" --format "$format" "${files[@]}" >"$out" 2>/dev/null
    status=$?
    [[ $status == "$code" ]] || fail "$what, $format: exit $status, not $code"
    valid "$format" <"$out" 2>/dev/null || fail "$what, $format: the report does not parse: $(head -c 400 "$out" | cat -v)"
    grep -qF "$want" "$out" || fail "$what, $format: the report does not say '$want'"
    rm -f "$out"
  done
  echo "$what: text, json and junit valid, exit $code, '$want'"
done

# The plain replay's reports, on a folder with a failing and an unreadable file.
for format in json junit; do
  "$mc" replay --format "$format" "$data" 2>/dev/null | valid "$format" || fail "replay --format $format: the report does not parse"
done

# serve answers every line: bytes that are not UTF-8, nesting too deep, a line too long.
deep=$(printf '[%.0s' {1..100000})
long=$(head -c 2000000 /dev/zero | tr '\0' ' ')
answers=$( (printf '{"id":1,"cmd":"hello"}\n\xff\xfe garbage\n{"id":"\xff","cmd":"state"}\n'
            echo "$deep"; echo "{\"id\":5,\"cmd\":\"state\"$long}"; echo '{"id":6,"cmd":"quit"}') | "$mc" serve)
status=$?
got=$(python3 -c '
import json, sys
print(" ".join(a.get("error", {}).get("code", "ok") for a in map(json.loads, sys.stdin.buffer.read().decode("utf-8").splitlines())))' <<<"$answers")
[[ $status == 0 && $got == "ok bad-request bad-request bad-request bad-request ok" ]] || fail "serve on bad bytes: exit $status, answers $got"
echo "serve on bad bytes: $got"

[[ $failures == 0 ]] || { echo "$failures failures"; exit 1; }
