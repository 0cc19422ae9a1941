"""BTL-B Y-wing pilots (Galactic Republic) and the ship ability Plated Hull. Shadow Squadron
Veteran and Red Squadron Bomber have no ability text.

The Maneuver-Assist and Target-Assist MGK-300 configurations of this ship are in
``cards/upgrades/configuration_republic.py``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tallon.cards.common import (
    attacking_if,
    defending_if,
    dice,
    enemy_in_arc,
    range_of,
)
from tallon.cards.pilots.delta7aethersprite import ANAKIN
from tallon.cards.pilots.nimbusclassvwing import ODDBALL, ODDBALL_TEXT
from tallon.cards.registry import register
from tallon.engine.abilities import Ctx, DiceMod, Triggered
from tallon.engine.effects import gain_token, locks_on
from tallon.engine.state import ShipState, Token
from tallon.engine.weapons import TURRET_WEAPON_ARCS
from tallon.geometry import Arc, at_range

if TYPE_CHECKING:
    from tallon.engine.game import Game
    from tallon.engine.state import AttackState


def critically_damaged(ship: ShipState) -> bool:
    """RR: DAMAGE CARDS - a ship with at least one faceup damage card."""
    return any(card.faceup for card in ship.damage)


# ----------------------------------------------------------------- Plated Hull
register("ship_ability", "Plated Hull",
         DiceMod("change 1 of the attacker's critical hits to a hit", dice=dice("platedhull"),
                 applies=defending_if(lambda game, attack, owner:
                                      not critically_damaged(owner))),
         description="Defending while not critically damaged: 1 of the attacker's critical "
                     "hit results becomes a hit result.")


# ------------------------------------------------------ Anakin Skywalker (BTL-B)
register("pilot", "anakinskywalker-btlbywing", ANAKIN,
         description="After fully executing a maneuver, with an enemy ship in his front arc at "
                     "range 0-1 or in his bullseye arc: may spend 1 Force to remove 1 stress "
                     "token.")


# ----------------------------------------------------------------------- R2-D2
register("pilot", "r2d2",
         Triggered("gain 1 calculate token", window="start_engagement", optional=False,
                   requirement=lambda ctx: enemy_in_arc(ctx.game, ctx.ship, Arc.REAR),
                   effect=lambda ctx, choice: gain_token(ctx.game, ctx.ship,
                                                         Token.CALCULATE)),
         description="At the start of the Engagement Phase, with an enemy ship in his rear "
                     "arc: gains 1 calculate token.")


# ------------------------------------------------------------ "Odd Ball" (BTL-B)
register("pilot", "oddball-btlbywing", *ODDBALL, description=ODDBALL_TEXT)


# ----------------------------------------------------------------- "Matchstick"
MATCHSTICK_MOST = 6  # RR: ATTACK - no roll has more than 6 dice


def red_tokens(game: Game, ship: ShipState) -> int:
    """RR: TOKEN COLORS AND SHAPES - the ship's red tokens: stress, strain, deplete, ion and
    the lock tokens other ships have on it."""
    return (sum(n for token, n in ship.tokens.items() if token.colour == "red")
            + len(locks_on(game, ship.id)))


def _primary_or_turret(attack: AttackState) -> bool:
    # a [Single Turret Arc] attack: single or double turret weapons (the Gunners ruling)
    return attack.primary or attack.weapon.arc in TURRET_WEAPON_ARCS


def _matchstick(count: int) -> DiceMod:
    # one ability per count of red tokens (one key: used once per attack)
    def counted(game: Game, attack: AttackState, owner: ShipState) -> bool:
        return (_primary_or_turret(attack)
                and min(red_tokens(game, owner), MATCHSTICK_MOST) == count)

    return DiceMod(f"reroll up to {count} attack dice", dice=dice("matchstick", count),
                   applies=attacking_if(counted))


register("pilot", "matchstick", *(_matchstick(n) for n in range(1, MATCHSTICK_MOST + 1)),
         description="While he performs a primary or turret attack: he may reroll 1 attack die per "
                     "red token he has (locks on him included).")


# ------------------------------------------------------------------ "Broadside"
def _broadside(game: Game, attack: AttackState, owner: ShipState) -> bool:
    # RR: TURRET ARCS - the arc the indicator points at is a [Single Turret Arc]
    return (attack.weapon.arc in TURRET_WEAPON_ARCS
            and any(arc in (Arc.LEFT, Arc.RIGHT) for arc in owner.turret))


register("pilot", "broadside",
         DiceMod("change 1 blank result to a focus result", dice=dice("broadside"),
                 applies=attacking_if(_broadside)),
         description="Turret attack with his turret indicator in his left or right arc: may "
                     "change 1 blank result to a focus result.")


# ---------------------------------------------------------------------- "Goji"
def friendly_bombs_near(game: Game, owner: ShipState, ship: ShipState) -> int:
    """RR: BOMB - the bombs ``owner``'s player controls at range 0-1 of ``ship``."""
    body = ship.body
    if body is None:
        return 0
    return sum(1 for d in game.state.devices if d.category == "bomb"
               and d.owner == owner.owner and at_range(d.body, body, 0, 1))


def _goji_defender(ctx: Ctx) -> ShipState | None:
    attack = ctx.attack
    if attack is None or attack.defender != ctx.event.get("defender"):
        return None
    defender = ctx.other(attack.defender)
    near = range_of(ctx.ship, defender)
    if defender.owner != ctx.ship.owner or defender.remote or near is None or near > 3:
        return None
    return defender


def _goji_applies(ctx: Ctx) -> bool:
    defender = _goji_defender(ctx)
    return defender is not None and friendly_bombs_near(ctx.game, ctx.ship, defender) > 0


def _goji(ctx: Ctx, choice: Any) -> None:
    attack = ctx.attack
    defender = _goji_defender(ctx)
    assert attack is not None and defender is not None
    count = friendly_bombs_near(ctx.game, ctx.ship, defender)
    attack.extra_defense_dice += count
    ctx.game.event("ability", f"{defender.name} ({defender.id}) rolls {count} additional "
                   "defense dice (Goji)", ship=defender.id)


register("pilot", "goji",
         Triggered("the defender rolls 1 additional defense die per friendly bomb near it",
                   window="before_defense_dice", requirement=_goji_applies, effect=_goji),
         description="While a friendly ship within range 0-3 (himself too) defends: it may roll 1 "
                     "extra defense die per friendly bomb within range 0-1 of it.")
