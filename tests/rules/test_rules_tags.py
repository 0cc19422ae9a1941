"""The Rules Reference entries, the grammar of the tags that cite them, and the rules index
built from them.

The samples below quote wrong tags on purpose, so this file is not scanned for tags (the
pragma below). Most tests need no Rules Reference text; those that read it skip, saying
so, when it is absent.
"""

# rr-tags: skip-file

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from tallon.rules_index import build_index, entry_module_name
from tallon.rules_reference import (
    STORED_ENTRIES,
    Entry,
    RulesReferenceNotFoundError,
    default_rr_path,
    entries_json,
    find_tags,
    heading_name,
    load_entries,
    parse_entries,
    stored_entries,
)

ROOT = Path(__file__).resolve().parents[2]
_TOOL = importlib.util.spec_from_file_location("rules_index_tool",
                                               ROOT / "tools" / "rules_index.py")
assert _TOOL is not None and _TOOL.loader is not None
rules_index_tool = importlib.util.module_from_spec(_TOOL)
_TOOL.loader.exec_module(rules_index_tool)

# A few entries, enough for the grammar: no Rules Reference text needed.
NAMES = ["ATTACK", "ATTACK ARC", "ATTACK RANGE", "BARREL ROLL", "DICE MODIFICATION", "FAQ",
         "GAME LENGTH AND TRACKING ROUNDS", "ION", "LOCK", "PLANNING PHASE", "RANGE",
         "REMOVED FROM THE GAME", "ROUND", "SETUP", "SYSTEM PHASE", "APPENDIX: HUGE SHIPS"]

SAMPLE_RR = """\
RULES REFERENCE

INTRODUCTION

This reference is the definitive source.

GOLDEN RULES

If a rule in this guide contradicts the Rulebook, the rule in this guide takes precedence.

GLOSSARY

The glossary lists all gameplay terms.

BARREL ROLL (↻)

Pilots can barrel roll to move their ship laterally. More text.

Focus Token

CHARGES , , ,

CHARGES are two-side punchboard components.

DEplete

A ship is DEPLETED while it has at least one deplete token.

BULLSEYE ARC (🎯)

See [Arc](#).

SETUP

Before playing, resolve the following steps:

FAQ

This section contains frequently asked questions.

ARCS

Q: Can ships...

APPENDIX: HUGE SHIPS

Huge ships function similarly to standard ships.

SETUP

Huge ships are placed first.

DOCKING WITH HUGE SHIPS

Some upgrades allow standard ships to dock with huge ships.
"""


@pytest.fixture(scope="module")
def entries() -> tuple[Entry, ...]:
    """The entries: read from the text, or the stored ones where it is absent."""
    return load_entries()


@pytest.fixture(scope="module")
def text_entries() -> tuple[Entry, ...]:
    """The entries read from the Rules Reference text itself."""
    path = default_rr_path()
    if path is None:
        pytest.skip("the Rules Reference text is absent (set TALLON_RR_PATH)")
    return load_entries(path)


# ------------------------------------------------------------------------------------
# (a) Reading the entries


class TestHeadings:
    @pytest.mark.parametrize(("line", "name"), [
        ("BARREL ROLL (↻)", "BARREL ROLL"),
        ("CHARGES , , ,", "CHARGES"),
        ("LIMITED 2 (••) AND 3 (•••)", "LIMITED 2 AND 3"),
        ("STRAIGHT [↑] MANEUVERS", "STRAIGHT MANEUVERS"),
        ("JAM (Jam)", "JAM"),
        ("DEplete", "DEPLETE"),
        ("ATTACK RANGE 4–5", "ATTACK RANGE 4–5"),
        ("APPENDIX: HUGE SHIPS", "APPENDIX: HUGE SHIPS"),
    ])
    def test_a_heading_line_gives_its_printed_name(self, line, name):
        """A heading line with icons, bracketed symbols or stray commas: its name is the
        printed words in upper case, nothing else; the misprinted "DEplete" is DEPLETE."""
        assert heading_name(line) == name

    @pytest.mark.parametrize("line", [
        "Focus Token", "Pilot Ability", "X-wing Dials Front and Back", "VERSION 1.4",
        "- SLAM", "ID markers relate ships in the play area to their ship card.", "5 ↑",
    ])
    def test_captions_bullets_and_prose_are_no_headings(self, line):
        """Figure captions (mixed case), bullets, version lines, prose and dial rows are
        not headings."""
        assert heading_name(line) is None

    def test_a_small_text_gives_its_entries_in_order(self):
        """A miniature Rules Reference: the entries are the rules from GOLDEN RULES on,
        the glossary headings and the appendix with its sub-headings, in document order with
        their lines and first sentences; captions, the FAQ's topics and a heading repeated
        in an appendix (SETUP) are no new entries, the repeat is kept in ``also_at``."""
        lines = SAMPLE_RR.splitlines()
        found = {e.name: e for e in parse_entries(SAMPLE_RR)}
        assert list(found) == ["GOLDEN RULES", "BARREL ROLL", "CHARGES", "DEPLETE",
                               "BULLSEYE ARC", "SETUP", "FAQ", "APPENDIX: HUGE SHIPS",
                               "DOCKING WITH HUGE SHIPS"]
        barrel = found["BARREL ROLL"]
        assert (barrel.line, barrel.part) == (lines.index("BARREL ROLL (↻)") + 1, "GLOSSARY")
        assert barrel.summary == "Pilots can barrel roll to move their ship laterally."
        assert found["BULLSEYE ARC"].summary == "See Arc."
        assert found["GOLDEN RULES"].part == ""
        assert found["DOCKING WITH HUGE SHIPS"].part == "APPENDIX: HUGE SHIPS"
        setup = found["SETUP"]
        appendix_setup = len(lines) - lines[::-1].index("SETUP")
        assert (setup.part, setup.also_at) == ("GLOSSARY", (appendix_setup,))

    def test_the_rules_reference_has_the_entries_tags_cite(self, text_entries):
        """The real Rules Reference: glossary entries, sub-entries and appendix headings are
        found, spelled as printed; captions are not; the list is in document order."""
        entries = text_entries
        names = {e.name for e in entries}
        for name in ("BARREL ROLL", "ABILITY QUEUE", "ATTACKING REMOTES",
                     "GAME LENGTH AND TRACKING ROUNDS", "APPENDIX: HUGE SHIPS", "GOLDEN RULES",
                     "PAYING COSTS", "RECURRING CHARGES", "DEPLETE", "ELECTRO-CHAFF CLOUD",
                     "SQUAD POINTS", "APPENDIX: ENVIRONMENT CARDS", "FAQ"):
            assert name in names, name
        for caption in ("Focus Token", "FOCUS TOKEN", "PILOT ABILITY TOKEN", "GAME LENGTH"):
            assert caption not in names
        lines = [e.line for e in entries]
        assert lines == sorted(lines)
        assert len(entries) == len(names) == 225
        barrel = next(e for e in entries if e.name == "BARREL ROLL")
        assert barrel.part == "GLOSSARY" and barrel.summary.startswith("Pilots can barrel roll")

    def test_a_missing_text_is_reported_clearly(self, tmp_path):
        """A path with no Rules Reference text: the error names the path and the variable
        that points to the text."""
        with pytest.raises(RulesReferenceNotFoundError, match="TALLON_RR_PATH"):
            load_entries(tmp_path / "nothing.txt")

    def test_the_stored_entries_are_the_texts(self, text_entries):
        """src/tallon/rules_entries.json, which checkouts without the text use, against the
        text. RR: the entries' names, lines and parts are the same, in the same order; it
        holds no rule text (no summaries)."""
        def facts(found):
            return [(e.name, e.line, e.part, e.also_at) for e in found]

        assert facts(stored_entries()) == facts(text_entries)
        assert STORED_ENTRIES.read_text(encoding="utf-8") == entries_json(text_entries)
        assert {e.summary for e in stored_entries()} == {""}

    def test_without_the_text_the_stored_entries_are_used(self, monkeypatch):
        """No Rules Reference beside the checkout and no TALLON_RR_PATH: the entries are the
        stored ones (225, BARREL ROLL among them); a path given that holds no text is still
        an error."""
        import tallon.rules_reference as rr

        monkeypatch.setattr(rr, "default_rr_path", lambda: None)
        found = rr.load_entries()
        assert len(found) == 225 and "BARREL ROLL" in {e.name for e in found}
        with pytest.raises(RulesReferenceNotFoundError):
            rr.load_entries("/nonexistent/rr.txt")

    def test_the_default_path_is_found_from_this_checkout(self):
        """The text is looked for beside this checkout, or beside the main checkout of a
        git worktree; when found it is a file."""
        path = default_rr_path()
        if path is None:
            pytest.skip("no Rules Reference text beside this checkout")
        assert path.is_file()


# ------------------------------------------------------------------------------------
# (b) Finding tags


def tags(text: str):
    return find_tags(text, NAMES)


class TestFindTags:
    def test_a_canonical_tag(self):
        """``RR: BARREL ROLL`` in a docstring: one tag naming BARREL ROLL, no problem, at
        its line and column."""
        found = tags('x = 1\n    """Rolls sideways (RR: BARREL ROLL)."""\n')
        assert [(t.entry, t.problem, t.line, t.column) for t in found] == [
            ("BARREL ROLL", None, 2, 24)]

    def test_the_longest_entry_wins(self):
        """``RR: ATTACK ARC``: the tag names ATTACK ARC, not ATTACK."""
        assert [t.entry for t in tags("RR: ATTACK ARC - the arc")] == ["ATTACK ARC"]

    def test_a_qualified_tag(self):
        """A step qualifier belongs to the tag; prose after a dash or in brackets does not."""
        found = tags("RR: SETUP step 5 (place forces); RR: ATTACK steps 2a/3a - roll")
        assert [(t.entry, t.qualifier, t.problem) for t in found] == [
            ("SETUP", "step 5", None), ("ATTACK", "steps 2a/3a", None)]

    def test_several_tags(self):
        """Several entries, each with its own prefix: one tag each, no problem."""
        found = tags("(RR: ATTACK ARC, RR: ATTACK RANGE, RR: FAQ)")
        assert [(t.entry, t.problem) for t in found] == [
            ("ATTACK ARC", None), ("ATTACK RANGE", None), ("FAQ", None)]

    def test_entries_listed_without_a_prefix_are_reported(self):
        """``RR: ROUND, PLANNING PHASE``, and one after a bracketed note and a line break:
        the listed entries are found and reported, each to get its own ``RR:``."""
        found = tags("(RR: LOCK (range 0-3), ION,\n    REMOVED FROM THE GAME)")
        assert [t.entry for t in found] == ["LOCK", "ION", "REMOVED FROM THE GAME"]
        assert found[0].problem is None
        assert all("listed without a prefix" in t.problem for t in found[1:])
        assert found[2].line == 2

    def test_a_misspelt_tag(self):
        """``RR: BARELL ROLL`` names no entry: reported with the entry it is closest to."""
        (found,) = tags("RR: BARELL ROLL")
        assert found.entry is None
        assert "no Rules Reference entry" in found.problem and "BARREL ROLL" in found.problem

    def test_a_name_that_is_no_entry(self):
        """``RR: GAME LENGTH`` is the start of an entry's name: the longer entry is
        suggested."""
        (found,) = tags("RR: GAME LENGTH - a player with no ships loses")
        assert found.entry is None and "GAME LENGTH AND TRACKING ROUNDS" in found.problem

    def test_a_tag_in_the_wrong_case(self):
        """``RR: Dice Modification`` names DICE MODIFICATION in the wrong case: reported,
        with the entry it names."""
        (found,) = tags("(RR: Dice Modification, add)")
        assert found.entry == "DICE MODIFICATION" and found.problem.startswith("wrong case")

    @pytest.mark.parametrize("text", [
        '    """A roll (RR: BARREL\n    ROLL)."""',
        "    # a roll (RR:\n    # BARREL ROLL)",
        "#: a roll (RR: BARREL\n#: ROLL)",
    ])
    def test_a_tag_broken_over_two_lines(self, text):
        """A tag whose name runs on to the next line of a docstring or a comment: found as
        the entry it spells, and reported as broken."""
        (found,) = tags(text)
        assert found.entry == "BARREL ROLL" and "broken over two lines" in found.problem

    def test_a_step_without_step(self):
        """``RR: ATTACK 2a``: the step number must follow ``step``."""
        (found,) = tags("RR: ATTACK 2a - no dice are added")
        assert found.entry == "ATTACK" and "RR: ATTACK step 2a" in found.problem

    def test_a_tag_without_its_colon(self):
        """``RR FAQ`` is reported as a tag missing its colon; ``the RR says`` is prose."""
        found = tags("as the RR says (RR FAQ, Locking)")
        assert [(t.entry, t.problem) for t in found] == [
            ("FAQ", "missing colon: write 'RR: FAQ'")]

    def test_an_upper_case_word_after_a_tag(self):
        """``RR: ROUND TRIP``: an entry followed by an upper-case word that makes no longer
        entry is reported, with the entry it names."""
        (found,) = tags("RR: ROUND TRIP")
        assert found.entry == "ROUND" and "no entry" in found.problem


# ------------------------------------------------------------------------------------
# (c) and (d) The tags of the project and the index


def test_every_tag_names_an_entry(entries):
    """Every ``RR:`` tag in src/ and tests/ names a Rules Reference entry in the canonical
    spelling: the list of tags that break the grammar is empty."""
    problems = [f"{t.where}: {t.text!r}: {t.problem}"
                for t in build_index(ROOT, entries).problems]
    assert problems == []


def test_the_rules_index_is_up_to_date(capsys):
    """``tools/rules_index.py --check`` finds docs/rules-index.md to be what it would
    write now."""
    assert rules_index_tool.main(["--check"]) == 0, capsys.readouterr().err


def test_the_index_of_a_small_checkout(tmp_path):
    """A checkout with a tag in a function's docstring, one in a comment of a test method,
    one in a test module's docstring and a test module named after an entry: the entry is
    implemented at the function, tested by the method, the module and the named module;
    entries with no tag are listed as unimplemented; a wrong tag is a problem."""
    names = [Entry(n, i + 1, "GLOSSARY", "") for i, n in enumerate(NAMES)]
    (tmp_path / "src" / "pkg").mkdir(parents=True)
    (tmp_path / "tests" / "rules").mkdir(parents=True)
    (tmp_path / "src" / "pkg" / "roll.py").write_text(
        'class Roll:\n    def place(self):\n        """Place it (RR: BARREL ROLL)."""\n'
        '        return 1  # RR: Lock\n')
    (tmp_path / "tests" / "rules" / "test_moves.py").write_text(
        '"""RR: ION."""\n\nclass TestRoll:\n    def test_left(self):\n'
        '        # RR: BARREL ROLL, RR: ATTACK step 1\n        assert True\n')
    (tmp_path / "tests" / "rules" / "test_barrel_roll.py").write_text("def test_x():\n    pass\n")
    index = build_index(tmp_path, names)
    rows = {r.entry.name: r for r in index.rows}
    barrel = rows["BARREL ROLL"]
    assert [(loc.path, loc.line, loc.symbol) for loc in barrel.implemented] == [
        ("src/pkg/roll.py", 3, "Roll.place")]
    assert barrel.tested == ("tests/rules/test_barrel_roll.py",
                             "tests/rules/test_moves.py::TestRoll::test_left")
    assert rows["ION"].tested == ("tests/rules/test_moves.py",)
    assert rows["LOCK"].implemented[0].symbol == "Roll.place"
    assert "ION" in {r.entry.name for r in index.unimplemented}
    assert [t.text for t in index.problems] == ["RR: Lock"]
    assert entry_module_name("APPENDIX: HUGE SHIPS") == "test_appendix_huge_ships.py"
