"""The documentation's examples run, and print what the documentation says they print (the
python-chess way: examples are tests).

Python: each ```python block of every document (docs/*.md and README.md) runs in order, in
one namespace per document, in a temporary directory (an example may write a file). A
comment line right after a line that prints (``# True chance_roll_dice 20``) is the output
the documentation promises: the printed lines must be those, in order. A block starting with
``# file:`` is an excerpt of a module shown for reading, not run.

Shell: each line of a ```sh block that starts with ``tallon `` (a line ending in a backslash
continues on the next) is a command a reader may copy, so it runs - through
``tallon.cli.main``, in process, in one temporary directory per document, in order (a
``> FILE`` at the end writes the output there for the next lines) - and must exit 0 or 1:
never 2 (bad input) or 3 (a Tallon bug). A line is not run when it is a pattern rather than
a command: a placeholder in capitals (FILE, DIR), ``...``, ``|`` alternatives (or a pipe),
``[optional]`` brackets, ``<`` input; nor when it names a path outside its directory (an
absolute path or ``..``), which could write into the repository; nor ``tallon demo``
without ``--rounds`` of 1 or 2, as a whole game takes too long here (tests/cli/
test_demo_cli.py plays it).
"""

from __future__ import annotations

import contextlib
import io
import itertools
import re
import shlex
import sys
import textwrap
from pathlib import Path

import pytest

from tallon import cli

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
DOCUMENTS = [*sorted(p.name for p in DOCS.glob("*.md")), "README.md"]

# Files a documented command reads that no documented command can write: given to it.
GIVEN_FILES = {
    # docs/squads.md: `--lists my-lists.json`, the format its comment shows
    "my-lists.json": '{"standard": {"ban_list": ["lukeskywalker"], "restricted_list": [], '
                     '"restricted_limit": 4}}',
    # docs/dice.md: `tallon dice sequence attacks.json`, the file its JSON example shows
    "attacks.json": '{"defense": 2, "defender": {"focus": 1, "evade": 1}, "hull": 3, '
                    '"shields": 2, "attacks": [{"name": "Howlrunner", "attack": 3, '
                    '"attacker": "focus", "range": 1}, {"name": "Academy", "attack": 2, '
                    '"attacker": {"focus": 1}, "attacker_abilities": ["howlrunner"], '
                    '"repeat": 2}]}',
    # docs/first-edition.md: two first-edition squads (XWS 1.0)
    "rebels-1e.json": '{"version": "1.0.0", "faction": "rebel", "pilots": [{"name": '
                      '"rookiepilot", "ship": "xwing"}]}',
    "imperials-1e.json": '{"version": "1.0.0", "faction": "imperial", "pilots": [{"name": '
                         '"academypilot", "ship": "tiefighter"}]}',
}


def _text(name: str) -> str:
    return (ROOT / name if name == "README.md" else DOCS / name).read_text(encoding="utf-8")


def blocks(name: str) -> list[str]:
    found = [textwrap.dedent(b) for b in re.findall(r"```python\n(.*?)```", _text(name), re.S)]
    return [b for b in found if not b.startswith("# file:")]


def promised(block: str) -> list[str]:
    """The output lines a block's comments promise (a comment after a printing line)."""
    lines = block.splitlines()
    return [line.strip()[2:] for before, line in itertools.pairwise(lines)
            if "print(" in before and line.strip().startswith("# ")]


@pytest.mark.parametrize("name", DOCUMENTS)
def test_the_examples_of_a_document_run_and_print_what_it_says(name, tmp_path, monkeypatch):
    """Situation: the document's Python examples, run in order in one namespace. Expected:
    no error, and each print gives the line the document shows under it."""
    found = blocks(name)
    if not found:
        pytest.skip(f"{name} has no Python examples")
    monkeypatch.chdir(tmp_path)
    namespace: dict[str, object] = {}
    for k, block in enumerate(found):
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            exec(compile(block, f"{name} example {k + 1}", "exec"), namespace)
        assert out.getvalue().splitlines() == promised(block), f"{name} example {k + 1}"


def test_an_excerpt_is_not_run_and_a_promise_is_read():
    """The runner's own conventions: excerpts are skipped; promises follow prints."""
    assert promised('x = 1\nprint(x)\n# 1\n# not a promise\n') == ["1"]


# ------------------------------------------------------------------------ shell examples

_PLACEHOLDER = re.compile(r"\.\.\.|…|[|\[\]<]|\b[A-Z]{2,}(?:_[A-Z]+)*\b")


def shell_lines(text: str) -> list[str]:
    """The ``tallon`` command lines of a document's ```sh blocks, continued lines joined."""
    lines = []
    for block in re.findall(r"```sh\n(.*?)```", text, re.S):
        joined = re.sub(r"[ \t]*\\\n[ \t]*", " ", block)
        lines += [line.rstrip() for line in joined.splitlines() if line.startswith("tallon ")]
    return lines


def _without_comment(line: str) -> str:
    """The line up to a shell comment: a ``#`` starting a word, outside quotes."""
    quote = ""
    for i, char in enumerate(line):
        if quote:
            quote = "" if char == quote else quote
        elif char in "'\"":
            quote = char
        elif char == "#" and (i == 0 or line[i - 1].isspace()):
            return line[:i].rstrip()
    return line


def command(line: str) -> tuple[list[str], str | None] | str:
    """The arguments after ``tallon`` and the file a final ``> FILE`` writes; or, for a
    line that is not run, why."""
    text = _without_comment(line)
    if _PLACEHOLDER.search(text):
        return "a pattern, not a command (placeholder, alternatives or optional parts)"
    words = shlex.split(text)[1:]
    target = None
    if len(words) >= 2 and words[-2] == ">":
        words, target = words[:-2], words[-1]
    if ">" in words or any(w.startswith(("/", ">")) or ".." in Path(w).parts
                           for w in [*words, target or ""]):
        return "it names a path outside its directory (or redirects oddly)"
    if words[:1] == ["demo"]:
        rounds = words[words.index("--rounds") + 1] if "--rounds" in words[:-1] else ""
        if rounds not in ("1", "2"):
            return "a whole game takes too long for this test"
    return words, target


def run_tallon(words: list[str], monkeypatch: pytest.MonkeyPatch) -> tuple[int, str, str]:
    """``tallon WORDS`` through the console script's entry point, in process: its exit
    status, standard output and standard error."""
    out, err = io.StringIO(), io.StringIO()
    monkeypatch.setattr(sys, "argv", ["tallon", *words])
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    status: int = 0
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            cli.main()
        except SystemExit as stop:
            status = stop.code if isinstance(stop.code, int) else int(stop.code is not None)
    return status, out.getvalue(), err.getvalue()


@pytest.mark.parametrize("name", DOCUMENTS)
def test_the_shell_examples_of_a_document_are_valid_commands(name, tmp_path, monkeypatch):
    """Situation: each ``tallon`` line of the document's shell examples, run in order in a
    temporary directory. Expected: every one exits 0 or 1 (an answer, yes or no), never 2
    (bad input) or 3 (a crash): a documented example is valid input."""
    lines = shell_lines(_text(name))
    runnable = [(line, c) for line in lines if not isinstance(c := command(line), str)]
    if not runnable:
        pytest.skip(f"{name} has no runnable tallon command examples")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("COLUMNS", "100")
    for file, content in GIVEN_FILES.items():
        (tmp_path / file).write_text(content, encoding="utf-8")
    failures = []
    for line, (words, target) in runnable:
        status, out, err = run_tallon(words, monkeypatch)
        if status not in (0, 1):
            failures.append(f"{line}\n  -> exit {status}: {(err or out).strip()[:300]}")
        elif target is not None:
            (tmp_path / target).write_text(out, encoding="utf-8")
    assert not failures, f"{name}:\n" + "\n".join(failures)


def test_the_shell_runner_reads_commands_as_a_reader_would():
    """Situation: sample sh blocks. Expected: continued lines are joined, comments dropped,
    a final ``> FILE`` is the output's file, patterns and paths outside the directory are
    not run, and only a short demo is."""
    text = ("```sh\ntallon dice --attack 3 \\\n    --defense 2   # a comment\n"
            "cat squad.json | tallon squad check -\n```\n")
    assert shell_lines(text) == ["tallon dice --attack 3 --defense 2   # a comment"]
    assert command(shell_lines(text)[0]) == (["dice", "--attack", "3", "--defense", "2"], None)
    assert command("tallon squad quickbuild x-001 > qb.json  # one") == (
        ["squad", "quickbuild", "x-001"], "qb.json")
    assert command('tallon cards show "Han Solo"  # #2') == (["cards", "show", "Han Solo"], None)
    for pattern in ("tallon demo --out DIR", "tallon move --maneuver 2N [--json]",
                    "tallon move --drop 1F | --launch 5F", "tallon cards show ...",
                    "tallon draw --out /tmp/x.svg", "tallon draw --out ../x.svg",
                    "tallon demo --rounds 12", "tallon demo"):
        assert isinstance(command(pattern), str), pattern
    assert command("tallon demo --rounds 2 --json") == (["demo", "--rounds", "2", "--json"], None)


def test_a_failing_shell_example_is_caught(monkeypatch):
    """Situation: a command with an unknown option, and one with a good one. Expected: the
    runner sees exit status 2 for the first and 0 for the second (so the document test
    could fail)."""
    assert run_tallon(["dice", "--attack", "3", "--no-such-option"], monkeypatch)[0] == 2
    status, out, _ = run_tallon(["move", "--size", "small", "--maneuver", "2N"], monkeypatch)
    assert status == 0 and "[2N]" in out
