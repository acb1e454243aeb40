#!/usr/bin/env python3
"""Seeds the corpora of the targets that read bytes (not files): random inputs of every
length up to a few hundred bytes, as many for each ruleset (the last byte chooses it, as
FuzzedDataProvider reads numbers from the end), kept minimal by libFuzzer's -merge: only
the inputs that add coverage stay.

Usage: fuzz/make_seeds.py BUILD_DIR [TARGET...]   (BUILD_DIR of the fuzz preset)
"""
import pathlib
import random
import shutil
import subprocess
import sys
import tempfile

TARGETS = ["play_fuzz", "meld_diff_fuzz", "score_diff_fuzz", "rummikub_diff_fuzz", "catalog_diff_fuzz"]
CANDIDATES = 2000


def main():
    build = pathlib.Path(sys.argv[1])
    targets = sys.argv[2:] or TARGETS
    root = pathlib.Path(__file__).parent
    rng = random.Random(2026)
    for target in targets:
        corpus = root / "corpus" / target
        corpus.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryDirectory() as tmp:
            candidates = pathlib.Path(tmp) / "candidates"
            candidates.mkdir()
            for i in range(CANDIDATES):
                body = bytes(rng.getrandbits(8) for _ in range(rng.choice([8, 24, 64, 128, 192])))
                (candidates / f"c{i:05d}").write_bytes(body + bytes([i % 5]))
            # Inputs already kept (findings among them) stay; merging adds only new coverage.
            subprocess.run([str(build / "fuzz" / target), "-merge=1", str(corpus), str(candidates)],
                           check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        print(f"{target}: {len(list(corpus.iterdir()))} inputs")


if __name__ == "__main__":
    main()
