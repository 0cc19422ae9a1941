"""The effects of the standard actions (RR: FOCUS, RR: EVADE, RR: CALCULATE, RR: CLOAK,
RR: REINFORCE, RR: LOCK, RR: BARREL ROLL, RR: BOOST, RR: ROTATE, RR: JAM, RR: RELOAD, RR: SLAM;
RR: COORDINATE lives beside the Perform Action step it schedules, in :mod:`tallon.engine.actions`).

Each body is a step made by :class:`~tallon.engine.actions.StartAction` as
``body(ship_id, during_activation)``. A body that finds nothing to do calls :func:`fail`
(RR: FAIL): the action was still attempted.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from tallon.data import load_cards
from tallon.engine.decisions import Decision, Option
from tallon.engine.effects import acquire_lock, can_lock, gain_token
from tallon.engine.movement import (
    ExecuteManeuver,
    reposition,
    reposition_fails,
    roll_positions,
    would_flee,
)
from tallon.engine.queue import own_modifiers
from tallon.engine.state import ShipState, Token
from tallon.engine.steps import ChoiceStep, Step
from tallon.geometry import STANDARD_ARCS, Arc, barrel_roll, boost, in_arc

if TYPE_CHECKING:
    from tallon.engine.game import Game

RELOADABLE = ("torpedo", "missile", "device")


def fail(game: Game, ship: ShipState) -> None:
    """RR: FAIL - the action is treated as failed: no "after you perform an action"
    abilities, and it still counts as performed this round."""
    ship.action_failed = True


def turret_arcs_for(ship: ShipState, pointing: Arc) -> tuple[Arc, ...]:
    """The standard arcs a turret indicator pointing at ``pointing`` selects."""
    opposite = {Arc.FRONT: Arc.REAR, Arc.REAR: Arc.FRONT, Arc.LEFT: Arc.RIGHT,
                Arc.RIGHT: Arc.LEFT}
    return (pointing, opposite[pointing]) if ship.turret_double else (pointing,)


def reloadable_cards(game: Game, ship: ShipState) -> list[str]:
    """RR: RELOAD - the ship's torpedo, missile and device upgrades below their charge
    limit."""
    db = load_cards()
    cards = []
    for xws, charge in ship.charges.items():
        if xws == ship.pilot or charge.active >= charge.limit:
            continue
        upgrade = db.upgrade(xws)
        if any(slot in RELOADABLE for slot in upgrade.slots) and \
                reload_amount(game, ship, xws) > 0:
            cards.append(xws)
    return cards


def reload_amount(game: Game, ship: ShipState, card: str) -> int:
    """How many charges reloading ``card`` recovers: 1, or what a card of the ship says
    (hook ``reload_charges``: 0 for "this card's charges cannot be recovered")."""
    found = [held.ability.value(game, ship, ship=ship, card=card)
             for held in own_modifiers(game, ship, "reload_charges")]
    found = [n for n in found if n is not None]
    return min(found) if 0 in found else max([1, *found])


@dataclass(frozen=True)
class ActionBody(Step):
    """The effect of a standard action (see the module docstring)."""

    ship_id: str
    during_activation: bool = False


@dataclass(frozen=True)
class GainTokenAction(ActionBody):
    token: ClassVar[Token] = Token.FOCUS

    def run(self, game: Game) -> Decision | None:
        gain_token(game, game.state.ships[self.ship_id], self.token)
        return None


@dataclass(frozen=True)
class FocusAction(GainTokenAction):
    """RR: FOCUS - gain one focus token."""


@dataclass(frozen=True)
class EvadeAction(GainTokenAction):
    """RR: EVADE - gain one evade token."""

    token: ClassVar[Token] = Token.EVADE


@dataclass(frozen=True)
class CalculateAction(GainTokenAction):
    """RR: CALCULATE - gain one calculate token."""

    token: ClassVar[Token] = Token.CALCULATE


@dataclass(frozen=True)
class CloakAction(GainTokenAction):
    """RR: CLOAK - gain one cloak token."""

    token: ClassVar[Token] = Token.CLOAK


@dataclass(frozen=True)
class ReinforceAction(ActionBody, ChoiceStep):
    """RR: REINFORCE - gain a reinforce token, fore or aft side up (the player chooses)."""

    def choice(self, game: Game) -> Decision | None:
        ship = game.state.ships[self.ship_id]
        return self.ask(ship.owner, "reinforce_side", f"{ship.name} ({ship.id}): reinforce "
                        "which side?", (Option("fore", "fore"), Option("aft", "aft")),
                        ship=ship.id)

    def apply(self, game: Game, answer: Any) -> None:
        token = Token.REINFORCE_FORE if answer == "fore" else Token.REINFORCE_AFT
        gain_token(game, game.state.ships[self.ship_id], token)


@dataclass(frozen=True)
class LockAction(ActionBody, ChoiceStep):
    """RR: LOCK - choose another object at range 0-3 and lock it; fails only when there is
    no valid object."""

    def choice(self, game: Game) -> Decision | None:
        ship = game.state.ships[self.ship_id]
        targets = lock_targets(game, ship)
        if not targets:
            fail(game, ship)
            return None
        options = tuple(Option(t, _describe(game, t)) for t in targets)
        return self.ask(ship.owner, "lock_target", f"{ship.name} ({ship.id}): lock what?",
                        options, ship=ship.id)

    def apply(self, game: Game, answer: Any) -> None:
        acquire_lock(game, game.state.ships[self.ship_id], answer)


def lock_targets(game: Game, ship: ShipState, max_range: int = 3) -> list[str]:
    """Objects ``ship`` can lock: other objects at range 0-``max_range``."""
    s = game.state
    assert ship.body is not None
    return [o.id for o in s.table().objects() if o.id != ship.id
            and s.in_range(ship, s.ships.get(o.id, o), 0, max_range)
            and can_lock(game, ship, o.id) is None]


def _describe(game: Game, object_id: str) -> str:
    other = game.state.ships.get(object_id)
    return f"{other.name} ({object_id})" if other else object_id


@dataclass(frozen=True)
class BarrelRollAction(ActionBody, ChoiceStep):
    """RR: BARREL ROLL - declare left or right, then place the ship at the front, middle or
    back; it fails when all three positions fail."""

    side: str | None = None
    auto_single: ClassVar[bool] = True

    def choice(self, game: Game) -> Decision | None:
        ship = game.state.ships[self.ship_id]
        if self.side is None:
            return self.ask(ship.owner, "barrel_roll_direction",
                            f"{ship.name} ({ship.id}): barrel roll to which side?",
                            (Option("left", "left"), Option("right", "right")), ship=ship.id)
        positions = roll_positions(game, ship, self.side, through_obstacles=True)
        if not positions:
            fail(game, ship)
            return None
        return self.ask(ship.owner, "barrel_roll_position",
                        f"{ship.name} ({ship.id}): barrel roll {self.side} to which "
                        "position?", tuple(Option(k, k) for k in positions), ship=ship.id)

    def apply(self, game: Game, answer: Any) -> None:
        if self.side is None:
            game.push(BarrelRollAction(self.ship_id, self.during_activation, side=answer))
            return
        ship = game.state.ships[self.ship_id]
        reposition(game, ship, barrel_roll(game.state.table(), ship.id, self.side, answer))
        game.event("move", f"{ship.name} ({ship.id}) barrel rolls {self.side} ({answer})",
                   ship=ship.id)


@dataclass(frozen=True)
class BoostAction(ActionBody, ChoiceStep):
    """RR: BOOST - declare left, straight or right; fails if that placement fails. A card
    may offer other templates (hook ``boost_templates``: the [1 turn] templates of
    Daredevil), possibly treating the action as another colour."""

    def choice(self, game: Game) -> Decision | None:
        ship = game.state.ships[self.ship_id]
        options = [Option(d, d) for d in ("left", "straight", "right")]
        for key, colour in boost_templates(game, ship).items():
            label = key.replace("_", " ") + (f" (treated as {colour})" if colour else "")
            options.append(Option(key, label))
        return self.ask(ship.owner, "boost_direction",
                        f"{ship.name} ({ship.id}): boost which way?", tuple(options),
                        ship=ship.id)

    def apply(self, game: Game, answer: Any) -> None:
        ship = game.state.ships[self.ship_id]
        extra = boost_templates(game, ship)
        turn = answer in extra
        if turn and extra[answer]:
            treat_action_as(ship, extra[answer])
        direction = answer.removeprefix("turn_")
        attempt = boost(game.state.table(), ship.id, direction, turn=turn)
        if reposition_fails(game, ship, attempt, "boost"):
            fail(game, ship)
            return
        reposition(game, ship, attempt)
        game.event("move", f"{ship.name} ({ship.id}) boosts {answer.replace('_', ' ')}",
                   ship=ship.id)


#: the boost templates a card may add (RR: BOOST uses the others)
TURN_BOOSTS = ("turn_left", "turn_right")
ACTION_COLOURS = ("white", "red", "purple")  # least to most restrictive (RR: ACTIONS)


def boost_templates(game: Game, ship: ShipState) -> dict[str, str | None]:
    """The extra templates the ship's cards let it boost with now, each with the colour
    the boost action is then treated as (hook ``boost_templates``, given the action's
    colour so far)."""
    found: dict[str, str | None] = {}
    colour = ship.action_colour or "white"
    for held in own_modifiers(game, ship, "boost_templates"):
        for key, treated in held.ability.value(game, ship, colour=colour) or ():
            if key in TURN_BOOSTS and key not in found:
                found[key] = treated
    return found


def treat_action_as(ship: ShipState, colour: str) -> None:
    """Treat the action the ship is performing as ``colour`` from now on; the most
    restrictive colour applies (RR: ACTIONS). The Finish Action step reads it."""
    current = ship.action_colour or "white"
    if ACTION_COLOURS.index(colour) > ACTION_COLOURS.index(current):
        ship.action_colour = colour


@dataclass(frozen=True)
class RotateAction(ActionBody, ChoiceStep):
    """RR: ROTATE - point the turret indicator at another standard arc (a double indicator
    at the other pair)."""

    auto_single: ClassVar[bool] = True

    def choice(self, game: Game) -> Decision | None:
        ship = game.state.ships[self.ship_id]
        choices = [a for a in STANDARD_ARCS if a not in ship.turret]
        if ship.turret_double:
            choices = choices[:1]
        return self.ask(ship.owner, "rotate_arc", f"{ship.name} ({ship.id}): turn the "
                        "turret to which arc?", tuple(Option(a.value, a.value)
                                                      for a in choices), ship=ship.id)

    def apply(self, game: Game, answer: Any) -> None:
        ship = game.state.ships[self.ship_id]
        ship.turret = turret_arcs_for(ship, Arc(answer))
        game.event("action", f"{ship.name} ({ship.id}) points its turret at {answer}",
                   ship=ship.id)


@dataclass(frozen=True)
class JamAction(ActionBody, ChoiceStep):
    """RR: JAM - choose an enemy ship at range 1, or at range 1-2 in the jamming ship's
    front arc (ruling); it gains a jam token. Fails if there is none."""

    def choice(self, game: Game) -> Decision | None:
        ship = game.state.ships[self.ship_id]
        targets = jam_targets(game, ship)
        if not targets:
            fail(game, ship)
            return None
        return self.ask(ship.owner, "jam_target", f"{ship.name} ({ship.id}): jam which "
                        "ship?", tuple(Option(s.id, f"{s.name} ({s.id})") for s in targets),
                        ship=ship.id)

    def apply(self, game: Game, answer: Any) -> None:
        ship = game.state.ships[self.ship_id]
        gain_token(game, game.state.ships[answer], Token.JAM, applier=ship.owner)


def jam_targets(game: Game, ship: ShipState) -> list[ShipState]:
    assert ship.body is not None
    found = []
    for other in game.state.in_play():
        if other.owner == ship.owner:
            continue
        r = game.state.range_up_to(ship, other, 2)
        if r == 1 or (r == 2 and in_arc(ship.body, other.body, Arc.FRONT)):
            found.append(other)
    return found


@dataclass(frozen=True)
class ReloadAction(ActionBody, ChoiceStep):
    """RR: RELOAD - a torpedo, missile or device upgrade below its charge limit recovers
    one charge; the ship gains a disarm token."""

    auto_single: ClassVar[bool] = True

    def choice(self, game: Game) -> Decision | None:
        ship = game.state.ships[self.ship_id]
        return self.ask(ship.owner, "reload_card", f"{ship.name} ({ship.id}): reload which "
                        "card?", tuple(Option(c, c) for c in reloadable_cards(game, ship)),
                        ship=ship.id)

    def apply(self, game: Game, answer: Any) -> None:
        ship = game.state.ships[self.ship_id]
        charge = ship.charges[answer]
        charge.active = min(charge.limit, charge.active + reload_amount(game, ship, answer))
        game.event("action", f"{ship.name} ({ship.id}) reloads {answer}", ship=ship.id)
        gain_token(game, ship, Token.DISARM)


@dataclass(frozen=True)
class SlamAction(ActionBody, ChoiceStep):
    """RR: SLAM - execute a maneuver from the dial of the speed executed this round; it
    fails if the ship would flee; then gain a disarm token."""

    during_activation: bool = True

    def choice(self, game: Game) -> Decision | None:
        ship = game.state.ships[self.ship_id]
        speed = ship.executed_speed
        codes = [c for c in ship.dial if int(c[0]) == speed]
        options = tuple(Option(c, c) for c in codes if not would_flee(game, ship, c))
        if not options:
            fail(game, ship)
            return None
        return self.ask(ship.owner, "slam_maneuver", f"{ship.name} ({ship.id}): SLAM with "
                        "which maneuver?", options, ship=ship.id)

    def apply(self, game: Game, answer: Any) -> None:
        game.push(ExecuteManeuver(self.ship_id, answer, slam=True), GainDisarm(self.ship_id))


@dataclass(frozen=True)
class GainDisarm(Step):
    ship_id: str

    def run(self, game: Game) -> Decision | None:
        ship = game.state.ships[self.ship_id]
        if ship.in_play:
            gain_token(game, ship, Token.DISARM)
        return None
