#!/usr/bin/env python3
"""Writes a scenario file's playing cards in the Swedish texts' names (7H -> Hj 7, QC -> Kl D,
JK=AS -> JK=Sp E, JK=Q -> JK=D), keeping everything else as it stands.

    tools/to_swedish.py scenarios/rummy500/scoring.yaml ...   # -> scenarios/sv/rummy500-scoring.yaml

The copy goes to scenarios/sv/ under its ruleset folder and file name joined by a dash.
Free text (names, sources, notes, comments) is left alone, so it still reads in English.
"""
import pathlib
import re
import sys

SUITS = {"S": "Sp", "H": "Hj", "D": "Ru", "C": "Kl"}
RANKS = {"A": "E", "T": "10", "J": "Kn", "Q": "D"}  # 2-10 and K are the same in both
FREE_TEXT_KEYS = ("name", "source", "note", "rules", "ruleset", "variants", "options")

# A card between YAML delimiters, optionally a joker's whole-card or rank-alone stand-in.
CARD = re.compile(r"(?<![\w=@])(JK=)?(10|[2-9TAJQK])([SHDC])(?![\w])")
RANK_STANDIN = re.compile(r"(?<![\w])JK=([TAJQ])(?![\w])")
FREE_TEXT = re.compile(r"^\s*(?:-\s+)?(" + "|".join(FREE_TEXT_KEYS) + r"):")


def swedish_card(match):
    joker, rank, suit = match.groups()
    return (joker or "") + SUITS[suit] + " " + RANKS.get(rank, rank)


def translate_line(line):
    if FREE_TEXT.match(line) or line.lstrip().startswith("#"):
        return line
    code, hash_, comment = line.partition(" #")
    code = CARD.sub(swedish_card, code)
    code = RANK_STANDIN.sub(lambda m: "JK=" + RANKS[m.group(1)], code)
    return code + hash_ + comment


def translate(text, source):
    lines = [translate_line(line) for line in text.splitlines(keepends=True)]
    made_by = f"# Made from {source} by tools/to_swedish.py: change that file and run the script again.\n"
    at = 1 if lines and lines[0].startswith("# yaml-language-server") else 0
    return "".join(lines[:at] + [made_by] + lines[at:])


def swedish_path(source, scenarios):
    source = pathlib.Path(source).resolve()
    ruleset = source.parent.name
    return pathlib.Path(scenarios) / "sv" / f"{ruleset}-{source.name}"


def source_name(path):
    path = pathlib.Path(path).resolve()
    return f"scenarios/{path.parent.name}/{path.name}"


def main(paths):
    scenarios = pathlib.Path(__file__).resolve().parent.parent / "scenarios"
    for path in paths:
        out = swedish_path(path, scenarios)
        out.parent.mkdir(exist_ok=True)
        out.write_text(translate(pathlib.Path(path).read_text(encoding="utf-8"), source_name(path)), encoding="utf-8")
        print(out)


if __name__ == "__main__":
    main(sys.argv[1:])
