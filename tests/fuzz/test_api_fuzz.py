"""Fuzzing the Python API's entry points that take outside data: ``read_xws`` (an XWS
squad), ``Game.from_record`` (a save file), ``Game.load`` (a snapshot) and ``GameSetup``
(what a program passes).

Each refuses bad data with its documented exception and a message, never a KeyError,
TypeError or other error from inside (docs/engine.md, "Bad input"):

- ``read_xws``: :class:`~tallon.squads.XwsError` when the input is not a squad at all;
  anything else is reported in the result's ``errors``;
- ``Game.from_record``: :class:`~tallon.engine.SetupError` (not a record, or a setup that
  cannot be played) or :class:`~tallon.engine.IllegalChoiceError` (an answer that does not
  fit);
- ``GameSetup``: :class:`~tallon.engine.SetupError`;
- ``Game.load`` (a snapshot): :class:`~tallon.engine.SetupError` for what it cannot decode.

The budget: ``TALLON_FUZZ_API`` examples per entry point (150 by default, what CI runs).
"""

from __future__ import annotations

import json
import os

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from tallon.cards import CARDS
from tallon.engine import Game, GameSetup, IllegalChoiceError, SetupError
from tallon.squads import XwsError, read_xws
from tests.fuzz.inputs import ODD_VALUES, damaged, documents

EXAMPLES = int(os.environ.get("TALLON_FUZZ_API", "150"))
FUZZ = settings(max_examples=EXAMPLES, deadline=None, derandomize=bool(os.environ.get("CI")),
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def _parsed(data: bytes) -> object:
    try:
        return json.loads(data)
    except (ValueError, RecursionError):
        return None


@FUZZ
@given(damaged("xws"), st.booleans())
def test_read_xws_refuses_a_damaged_squad_with_xws_error(damage, as_object):
    """Situation: an XWS file damaged one way or another, given as text or as the parsed
    object. Expected: a result (its problems in ``errors``) or XwsError; nothing else."""
    how, data = damage
    event(how)
    source = _parsed(data) if as_object else data.decode("utf-8", "replace")
    try:
        imported = read_xws(source)
    except XwsError as error:
        assert str(error)
        return
    for problem in imported.errors:
        assert problem.message


@FUZZ
@given(damaged("record"))
def test_from_record_refuses_a_damaged_record_with_its_documented_errors(damage):
    """Situation: a replay record damaged one way or another. Expected: the game it
    records, or SetupError / IllegalChoiceError with a message; nothing else."""
    how, data = damage
    event(how)
    record = _parsed(data)
    try:
        Game.from_record(record, CARDS, logging=False)  # type: ignore[arg-type]
    except (SetupError, IllegalChoiceError) as error:
        assert str(error)


@FUZZ
@given(damaged("snapshot"))
def test_load_refuses_a_snapshot_it_cannot_decode_with_setup_error(damage):
    """Situation: a saved game (snapshot) damaged one way or another. Expected: the game,
    or SetupError with a message; nothing else escapes ``Game.load``."""
    how, data = damage
    event(how)
    try:
        Game.load(_parsed(data), CARDS)  # type: ignore[arg-type]
    except SetupError as error:
        assert str(error)


@FUZZ
@given(st.fixed_dictionaries({
    "squads": st.sampled_from(["good", "one", "three", "strings", "none"]),
    "seed": st.sampled_from([0, 7, -1, 2**80, "7", 1.5, None, True]),
    "ruleset": st.sampled_from(["2.5", "1.0", "", None, 2.5]),
    "rounds": st.sampled_from([1, 12, 0, -3, "12", 2.0, None]),
    "cards": st.sampled_from(["registry", None, "CARDS", {}]),
}))
def test_game_setup_refuses_bad_arguments_with_setup_error(given_args):
    """Situation: a GameSetup built from a mix of good and bad arguments. Expected: a game
    that starts, or SetupError naming the argument; nothing else."""
    xws = documents()["xws"]
    squad = read_xws(xws).squad
    squads = {"good": (squad, squad), "one": (squad,), "three": (squad, squad, squad),
              "strings": ("squad1", "squad2"), "none": None}[given_args["squads"]]
    cards = CARDS if given_args["cards"] == "registry" else given_args["cards"]
    try:
        setup = GameSetup(squads, given_args["seed"], given_args["ruleset"],  # type: ignore[arg-type]
                          given_args["rounds"], cards=cards)  # type: ignore[arg-type]
        Game(setup, logging=False)
    except SetupError as error:
        assert str(error)


@FUZZ
@given(st.sampled_from(ODD_VALUES), st.sampled_from(["setup", "choices", "format", "version",
                                                      "chance", "state_hash"]))
def test_from_record_refuses_an_odd_value_in_any_top_level_field(odd, key):
    """Situation: a record whose top-level field holds an odd JSON value. Expected: the
    documented errors only."""
    record = dict(documents()["record"])
    record[key] = odd
    try:
        Game.from_record(record, CARDS, logging=False)
    except (SetupError, IllegalChoiceError) as error:
        assert str(error)
