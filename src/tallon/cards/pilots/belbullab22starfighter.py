"""Belbullab-22 Starfighter pilots (Separatist Alliance). The ship has no ship ability; the
generic pilots (Feethan Ottraw Autopilot, Skakoan Ace) have no ability text. Its title,
Soulless One, is in ``cards/upgrades/title_separatist.py``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tallon.cards.common import dice, in_firing_arc, is_in_arc, range_of, ships_in_range
from tallon.cards.pilots.vultureclassdroidfighter import lends_calculate
from tallon.cards.registry import register
from tallon.dice import ATTACKING, Face
from tallon.dice.abilities.base import Window
from tallon.dice.abilities.effects import CancelResults, CardAbility
from tallon.engine.abilities import Ctx, DiceMod
from tallon.engine.allegiance import friendly
from tallon.engine.effects import spend_token
from tallon.engine.state import ShipState, Token
from tallon.geometry import Arc

if TYPE_CHECKING:
    from tallon.engine.game import Game
    from tallon.engine.state import AttackState


# --------------------------------------------------------------- General Grievous
def _outside_defenders_arcs(game: Game, attack: AttackState, owner: ShipState) -> bool:
    defender = game.state.ships[attack.defender]
    # RR: ATTACKING REMOTES - nothing is in or outside the arcs of a remote without arcs
    return attack.primary and not defender.remote and not in_firing_arc(defender, owner)


def _grievous_applies(game: Game, attack: AttackState, owner: ShipState,
                      user: ShipState) -> bool:
    return (user.id == owner.id == attack.attacker
            and _outside_defenders_arcs(game, attack, owner))


register("pilot", "generalgrievous",
         DiceMod("reroll up to 2 attack dice", applies=_grievous_applies,
                 dice=dice("generalgrievous")),
         description="Primary attack while not in the defender's firing arc: may reroll up "
                     "to 2 attack dice.")


# ----------------------------------------------------------------------- Wat Tambor
#: the most calculating friendly ships at range 1 of a defender the rerolls count
TAMBOR_MOST = 8


def tambor_count(game: Game, attack: AttackState, owner: ShipState) -> int:
    """RR: CALCULATE - friendly ships (Wat Tambor too) with a calculate token at range 1 of
    the defender."""
    defender = game.state.ships[attack.defender]
    return sum(1 for s in ships_in_range(game, defender, 1, 1)
               if friendly(s, owner) and s.has(Token.CALCULATE))


def _tambor(count: int) -> DiceMod:
    def applies(game: Game, attack: AttackState, owner: ShipState, user: ShipState) -> bool:
        return (user.id == owner.id == attack.attacker and attack.primary
                and min(tambor_count(game, attack, owner), TAMBOR_MOST) == count)

    # one modification per count of ships (one key: used once per attack)
    return DiceMod(f"reroll up to {count} attack dice", applies=applies,
                   dice=dice("wattambor", count))


register("pilot", "wattambor", *(_tambor(n) for n in range(1, TAMBOR_MOST + 1)),
         description="Primary attack: may reroll 1 attack die for each friendly ship with a "
                     "calculate token at range 1 of the defender.")


# ---------------------------------------------------------------------- Captain Sear
SEAR = "captainsear"


def _sear_applies(game: Game, attack: AttackState, owner: ShipState, user: ShipState
                  ) -> bool:
    near = range_of(owner, user)
    defender = game.state.ships[attack.defender]
    return (attack.attacker == user.id and friendly(user, owner) and attack.primary
            and near is not None and near <= 3 and is_in_arc(user, defender, Arc.BULLSEYE)
            and lends_calculate(game, user))


def _sear_spend(ctx: Ctx, option: Any) -> None:
    # the attacking ship pays with its own calculate token
    spend_token(ctx.game, ctx.other(ctx.event["user"]), Token.CALCULATE)


register("pilot", SEAR,
         DiceMod("spend 1 calculate token: cancel 1 evade result",
                 dice=CardAbility(SEAR, "Captain Sear (spend calculate: cancel 1 evade)",
                                  effect=CancelResults(Face.EVADE),
                                  window=Window.BEFORE_NEUTRALIZE, roles=ATTACKING),
                 for_others=True, applies=_sear_applies, after=_sear_spend),
         description="A friendly ship at range 0-3 (him too) performing a primary attack "
                     "against a defender in its bullseye arc may, before the Neutralize "
                     "Results step, spend 1 calculate token to cancel 1 evade result.")
