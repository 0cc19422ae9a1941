"""The command line's shared behaviour: help and version on the root command, and help
texts that read well in an 80-column terminal."""

import itertools
import re

import pytest

from tallon import __version__
from tallon.geometry.maneuvers import Bearing, Difficulty
from tests.cli.helpers import run

WIDTH = 80


@pytest.fixture
def columns_80(monkeypatch):
    """Help rendered as in an 80-column terminal."""
    monkeypatch.setenv("COLUMNS", str(WIDTH))
    monkeypatch.delenv("TERMINAL_WIDTH", raising=False)


def help_of(*command: str) -> str:
    result = run(*command, "--help")
    assert result.exit_code == 0, result.output
    return result.output


def early_breaks(output: str) -> list[str]:
    """Lines of the help's prose and of its Commands panel that end before the next word
    would have to wrap: a line break in mid-sentence, where the text kept its source's
    line breaks instead of being rewrapped to the terminal."""
    lines = output.splitlines()
    found = []
    # prose outside the panels: a paragraph's lines start with one space (an indented
    # block - a table, a command to copy - starts with more and keeps its lines)
    for line, after in itertools.pairwise(lines):
        if (re.match(r" \S", line) and re.match(r" \S", after)
                and not line.lstrip().startswith("Usage:")
                and len(line.rstrip()) + 1 + len(after.split()[0]) <= WIDTH - 1):
            found.append(line.rstrip())
    # the Commands panel: "│ name  text │", an entry continued on lines with no name
    panel = []
    for line in lines:
        if line.startswith("╭─ Commands"):
            panel = [line]
        elif panel and not panel[-1].startswith("╰"):
            panel.append(line)
    rows = panel[1:-1]
    if rows:
        column = 2 + len(re.match(r"│ (\S+\s+)", rows[0]).group(1))
        room = len(rows[0]) - column - 2  # the text ends before a space and the border
        for line, after in itertools.pairwise(rows):
            text, more = line[column:-1].rstrip(), after[column:-1].split()
            if (after[2:column].strip() == "" and more
                    and len(text) + 1 + len(more[0]) <= room):
                found.append(line)
    return found


def test_version_prints_the_package_version():
    """Situation: tallon --version. Expected: exit 0 and exactly 'tallon VERSION'."""
    result = run("--version")
    assert result.exit_code == 0
    assert result.output.strip() == f"tallon {__version__}"


def test_root_help_lists_usage():
    """Situation: tallon --help. Expected: exit 0 and a usage line."""
    result = run("--help")
    assert result.exit_code == 0
    assert "Usage" in result.output


@pytest.mark.usefixtures("columns_80")
@pytest.mark.parametrize("command", [(), ("move",), ("measure",), ("dice",), ("demo",),
                                     ("replay",)])
def test_help_fits_80_columns_and_breaks_lines_only_where_it_must(command):
    """Situation: the root help and the help of commands whose texts span several source
    lines, at 80 columns. Expected: no line wider than 80 columns, nothing cut short with
    an ellipsis, and no line of prose or of the command list ending before its next word
    would have had to wrap (a mid-sentence break: the help's text must be rewrapped)."""
    output = help_of(*command)
    assert max(len(line) for line in output.splitlines()) <= WIDTH
    assert "…" not in output
    assert early_breaks(output) == []


def test_the_line_break_check_sees_a_mid_sentence_break():
    """Situation: a help paragraph and a command-list entry broken after a few words, as
    Typer printed them when a docstring's line breaks were kept. Expected: both lines are
    reported; a full line is not."""
    width = " " * 40
    broken = (f" Prints the final position{width}\n"
              " of the start, and the rotation.\n"
              "╭─ Commands ──╮\n"
              "│ measure  Range, arcs, attack ranges, obstruction and relative position for   │\n"
              "│          every ordered pair                                                  │\n"
              "│          of ships, measured exactly.                                         │\n"
              "╰──╯\n")
    assert early_breaks(broken) == [
        f" Prints the final position{width}".rstrip(),
        "│          every ordered pair                                                  │"]
    full = (" Prints the final position of the base's centre as millimetres forward and to\n"
            " the right of the start.\n")
    assert early_breaks(full) == []


def _words(text: str) -> str:
    return " ".join(text.lower().replace("'s ", " ").split())


@pytest.mark.usefixtures("columns_80")
def test_move_help_explains_every_bearing_and_difficulty_letter():
    """Situation: tallon move --help. Expected: each bearing letter the maneuver parser
    accepts is shown with its bearing's name (F straight, N bank right, Y turn right, E
    Tallon roll left, O stationary ...), and each difficulty letter with its colour."""
    text = _words(help_of("move"))
    for bearing in Bearing:
        assert f"{bearing.value.lower()} {bearing.name.lower().replace('_', ' ')}" in text, bearing
    for difficulty in Difficulty:
        assert f"{difficulty.value.lower()} {difficulty.name.lower()}" in text, difficulty
    assert "speed 0-5" in text and "straight 1-5" in text and "turn 1-3" in text


def _examples(output: str, command: str) -> list[list[str]]:
    return [line.split()[1:] for line in output.splitlines()
            if line.strip().startswith(f"tallon {command} ")]


@pytest.mark.usefixtures("columns_80")
@pytest.mark.parametrize(("command", "count"), [("move", 5), ("dice", 5)])
def test_the_examples_in_a_help_are_whole_lines_that_run(command, count):
    """Situation: the examples that tallon move --help and tallon dice --help show, at 80
    columns. Expected: each is on one line of its own (so it can be copied; a wrapped
    example would lose its last words) and runs with exit status 0."""
    examples = _examples(help_of(command), command)
    assert len(examples) == count
    for words in examples:
        result = run(*words)
        assert result.exit_code == 0, (words, result.output)
