"""Raider-class Corvette (a huge ship: RR: APPENDIX: HUGE SHIPS) - its ship ability
Concentrated Batteries. Its pilots (Outer Rim Patrol, First Order Collaborators) have no
ability text."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tallon.cards.common import attack_ships, attacking, is_in_arc, weapon_of_type
from tallon.cards.registry import register
from tallon.engine.abilities import Modifier
from tallon.geometry import Arc, in_arc
from tallon.geometry.constants import ARC_REACH_BANDS

if TYPE_CHECKING:
    from tallon.engine.game import Game
    from tallon.engine.state import AttackState, ShipState


def in_bullseye(attacker: ShipState, defender: ShipState, attack_range: int) -> bool:
    """Whether ``defender`` is in the attacker's bullseye arc. RR: APPENDIX: HUGE SHIPS -
    ATTACK RANGE 4-5: a front or full front arc a weapon extends to range 4 or 5 extends
    the bullseye with it, so an attack at range 4-5 from those arcs measures the bullseye
    that far (ruling 'Concentrated Batteries')."""
    if is_in_arc(attacker, defender, Arc.BULLSEYE):
        return True
    if attack_range <= ARC_REACH_BANDS or attacker.body is None or defender.body is None:
        return False
    return in_arc(attacker.body, defender.body, Arc.BULLSEYE, reach_bands=attack_range)


def _concentrated(game: Game, owner: ShipState, attack: AttackState | None = None,
                  **_: Any) -> int:
    if not attacking(attack, owner):
        return 0
    assert attack is not None
    if not (attack.primary or weapon_of_type(attack.weapon, ("torpedo", "missile"))):
        return 0
    attacker, defender = attack_ships(game, attack)
    return 1 if in_bullseye(attacker, defender, attack.range) else 0


register("ship_ability", "Concentrated Batteries",
         Modifier("1 more attack die for a primary, torpedo or missile attack at a defender "
                  "in the bullseye arc", hook="attack_dice", value=_concentrated),
         description="Primary, torpedo or missile attack against a defender in the bullseye "
                     "arc: 1 more attack die.")
