"""Rules printed on several cards (a pilot on more than one ship, or a pilot and an upgrade):
one builder or ability object serves every printing instead of a copy per module."""

from __future__ import annotations

from typing import Any

from tallon.cards.acting import grant_action, granted
from tallon.cards.common import attacking, defending, dice, is_me
from tallon.engine.abilities import Ctx, DiceMod, Modifier, Triggered
from tallon.engine.state import ShipState

#: Zeb Orrelios (attack shuttle, Sheathipede, TIE/ln): defending, crits are canceled first
ZEB_CRITS_FIRST = Modifier("evades cancel critical hits before hits", hook="crits_first",
                           value=lambda game, owner, attack=None, **facts:
                           defending(attack, owner))


def ezra_stressed_focus(key: str) -> DiceMod:
    """Ezra Bridger's pilot ability (attack shuttle, Sheathipede, TIE/ln): while stressed,
    attacking or defending, 1 Force changes up to 2 focus results. ``key`` is the printing's
    entry in the dice catalogue."""
    return DiceMod("stressed: 1 Force changes up to 2 focus results", dice=dice(key),
                   applies=lambda game, attack, owner, user: user.id == owner.id
                   and owner.stressed)


def set_dial(ctx: Ctx, choice: Any) -> None:
    """The effect of "set your dial to another maneuver" after revealing it (Hera Syndulla,
    Slave I): the chosen maneuver is the one the ship executes."""
    ship = ctx.ship
    ship.dial_set = str(choice)
    ctx.game.event("dial", f"{ship.name} ({ship.id}) sets its dial to [{choice}]",
                   ship=ship.id, maneuver=choice)


def _damaged_defender(game: Any, owner: ShipState, attack: Any = None, **facts: Any) -> int:
    # RR: DAMAGE - a ship with a damage card is damaged
    return 1 if attacking(attack, owner) and bool(
        game.state.ships[attack.defender].damage) else 0


#: Gideon Hask (TIE/ln, TIE/in): attacking a damaged defender, 1 more attack die
GIDEON_HASK = Modifier("1 more attack die against a damaged defender", hook="attack_dice",
                       value=_damaged_defender)


def sabine_roll_or_boost(card: str) -> Triggered:
    """Sabine Wren's pilot ability (attack shuttle, TIE/ln): before activating, may perform
    a white barrel roll or boost action (granted by ``card``)."""
    return grant_action("perform a barrel roll or boost action", "before_activate",
                        lambda ctx: [granted("barrel_roll", "white", card),
                                     granted("boost", "white", card)],
                        requirement=is_me)
