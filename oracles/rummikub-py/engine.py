#!/usr/bin/env python3
"""An independent Rummikub engine speaking meldcheck's engine protocol (spec/engine-protocol.md):
JSON Lines on standard input and output, one answer per request, in order.

    python3 oracles/rummikub-py/engine.py

Written from the rule text 004_3729e45c9ab6f2f5.txt, the scenario contract and the catalog of
spec/rummikub.yaml only, so that comparing it with meldcheck's engine finds bugs in either.
Python 3 standard library only. It never stops on bad input: it answers bad-request.
"""

import json
import os
import sys
import traceback

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from game import BadRequest, Game, OPTIONS, Reject, Unsupported, read_options  # noqa: E402

NAME, VERSION = "rummikub-py", "1.0"
OTHER_RULESETS = ("femhundra-rummy", "femhundra-familj", "rummy500", "liverpool")
REQUESTS = ["hello", "new", "apply", "state", "legal", "score", "quit"]


class Session:
    def __init__(self):
        self.game = None

    def handle(self, req):
        """One request to one answer (a dict without the id)."""
        cmd = req.get("cmd")
        if cmd == "hello":
            return {"ok": True, "protocol": 1, "engine": {"name": NAME, "version": VERSION},
                    "rulesets": [{"id": "rummikub", "variants": [],
                                  "options": {k: list(v) for k, v in OPTIONS.items()}}],
                    "requests": REQUESTS}
        if cmd == "quit":
            return {"ok": True}
        if cmd == "new":
            return self.new(req)
        if cmd not in ("apply", "state", "legal", "score"):
            raise Unsupported("unknown request %r" % (cmd,))
        if self.game is None:
            return _error("no-game", "no game: send new first")
        if cmd == "state":
            return {"ok": True, "state": self.game.state()}
        if cmd == "score":
            return dict(ok=True, **self.game.score())
        if cmd == "legal":
            return {"ok": True, "steps": self.game.legal()}
        if "step" not in req:
            raise BadRequest("apply needs a step")
        try:
            self.game.apply(req["step"])
        except Reject as r:
            return {"ok": True, "verdict": "reject", "reason": r.reason, "rule": r.rule}
        return {"ok": True, "verdict": "ok"}

    def new(self, req):
        ruleset = req.get("ruleset")
        if not isinstance(ruleset, str):
            raise BadRequest("new needs a ruleset id")
        if ruleset in OTHER_RULESETS:
            raise Unsupported("this engine plays rummikub only, not %s" % ruleset)
        if ruleset != "rummikub":
            raise BadRequest("unknown ruleset %r" % ruleset)
        variants = req.get("variants", [])
        if not isinstance(variants, list):
            raise BadRequest("variants must be a list")
        if variants:
            # Not names meldcheck knows for rummikub, so not a request to read.
            raise BadRequest("rummikub has no variants: %s" % ", ".join(map(str, variants)))
        game = Game(read_options(req.get("options", {})))
        if ("deal" in req) == ("setup" in req):
            raise BadRequest("new needs a deal or a setup")
        if "deal" in req:
            game.deal(req["deal"])
        else:
            game.setup(req["setup"])
        self.game = game          # only a game that was read whole replaces the old one
        return {"ok": True}


def _error(code, message):
    return {"ok": False, "error": {"code": code, "message": message}}


def answer(session, line):
    """The answer to one line of input, never raising."""
    try:
        req = json.loads(line)
    except ValueError as e:
        return dict(id=None, **_error("bad-request", "not JSON: %s" % e))
    if not isinstance(req, dict):
        return dict(id=None, **_error("bad-request", "a request is a JSON object"))
    rid = req.get("id")
    try:
        if not isinstance(rid, int) or isinstance(rid, bool):
            raise BadRequest("a request needs an integer id")
        if not isinstance(req.get("cmd"), str):
            raise BadRequest("a request needs a cmd")
        out = session.handle(req)
    except BadRequest as e:
        out = _error("bad-request", str(e))
    except Unsupported as e:
        out = _error("unsupported", str(e))
    except RecursionError:
        out = _error("bad-request", "request nested too deeply")
    except Exception as e:  # a bug of this engine: say so, and keep serving
        traceback.print_exc(file=sys.stderr)
        out = _error("bad-request", "internal error: %s: %s" % (type(e).__name__, e))
    return dict(id=rid, **out)


def main():
    session = Session()
    stdin = sys.stdin.buffer
    while True:
        raw = stdin.readline()
        if not raw:
            break
        try:
            line = raw.decode("utf-8")
        except UnicodeDecodeError:
            line = None
        if line is not None and not line.strip():
            continue
        if line is None:
            out = dict(id=None, **_error("bad-request", "not UTF-8"))
        else:
            out = answer(session, line)
        sys.stdout.write(json.dumps(out, separators=(",", ":"), ensure_ascii=False) + "\n")
        sys.stdout.flush()
        if out.get("ok") and line is not None and _is_quit(line):
            break


def _is_quit(line):
    try:
        return json.loads(line).get("cmd") == "quit"
    except Exception:
        return False


if __name__ == "__main__":
    main()
