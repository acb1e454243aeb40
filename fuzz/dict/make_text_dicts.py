#!/usr/bin/env python3
"""Writes the libFuzzer dictionaries of the fuzz targets that read text, from the
project's own definitions of that text, so that they follow the formats as they grow:

  scenario_fuzz.dict, scenario_mutate_fuzz.dict  scenario files: the keys and fixed values
      of spec/scenario.schema.json, card and tile codes, the rule ids of every catalog,
      the variant and option ids of spec/*.yaml
  spec_fuzz.dict  ruleset files: the keys and short values of spec/*.yaml, the names
      files/ruleset_loader.cc accepts, the check and event names

Run it after changing those files (needs PyYAML):  python3 fuzz/dict/make_text_dicts.py
With --check it writes nothing and exits 1 when a dictionary is out of date.
"""
import json
import pathlib
import re
import sys

import yaml

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parent.parent
SPECS = sorted((ROOT / "spec").glob("*.yaml"))

# YAML's own syntax, for both formats: documents, flow and block collections, anchors,
# aliases, tags, block scalars, merge keys, quoting, null and booleans.
YAML_SYNTAX = ["---", "...", "- ", ": ", "[", "]", "{", "}", ", ", "[[", "]]", "[]", "{}", "&a ", "*a",
               "<<: *a", "!!str ", "!!int ", "!!map ", "|\n", ">-\n", "? ", "~", "null", "true", "false",
               "\"", "'", "# ", "\n  ", "\n    - "]

RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "T"]
SUITS = ["S", "H", "D", "C"]
SUIT_SYMBOLS = ["\u2660", "\u2665", "\u2666", "\u2663"]
COLOURS = ["R", "B", "O", "K"]


def literals(path, pattern):
    """The first capture of `pattern` in every match in the file at `path`, in order."""
    return re.findall(pattern, (ROOT / path).read_text(encoding="utf-8"))


def check_names():
    return literals("engine/check.h", r'X\(k\w+, "([a-z0-9-]+)", (?:true|false)\)')


def core_check_names():
    return literals("engine/check.h", r'X\(k\w+, "([a-z0-9-]+)", true\)')


def event_names():
    return literals("files/play_events.h", r'\{PlayEvent::k\w+, "([a-z0-9-]+)"')


def load_specs():
    return [yaml.safe_load(path.read_text(encoding="utf-8")) for path in SPECS]


def walk(node, keys, values):
    """Every mapping key under `node` into `keys`, every scalar value into `values`."""
    if isinstance(node, dict):
        for k, v in node.items():
            keys.add(str(k))
            walk(v, keys, values)
    elif isinstance(node, list):
        for v in node:
            walk(v, keys, values)
    elif node is not None and not isinstance(node, bool):
        values.add(str(node))


def schema_words(node, keys, values):
    """The property names and the fixed string values (enum, const) of a JSON Schema."""
    if isinstance(node, dict):
        keys.update(node.get("properties", {}))
        values.update(v for v in node.get("enum", []) if isinstance(v, str))
        if isinstance(node.get("const"), str):
            values.add(node["const"])
        for v in node.values():
            schema_words(v, keys, values)
    elif isinstance(node, list):
        for v in node:
            schema_words(v, keys, values)


def scenario_sections(specs):
    keys, values = set(), set()
    schema = json.loads((ROOT / "spec/scenario.schema.json").read_text(encoding="utf-8"))
    schema_words(schema["$defs"], keys, values)
    cards = [r + s for r in RANKS for s in SUITS] + ["7" + s for s in SUIT_SYMBOLS]
    tiles = [c + str(n) for c in COLOURS for n in range(1, 14)]
    jokers = ["JK", "JK=", "JK=7D", "JK=7", "JK=R5", "@B", "m1", "m2"]
    rule_ids = ["core/" + name for name in core_check_names()]
    ids = set()
    for spec in specs:
        rule_ids += [spec["id"] + "/" + clause["id"] for clause in spec.get("catalog", [])]
        for variant in spec.get("variants", []):
            ids.add(variant["id"])
        for option in spec.get("options", []):
            ids.add(option["id"])
            ids.update(option.get("choices", {}))
    return [
        ("keys of spec/scenario.schema.json", sorted(k + ":" for k in keys)),
        ("fixed values of spec/scenario.schema.json", sorted(values)),
        ("cards (rank, suit) and Rummikub tiles (colour, number)", cards + tiles),
        ("jokers with stand-ins, owner marks, meld ids", jokers),
        ("rule ids: core/<check> and <ruleset>/<clause>", rule_ids),
        ("variant and option ids and option choices of spec/*.yaml", sorted(ids)),
        ("YAML syntax", YAML_SYNTAX),
    ]


def spec_sections(specs):
    keys, values = set(), set()
    for spec in specs:
        walk(spec, keys, values)
    # Short values only: ids, enum names, card values and ranges, not the prose of text:,
    # source: and resolution:. Plain numbers libFuzzer varies well without help.
    short = sorted(v for v in values if re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9_.=/-]{0,40}", v) and not v.isdigit())
    loader = sorted(set(literals("files/ruleset_loader.cc", r'"([A-Za-z0-9][A-Za-z0-9_-]*)"')))
    return [
        ("keys of spec/*.yaml (dotted ones are variant and option patches)", sorted(k + ":" for k in keys)),
        ("short values of spec/*.yaml", short),
        ("names files/ruleset_loader.cc reads", loader),
        ("check names (engine/check.h) and event names (files/play_events.h)", check_names() + event_names()),
        ("YAML syntax", YAML_SYNTAX),
    ]


def quote(token):
    """A dictionary entry: printable ASCII as is, but for \\ and \", other bytes as \\xNN."""
    out = []
    for byte in token.encode("utf-8"):
        ch = chr(byte)
        if ch in '\\"':
            out.append("\\" + ch)
        elif 0x20 <= byte < 0x7F:
            out.append(ch)
        else:
            out.append("\\x%02X" % byte)
    return '"' + "".join(out) + '"'


def render(target, what, sections):
    lines = [f"# libFuzzer dictionary of {target}: {what}.",
             "# Written by fuzz/dict/make_text_dicts.py from the files it names; edit that, not this."]
    seen = set()
    for title, tokens in sections:
        fresh = [t for t in dict.fromkeys(tokens) if t not in seen]
        seen.update(fresh)
        if fresh:
            lines += ["", "# " + title] + [quote(t) for t in fresh]
    return "\n".join(lines) + "\n"


def main():
    check = sys.argv[1:] == ["--check"]
    if sys.argv[1:] and not check:
        sys.exit(__doc__)
    specs = load_specs()
    scenario = scenario_sections(specs)
    dicts = {
        "scenario_fuzz": render("scenario_fuzz", "scenario files", scenario),
        "scenario_mutate_fuzz": render("scenario_mutate_fuzz", "scenario files, for the mutator's own steps", scenario),
        "spec_fuzz": render("spec_fuzz", "ruleset files", spec_sections(specs)),
    }
    stale = []
    for target, text in dicts.items():
        path = HERE / (target + ".dict")
        if path.exists() and path.read_text(encoding="utf-8") == text:
            continue
        stale.append(path.name)
        if not check:
            path.write_text(text, encoding="utf-8")
    if check and stale:
        sys.exit("out of date: " + ", ".join(stale) + " (run fuzz/dict/make_text_dicts.py)")
    print("up to date" if check or not stale else "written: " + ", ".join(stale))


if __name__ == "__main__":
    main()
