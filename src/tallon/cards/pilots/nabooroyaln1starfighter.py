"""Naboo Royal N-1 Starfighter pilots (Galactic Republic). Their ship ability, Full Throttle,
is shared with the TIE/D Defender and registered in ``tieddefender.py``; Bravo Flight
Officer has no ability text.

"The enemy ship" of Ric Olié, Dineé Ellberger and Gavyn Sykes is the other ship of the
attack he performs or defends against; each compares the speeds of the two revealed
maneuvers, and does nothing while either ship has no revealed maneuver (ruling)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tallon.cards.common import dice, is_in_arc, is_me, revealed_speed
from tallon.cards.conditions import DECOYED
from tallon.cards.registry import register
from tallon.engine.abilities import Cost, Ctx, DiceMod, Modifier, Triggered
from tallon.engine.allegiance import friendly
from tallon.engine.conditions import assign_condition
from tallon.engine.decisions import Option
from tallon.engine.modify_dice import focus_results_modified
from tallon.engine.movement import reposition, roll_positions
from tallon.engine.state import ShipState
from tallon.geometry import Arc

if TYPE_CHECKING:
    from tallon.engine.game import Game
    from tallon.engine.state import AttackState


def enemy_of(game: Any, attack: AttackState | None, owner: ShipState) -> ShipState | None:
    """The other ship of the attack the owner performs or defends against, if an enemy."""
    if attack is None or owner.id not in (attack.attacker, attack.defender):
        return None
    other = game.state.ships[attack.defender if attack.attacker == owner.id
                             else attack.attacker]
    return other if other.owner != owner.owner else None


def speeds(game: Any, attack: AttackState | None, owner: ShipState
           ) -> tuple[int, int] | None:
    """(the owner's revealed speed, the enemy ship's), or None when one is not revealed."""
    enemy = enemy_of(game, attack, owner)
    if enemy is None:
        return None
    mine, theirs = revealed_speed(owner), revealed_speed(enemy)
    if mine is None or theirs is None:
        return None
    return mine, theirs


# ------------------------------------------------------- Anakin Skywalker (N-1)
def _anakin_rolls(ctx: Ctx) -> dict[str, Any]:
    """RR: BARREL ROLL - every placement a barrel roll could reach now, by key."""
    found = {}
    for side in ("left", "right"):
        for position, attempt in roll_positions(ctx.game, ctx.ship, side,
                                                through_obstacles=True).items():
            found[f"{side}:{position}"] = attempt
    return found


def _anakin_roll(ctx: Ctx, choice: Any) -> None:
    attempt = _anakin_rolls(ctx)[choice]
    reposition(ctx.game, ctx.ship, attempt)
    ctx.game.event("move", f"{ctx.ship.name} ({ctx.ship.id}) barrel rolls {choice} (Anakin "
                   "Skywalker, not an action)", ship=ctx.ship.id)


register("pilot", "anakinskywalker-nabooroyaln1starfighter",
         # RR: BARREL ROLL - to barrel roll is not the action: no "after you perform an
         # action" abilities, and he may still perform a barrel roll action this round
         Triggered("spend 1 Force to barrel roll (not an action)", window="before_reveal",
                   cost=Cost(force=1), requirement=lambda ctx: is_me(ctx)
                   and ctx.ship.dial_set is not None and not ctx.ship.ionized,
                   choices=lambda ctx: [Option(k, f"barrel roll {k.replace(':', ', ')}")
                                        for k in _anakin_rolls(ctx)],
                   effect=_anakin_roll),
         description="Before revealing his maneuver: may spend 1 Force to barrel roll (not "
                     "an action).")


# --------------------------------------------------------------------- Ric Olié
def _ric_faster(game: Any, attack: AttackState | None, owner: ShipState) -> bool:
    found = speeds(game, attack, owner)
    return found is not None and found[0] > found[1]


def _ric_attack(game: Any, owner: ShipState, attack: AttackState | None = None,
                **facts: Any) -> int:
    return 1 if (attack is not None and attack.attacker == owner.id and attack.primary
                 and _ric_faster(game, attack, owner)) else 0


def _ric_defense(game: Any, owner: ShipState, attack: AttackState | None = None,
                 **facts: Any) -> int:
    return 1 if (attack is not None and attack.defender == owner.id
                 and _ric_faster(game, attack, owner)) else 0


register("pilot", "ricolie",
         Modifier("faster than the attacker: 1 additional defense die", hook="defense_dice",
                  value=_ric_defense),
         Modifier("faster than the defender: 1 additional primary attack die",
                  hook="attack_dice", value=_ric_attack),
         description="Defending or performing a primary attack, if his revealed maneuver is "
                     "faster than the enemy ship's: rolls 1 additional die.")


# ---------------------------------------------------------------- Padmé Amidala
def _padme_allows(game: Any, owner: ShipState, attack: AttackState | None = None,
                  kind: str = "", user: ShipState | None = None, ops: Any = (),
                  **facts: Any) -> bool:
    if attack is None or user is None or user.owner == owner.owner \
            or user.id not in (attack.attacker, attack.defender) \
            or not is_in_arc(owner, user, Arc.FRONT):
        return True
    pool = attack.pool(kind)
    touched = 0 if pool is None else focus_results_modified(tuple(ops), pool.counts())
    # RR: DICE MODIFICATION - rerolling, changing or spending a focus result modifies it;
    # an option that would modify more focus results than are left is not offered
    done = attack.marks.get(f"{user.id}:modified focus results", 0)
    return touched == 0 or done + touched <= 1


register("pilot", "padmeamidala",
         Modifier("count the focus results each ship modifies", hook="records_modified_dice",
                  value=lambda game, owner, **facts: True),
         Modifier("an enemy ship in her front arc modifies only 1 focus result",
                  hook="dice_option_allowed", value=_padme_allows),
         description="While an enemy ship in her front arc defends or attacks, it can modify "
                     "only 1 focus result in all (its other results as usual).")


# ------------------------------------------------------------- Dineé Ellberger
def _dinee(game: Any, owner: ShipState, attack: AttackState | None = None, kind: str = "",
           **facts: Any) -> bool:
    found = speeds(game, attack, owner)
    if attack is None or found is None or found[0] != found[1]:
        return False
    # RR: DICE MODIFICATION - the enemy ship's dice: the defense dice while she attacks
    enemy_dice = "defense" if attack.attacker == owner.id else "attack"
    return kind == enemy_dice


register("pilot", "dineeellberger",
         Modifier("same revealed speed: the enemy ship's dice can't be modified",
                  hook="dice_unmodifiable", value=_dinee),
         description="While she defends or attacks, if her revealed maneuver has the same speed as "
                     "the enemy ship's: the enemy ship's dice cannot be modified.")


# ---------------------------------------------------------------- Gavyn Sykes
def _gavyn_applies(game: Game, attack: AttackState, owner: ShipState, user: ShipState
                   ) -> bool:
    found = speeds(game, attack, owner)
    return user.id == owner.id and found is not None and found[0] > found[1]


register("pilot", "gavynsykes",
         DiceMod("reroll any of your blank results", dice=dice("gavynsykes"),
                 applies=_gavyn_applies),
         description="Defending or attacking, if his revealed maneuver is faster than the "
                     "enemy ship's: may reroll his blank results.")


# ------------------------------------------------------------- Naboo Handmaiden
HANDMAIDEN = "naboohandmaiden"


def _decoy_targets(ctx: Ctx) -> list[Option]:
    # "other than Naboo Handmaiden": no ship of that pilot (ruling: a second copy neither)
    return [Option(s.id, f"assign Decoyed to {s.name} ({s.id})") for s in ctx.state.in_play()
            if friendly(s, ctx.ship) and s.pilot != HANDMAIDEN]


register("pilot", HANDMAIDEN,
         # RR: SETUP - "after placing forces"; RR: CONDITION CARDS
         Triggered("assign the Decoyed condition to a friendly ship", window="after_place_forces",
                   optional=False, choices=_decoy_targets,
                   effect=lambda ctx, choice: assign_condition(
                       ctx.game, ctx.other(str(choice)), DECOYED, ctx.ship.owner)),
         description="Setup, after placing forces: she assigns the Decoyed condition to a friendly "
                     "ship that is not a Naboo Handmaiden.")
