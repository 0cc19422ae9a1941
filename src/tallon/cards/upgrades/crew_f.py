"""Crew upgrades that look at hidden information (more crew: :mod:`tallon.cards.upgrades.crew_a`
to :mod:`tallon.cards.upgrades.crew_d2`): Cassian Andor.

A dial looked at becomes known to the looking player only (RR: DIAL;
:mod:`tallon.engine.knowledge`): their view shows it and a search of theirs keeps it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from tallon.cards.common import is_me, ships_in_range
from tallon.cards.registry import register
from tallon.engine.abilities import Ctx, Triggered
from tallon.engine.decisions import Decision, Option
from tallon.engine.dial_codes import dial_options
from tallon.engine.knowledge import look_at_dial, set_dial_again
from tallon.engine.state import ShipState
from tallon.engine.steps import Ask, ChoiceStep, continuation
from tallon.geometry import Maneuver

if TYPE_CHECKING:
    from tallon.engine.game import Game


# ------------------------------------------------------------------ Cassian Andor
CASSIAN = "cassianandor"


def _speed_and_bearing(code: str) -> str:
    """A maneuver's speed and bearing as a code without its difficulty ("2F")."""
    maneuver = Maneuver.parse(code)
    return f"{maneuver.speed}{maneuver.bearing.value}"


def _cassian_targets(ctx: Ctx) -> list[ShipState]:
    # a ship with no dial (ionized) has none to look at, and no guess could match it
    return [s for s in ships_in_range(ctx.game, ctx.ship, 1, 2, friendly=False)
            if s.dial_set is not None]


def _cassian_choices(ctx: Ctx) -> list[Option]:
    return [Option(s.id, f"guess the dial of {s.name} ({s.id}), then look at it")
            for s in _cassian_targets(ctx)]


def _guesses(target: ShipState) -> tuple[Option, ...]:
    """The speeds and bearings of the target's dial (a guess off its dial can't match)."""
    found: dict[str, Option] = {}
    for code in target.dial:
        key = _speed_and_bearing(code)
        bearing = Maneuver.parse(code).bearing.name.lower().replace("_", " ")
        found.setdefault(key, Option(key, f"guess speed {key[:-1]}, {bearing}"))
    return tuple(found.values())


def cassian(ctx: Ctx, choice: Any) -> None:
    target = ctx.other(str(choice))
    ctx.game.now(Ask(ctx.ship.owner, "use_ability", f"{ctx.ship.name} ({ctx.ship.id}): "
                     f"Cassian Andor - guess the speed and bearing of {target.name} "
                     f"({target.id})", _guesses(target), "cassianandor.guessed",
                     (ctx.ship.id, target.id), ship=ctx.ship.id))


@continuation("cassianandor.guessed")
def _cassian_guessed(game: Game, guess: str, ship_id: str, target_id: str) -> None:
    ship, target = game.state.ships[ship_id], game.state.ships[target_id]
    game.event("ability", f"{ship.name} ({ship.id}) guesses [{guess}] for the dial of "
               f"{target.name} ({target.id}) (Cassian Andor)", ship=ship.id, guess=guess)
    look_at_dial(game, ship.owner, target, "Cassian Andor")
    if target.dial_set is None or _speed_and_bearing(target.dial_set) != guess:
        return
    # its owner knows its dial: that the guess was right is no secret
    game.event("ability", f"The guess is right: {ship.name} ({ship.id}) may set its dial "
               "to another maneuver", ship=ship.id)
    if ship.dial_set is not None:  # an ionized ship has no dial to set
        game.now(SetDialAgain(ship.id))


@dataclass(frozen=True)
class SetDialAgain(ChoiceStep):
    """Cassian Andor: the owner may secretly set the ship's dial to another maneuver (a
    maneuver code; the one set now keeps it). RR: DIAL - "another": not the same one."""

    ship_id: str

    def choice(self, game: Game) -> Decision | None:
        ship = game.state.ships[self.ship_id]
        now = ship.dial_set
        if now is None:
            return None
        options = [Option(code, f"keep [{code}]" if code == now else
                          f"set the dial to [{code}]") for code in dial_options(ship)]
        if now not in {o.key for o in options}:
            options.insert(0, Option(now, f"keep [{now}]"))
        return self.ask(ship.owner, "set_dial", f"{ship.name} ({ship.id}): Cassian Andor - "
                        "set the dial to another maneuver?", options, ship=ship.id,
                        hidden=True)

    def apply(self, game: Game, answer: Any) -> None:
        ship = game.state.ships[self.ship_id]
        if answer == ship.dial_set:
            game.event("ability", f"{ship.name} ({ship.id}) keeps its dial (Cassian Andor)",
                       ship=ship.id)
            return
        set_dial_again(game, ship, str(answer), "Cassian Andor")


register("upgrade", CASSIAN,
         Triggered("guess an enemy ship's speed and bearing at range 1-2, then look at its "
                   "dial (if right, may set its own dial again)", window="system_phase",
                   requirement=lambda ctx: is_me(ctx) and bool(_cassian_targets(ctx)),
                   choices=_cassian_choices, effect=cassian),
         description="System Phase: may choose an enemy ship at range 1-2, guess a speed and "
                     "bearing and look at its dial (known to its player from then on); if "
                     "the guess matches, may set its own dial to another maneuver.")
