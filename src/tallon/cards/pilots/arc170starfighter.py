"""ARC-170 Starfighter pilots (Rebel Alliance): Garven Dreis, Ibtisam, Norra Wexley and
Shara Bey. The Rebel ARC-170 has no ship ability; its generic pilots have no ability text.

Norra Wexley's ability is shared with her BTL-A4 Y-wing printing (same text).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tallon.cards.common import attacking_if, defending_if, is_me, roll_die, ships_in_range
from tallon.cards.pilots.t65xwing import GARVEN
from tallon.cards.registry import register
from tallon.dice import Face
from tallon.dice.abilities.base import ATTACKING, DEFENDING
from tallon.dice.abilities.effects import AddResults, CardAbility
from tallon.engine.abilities import Ctx, DiceMod, Triggered
from tallon.engine.action_bodies import spend_lock_on
from tallon.engine.effects import remove_token
from tallon.engine.state import ShipState, Token
from tallon.engine.steps import continuation

if TYPE_CHECKING:
    from tallon.engine.game import Game
    from tallon.engine.state import AttackState


# ----------------------------------------------------------------------- Garven
# the same text as his T-65 printings: the same ability object
register("pilot", "garvendreis", GARVEN,
         description="After spending a focus token: a friendly ship at range 1-3 may gain "
                     "a focus token.")


# ---------------------------------------------------------------------- Ibtisam
def _ibtisam_wants(ctx: Ctx) -> bool:
    return is_me(ctx) and bool(ctx.event["full"]) and ctx.ship.stressed


def _ibtisam(ctx: Ctx, choice: Any) -> None:
    roll_die(ctx, "ibtisam.rolled", (ctx.ship.id,))


@continuation("ibtisam.rolled")
def _ibtisam_rolled(game: Game, face: Face, ship_id: str) -> None:
    ship = game.state.ships[ship_id]
    if face in (Face.HIT, Face.CRIT) and remove_token(game, ship, Token.STRESS):
        game.event("ability", f"{ship.name} ({ship.id}) removes 1 stress token",
                   ship=ship.id)


register("pilot", "ibtisam",
         Triggered("roll 1 attack die: a hit or critical hit removes 1 stress token",
                   window="after_execute", requirement=_ibtisam_wants, effect=_ibtisam),
         description="After fully executing a maneuver while stressed: may roll an attack "
                     "die; on a hit or critical hit result she removes 1 stress token.")


# ------------------------------------------------------------------ Norra Wexley
def _enemy_close(game: Game, attack: AttackState, owner: ShipState) -> bool:
    return bool(ships_in_range(game, owner, 0, 1, friendly=False))


# "add" with no "may": a mandatory dice modification (RR: DICE MODIFICATION, add)
NORRA = DiceMod("an enemy ship at range 0-1: add 1 evade result",
                dice=CardAbility("norrawexley", "Norra Wexley (enemy at range 0-1: add 1 "
                                 "evade)", effect=AddResults(Face.EVADE), roles=DEFENDING,
                                 mandatory=True),
                applies=defending_if(_enemy_close))
NORRA_TEXT = "Defending with an enemy ship at range 0-1: adds 1 evade result."
register("pilot", "norrawexley", NORRA, description=NORRA_TEXT)


# --------------------------------------------------------------------- Shara Bey
def _shara_spend(ctx: Ctx, option: Any) -> None:
    attack = ctx.attack
    assert attack is not None
    spend_lock_on(ctx.game, ctx.ship, attack.attacker)


def _shara_locks_attacker(game: Game, attack: AttackState, owner: ShipState) -> bool:
    return attack.attacker in owner.locks


# attacking, the lock on the defender is the dice catalogue's "lock" resource (spent as
# the cost); defending, the catalogue knows no lock on the attacker, so the card checks it
# and spends it once the result is added (as R2-HA does)
register("pilot", "sharabey",
         DiceMod("spend your lock on the defender: add 1 focus result",
                 dice=CardAbility("sharabey", "Shara Bey (spend lock: add 1 focus)",
                                  effect=AddResults(Face.FOCUS), roles=ATTACKING,
                                  cost=(("lock", 1),)),
                 applies=attacking_if(lambda game, attack, owner: attack.primary)),
         DiceMod("spend your lock on the attacker: add 1 focus result",
                 dice=CardAbility("sharabey-defense", "Shara Bey (spend lock: add 1 focus)",
                                  effect=AddResults(Face.FOCUS), roles=DEFENDING),
                 applies=defending_if(_shara_locks_attacker), after=_shara_spend),
         description="Defending, or performing a primary attack: may spend her lock on the "
                     "enemy ship to add 1 focus result.")
