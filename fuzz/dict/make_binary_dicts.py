#!/usr/bin/env python3
"""Writes the libFuzzer dictionaries of the targets that read bytes as cards.

A card byte (fuzz/position.h, token_of) is a face code: suit * 13 + rank - 1 below 52, a
joker from 52 to 55. Melds are what these targets are about, so the dictionaries hold
the byte strings of melds: runs of three and four in each suit (round the corner too),
sets of three and four of each rank, and each with a joker in it. play_fuzz and
catalog_diff_fuzz read bytes as choices among the listed actions, where a meld's bytes
mean nothing special; they get the short strings of small choices instead.
"""
import pathlib

HERE = pathlib.Path(__file__).parent
JOKER = 52


def esc(codes):
    return '"' + "".join(f"\\x{c:02x}" for c in codes) + '"'


def meld_entries():
    out = []
    for suit in range(4):
        for rank in range(13):
            for length in (3, 4):
                run = [suit * 13 + (rank + k) % 13 for k in range(length)]
                out.append(run)
                out.append(run[:1] + [JOKER] + run[2:])
    for rank in range(13):
        for suits in ((0, 1, 2), (0, 1, 2, 3)):
            group = [s * 13 + rank for s in suits]
            out.append(group)
            out.append(group[:-1] + [JOKER])
    return out


def write(target, lines, what):
    text = f"# libFuzzer dictionary of {target}: {what}.\n"
    text += "# Written by fuzz/dict/make_binary_dicts.py; edit that, not this.\n"
    text += "".join(line + "\n" for line in lines)
    (HERE / f"{target}.dict").write_text(text)


melds = [esc(m) for m in meld_entries()]
for target in ("meld_diff_fuzz", "score_diff_fuzz", "rummikub_diff_fuzz"):
    write(target, melds, "melds as card bytes (runs, sets, each with a joker)")
choices = [esc([a, b]) for a in (0, 1, 2, 255) for b in (0, 1, 2, 255)]
for target in ("play_fuzz", "catalog_diff_fuzz"):
    write(target, choices, "small choices (the first, second and last of a list)")
