#!/usr/bin/env python3
"""An engine that misbehaves on purpose, for the protocol tests: it answers hello, then on
the first `apply` does what its argument says: crash (exit 3), hang (sleep), garbage (a
line that is not JSON), wrong-id (an answer to another request), bad-utf8 (answers whose
strings hold bytes that are not UTF-8, from hello on), or lie (says ok to every step and
keeps no game). Standard library only."""
import json
import sys
import time

mode = sys.argv[1]
for line in sys.stdin:
    req = json.loads(line)
    rid = req.get("id")
    cmd = req.get("cmd")
    if cmd == "hello":
        answer = {"id": rid, "ok": True, "protocol": 1, "engine": {"name": "misbehave-" + mode},
                  "rulesets": [{"id": "rummy500", "variants": [], "options": {}}],
                  "requests": ["hello", "new", "apply", "quit"]}
    elif cmd == "apply" and mode == "crash":
        sys.exit(3)
    elif cmd == "apply" and mode == "hang":
        time.sleep(3600)
    elif cmd == "apply" and mode == "garbage":
        print("this is not JSON", flush=True)
        continue
    elif mode == "bad-utf8" and cmd != "quit":
        # The usual answer, or a refusal of the step, with bytes that are not UTF-8 in it.
        if cmd != "hello":
            answer = {"id": rid, "ok": True, "verdict": "reject", "reason": "BAD", "rule": "BAD"}
        line = json.dumps(answer).replace("misbehave-bad-utf8", "BAD").encode()
        sys.stdout.buffer.write(line.replace(b"BAD", b"\xff\xfe \xc3\x28 \xed\xa0\x80 \x01") + b"\n")
        sys.stdout.flush()
        continue
    elif cmd == "apply" and mode == "wrong-id":
        answer = {"id": -1, "ok": True, "verdict": "ok"}
    elif cmd == "apply":
        answer = {"id": rid, "ok": True, "verdict": "ok"}
    else:
        answer = {"id": rid, "ok": True}
    print(json.dumps(answer), flush=True)
