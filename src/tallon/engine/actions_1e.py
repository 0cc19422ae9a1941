"""The first edition's standard actions where they differ from 2.5's
(:mod:`tallon.engine.action_bodies`): the bodies a ruleset names in
``Ruleset.action_bodies`` (jam, barrel roll, boost; reload is a card-pool body,
``tallon.cards.first_edition.reload_1e``) and the availability rules it switches on
(``slam_action_step_only``, ``reposition_measured_first``), asked by
:func:`tallon.engine.actions.can_perform` through :func:`ruleset_refusal`.

* Jam (jam_1e): the TIE Reaper's jam action chooses an enemy ship at Range 1-2 (no arc)
  and assigns it 1 jam token (ruling: Duty Free's "at Range 1-3 (instead of at Range
  1-2)" and ISB Slicer's jam tokens; the token's effect: reference card (1e) "Reload Action
  and Jam Tokens", engine/tokens.py with the ruleset's ``jammed_tokens``).
* Barrel roll (barrel_roll_1e): rulebook (1e), Barrel Roll - the template anywhere along
  the side, the ship anywhere along its end (:mod:`tallon.geometry.barrel_roll_1e`).
* Boost (boost_1e) and barrel roll: FAQ (1e), Performing a Boost / a Barrel Roll - only
  directions (and positions) where the ship can be placed are offered, and the action only
  when there is one, so neither fails.
* SLAM: reference card (1e) "SLAM Action" - never a free action: the ship may SLAM only as
  the action chosen in its Perform Action step (:func:`step_choices`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from tallon.engine.action_bodies import (
    ActionBody,
    BarrelRollAction,
    BoostAction,
    _note_target,
    fail,
)
from tallon.engine.allegiance import friendly
from tallon.engine.decisions import Decision, Option
from tallon.engine.effects import gain_token
from tallon.engine.movement import reposition, reposition_fails, roll_positions
from tallon.engine.queue import named
from tallon.engine.reposition_templates import (
    RepositionTemplate,
    boost_attempt,
    boost_choices,
    boost_directions,
    roll_choices,
)
from tallon.engine.state import ActionSpec, ShipState, Token
from tallon.engine.steps import ChoiceStep, Step
from tallon.geometry.barrel_roll_1e import barrel_roll_at, roll_slack
from tallon.geometry.repositioning import Attempt, barrel_roll_turn

if TYPE_CHECKING:
    from tallon.engine.game import Game

#: card memory of a ship choosing its Perform Action step's action: how many actions it had
#: performed this round when the step began (reference card (1e) "SLAM Action")
STEP_CHOICE = "rules:action_step_choice"

#: The listed barrel roll positions, each as the (template shift, ship shift) pairs that
#: put the ship there, in units of the slack (``roll_slack``), tried in order: the first
#: of front, middle and back is 2.5's (the template on the side's hashmark).
ROLL_SPOTS: dict[str, tuple[tuple[float, float], ...]] = {
    "front": ((0.0, 1.0), (0.5, 0.5), (1.0, 0.0)),
    "middle": ((0.0, 0.0), (-1.0, 1.0), (1.0, -1.0)),
    "back": ((0.0, -1.0), (-0.5, -0.5), (-1.0, 0.0)),
    "far front": ((1.0, 1.0),),
    "far back": ((-1.0, -1.0),),
}

#: the form of a barrel roll position's free answer
ROLL_FREE = ('{"template": mm, "ship": mm}: the template\'s middle line from the side\'s '
             'hashmark and the ship\'s hashmark from the template\'s, forward positive, '
             'each at most the slack either way')


# ------------------------------------------------------------------ availability
def step_choices(ship_id: str, steps: tuple[Step, ...]) -> tuple[Step, ...]:
    """The Perform Action step's choices of an action (``steps``), each marked as the
    step's own while it is chosen, the mark ended after the last."""
    marked: list[Step] = []
    for step in steps:
        marked += [OpenStepChoice(ship_id), step]
    return (*marked, CloseStepChoice(ship_id))


def choosing_step_action(ship: ShipState) -> bool:
    """Whether the ship is choosing its Perform Action step's action now (no action begun
    since the step began)."""
    mark = ship.recalled(STEP_CHOICE)
    return mark is not None and mark == len(ship.actions_done)


@dataclass(frozen=True)
class OpenStepChoice(Step):
    """The ship chooses an action of its Perform Action step next: mark it with the number
    of actions it has performed this round (any action it begins ends the mark)."""

    ship_id: str

    def run(self, game: Game) -> Decision | None:
        ship = game.state.ships[self.ship_id]
        ship.remember(STEP_CHOICE, len(ship.actions_done))
        return None


@dataclass(frozen=True)
class CloseStepChoice(Step):
    """The ship's Perform Action step is over: later actions are free actions."""

    ship_id: str

    def run(self, game: Game) -> Decision | None:
        game.state.ships[self.ship_id].remember(STEP_CHOICE, None)
        return None


def ruleset_refusal(game: Game, ship: ShipState, spec: ActionSpec) -> str | None:
    """Why the game's ruleset forbids ``spec`` now where 2.5 would allow it, or None."""
    rules = game.rules
    if spec.kind == "slam" and rules.slam_action_step_only and not choosing_step_action(ship):
        return "SLAM can't be performed as a free action, only in the Perform Action step"
    if spec.kind in ("barrel_roll", "boost") and rules.reposition_measured_first and \
            ship.body is not None and not ship.huge and \
            not reposition_possible(game, ship, spec.kind):
        return f"no {spec.kind.replace('_', ' ')} can place the ship"
    return None


def reposition_possible(game: Game, ship: ShipState, kind: str) -> bool:
    """Whether some barrel roll (``kind`` barrel_roll) or boost of the ship can be placed."""
    if kind == "boost":
        return bool(boost_options(game, ship))
    return any(roll_possible(game, ship, t) for t in roll_choices(game, ship).values())


# ------------------------------------------------------------------ barrel roll
def roll_spots(game: Game, ship: ShipState, side: str, speed: int = 1,
               first: bool = False) -> dict[str, Attempt]:
    """The listed positions of a barrel roll to ``side`` that place the ship (each with the
    first template shift that works; ``first``: stop at the first found)."""
    assert ship.body is not None
    slack = roll_slack(ship.size)
    found: dict[str, Attempt] = {}
    for key, shifts in ROLL_SPOTS.items():
        for template, moved in shifts:
            attempt = barrel_roll_at(game.state.table(), ship.id, side, template * slack,
                                     moved * slack, speed)
            if not reposition_fails(game, ship, attempt, "barrel_roll"):
                found[key] = attempt
                break
        if first and found:
            break
    return found


def roll_possible(game: Game, ship: ShipState, template: RepositionTemplate) -> bool:
    """Whether a barrel roll with ``template`` (a roll choice) can place the ship."""
    if template.curve:
        attempt = barrel_roll_turn(game.state.table(), ship.id, template.direction,
                                   template.curve, template.speed)
        return not reposition_fails(game, ship, attempt, "barrel_roll")
    if template.bank:
        return bool(roll_positions(game, ship, template.direction, through_obstacles=True,
                                   bank=template.bank))
    return bool(roll_spots(game, ship, template.direction, template.speed, first=True))


@dataclass(frozen=True)
class BarrelRoll1e(BarrelRollAction):
    """Rulebook (1e), Barrel Roll; FAQ (1e), Performing a Barrel Roll: a side where the ship
    can be placed, then a position anywhere along it: a listed one (front, middle, back,
    far front, far back) or a free answer ``{"template": mm, "ship": mm}``
    (:mod:`tallon.geometry.barrel_roll_1e`). Rolls with a bank or turn template (cards)
    are placed as 2.5 places them."""

    def choice(self, game: Game) -> Decision | None:
        ship = game.state.ships[self.ship_id]
        if self.side is None:
            options = tuple(Option(k, t.label(k)) for k, t in roll_choices(game, ship).items()
                            if roll_possible(game, ship, t))
            if not options:  # a card granted it where it can't be placed
                fail(game, ship)
                return None
            return self.ask(ship.owner, "barrel_roll_direction",
                            f"{ship.name} ({ship.id}): barrel roll to which side?", options,
                            ship=ship.id)
        if self.bank:
            return super().choice(game)
        spots = roll_spots(game, ship, self.side, self.speed)
        if not spots:
            fail(game, ship)
            return None
        return self.ask(ship.owner, "barrel_roll_position",
                        f"{ship.name} ({ship.id}): barrel roll {self.side} to which "
                        "position?", tuple(Option(k, _spot_label(k, a))
                                           for k, a in spots.items()),
                        ship=ship.id, free=ROLL_FREE)

    def check_free(self, game: Game, value: Any) -> str | None:
        if self.side is None or self.bank:
            return super().check_free(game, value)
        try:
            attempt = self._free_attempt(game, value)
        except (TypeError, ValueError, KeyError) as error:
            return f"not a barrel roll position ({error})"
        if reposition_fails(game, game.state.ships[self.ship_id], attempt, "barrel_roll"):
            return "the ship can't be placed there"
        return None

    def _free_attempt(self, game: Game, value: Any) -> Attempt:
        template, moved = float(value["template"]), float(value["ship"])
        if not (math.isfinite(template) and math.isfinite(moved)):
            raise ValueError("the shifts must be numbers")
        assert self.side is not None
        return barrel_roll_at(game.state.table(), self.ship_id, self.side, template, moved,
                              self.speed)

    def apply(self, game: Game, answer: Any) -> None:
        # a side still to choose (the base pushes this class again) or a bank roll
        if self.side is None or self.bank:
            super().apply(game, answer)
            return
        ship = game.state.ships[self.ship_id]
        attempt = (self._free_attempt(game, answer) if isinstance(answer, dict)
                   else roll_spots(game, ship, self.side, self.speed)[answer])
        reposition(game, ship, attempt)
        where = answer if isinstance(answer, str) else _shifts(attempt)
        game.event("move", f"{ship.name} ({ship.id}) barrel rolls {self.side} ({where})"
                   + (f" with the [{self.speed} straight] template" if self.speed != 1
                      else ""), ship=ship.id)


def _shifts(attempt: Attempt) -> str:
    """The template and ship shifts a barrel roll's label gives."""
    return attempt.label.partition("(")[2].rstrip(")")


def _spot_label(key: str, attempt: Attempt) -> str:
    return f"{key} ({_shifts(attempt)})"


# ------------------------------------------------------------------------ boost
def boost_options(game: Game, ship: ShipState) -> dict[str, RepositionTemplate]:
    """The boosts the ship may declare now that place it (a card may name the only ones:
    hook boost_directions)."""
    allowed = boost_directions(game, ship)
    return {k: t for k, t in boost_choices(game, ship).items()
            if (allowed is None or k in allowed) and not reposition_fails(
                game, ship, boost_attempt(game, ship, t), "boost")}


@dataclass(frozen=True)
class Boost1e(BoostAction):
    """Reference card (1e) "Boost Action" (as corrected), FAQ (1e), Performing a Boost: only
    the templates that place the ship are offered (straight, bank left and right, as 2.5's,
    from the front guides for every base size)."""

    def choice(self, game: Game) -> Decision | None:
        ship = game.state.ships[self.ship_id]
        options = tuple(Option(k, t.label(k)) for k, t in boost_options(game, ship).items())
        if not options:  # a card granted it where it can't be placed
            fail(game, ship)
            return None
        return self.ask(ship.owner, "boost_direction",
                        f"{ship.name} ({ship.id}): boost which way?", options, ship=ship.id)


# -------------------------------------------------------------------------- jam
def jam_targets_1e(game: Game, ship: ShipState) -> list[ShipState]:
    """The enemy ships at Range 1-2 (the first edition has no range 0: touching ships are
    at Range 1)."""
    return [other for other in game.state.in_play()
            if not friendly(other, ship) and game.state.in_range(ship, other, 0, 2)]


@dataclass(frozen=True)
class Jam1e(ActionBody, ChoiceStep):
    """The first edition's jam action: an enemy ship at Range 1-2 gains 1 jam token; with
    none the action does nothing (see the module docstring)."""

    auto_single: ClassVar[bool] = False

    def choice(self, game: Game) -> Decision | None:
        ship = game.state.ships[self.ship_id]
        targets = jam_targets_1e(game, ship)
        if not targets:
            fail(game, ship)
            return None
        return self.ask(ship.owner, "jam_target", f"{ship.name} ({ship.id}): jam which "
                        "ship?", tuple(Option(s.id, f"{s.name} ({s.id})") for s in targets),
                        ship=ship.id)

    def apply(self, game: Game, answer: Any) -> None:
        ship = game.state.ships[self.ship_id]
        if "after_action" in named(game):
            _note_target(game, ship.id, answer)  # "after you perform a jam action against"
        gain_token(game, game.state.ships[answer], Token.JAM, applier=ship.owner)


BODIES_1E: dict[str, type[ActionBody]] = {
    "jam_1e": Jam1e,
    "barrel_roll_1e": BarrelRoll1e,
    "boost_1e": Boost1e,
}
