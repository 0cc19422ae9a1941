#!/usr/bin/env python3
"""How close Tallon's card descriptions come to the cards' printed texts (2.5 pool).

The card database's ability texts may not be copied into the project
(../shared/docs/data-and-formats.md): a card's ``description`` is written in Tallon's own
words. This reads xwing-data2's texts (which are never committed) and, for each card the
registry describes, finds the longest run of words the description shares with its card's
text (icons and punctuation ignored). A long shared run is a sign of a copied sentence.

Usage: python tools/description_overlap.py [--words N] [--kind pilot|upgrade|condition]
                                           [--data DIR] [--list] [--json]

Exits 1 when a description shares a run of ``--words`` words (9 by default) or more, 0
otherwise; ``--list`` prints each such card with its run.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_DATA = ROOT.parent / "shared" / "data" / "xwing-data2" / "data"
sys.path.insert(0, str(ROOT / "src"))

_ICON = re.compile(r"\[[^\]]*\]")
_WORD = re.compile(r"[a-z0-9]+")


def words(text: str) -> list[str]:
    """The words of ``text``, lower case, icons (``[Hit]``) and punctuation dropped."""
    return _WORD.findall(_ICON.sub(" ", text.lower()))


def longest_shared_run(ours: list[str], theirs: list[str]) -> tuple[int, str]:
    """The longest run of consecutive words of ``ours`` that also occurs in ``theirs``,
    as (its length, its words)."""
    haystack = f" {' '.join(theirs)} "
    best, best_words = 0, ""
    for start in range(len(ours)):
        end = start + best + 1
        while end <= len(ours) and f" {' '.join(ours[start:end])} " in haystack:
            best, best_words = end - start, " ".join(ours[start:end])
            end += 1
    return best, best_words


def card_texts(data: Path) -> dict[tuple[str, str], str]:
    """Each card's printed text by (kind, xws id): a pilot's ability and text, every side
    of an upgrade, a condition's ability."""
    texts: dict[tuple[str, str], str] = {}
    for path in sorted((data / "pilots").glob("*/*.json")):
        for pilot in json.loads(path.read_text()).get("pilots", []):
            parts = (pilot.get("ability"), pilot.get("text"))
            texts[("pilot", pilot["xws"])] = " ".join(p for p in parts if p)
    for path in sorted((data / "upgrades").glob("*.json")):
        for upgrade in json.loads(path.read_text()):
            sides = (side.get("ability") or "" for side in upgrade["sides"])
            texts[("upgrade", upgrade["xws"])] = " ".join(sides)
    for path in sorted((data / "conditions").glob("*.json")):
        for condition in json.loads(path.read_text()):
            texts[("condition", condition["xws"])] = condition.get("ability") or ""
    return texts


def overlaps(data: Path, kind: str | None = None) -> Iterator[tuple[int, str, str, str]]:
    """(run length, kind, xws, run) for every described 2.5 card with a printed text."""
    from tallon.cards import CARDS

    texts = card_texts(data)
    for (card_kind, xws), spec in sorted(CARDS.specs.items()):
        if xws.startswith("1e-") or (kind and card_kind != kind) or not spec.description:
            continue
        text = texts.get((card_kind, xws))
        if text:
            length, run = longest_shared_run(words(spec.description), words(text))
            yield length, card_kind, xws, run


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--words", type=int, default=9,
                        help="a shared run of this many words or more fails (default 9)")
    parser.add_argument("--kind", choices=("pilot", "upgrade", "condition"))
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA,
                        help="xwing-data2's data directory")
    parser.add_argument("--list", action="store_true", help="print each card at or over")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    if not (args.data / "pilots").is_dir():
        parser.error(f"{args.data} is not xwing-data2's data directory (no pilots/)")
    rows = sorted(overlaps(args.data, args.kind), reverse=True)
    over = [row for row in rows if row[0] >= args.words]
    if args.json:
        print(json.dumps({"described": len(rows), "words": args.words, "over": [
            {"kind": k, "xws": x, "run": n, "words": w} for n, k, x, w in over]}))
    else:
        print(f"{len(rows)} descriptions read; {len(over)} share a run of "
              f"{args.words}+ words with their card's text")
        if args.list:
            for length, kind, xws, run in over:
                print(f"{length:3d}  {kind:9s} {xws}: {run}")
    return 1 if over else 0


if __name__ == "__main__":
    sys.exit(main())
