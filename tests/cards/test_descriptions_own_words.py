"""Card descriptions are Tallon's own words (../shared/docs/data-and-formats.md: the card
database's ability texts are never copied into the project).

Situation: every described 2.5 card of the registry, beside its printed text in
xwing-data2 (read from ../shared when it is there; the project runs without it, and the
test is then skipped). Expected: no description shares a run of nine or more words with
its card's text (tools/description_overlap.py measures it and lists the offenders)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

TOOL = Path(__file__).resolve().parents[2] / "tools" / "description_overlap.py"
_spec = importlib.util.spec_from_file_location("description_overlap", TOOL)
assert _spec and _spec.loader
overlap = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(overlap)

LONGEST_RUN_ALLOWED = 8


def test_the_measure_finds_a_copied_sentence() -> None:
    """The measure itself: a copied run is found at its length, icons and case ignored."""
    ours = overlap.words("While you defend, you may roll 1 additional DEFENSE die.")
    theirs = overlap.words("While you defend, you may roll 1 additional defense die [Evade].")
    assert overlap.longest_shared_run(ours, theirs) == (
        10, "while you defend you may roll 1 additional defense die")
    assert overlap.longest_shared_run(overlap.words("gain a focus"), theirs)[0] == 0


@pytest.mark.skipif(not (overlap.DEFAULT_DATA / "pilots").is_dir(),
                    reason="xwing-data2 is not beside the project")
def test_no_description_copies_its_card_text() -> None:
    over = [(length, kind, xws, run) for length, kind, xws, run
            in overlap.overlaps(overlap.DEFAULT_DATA) if length > LONGEST_RUN_ALLOWED]
    assert not over, f"{len(over)} descriptions copy their card's text, e.g. {over[:5]}"
