"""The engine's shortcuts for speed (issue 13) answer as the full work would: the names a
game's abilities could listen at leave out only the damage cards its decks cannot deal;
each ship's dice modifications are the ones among all its abilities; a step made again
with the same immutable value is still checked for plain data wherever the value can
change; an obstacle far from a scenario feature is judged clear without measuring."""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from types import SimpleNamespace
from typing import Any

import pytest

from tallon.cards import CARDS
from tallon.cards.pool import default_squads, random_squad
from tallon.engine import Game, GameSetup
from tallon.engine.abilities import DiceMod
from tallon.engine.decisions import Decision
from tallon.engine.features import Feature
from tallon.engine.queue import dealable, named
from tallon.engine.scenario_play import R, overlapped_feature
from tallon.engine.steps import Step, StepDataError
from tallon.geometry import Obstacle, Pose
from tallon.geometry.constants import EPS
from tallon.geometry.ranges import disk_distance


def _first_edition_game() -> Game:
    from tallon.squads.play_1e import squad_for_play
    from tallon.squads.xws_1e import read_xws_1e
    a = read_xws_1e({"version": "1.0.0", "faction": "rebel", "pilots": [
        {"name": "rookiepilot", "ship": "xwing"}] * 2})
    b = read_xws_1e({"version": "1.0.0", "faction": "imperial", "pilots": [
        {"name": "academypilot", "ship": "tiefighter"}] * 3})
    return Game(GameSetup((squad_for_play(a.squad), squad_for_play(b.squad)), seed=1,
                          ruleset="1e", cards=CARDS))


def test_a_game_names_the_hooks_of_the_damage_cards_its_decks_deal_only():
    """Situation: a 2.5 game (the core damage deck) and a first-edition game (its two
    decks). Rule: a ship is dealt damage cards from its player's own damage deck
    (RR: DAMAGE CARDS), so only those cards' hooks can have listeners. Expected: the 2.5
    game names the windows of 2.5 damage cards (Console Fire's before_engage) but not
    the hook of the first edition's Shaken Pilot (dial_forbidden), which the
    first-edition game names; the 2.5 decks hold no first-edition card and the 1e decks
    every card of both of its decks."""
    game = Game(GameSetup(default_squads(), seed=3, cards=CARDS), logging=False)
    assert "before_engage" in named(game)
    assert "dial_forbidden" not in named(game)
    assert not any(card.startswith("1e-") for card in dealable("2.5"))
    assert "consolefire" in dealable("2.5")
    first = _first_edition_game()
    assert "dial_forbidden" in named(first)
    assert "1e-core-tfa-shakenpilot" in dealable("1e")
    assert "1e-core-directhit" in dealable("1e")
    assert not dealable("1e") & dealable("2.5")


def test_a_ships_dice_modifications_are_those_among_its_abilities():
    """Situation: every ship of the demo squads and of 20 random squads. Rule:
    RR: DICE MODIFICATION - an ability of any of the ship's cards may modify dice.
    Expected: the index's dice list is exactly, in order, the abilities that are dice
    modifications with options."""
    rng = random.Random(13)
    squads = [*default_squads(), *(random_squad(rng) for _ in range(20))]
    checked = 0
    for pair in zip(squads[::2], squads[1::2], strict=False):
        game = Game(GameSetup(pair, seed=checked, cards=CARDS), logging=False)
        for ship in game.state.ships.values():
            index = game.cards.index(ship)
            assert index.dice == tuple(h for h in index.all if isinstance(
                h.ability, DiceMod) and h.ability.dice is not None)
            checked += bool(index.dice)
    assert checked >= 5  # some ships do have dice modifications


@dataclass(frozen=True)
class Carrying(Step):
    """A step that carries any value, to probe the construction check again and again."""

    value: Any

    def run(self, game: Any) -> Decision | None:
        return None


def test_a_value_that_can_change_is_checked_every_time_a_step_is_made():
    """Situation: one tuple given to step after step; it holds a list that later gets a
    function. Rule: steps hold plain data only (architecture: steps are data). Expected:
    the first steps are made; once the list holds a function the next step is refused,
    though the tuple is the same object."""
    inner: list[Any] = ["p1.1"]
    value = ("facts", inner)
    for _ in range(3):
        assert Carrying(value).value is value
    inner.append(lambda game: None)
    with pytest.raises(StepDataError, match=r"Carrying\.value\[1\]\[1\] is a function"):
        Carrying(value)


def test_an_immutable_value_is_accepted_again_and_a_bad_one_refused_again():
    """Situation: the same immutable tuple of plain values, and the same tuple holding a
    function, each given to several steps. Rule: steps hold plain data only. Expected:
    the plain one is accepted every time, the other refused every time."""
    plain = (("ship", "p1.1"), ("speed", 3), ("full", True))
    bad = (("then", print),)
    for _ in range(3):
        assert Carrying(plain).value is plain
        with pytest.raises(StepDataError):
            Carrying(bad)


def test_an_obstacle_far_from_a_feature_is_judged_as_by_measuring():
    """Situation: obstacles of several outlines at 600 random poses round a satellite
    marker, from overlapping it to far away. Rule: scenario rules - obstacles cannot be
    placed overlapping a feature (its marker is a disk of radius R). Expected: the answer
    (the feature or None) is the one measuring the marker against the obstacle's pieces
    gives, and both answers occur."""
    feature = Feature("satellite-1", "satellite", 457.2, 457.2)
    game = SimpleNamespace(state=SimpleNamespace(features=[feature]))
    rng = random.Random(5)
    seen = set()
    for _ in range(600):
        outline = rng.choice(("core2asteroid0", "core2asteroid3", "core2debris1", "gascloud4",
                              "vt49decimatordebris0", "yt2400debris1"))
        distance = rng.uniform(0.0, 160.0)
        angle = rng.uniform(0.0, 2 * math.pi)
        pose = Pose(457.2 + distance * math.sin(angle), 457.2 + distance * math.cos(angle),
                    rng.uniform(0.0, 360.0))
        obstacle = Obstacle("probe", pose, outline)
        measured = disk_distance(feature.x, feature.y, 0.0, obstacle.overlap_pieces) < R - EPS
        found = overlapped_feature(game, obstacle)  # type: ignore[arg-type]
        assert (found is feature) is measured
        seen.add(measured)
    assert seen == {True, False}
