"""LAAT/i Gunship pilots (Galactic Republic) and the ship ability Fire Convergence. The 212th
Battalion Pilot has no ability text.

RR: TURRET ARCS - the gunship's primary weapon is a [Double Turret Arc]: its one (double)
indicator selects two [Single Turret Arc]s in opposite directions (``ship.turret`` holds
both). So "the defender is in your [Single Turret Arc]" means in either arc the indicator
selects, and a "non-[Single Turret Arc] attack" is one made with a weapon that is neither a
single nor a double turret (the Gunners ruling: both are [Single Turret Arc] attacks)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tallon.cards.common import is_in_arc, is_me
from tallon.cards.pilots.clonez95headhunter import HAWK, HAWK_TEXT, WARTHOG, WARTHOG_TEXT
from tallon.cards.registry import register
from tallon.dice import ATTACKING, CardAbility, RerollDice
from tallon.engine.abilities import Ctx, DiceMod, Triggered
from tallon.engine.allegiance import friendly
from tallon.engine.conditions import assign_condition, has_condition
from tallon.engine.effects import transfer_token
from tallon.engine.state import ShipState, Token
from tallon.engine.weapons import TURRET_WEAPON_ARCS
from tallon.geometry import BaseSize, Maneuver

if TYPE_CHECKING:
    from tallon.engine.game import Game
    from tallon.engine.state import AttackState

#: the LAAT/i pilots: Fire Convergence spends the charges of the pilot card
LAAT_PILOTS = ("hawk", "hound", "warthog", "212thbattalionpilot", "sicko")


def in_turret_arc(of: ShipState, target: ShipState) -> bool:
    """RR: TURRET ARCS - ``target`` is in one of the arcs ``of``'s turret indicator selects."""
    return of.id != target.id and any(is_in_arc(of, target, arc) for arc in of.turret)


# ------------------------------------------------------------- Fire Convergence
def _convergence(pilot: str) -> DiceMod:
    # the charge is the gunship's pilot card's: one dice ability per pilot (one key: the
    # ship ability is used once per attack)
    ability = CardAbility("fireconvergence", "Fire Convergence (spend charge: reroll up to 2)",
                          effect=RerollDice(2), roles=ATTACKING, cost=((pilot, 1),))

    def applies(game: Game, attack: AttackState, owner: ShipState, user: ShipState) -> bool:
        # RR: FRIENDLY - the gunship itself is a friendly ship (its own turret attacks are
        # [Single Turret Arc] attacks, so it uses this only with other weapons)
        return (owner.pilot == pilot and attack.attacker == user.id
                and friendly(user, owner)
                and attack.weapon.arc not in TURRET_WEAPON_ARCS
                and in_turret_arc(owner, game.state.ships[attack.defender]))

    return DiceMod("spend 1 charge: the attacker rerolls up to 2 attack dice", dice=ability,
                   for_others=True, applies=applies)


register("ship_ability", "Fire Convergence", *(_convergence(p) for p in LAAT_PILOTS),
         description="While a friendly ship makes an attack that is not a turret attack "
                     "against a defender in this ship's turret arc: may spend 1 of this "
                     "ship's charges; the attacker then rerolls up to 2 attack dice.")


# ---------------------------------------------------------------- "Hawk", "Warthog"
register("pilot", "hawk", HAWK, description=HAWK_TEXT)
register("pilot", "warthog", *WARTHOG, description=WARTHOG_TEXT)


# ----------------------------------------------------------------------- "Hound"
HOUND_TOKENS = ("deplete", "strain")


def _hound(ctx: Ctx) -> bool:
    token = ctx.event["token"]
    ship = ctx.other(ctx.event["ship"])
    # RR: TOKENS - he takes one only while he has none of that kind
    return (token in HOUND_TOKENS and ship.id != ctx.ship.id and friendly(ship, ctx.ship)
            and ship.size is BaseSize.SMALL and in_turret_arc(ctx.ship, ship)
            and ship.has(Token(token)) and not ctx.ship.has(Token(token)))


register("pilot", "hound",
         Triggered("transfer the token to yourself", window="after_gain_token",
                   requirement=_hound,
                   effect=lambda ctx, choice: transfer_token(
                       ctx.game, ctx.other(ctx.event["ship"]), ctx.ship,
                       Token(ctx.event["token"]))),
         description="After a friendly small ship in his turret arc gains a deplete or "
                     "strain token, if he has none of that kind: may transfer it to "
                     "himself.")


# ----------------------------------------------------------------------- "Sicko"
SICK = "sickeningmaneuver"


def _sicko(ctx: Ctx) -> bool:
    # RR: BASIC MANEUVERS - straights, banks and turns
    return (is_me(ctx) and Maneuver.parse(str(ctx.event["maneuver"])).bearing.is_basic
            and not has_condition(ctx.ship, SICK))


register("pilot", "sicko",
         Triggered("assign yourself the Sickening Maneuver condition", window="after_execute",
                   requirement=_sicko,
                   effect=lambda ctx, choice: assign_condition(ctx.game, ctx.ship, SICK,
                                                               ctx.ship.owner)),
         description="After executing a basic maneuver: may assign himself the Sickening "
                     "Maneuver condition.")

