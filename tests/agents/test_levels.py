"""The AI levels by name: what the command line and the server's seats accept."""

from __future__ import annotations

import json

import pytest

from tallon.agents.ace import AceAgent
from tallon.agents.levels import (
    DEFAULT_THINK,
    LEVELS,
    Think,
    UnknownLevelError,
    make_agent,
    parse_think,
)
from tallon.agents.master import MasterAgent


def test_every_level_makes_an_agent():
    """Expected: each of random, simple, ace, master, weakest first, makes an agent that
    answers decisions; the master takes its thinking time."""
    assert list(LEVELS) == ["random", "simple", "ace", "master"]
    for level in LEVELS:
        assert callable(make_agent(level, 3).choose)
    assert isinstance(make_agent("ace", 1), AceAgent)
    master = make_agent("master", 1, think="0.5s")
    assert isinstance(master, MasterAgent) and master.think == Think(0.5, "seconds")
    assert make_agent("master", 1).think == DEFAULT_THINK == Think(300, "decisions")


@pytest.mark.parametrize(("text", "budget"), [
    ("400", Think(400, "decisions")), (" 0.5s", Think(0.5, "seconds")),
    ("2S", Think(2.0, "seconds")), ("0", Think(0, "decisions"))])
def test_a_thinking_budget_is_read_from_its_text(text, budget):
    """Expected: a whole number is imagined decisions, a number ending in s seconds; each
    written back as it reads."""
    assert parse_think(text) == budget
    assert parse_think(str(budget)) == budget


@pytest.mark.parametrize(("text", "says"), [
    ("0.5", "whole number"), ("fast", "whole number"), ("-3", "decisions from 0"),
    ("nans", "seconds from 0"), ("601s", "seconds from 0 to 600"), ("", "whole number")])
def test_a_bad_thinking_budget_says_what_is_accepted(text, says):
    with pytest.raises(ValueError, match=says):
        parse_think(text)
    with pytest.raises(TypeError, match="text such as"):
        parse_think(0.5)  # type: ignore[arg-type]


def test_an_unknown_level_names_the_levels():
    with pytest.raises(UnknownLevelError, match="random, simple, ace, master"):
        make_agent("grandmaster")


def test_the_demo_plays_the_levels_it_is_given(tmp_path):
    """Expected: `tallon demo --agents ace,simple` plays and exits 0; an unknown level
    exits 2 naming the levels."""
    from typer.testing import CliRunner

    from tallon.cli import _register_commands, app, main  # noqa: F401  (registers the commands)

    _register_commands()
    runner = CliRunner()
    done = runner.invoke(app, ["demo", "--agents", "ace,simple", "--rounds", "2", "--json",
                               "--out", str(tmp_path)])
    assert done.exit_code == 0, done.output
    assert json.loads(done.output)["agents"] == ["ace", "simple"]
    bad = runner.invoke(app, ["demo", "--agents", "ace,wizard", "--out", str(tmp_path)])
    assert bad.exit_code == 2 and "random, simple, ace, master" in bad.output
