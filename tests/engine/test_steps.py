"""Steps are plain data (architecture idiom "steps are data"): a step refuses a function or
a live game object when it is made, continues through registered continuations, and a
clone answered never changes the original game."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest

from tallon.engine.decisions import Decision, Option
from tallon.engine.state import Token
from tallon.engine.steps import (
    Ask,
    ChoiceStep,
    Step,
    StepDataError,
    Then,
    call_continuation,
    check_plain,
    continuation,
)
from tallon.scene import Scene


@dataclass(frozen=True)
class Holder(Step):
    """A step that carries any value, to probe the construction check."""

    value: Any

    def run(self, game: Any) -> Decision | None:
        return None


@pytest.mark.parametrize("value", [
    "p1.1", 3, 2.5, True, None, ("p1.1", ("a", 1)), ["x", 1], {"ship": "p1.1"},
    Token.FOCUS, Option("focus", "spend a focus token", {"spend": [["focus", 1]]}),
])
def test_a_step_accepts_plain_data(value):
    """Ids, numbers, strings, tuples, lists and string-keyed dicts of them, enum members
    and frozen records are plain data: the step is made."""
    assert Holder(value).value == value


def test_a_step_refuses_a_function():
    """A closure in a step would run against whichever game made it (the clone bug): the
    step refuses it, saying what to do instead."""
    with pytest.raises(StepDataError, match=r"Holder\.value is a function.*continuation"):
        Holder(lambda game: None)


def test_a_step_refuses_a_live_ship_even_inside_a_tuple():
    """A ShipState is a live object of one game: refused wherever it hides."""
    sc = Scene()
    sc.ship("academypilot", at=(400, 300, 0))
    sc.ship("academypilot", player=2, at=(400, 600, 180))
    ship = sc.game().state.ships["p1.1"]
    with pytest.raises(StepDataError, match=r"Holder.value\[1\] is a ShipState"):
        Holder(("p1.1", ship))
    with pytest.raises(StepDataError, match="dict key must be a string"):
        Holder({1: "x"})


def test_ask_and_then_name_their_continuation():
    """Ask and Then hold the name of a registered continuation and plain arguments; an
    unknown name is reported when the step runs."""
    with pytest.raises(StepDataError):
        Ask(0, "use_ability", "?", (Option("a", "a"),), lambda game, value: None)  # type: ignore[arg-type]
    seen = []

    @continuation("tests.steps.note")
    def note(game: Any, value: Any, who: str) -> None:
        seen.append((value, who))

    call_continuation(None, "tests.steps.note", "yes", ("p1.1",))  # type: ignore[arg-type]
    assert seen == [("yes", "p1.1")]
    with pytest.raises(KeyError, match=r"no continuation is registered as 'tests\.nothing'"):
        Then("tests.nothing").run(None)  # type: ignore[arg-type]


def test_a_continuation_name_is_registered_once():
    """Two functions under one name would make a saved game ambiguous: refused."""
    continuation("tests.steps.once")(lambda game, value: None)
    with pytest.raises(ValueError, match="registered twice"):
        continuation("tests.steps.once")(lambda game, value: None)


def test_plain_data_is_checked_deeply():
    """check_plain follows records, tuples, lists and dicts to the bottom."""
    check_plain((("a", (1, 2.0)), [None, {"k": ("v",)}]), "x")
    with pytest.raises(StepDataError, match=r"x\[0\]\[1\] is a set"):
        check_plain((("a", {1}),), "x")


@dataclass(frozen=True)
class Pick(ChoiceStep):
    """A question with fixed options, recording the answer it applies."""

    options: tuple[str, ...]

    def choice(self, game: Any) -> Decision | None:
        return self.ask(0, "use_ability", "pick", tuple(Option(o, o) for o in self.options))

    def apply(self, game: Any, answer: Any) -> None:
        game.append(answer)


def test_a_choice_step_asks_then_applies_the_answer_given():
    """ChoiceStep.run asks its decision (resumed by the step itself); the step answered
    applies the answer."""
    applied: list[str] = []
    decision = Pick(("a", "b")).run(applied)  # type: ignore[arg-type]
    assert decision is not None and decision.option_keys() == ["a", "b"]
    assert decision.resume == Pick(("a", "b"))
    decision.resume.answered("b").run(applied)  # type: ignore[arg-type]
    assert applied == ["b"]


def test_jingoist_answered_in_a_clone_leaves_the_original_alone():
    """The clone bug: at ISB Jingoist's question (which token the enemy gains), answering
    a clone gave the ORIGINAL game's ship the strain token. Now the question holds ship
    ids: the clone's ship gains the token, the original's does not, and the original can
    still be answered."""
    from tallon.engine.attack import Engage

    sc = Scene()
    jingoist = sc.ship("isbjingoist", at=(400, 300, 0))
    enemy = sc.ship("redsquadronveteran", player=2, at=(400, 380, 180),
                    tokens={"focus": 1})
    game = sc.at(Engage(jingoist))
    game.answer(enemy)                       # use the ability on the enemy
    assert game.decision.kind == "jingoist_token"
    clone = game.clone()
    clone.answer("strain")
    clone.answer("gain")                     # the enemy's player refuses to remove a token
    assert clone.state.ships[enemy].has(Token.STRAIN)
    assert not game.state.ships[enemy].has(Token.STRAIN)
    game.answer("deplete")
    game.answer("gain")
    assert game.state.ships[enemy].has(Token.DEPLETE)
    assert not game.state.ships[enemy].has(Token.STRAIN)
