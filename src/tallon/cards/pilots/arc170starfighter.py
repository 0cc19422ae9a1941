"""ARC-170 Starfighter pilots. Rebel Alliance: Garven Dreis, Ibtisam, Norra Wexley and
Shara Bey. Galactic Republic: "Sinker", "Jag", "Odd Ball" and "Wolffe", and the Siege of
Coruscant printings of the last three, which have the ship ability Born for This
(cards/pilots/nimbusclassvwing.py). Otherwise the ARC-170 has no ship ability; its generic
pilots have no ability text.

Norra Wexley's ability is shared with her BTL-A4 Y-wing printing (same text), "Odd Ball"'s
with his Nimbus and V-19 printings.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tallon.cards.common import (
    attacking_if,
    defending_if,
    dice,
    is_in_arc,
    is_me,
    range_of,
    recover_charge,
    roll_die,
    ships_in_range,
)
from tallon.cards.pilots.nimbusclassvwing import ODDBALL, ODDBALL_TEXT, red_action, red_maneuver
from tallon.cards.pilots.t65xwing import GARVEN
from tallon.cards.registry import register
from tallon.dice import Face
from tallon.dice.abilities.base import DEFENDING
from tallon.dice.abilities.effects import AddResults, CardAbility
from tallon.engine.abilities import Ctx, DiceMod, Triggered
from tallon.engine.action_bodies import spend_lock_on
from tallon.engine.allegiance import friendly
from tallon.engine.decisions import Option
from tallon.engine.effects import acquire_lock, can_lock, remove_token
from tallon.engine.state import ShipState, Token
from tallon.engine.steps import continuation
from tallon.geometry import Arc

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
                dice=dice("norrawexley"),
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
                 dice=dice("sharabey"),
                 applies=attacking_if(lambda game, attack, owner: attack.primary)),
         DiceMod("spend your lock on the attacker: add 1 focus result",
                 dice=CardAbility("sharabey-defense", "Shara Bey (spend lock: add 1 focus)",
                                  effect=AddResults(Face.FOCUS), roles=DEFENDING),
                 applies=defending_if(_shara_locks_attacker), after=_shara_spend),
         description="Defending, or performing a primary attack: may spend her lock on the "
                     "enemy ship to add 1 focus result.")


# ============================================================ Galactic Republic
def _in_side_arc(of: ShipState, ship: ShipState) -> bool:
    return is_in_arc(of, ship, Arc.LEFT) or is_in_arc(of, ship, Arc.RIGHT)


def _side_friend(game: Game, owner: ShipState, ship: ShipState, low: int, high: int) -> bool:
    """``ship`` is another friendly ship at range ``low``-``high`` in ``owner``'s left or
    right arc."""
    near = range_of(owner, ship)
    return (ship.id != owner.id and friendly(ship, owner) and not ship.remote
            and near is not None and low <= near <= high and _in_side_arc(owner, ship))


def _lockable(ctx: Ctx, target_id: str) -> bool:
    """RR: LOCK - a lock an ability acquires is on an object at range 0-3."""
    target = ctx.state.ships[target_id]
    return (target.in_play and can_lock(ctx.game, ctx.ship, target_id) is None
            and ctx.state.in_range(ctx.ship, target, 0, 3))


# ---------------------------------------------------------------------- "Sinker"
def _sinker(game: Game, attack: AttackState, owner: ShipState, user: ShipState) -> bool:
    return (attack.attacker == user.id and attack.primary
            and _side_friend(game, owner, user, 1, 2))


register("pilot", "sinker",
         DiceMod("a friendly ship at range 1-2 in the left or right arc: reroll 1 attack die",
                 dice=dice("sinker"),
                 for_others=True, applies=_sinker),
         description="While a friendly ship within range 1-2 that is in his left or right arc "
                     "performs a primary attack: that ship may reroll 1 attack die.")


# ------------------------------------------------------------------------- "Jag"
def _jag_wants(ctx: Ctx) -> bool:
    defender = ctx.state.ships[ctx.event["defender"]]
    return (_side_friend(ctx.game, ctx.ship, defender, 1, 2)
            and _lockable(ctx, ctx.event["attacker"]))


register("pilot", "jag",
         Triggered("acquire a lock on the attacker", window="after_defend",
                   requirement=_jag_wants,
                   effect=lambda ctx, choice: acquire_lock(ctx.game, ctx.ship,
                                                           ctx.event["attacker"])),
         description="After a friendly ship within range 1-2 that is in his left or right arc "
                     "defends: may acquire a lock on the attacker.")


def _jag_soc_wants(ctx: Ctx) -> bool:
    attacker = ctx.state.ships[ctx.event["attacker"]]
    return (not ctx.ship.has(Token.STRAIN)
            and _side_friend(ctx.game, ctx.ship, attacker, 0, 2)
            and _lockable(ctx, ctx.event["defender"]))


register("pilot", "jag-siegeofcoruscant",
         Triggered("acquire a lock on the defender", window="after_attack",
                   requirement=_jag_soc_wants,
                   effect=lambda ctx, choice: acquire_lock(ctx.game, ctx.ship,
                                                           ctx.event["defender"])),
         description="After a friendly ship within range 0-2 that is in his left or right arc "
                     "attacks, if he is not strained: may acquire a lock on the defender.")


# -------------------------------------------------------------------- "Odd Ball"
register("pilot", "oddball-arc170starfighter", *ODDBALL, description=ODDBALL_TEXT)


def _oddball_soc_choices(ctx: Ctx) -> list[Option]:
    # RR: FRIENDLY - "a friendly ship" includes Odd Ball himself; "gains a lock": no range
    # between the chosen ships is required (ruling)
    friends = ships_in_range(ctx.game, ctx.ship, 0, 3, friendly=True)
    enemies = ships_in_range(ctx.game, ctx.ship, 0, 1, friendly=False)
    return [Option(f"{friend.id}>{enemy.id}",
                   f"{friend.name} ({friend.id}) gains a lock on {enemy.name} ({enemy.id})")
            for friend in friends if not friend.remote for enemy in enemies
            if can_lock(ctx.game, friend, enemy.id) is None]


def _oddball_soc(ctx: Ctx, choice: Any) -> None:
    friend_id, _, enemy_id = str(choice).partition(">")
    acquire_lock(ctx.game, ctx.other(friend_id), enemy_id)


def _oddball_soc_ability(window: str, requirement: Any) -> Triggered:
    return Triggered("a friendly ship at range 0-3 gains a lock on an enemy ship at range "
                     "0-1", window=window, requirement=requirement,
                     choices=_oddball_soc_choices, effect=_oddball_soc)


register("pilot", "oddball-siegeofcoruscant",
         _oddball_soc_ability("after_execute", red_maneuver),
         _oddball_soc_ability("after_action", red_action),
         description="After he fully executes a red maneuver or performs a red action: may pick a "
                     "friendly ship within range 0-3 and an enemy ship within range 0-1; the "
                     "friendly one gains a lock on that enemy ship.")


# ---------------------------------------------------------------------- "Wolffe"
def _wolffe_front(game: Game, attack: AttackState, owner: ShipState) -> bool:
    return attack.weapon.id == "primary:front"


def _wolffe_rear(ctx: Ctx) -> bool:
    attack = ctx.attack
    charge = ctx.ship.charges.get(ctx.card)
    # RR: ATTACK - no die is added to a primary attack at range 0
    return (is_me(ctx, "attacker") and attack is not None
            and attack.weapon.id == "primary:rear" and attack.range > 0
            and charge is not None and charge.active < charge.limit)


def _wolffe_recover(ctx: Ctx, choice: Any) -> None:
    attack = ctx.attack
    assert attack is not None
    if recover_charge(ctx.ship, ctx.card):
        attack.extra_attack_dice += 1
        ctx.game.event("ability", f"{ctx.ship.name} ({ctx.ship.id}) recovers 1 charge to "
                       "roll 1 additional attack die", ship=ctx.ship.id)


WOLFFE_REAR = Triggered("recover 1 charge: roll 1 additional attack die",
                        window="before_attack_dice", requirement=_wolffe_rear,
                        effect=_wolffe_recover)
for _xws in ("wolffe", "wolffe-siegeofcoruscant"):
    # the charge is the printing's own card: one dice ability per card id
    register("pilot", _xws,
             DiceMod("spend 1 charge: reroll 1 attack die",
                     dice=dice(_xws),
                     applies=attacking_if(_wolffe_front)),
             WOLFFE_REAR,
             description="Primary front arc attack: may spend 1 charge to reroll 1 attack "
                         "die. Primary rear arc attack: may recover 1 charge to roll 1 "
                         "additional attack die.")
