"""Resistance Transport Pod pilots (Resistance). The ship has no ship ability."""

from __future__ import annotations

from typing import Any

from tallon.cards.acting import granted, may_perform
from tallon.cards.common import choose_ships, is_in_arc, is_me
from tallon.cards.registry import register
from tallon.dice import Face
from tallon.dice.abilities.base import BOTH_ROLES
from tallon.dice.abilities.effects import AddResults, CardAbility, RerollDice
from tallon.engine.abilities import Ctx, DiceMod, Triggered
from tallon.engine.allegiance import friendly
from tallon.engine.conditions import assign_condition
from tallon.engine.state import AttackState, ShipState

# ------------------------------------------------------------------------- BB-8
BB8_ACTIONS = (granted("barrel_roll", "red", "bb8"), granted("boost", "red", "bb8"))

register("pilot", "bb8",
         may_perform("perform a red barrel roll or boost action", "system_phase",
                     lambda ctx: BB8_ACTIONS, requirement=is_me,
                     label="perform a red barrel roll or boost action"),
         description="During the System Phase: may perform a red barrel roll or red boost "
                     "action.")


# -------------------------------------------------------------------- Rose Tico
def _involved(attack: AttackState, owner: ShipState) -> bool:
    return owner.id in (attack.attacker, attack.defender)


def rose_count(game: Any, attack: AttackState, owner: ShipState) -> int:
    """The other friendly ships in the attack arc (RR: ATTACK ARC: the arc of the
    attacker's weapon, whichever side Rose is on)."""
    attacker = game.state.ships[attack.attacker]
    return sum(1 for s in game.state.in_play() if friendly(s, owner)
               and s.id != owner.id and not s.remote and is_in_arc(attacker, s, attack.arc))


#: more friendly ships than this in one arc would be an odd table; each count has its own
#: reroll of that many dice, only the one matching the count applies
ROSE_MOST = 8


def _rose(count: int) -> DiceMod:
    def applies(game: Any, attack: AttackState, owner: ShipState, user: ShipState) -> bool:
        return _involved(attack, owner) and rose_count(game, attack, owner) == count

    return DiceMod(f"reroll up to {count} of your results",
                   dice=CardAbility(f"rosetico-{count}",
                                    f"Rose Tico (reroll up to {count} dice)",
                                    effect=RerollDice(count), roles=BOTH_ROLES),
                   applies=applies)


register("pilot", "rosetico", *(_rose(n) for n in range(1, ROSE_MOST + 1)),
         description="While she defends or attacks: may reroll up to 1 of her dice per other "
                     "friendly ship inside the attack arc.")


# --------------------------------------------------------------------- Vi Moradi
def _enemies(ctx: Ctx) -> list[ShipState]:
    return [s for s in ctx.state.in_play() if s.owner != ctx.ship.owner and not s.remote]


register("pilot", "vimoradi",
         # RR: SETUP; RR: CONDITION CARDS
         Triggered("assign Compromising Intel to an enemy ship", window="after_place_forces",
                   optional=False,
                   requirement=lambda ctx: ctx.ship.in_play and bool(_enemies(ctx)),
                   choices=choose_ships(_enemies),
                   effect=lambda ctx, choice: assign_condition(
                       ctx.game, ctx.other(choice), "compromisingintel", ctx.ship.owner)),
         description="Setup, after placing forces: assigns the Compromising Intel condition "
                     "to an enemy ship.")


# -------------------------------------------------------------------------- Finn
FINN_BLANK = "finn-pilot-blank"
FINN_FOCUS = "finn-pilot-focus"


def _finn(other_key: str) -> Any:
    # one ability, two ways to use it: either half spends the ability for this attack
    def applies(game: Any, attack: AttackState, owner: ShipState, user: ShipState) -> bool:
        return _involved(attack, owner) and f"{owner.id}:finn:{other_key}" not in attack.used

    return applies


register("pilot", "finn",
         DiceMod("add 1 blank result",
                 dice=CardAbility(FINN_BLANK, "Finn (add 1 blank)",
                                  effect=AddResults(Face.BLANK), roles=BOTH_ROLES),
                 applies=_finn(FINN_FOCUS)),
         DiceMod("gain 1 strain token to add 1 focus result",
                 dice=CardAbility(FINN_FOCUS, "Finn (gain 1 strain: add 1 focus)",
                                  effect=AddResults(Face.FOCUS), roles=BOTH_ROLES,
                                  gain=(("strain", 1),)),
                 applies=_finn(FINN_BLANK)),
         description="Defending or attacking: may add 1 blank result, or gain a strain token "
                     "to add 1 focus result instead.")
