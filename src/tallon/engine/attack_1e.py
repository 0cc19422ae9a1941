"""First-edition rules of the attack that the engine's attack (:mod:`tallon.engine.attack`)
asks through the game's ``Ruleset`` or a card's hook.

* A weapon that performs its attack twice (FAQ (1e), Timing Chart for Performing an
  Attack: "Is this the first attack from a secondary weapon that says 'Perform this attack
  twice'?"): once declared and paid for, the attack's steps 2-7 (attack dice to damage)
  are performed a second time against the same defender, and the "after attacking"
  abilities resolve once, after the second. A weapon's card asks for it with the hook
  ``attack_twice``; ``attack._begin`` schedules the steps again after :class:`AttackAgain`.
* The range bonus (:func:`range_bonus`): rulebook (1e), Range Combat Bonuses - for primary
  weapons only (``Ruleset.range_bonus_primary_only``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from tallon.engine.steps import Step

if TYPE_CHECKING:
    from tallon.engine.decisions import Decision
    from tallon.engine.game import Game
    from tallon.engine.state import AttackState

#: An attack mark: the first attack of a weapon attacking twice hit (the Aftermath's "hit"
#: is then true: FAQ (1e), Gunner - both attacks must miss).
FIRST_HIT = "rule:first_attack_hit"


def range_bonus(game: Game, attack: AttackState) -> bool:
    """Whether the attack has the range bonus (RR: RANGE BONUS - not for a weapon with the
    ordnance icon; rulebook (1e): only for primary weapons)."""
    return not attack.weapon.ordnance and (
        attack.primary or not game.rules.range_bonus_primary_only)


@dataclass(frozen=True)
class AttackAgain(Step):
    """The second attack starts: dice, their modifications (each ability usable again) and
    results start over; the declaration's effects (extra dice) applied to the first only
    (FAQ (1e): Jan Ors, Latts Razzi)."""

    def run(self, game: Game) -> Decision | None:
        attack = game.state.attacks[-1]
        attack.marks = {k: v for k, v in attack.marks.items() if k.startswith("rule:")}
        if attack.hit:
            attack.marks[FIRST_HIT] = 1
        attack.used = set()
        attack.attack_dice = attack.defense_dice = None
        attack.hit, attack.hits, attack.crits = False, 0, 0
        attack.extra_attack_dice = attack.extra_defense_dice = 0
        game.event("attack", "the attack is performed a second time", ship=attack.attacker)
        return None
