"""Talents that change how the ship moves: boosts with other templates (RR: BOOST), boosts
and barrel rolls through obstacles (RR: OBSTACLES).

Not implemented (refused at setup):

- Tierfon Belly Run: special attacks at range 0 of asteroids need the engine's attack
  restriction (engine/weapons.py cannot_attack) to tell special weapons apart;
- Heroic Sacrifice: its damage "bypassing shields" needs a way to suffer damage without
  losing shields first (engine/damage.py SufferDamage), which does not exist yet.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tallon.cards.common import is_me
from tallon.cards.registry import register
from tallon.data import load_cards
from tallon.dice import Face
from tallon.engine.abilities import Ctx, Modifier, Triggered
from tallon.engine.chance import RollDice
from tallon.engine.effects import gain_token
from tallon.engine.state import ShipState, Token, touching
from tallon.engine.steps import continuation

if TYPE_CHECKING:
    from tallon.engine.game import Game


def _daredevil(game: Any, owner: ShipState, colour: str = "", **facts: Any
               ) -> tuple[tuple[str, str], ...]:
    # only a boost action that is white so far: one already treated as red or purple
    # can't take the turn templates (RR: ACTIONS, the most restrictive colour)
    if colour != "white":
        return ()
    return (("turn_left", "red"), ("turn_right", "red"))


register("upgrade", "daredevil",
         Modifier("a white boost may use a [1 turn] template, treated as red",
                  hook="boost_templates", value=_daredevil),
         description="Performing a white boost action: may boost with the [1 turn left] or "
                     "[1 turn right] template instead, the action then being red.")


# ---------------------------------------------------------------------- Reckless
RECKLESS = "reckless-battleoverendor"


def _reckless_boost(game: Any, owner: ShipState, colour: str = "", **facts: Any
                    ) -> tuple[tuple[Any, ...], ...]:
    # only while the action is red so far (RR: ACTIONS: treated as red counts)
    if colour != "red":
        return ()
    return (("turn_left", None, (), "reckless.used"), ("turn_right", None, (), "reckless.used"))


def _reckless_roll(game: Any, owner: ShipState, colour: str = "", **facts: Any
                   ) -> tuple[tuple[Any, ...], ...]:
    if colour != "red":
        return ()
    return (("left", None, (), "reckless.used"), ("right", None, (), "reckless.used"))


@continuation("reckless.used")
def _reckless_used(game: Game, _: Any, ship_id: str) -> None:
    ship = game.state.ships[ship_id]
    # an unmodifiable attack die, as common.roll_die rolls for abilities
    game.now(RollDice("attack", 1, "common.die_rolled",
                      (ship.id, RECKLESS, "reckless.rolled", (ship.id,)), who=ship.name))


@continuation("reckless.rolled")
def _reckless_rolled(game: Game, face: Face, ship_id: str) -> None:
    if face in (Face.HIT, Face.CRIT):
        gain_token(game, game.state.ships[ship_id], Token.STRESS)


register("upgrade", RECKLESS,
         Modifier("a red boost may use a [1 turn] template (roll a die: hit or crit, stress)",
                  hook="boost_templates", value=_reckless_boost),
         Modifier("a red barrel roll may use a [1 turn] template (roll a die: hit or crit, "
                  "stress)", hook="barrel_roll_templates", value=_reckless_roll),
         description="Performing a red boost or red barrel roll action: may use the [1 turn "
                     "left] or [1 turn right] template instead; then rolls an attack die and "
                     "gains a stress token on a hit or critical hit result.")


# ----------------------------------------------------------- Backwards Tailslide
def closed_configuration(ship: ShipState) -> bool:
    """Whether the ship's equipped configuration upgrade shows its "(Closed)" side."""
    db = load_cards()
    for kind, xws, side in ship.cards:
        if kind == "upgrade" and db.upgrade(xws).slot == "configuration" \
                and "(Closed)" in db.upgrade(xws).sides[side].title:
            return True
    return False


def _tailslide_passes(game: Any, owner: ShipState, move: str = "", **facts: Any) -> bool:
    # RR: CARD INTERPRETATION - "can" is a capability, always applied while it holds
    return move in ("boost", "barrel_roll") and closed_configuration(owner)


def _slid_through(ctx: Ctx) -> bool:
    """A boost or barrel roll (a decloak is one too) went through the obstacle and the
    ship is not at range 0 of it."""
    if not is_me(ctx) or ctx.event["move"] not in ("boost", "barrel_roll"):
        return False
    obstacle = next((o for o in ctx.state.obstacles if o.id == ctx.event["obstacle"]), None)
    return obstacle is not None and ctx.ship.body is not None \
        and not touching(ctx.ship.body, obstacle)


register("upgrade", "backwardstailslide",
         Modifier("with a closed configuration, boosts and barrel rolls can move through and "
                  "overlap obstacles", hook="reposition_through_obstacles",
                  value=_tailslide_passes),
         Triggered("gain 1 evade token", window="after_obstacle_met", optional=False,
                   requirement=_slid_through,
                   effect=lambda ctx, choice: gain_token(ctx.game, ctx.ship, Token.EVADE)),
         description="With its configuration's (Closed) side faceup, its boosts and barrel "
                     "rolls can move through and overlap obstacles. After a boost or barrel "
                     "roll through an obstacle, if not at range 0 of it: gains 1 evade "
                     "token.")
