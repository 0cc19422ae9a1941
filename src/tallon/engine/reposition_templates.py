"""The templates a boost or barrel roll may use beyond its printed ones (RR: BOOST,
RR: BARREL ROLL): turn templates, other speeds, what choosing them costs, and the colour
the action is then treated as, as cards allow (hooks ``boost_templates``,
``barrel_roll_templates``, ``reposition_speed``, ``boost_directions``). The action bodies
(:mod:`tallon.engine.action_bodies`) offer and carry them out."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from tallon.engine.costs import ResourceCost, can_pay_resources, pay_resources
from tallon.engine.movement import (
    reposition_fails,
    roll_positions,
)
from tallon.engine.queue import modifiers, own_modifiers
from tallon.engine.state import ShipState
from tallon.geometry import BaseSize, boost

if TYPE_CHECKING:
    from tallon.engine.game import Game


def boost_directions(game: Game, ship: ShipState) -> set[str] | None:
    """The only boost directions a card lets the ship use now (hook ``boost_directions``,
    every ship's cards: only those all of them allow), or None when no card limits them."""
    allowed: set[str] | None = None
    for owner, _, held in modifiers(game, "boost_directions"):
        found = held.value(game, owner, ship=ship)
        if found is not None:
            allowed = set(found) if allowed is None else allowed & set(found)
    return allowed


#: the boost templates a card may add (RR: BOOST uses the others)
TURN_BOOSTS = ("turn_left", "turn_right")
ACTION_COLOURS = ("white", "red", "purple")  # least to most restrictive (RR: ACTIONS)


def boost_templates(game: Game, ship: ShipState) -> dict[str, str | None]:
    """The extra templates the ship's cards let it boost with now, each with the colour
    the boost action is then treated as (hook ``boost_templates``, given the action's
    colour so far)."""
    return {key: t.colour for key, t in _turn_templates(game, ship).items()}


#: what choosing a template costs (costs.ResourceCost)
TemplateCost = ResourceCost

_BEARING_NAMES = {"left": "bank left", "straight": "straight", "right": "bank right"}


@dataclass(frozen=True)
class RepositionTemplate:
    """A template a boost or barrel roll may use (RR: BOOST, RR: BARREL ROLL): its direction
    (left, straight, right), whether it is a turn, its speed, the colour choosing it treats
    the action as (None: as it is) and what choosing it costs."""

    direction: str
    turn: bool = False
    speed: int = 1
    colour: str | None = None
    cost: TemplateCost = ()
    #: a barrel roll (direction: its side) with a [speed turn] template turning this way
    curve: str | None = None
    #: the continuation a move with this template sets off, called with the ship's id
    then: str | None = None
    #: a barrel roll (direction: its side) with the [1 bank] template curving forward or
    #: backward instead of [1 straight] (hook barrel_roll_banks)
    bank: str | None = None

    @property
    def name(self) -> str:
        if self.curve:
            return f"[{self.speed} turn {self.curve}]"
        bearing = f"turn {self.direction}" if self.turn else _BEARING_NAMES[self.direction]
        return f"[{self.speed} {bearing}]"

    def label(self, key: str) -> str:
        text = key.split("@")[0].split("/")[0].replace("_", " ")
        if self.bank:
            text = f"{self.direction} with the [1 bank] template curving {self.bank}"
        if self.curve:
            text = (f"{self.direction} with the {self.name} template, ending "
                    f"{'behind' if self.curve == self.direction else 'ahead'}")
        elif self.speed != 1:
            text += f" with the {self.name} template"
        if self.colour:
            text += f" (treated as {self.colour})"
        if self.cost:
            text += " (" + ", ".join(f"receive {n} stress" if r == "stress" else
                                     f"spend {n} {'Force' if r == 'force' else r + ' charge'}"
                                     for r, n in self.cost) + ")"
        return text


def pay_template_cost(game: Game, ship: ShipState, cost: TemplateCost) -> None:
    """Spend what a chosen template costs (RR: PAYING COSTS)."""
    pay_resources(game, ship, cost, "for its template")


def _turn_templates(game: Game, ship: ShipState) -> dict[str, RepositionTemplate]:
    """The [1 turn] templates the ship's cards offer its boost now (hook
    ``boost_templates``: (direction, colour[, cost]) given the action's colour so far). Two
    cards offering one template differently are two choices (the later keyed
    ``<direction>/<card>``)."""
    found: dict[str, RepositionTemplate] = {}
    colour = ship.action_colour or "white"
    for held in own_modifiers(game, ship, "boost_templates"):
        for entry in held.ability.value(game, ship, colour=colour) or ():
            key, treated = entry[0], entry[1]
            cost: TemplateCost = tuple(entry[2]) if len(entry) > 2 else ()
            then = entry[3] if len(entry) > 3 else None
            if key not in TURN_BOOSTS or not can_pay_resources(game, ship, cost):
                continue
            template = RepositionTemplate(key.removeprefix("turn_"), True, 1, treated, cost,
                                          then=then)
            if key in found:
                if found[key] == template:
                    continue
                key = f"{key}/{held.card}"
            found.setdefault(key, template)
    return found


def speed_changes(game: Game, ship: ShipState, move: str
                  ) -> tuple[int, list[tuple[int, TemplateCost]]]:
    """How the ship's cards change the speed of the template of its ``move`` (boost,
    barrel_roll or slam) now (hook ``reposition_speed``: None or (change, mandatory,
    cost)): the mandatory change (the largest) and the optional ones it can pay for."""
    forced, offers = 0, []
    colour = ship.action_colour or "white"
    for held in own_modifiers(game, ship, "reposition_speed"):
        found = held.ability.value(game, ship, move=move, colour=colour)
        if not found:
            continue
        change, mandatory, cost = found
        if mandatory:
            forced = max(forced, change)
        elif can_pay_resources(game, ship, tuple(cost)):
            offers.append((change, tuple(cost)))
    return forced, offers


def boost_attempt(game: Game, ship: ShipState, template: RepositionTemplate) -> Any:
    return boost(game.state.table(), ship.id, template.direction, template.speed,
                 turn=template.turn)


def boost_choices(game: Game, ship: ShipState) -> dict[str, RepositionTemplate]:
    """Every template the ship may boost with now, by answer key: left, straight, right,
    the turn templates cards offer, and for a speed a card offers ``<key>@<speed>``. A
    mandatory speed change ("you must use a template of 1 speed higher, if able") keeps the
    keys and changes their templates, unless that boost would fail where the usual one
    would not (ruling: then it is not able)."""
    base = {d: RepositionTemplate(d) for d in ("left", "straight", "right")}
    base.update(_turn_templates(game, ship))
    forced, offers = speed_changes(game, ship, "boost")
    found: dict[str, RepositionTemplate] = {}
    for key, template in base.items():
        if forced:
            faster = replace(template, speed=template.speed + forced)
            if not reposition_fails(game, ship, boost_attempt(game, ship, faster), "boost") \
                    or reposition_fails(game, ship, boost_attempt(game, ship, template),
                                        "boost"):
                template = faster
        found[key] = template
        for change, cost in offers:
            speed = template.speed + change
            found[f"{key}@{speed}"] = replace(template, speed=speed,
                                              cost=template.cost + cost)
    return found


def roll_choices(game: Game, ship: ShipState) -> dict[str, RepositionTemplate]:
    """The barrel rolls the ship may declare now, by answer key: left and right with the
    [1 straight] template, or as :func:`boost_choices` says for other speeds."""
    if ship.size is BaseSize.SMALL and any(
            held.ability.value(game, ship, ship=ship)
            for held in own_modifiers(game, ship, "barrel_roll_banks")):
        # "you must use the [1 bank] template instead of the [1 straight] template": each
        # side curving forward or backward (keyed <side>:bank_<forward or backward>)
        banks = {f"{side}:bank_{bank}": RepositionTemplate(side, bank=bank)
                 for side in ("left", "right") for bank in ("forward", "backward")}
        return {**banks, **_roll_turns(game, ship)}
    forced, offers = speed_changes(game, ship, "barrel_roll")
    found: dict[str, RepositionTemplate] = {}
    for side in ("left", "right"):
        template = RepositionTemplate(side, speed=1)
        if forced and (roll_positions(game, ship, side, 1 + forced, through_obstacles=True)
                       or not roll_positions(game, ship, side, through_obstacles=True)):
            template = replace(template, speed=1 + forced)
        found[side] = template
        for change, cost in offers:
            speed = template.speed + change
            found[f"{side}@{speed}"] = replace(template, speed=speed, cost=cost)
    found.update(_roll_turns(game, ship))
    found.update(_optional_banks(game, ship))
    return found


def _optional_banks(game: Game, ship: ShipState) -> dict[str, RepositionTemplate]:
    """The barrel rolls with the [1 bank] template a card lets a small ship choose instead
    of [1 straight], with what choosing it costs (hook ``barrel_roll_bank_choices``: a
    ResourceCost, or None; 1e Lieutenant Lorrir), keyed ``<side>:bank_<curve>``."""
    if ship.size is not BaseSize.SMALL:
        return {}
    found: dict[str, RepositionTemplate] = {}
    for held in own_modifiers(game, ship, "barrel_roll_bank_choices"):
        cost = held.ability.value(game, ship, ship=ship)
        if cost is None or not can_pay_resources(game, ship, tuple(cost)):
            continue
        for side in ("left", "right"):
            for bank in ("forward", "backward"):
                found.setdefault(f"{side}:bank_{bank}",
                                 RepositionTemplate(side, bank=bank, cost=tuple(cost)))
    return found


def _roll_turns(game: Game, ship: ShipState) -> dict[str, RepositionTemplate]:
    """The barrel rolls with a [1 turn] template the ship's cards offer now (hook
    ``barrel_roll_templates``: (curve, colour, cost, then) given the action's colour so
    far), keyed ``<side>:turn_<curve>`` (``/<card>`` for a second card offering one)."""
    found: dict[str, RepositionTemplate] = {}
    colour = ship.action_colour or "white"
    offered = [(held.card, entry) for held in own_modifiers(game, ship, "barrel_roll_templates")
               for entry in held.ability.value(game, ship, colour=colour) or ()]
    for side in ("left", "right"):
        for card, (curve, treated, cost, then) in offered:
            if curve not in ("left", "right") or not can_pay_resources(game, ship,
                                                                       tuple(cost)):
                continue
            key = f"{side}:turn_{curve}"
            template = RepositionTemplate(side, True, 1, treated, tuple(cost), curve, then)
            if key in found:
                if found[key] == template:
                    continue
                key = f"{key}/{card}"
            found.setdefault(key, template)
    return found


def treat_action_as(ship: ShipState, colour: str) -> None:
    """Treat the action the ship is performing as ``colour`` from now on; the most
    restrictive colour applies (RR: ACTIONS). The Finish Action step reads it."""
    current = ship.action_colour or "white"
    if ACTION_COLOURS.index(colour) > ACTION_COLOURS.index(current):
        ship.action_colour = colour
