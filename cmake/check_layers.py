#!/usr/bin/env python3
"""Every project #include against the table of layers (cmake/layers.txt).

Usage: check_layers.py <project root>. Prints each include that runs upward or sideways,
as file:line: message, and exits 1 if there is one; also fails when a folder with sources
is missing from the table, so that a new folder must be placed in it.
"""
import os
import re
import sys

PRIVATE = {"engine/internal.h": "engine"}  # headers only their own folder may include


def read_table(path):
    table = {}
    for line in open(path, encoding="utf-8"):
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        folder, _, allowed = line.partition(":")
        table[folder.strip()] = allowed.split()
    return table


def allows(table, folder, header):
    target = header.split("/", 1)[0]
    if target == folder:
        return True
    if header in PRIVATE and PRIVATE[header] != folder:
        return False
    return any(entry == target or entry == header for entry in table[folder])


def main():
    root = sys.argv[1]
    table = read_table(os.path.join(root, "cmake", "layers.txt"))
    include = re.compile(r'^\s*#\s*include\s+"([a-z_]+/[^"]+)"')
    problems = []
    for folder in sorted(os.listdir(root)):
        path = os.path.join(root, folder)
        if folder.startswith(".") or folder == "build" or not os.path.isdir(path):
            continue
        sources = []
        for dirpath, _, names in os.walk(path):
            sources += [os.path.join(dirpath, n) for n in names if n.endswith((".cc", ".h"))]
        if not sources:
            continue
        if folder not in table:
            problems.append(f"{folder}/: a folder with sources that cmake/layers.txt does not place")
            continue
        for source in sorted(sources):
            for number, line in enumerate(open(source, encoding="utf-8", errors="replace"), 1):
                m = include.match(line)
                if m and not allows(table, folder, m.group(1)):
                    rel = os.path.relpath(source, root)
                    problems.append(f"{rel}:{number}: includes {m.group(1)}, outside {folder}'s layers")
    for p in problems:
        print(p)
    print(f"layers: {len(problems)} problem(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
