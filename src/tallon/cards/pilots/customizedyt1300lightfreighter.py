"""Customized YT-1300 light freighter pilots (Scum and Villainy). The ship has no ship
ability; Freighter Captain has no pilot ability. L3-37's and Lando Calrissian's abilities
are shared with their Escape Craft printings (same text: :mod:`.escapecraft`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tallon.cards.common import is_me, one_more_attack_die, one_more_defense_die
from tallon.cards.registry import register
from tallon.dice import Face
from tallon.dice.abilities.base import Role
from tallon.engine.abilities import Cost, Ctx, Modifier, Triggered
from tallon.engine.attack import current
from tallon.engine.chance import RollDice
from tallon.engine.modify_dice import faces_text
from tallon.engine.queue import any_true
from tallon.engine.state import AttackState, ShipState
from tallon.engine.steps import continuation
from tallon.geometry import Bearing, Maneuver

if TYPE_CHECKING:
    from tallon.engine.game import Game


# ------------------------------------------------------------------- Han Solo
def _han_attacks(ctx: Ctx) -> bool:
    attack = ctx.attack
    return is_me(ctx, "attacker") and attack is not None and attack.primary \
        and attack.obstructed


def _han_defends(ctx: Ctx) -> bool:
    attack = ctx.attack
    return is_me(ctx, "defender") and attack is not None and attack.obstructed


# RR: OBSTRUCTED - attack.obstructed is set by obstacles only (not by ships or devices)
register("pilot", "hansolo",
         Triggered("obstructed primary attack: roll 1 additional attack die",
                   window="before_attack_dice", requirement=_han_attacks,
                   effect=one_more_attack_die),
         Triggered("obstructed attack: roll 1 additional defense die",
                   window="before_defense_dice", requirement=_han_defends,
                   effect=one_more_defense_die),
         description="Defending, or performing a primary attack, when the attack is "
                     "obstructed by an obstacle: may roll 1 additional die.")


# ---------------------------------------------------------------------- L3-37
_BANKS = (Bearing.BANK_LEFT, Bearing.BANK_RIGHT)


def _l337(game: Any, owner: ShipState, ship: ShipState | None = None, maneuver: str = "",
          **facts: Any) -> int:
    # RR: SHIELDS - "not shielded": no active shield
    if ship is None or ship.id != owner.id or not maneuver or owner.shields > 0:
        return 0
    return -1 if Maneuver.parse(maneuver).bearing in _BANKS else 0


L337 = Modifier("not shielded: bank maneuvers are 1 difficulty easier",
                hook="maneuver_difficulty", value=_l337)
L337_TEXT = "Without active shields: his bank maneuvers are 1 difficulty easier."
register("pilot", "l337", L337, description=L337_TEXT)


# ----------------------------------------------------------- Lando Calrissian
def _blanks(attack: AttackState, kind: str) -> list[int]:
    pool = attack.pool(kind)
    if pool is None:
        return []
    return [i for i, die in enumerate(pool.dice) if die.face is Face.BLANK and not die.rerolled]


def _lando_applies(ctx: Ctx) -> bool:
    attack = ctx.attack
    if attack is None or ctx.ship.stressed:
        return False
    kind = ctx.event["kind"]
    roller = attack.attacker if kind == "attack" else attack.defender
    role = Role.ATTACKER if kind == "attack" else Role.DEFENDER
    # RR: DICE MODIFICATION - a reroll is a modification: not of dice that can't be
    # modified (the attacker's own dice at range 0 among them)
    if roller != ctx.ship.id or (kind == "attack" and attack.range == 0) or any_true(
            ctx.game, "dice_unmodifiable", attack=attack, kind=kind, role=role):
        return False
    return bool(_blanks(attack, kind))


def _lando(ctx: Ctx, choice: Any) -> None:
    assert ctx.attack is not None
    kind = ctx.event["kind"]
    blanks = _blanks(ctx.attack, kind)
    ctx.game.now(RollDice(kind, len(blanks), "landocalrissian.rerolled",
                          (kind, tuple(blanks)),
                          who=f"{ctx.ship.name} (Lando Calrissian: reroll the blanks)"))


@continuation("landocalrissian.rerolled")
def _lando_rerolled(game: Game, faces: tuple[Face, ...], kind: str,
                    blanks: tuple[int, ...]) -> None:
    attack = current(game)
    pool = attack.pool(kind)
    assert pool is not None
    pool.set_rerolled(blanks, faces)
    roller = game.state.ships[attack.attacker if kind == "attack" else attack.defender]
    game.event("modify", f"{roller.name}: Lando Calrissian (reroll every blank) -> "
               f"{faces_text(pool)}", ship=roller.id, card="landocalrissian")


LANDO = Triggered("gain 1 stress token to reroll all of your blank results",
                  window="after_dice_rolled", cost=Cost(gain=(("stress", 1),)),
                  requirement=_lando_applies, effect=_lando)
LANDO_TEXT = ("After rolling dice, if not stressed: may gain 1 stress token to reroll every "
              "blank result.")
register("pilot", "landocalrissian", LANDO, description=LANDO_TEXT)
