"""ST-70 Assault Ship pilots (Scum and Villainy); the ship has no ship ability. Outer Rim
Enforcer has no pilot ability. The Razor Crest title is in cards/upgrades/title_scum_f.py.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tallon.cards.acting import grant_action, granted
from tallon.cards.common import dice, is_in_arc, is_me, range_of
from tallon.cards.registry import register
from tallon.data import load_cards
from tallon.dice import ATTACKING, ChangeResults, Face
from tallon.dice.abilities.effects import CardAbility
from tallon.engine.abilities import DiceMod, Triggered
from tallon.engine.effects import gain_token
from tallon.engine.state import ShipState, Token
from tallon.geometry import Arc, Bearing

if TYPE_CHECKING:
    from tallon.engine.game import Game
    from tallon.engine.state import AttackState


# -------------------------------------------------------------- The Mandalorian
def _mandalorian(game: Game, attack: AttackState, owner: ShipState, user: ShipState) -> bool:
    if user.id != owner.id or owner.id not in (attack.attacker, attack.defender):
        return False
    watching = 0
    for enemy in game.state.in_play():
        near = range_of(enemy, owner)
        if enemy.owner != owner.owner and near is not None and 1 <= near <= 2 \
                and is_in_arc(enemy, owner, Arc.FRONT):
            watching += 1
    return watching >= 2


register("pilot", "themandalorian",
         DiceMod("change 1 blank result to a focus result", dice=dice("themandalorian"),
                 applies=_mandalorian),
         description="While he defends or attacks, if 2 or more enemy ships have him in their "
                     "front arc at range 1-2: may turn 1 of his blank results into a focus result.")


# -------------------------------------------------------------------------- Q9-0
Q90 = "q90"
#: RR: ADVANCED MANEUVERS - the bearings the entry lists (the stationary one among them)
_ADVANCED = {b.value for b in (Bearing.KOIOGRAN_TURN, Bearing.SEGNOR_LOOP_LEFT,
                               Bearing.SEGNOR_LOOP_RIGHT, Bearing.TALLON_ROLL_LEFT,
                               Bearing.TALLON_ROLL_RIGHT, Bearing.STATIONARY)}
_Q90_ACTIONS = (granted("calculate", "white", Q90), granted("barrel_roll", "white", Q90))

register("pilot", Q90,
         # RR: ACTIONS - an action a card instructs is white unless stated otherwise
         grant_action("perform a calculate or barrel roll action, even while stressed",
                      "after_execute", lambda ctx: list(_Q90_ACTIONS),
                      requirement=lambda ctx: is_me(ctx) and bool(ctx.event.get("full"))
                      and ctx.event.get("bearing") in _ADVANCED, even_stressed=True),
         # RR: FAIL - a failed action is not performed: no strain then
         Triggered("gain 1 strain token", window="after_action", optional=False,
                   requirement=lambda ctx: is_me(ctx) and ctx.event.get("source") == Q90,
                   effect=lambda ctx, choice: gain_token(ctx.game, ctx.ship, Token.STRAIN)),
         description="After fully executing an advanced maneuver: may perform a calculate or "
                     "barrel roll action, even while stressed; if he does, he gains 1 strain "
                     "token.")


# ----------------------------------------------------------- Guild Bounty Hunter
GBH = "guildbountyhunter"
#: the Illicit upgrades with non-recurring charges: one dice ability each, paid with them
_ILLICIT_CHARGED = tuple(u.xws for u in load_cards().upgrades_for_slot("illicit")
                         if any(s.charges is not None and s.charges.recovers == 0
                                for s in u.sides))


def _gbh_applies(card: str) -> Any:
    def applies(game: Game, attack: AttackState, owner: ShipState, user: ShipState) -> bool:
        charge = owner.charges.get(card)
        # one use per opportunity, whichever Illicit upgrade paid for it
        used = any(f"{owner.id}:{GBH}:{other}" in attack.used for other in _ILLICIT_CHARGED)
        return (user.id == owner.id and attack.attacker == owner.id
                and 1 <= attack.range <= 2 and card in owner.upgrades
                and charge is not None and charge.recurring == 0 and not used)
    return applies


def _name(card: str) -> str:
    return load_cards().upgrade(card).name


register("pilot", GBH,
         *(DiceMod(f"spend 1 charge of {_name(card)}: change 1 focus result to a critical "
                   "hit",
                   dice=CardAbility(card, f"Guild Bounty Hunter (1 charge of {_name(card)}: "
                                          "1 focus to crit)",
                                    effect=ChangeResults(1, (Face.FOCUS,), (Face.CRIT,)),
                                    roles=ATTACKING, cost=((card, 1),)),
                   applies=_gbh_applies(card))
           for card in _ILLICIT_CHARGED),
         description="Attacking at attack range 1-2: may spend 1 non-recurring charge of one "
                     "of its Illicit upgrades to change 1 focus result to a critical hit.")
