"""C-ROC Cruiser (a huge ship: RR: APPENDIX: HUGE SHIPS) - its ship ability Overdrive
Burners. Its pilots (Syndicate Smugglers, Separatist Privateers) have no ability text."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tallon.cards.common import defending, revealed_speed
from tallon.cards.registry import register
from tallon.engine.abilities import Modifier

if TYPE_CHECKING:
    from tallon.engine.game import Game
    from tallon.engine.state import AttackState, ShipState


def _overdrive(game: Game, owner: ShipState, attack: AttackState | None = None,
               **_: Any) -> int:
    speed = revealed_speed(owner)
    return 1 if defending(attack, owner) and speed is not None and 3 <= speed <= 5 else 0


register("ship_ability", "Overdrive Burners",
         Modifier("1 more defense die after a speed 3-5 maneuver", hook="defense_dice",
                  value=_overdrive),
         description="Defending with a revealed maneuver of speed 3-5: 1 more defense die.")
