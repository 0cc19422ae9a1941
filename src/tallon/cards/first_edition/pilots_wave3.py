"""First edition, wave 3: the pilots of the B-wing, HWK-290, TIE Bomber and Lambda-class
Shuttle expansion packs whose cards have an ability.

First-edition ranges are 1-3: touching ships are at Range 1 (FAQ (1e): a ship is at Range 1
of itself), so "at Range 1" is the engine's range 0-1 and "at Range 1-3" its range 0-3.
"Pilot skill" is the engine's initiative. A "secondary weapon" is any weapon that is not a
primary weapon (rulebook (1e): Secondary Weapons).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tallon.cards.common import (
    one_more_attack_die,
    range_of,
    recalled,
    remember,
    ship_options,
    ships_in_range,
)
from tallon.cards.registry import register
from tallon.dice.abilities.base import ATTACKING, BOTH_ROLES
from tallon.dice.abilities.effects import reroll
from tallon.engine.abilities import Cost, Ctx, DiceMod, Modifier, Replacement, Triggered
from tallon.engine.action_bodies import lock_targets
from tallon.engine.allegiance import friendly
from tallon.engine.effects import gain_token, transfer_token
from tallon.engine.state import ARCS, ShipState, Token, WeaponSpec

if TYPE_CHECKING:
    from tallon.engine.game import Game
    from tallon.engine.state import AttackState


def friends_near(ctx: Ctx, high: int) -> list[ShipState]:
    """Other friendly ships at first-edition Range 1-``high`` (engine range 0-``high``)."""
    return [s for s in ships_in_range(ctx.game, ctx.ship, 0, high, friendly=True, other=True)
            if not s.remote]


def near(a: ShipState, b: ShipState, high: int) -> bool:
    """Whether ``b`` is at first-edition Range 1-``high`` of ``a``."""
    measured = range_of(a, b)
    return measured is not None and measured <= high


# ----------------------------------------------------------------------- Ten Numb
TEN_NUMB = "1e-bwing-tennumb"


def _ten_numb(game: Any, owner: ShipState, attack: AttackState | None = None,
              **facts: Any) -> tuple[int, int] | None:
    # FAQ (1e), Ten Numb: evade tokens and added evade results count as defense dice
    # results, so none of them cancels the kept critical hit
    if attack is None or attack.attacker != owner.id:
        return None
    return (0, 1)


register("pilot", TEN_NUMB,
         Modifier("1 critical hit result can't be canceled by defense dice",
                  hook="uncancelable_results", value=_ten_numb),
         description="Attacking: one critical hit of his is uncancelable by defense dice, evade "
                     "tokens or added evade results.")


# ----------------------------------------------------------------------- Ibtisam
IBTISAM = "1e-bwing-ibtisam"
IBTISAM_DICE = reroll(IBTISAM, "Ibtisam (stressed: reroll 1 die)", BOTH_ROLES)

register("pilot", IBTISAM,
         DiceMod("stressed: reroll 1 of your dice", dice=IBTISAM_DICE,
                 applies=lambda game, attack, owner, user: user.id == owner.id
                 and owner.stressed and owner.id in (attack.attacker, attack.defender)),
         description="Attacking or defending with at least 1 stress token: may reroll 1 of "
                     "his dice.")


# ------------------------------------------------------------------- Roark Garnet
ROARK = "1e-hwk290-roarkgarnet"
ROARK_CHOSEN = f"{ROARK}:chosen"
ROARK_SKILL = 12


def _roark(ctx: Ctx, choice: Any) -> None:
    chosen = ctx.other(str(choice))
    # rulebook (1e), Pilot Skill: the value itself is treated as 12 (activation order and
    # any card reading it) until the Combat phase is over (reset below)
    chosen.round_initiative = ROARK_SKILL
    remember(ctx.ship, ROARK_CHOSEN, (ctx.state.round, chosen.id))
    ctx.game.event("ability", f"{chosen.name} ({chosen.id}) has pilot skill {ROARK_SKILL} "
                   "this Combat phase", ship=ctx.ship.id)


def _roark_ends(ctx: Ctx, choice: Any) -> None:
    _, chosen_id = recalled(ctx.ship, ROARK_CHOSEN)
    remember(ctx.ship, ROARK_CHOSEN, None)
    chosen = ctx.state.ships[chosen_id]
    if chosen.round_initiative == ROARK_SKILL:
        chosen.round_initiative = None


register("pilot", ROARK,
         # "choose": not a "may" - with a friend in range one must be chosen
         Triggered("set a friend within Range 1-3 to pilot "
                   "skill 12 this phase", window="start_engagement", optional=False,
                   requirement=lambda ctx: ctx.ship.in_play,
                   choices=lambda ctx: ship_options(friends_near(ctx, 3)), effect=_roark),
         Triggered("the chosen ship's pilot skill is its own again", window="end_engagement",
                   optional=False,
                   requirement=lambda ctx: recalled(ctx.ship, ROARK_CHOSEN) is not None,
                   effect=_roark_ends),
         description="Combat phase start: picks another friendly ship within Range 1-3 to have "
                     "pilot skill 12 for the phase.")


# -------------------------------------------------------------------- Kyle Katarn
KYLE = "1e-hwk290-kylekatarn"

register("pilot", KYLE,
         Triggered("give a focus token to a friend within Range 1-3",
                   window="start_engagement",
                   requirement=lambda ctx: ctx.ship.in_play and ctx.ship.has(Token.FOCUS)
                   and bool(friends_near(ctx, 3)),
                   choices=lambda ctx: ship_options(friends_near(ctx, 3)),
                   effect=lambda ctx, choice: transfer_token(
                       ctx.game, ctx.ship, ctx.other(str(choice)), Token.FOCUS)),
         description="Combat phase start: may hand one of his focus tokens over to another "
                     "friendly ship within Range 1-3.")


# ------------------------------------------------------------------------ Jan Ors
JAN = "1e-hwk290-janors"


def _jan_applies(ctx: Ctx) -> bool:
    attack = ctx.attack
    if attack is None or attack.attacker == ctx.ship.id or ctx.ship.stressed \
            or not ctx.ship.in_play:
        return False
    attacker = ctx.other(attack.attacker)
    return friendly(ctx.ship, attacker) and near(ctx.ship, attacker, 3)


register("pilot", JAN,
         # FAQ (1e): extra attack dice are added in the Roll Attack Dice step, before the
         # roll; the die is for this one attack only
         Triggered("receive 1 stress token: the attacker rolls 1 additional attack die",
                   window="before_attack_dice", cost=Cost(gain=(("stress", 1),)),
                   requirement=_jan_applies, effect=one_more_attack_die),
         description="A friendly ship within Range 1-3 attacks while she is unstressed: she may "
                     "take 1 stress token to give it an extra attack die.")


# ------------------------------------------------------------------ Captain Jonus
JONUS = "1e-tiebomber-captainjonus"
JONUS_DICE = reroll(JONUS, "Captain Jonus (reroll up to 2 attack dice)", ATTACKING, 2)


def _jonus_applies(game: Game, attack: AttackState, owner: ShipState, user: ShipState
                   ) -> bool:
    # FAQ (1e): each attack of a weapon attacking twice (Cluster Missiles) qualifies
    return (user.id == attack.attacker and user.id != owner.id and owner.in_play
            and friendly(owner, user) and not attack.primary and near(owner, user, 1))


register("pilot", JONUS,
         DiceMod("reroll as many as 2 attack dice", dice=JONUS_DICE, applies=_jonus_applies,
                 for_others=True),
         description="Friendly ships within Range 1 of him may reroll as many as 2 attack dice in "
                     "secondary weapon attacks.")


# ------------------------------------------------------------------- Major Rhymer
RHYMER = "1e-tiebomber-majorrhymer"


def _rhymer(game: Game, owner: ShipState, weapon: WeaponSpec | None = None, **facts: Any
            ) -> list[tuple[str, int, int]]:
    if weapon is None or weapon.card is None or weapon.arc not in ARCS:
        return []
    # raising or lowering the range by 1 reaches one band further out or closer in; the
    # card limits it to Range 1-3 (ruling: both ends move, as for the 2.5 card)
    low, high = max(1, weapon.min_range - 1), min(3, weapon.max_range + 1)
    return [(weapon.arc, low, high)]


register("pilot", RHYMER,
         Modifier("a secondary weapon's range may be 1 higher or lower (within Range 1-3)",
                  hook="weapon_arc_alternatives", value=_rhymer),
         description="Attacking with a secondary weapon: may increase or decrease its range "
                     "by 1, within Range 1-3.")


# ------------------------------------------------------------------ Captain Kagi
KAGI = "1e-lambdaclassshuttle-captainkagi"


def _kagi_forbids(game: Game, owner: ShipState, ship: ShipState | None = None,
                  target: str = "", **facts: Any) -> bool:
    # FAQ (1e): only a lock the enemy chooses a target for (the target lock action, free
    # or not); a lock the card itself puts on the defender (Fire-Control System) is not
    # redirected
    if ship is None or ship.owner == owner.owner or target == owner.id or not owner.in_play:
        return False
    return owner.id in lock_targets(game, ship)


register("pilot", KAGI,
         Modifier("an enemy acquiring a target lock must lock you if it can",
                  hook="lock_action_forbidden", value=_kagi_forbids),
         description="An enemy ship acquiring a target lock must lock onto him if it can.")


# ---------------------------------------------------------------- Colonel Jendon
JENDON = "1e-lambdaclassshuttle-coloneljendon"


def _jendon_friends(ctx: Ctx) -> list[ShipState]:
    # FAQ (1e): the friend needs no target lock action on its bar
    return [s for s in friends_near(ctx, 1) if not s.locks]


def _jendon_lock_options(ctx: Ctx) -> list[Any]:
    from tallon.engine.decisions import Option

    found = []
    for friend in _jendon_friends(ctx):
        for target in ctx.ship.locks:
            locked = ctx.state.ships.get(target)
            name = f"{locked.name} ({target})" if locked else target
            found.append(Option(f"{friend.id}|{target}",
                                f"give your lock on {name} to {friend.name} ({friend.id})"))
    return found


def _jendon(ctx: Ctx, choice: Any) -> None:
    friend_id, _, target = str(choice).partition("|")
    friend = ctx.other(friend_id)
    ctx.ship.locks = [t for t in ctx.ship.locks if t != target]
    friend.locks = [target]
    ctx.game.event("lock", f"{ctx.ship.name} ({ctx.ship.id}) assigns its target lock on "
                   f"{target} to {friend.name} ({friend.id})", ship=friend.id, target=target)


register("pilot", JENDON,
         Triggered("hand a target lock to a lockless friend within Range 1",
                   window="start_engagement",
                   requirement=lambda ctx: ctx.ship.in_play and bool(ctx.ship.locks)
                   and bool(_jendon_friends(ctx)),
                   choices=_jendon_lock_options, effect=_jendon),
         description="Combat phase start: may hand one of his target locks to another friendly "
                     "ship within Range 1 that holds none.")


# ------------------------------------------------------------------ Captain Yorr
YORR = "1e-lambdaclassshuttle-captainyorr"


def _yorr_applies(ctx: Ctx, facts: dict[str, Any]) -> bool:
    if facts["token"] != Token.STRESS.value or facts["ship"] == ctx.ship.id \
            or facts.get("cost") or not ctx.ship.in_play or ctx.ship.count(Token.STRESS) > 2:
        return False
    other = ctx.other(facts["ship"])
    return friendly(ctx.ship, other) and not other.remote and near(ctx.ship, other, 2)


def _yorr(ctx: Ctx, facts: dict[str, Any], choice: Any) -> None:
    other = ctx.other(facts["ship"])
    # one token is intercepted; any others of the same gain stay with that ship
    if facts["count"] > 1:
        gain_token(ctx.game, other, Token.STRESS, facts["count"] - 1, facts["applier"],
                   replaceable=False)
    ctx.game.event("ability", f"{ctx.ship.name} ({ctx.ship.id}) receives the stress token "
                   f"of {other.name} ({other.id})", ship=ctx.ship.id)
    gain_token(ctx.game, ctx.ship, Token.STRESS, 1, facts["applier"])


register("pilot", YORR,
         Replacement("receive that stress token instead", point="gain_token",
                     applies=_yorr_applies, replace=_yorr),
         description="A friendly ship within Range 1-2 is about to be stressed and he holds at "
                     "most 2 stress tokens: he may take the token himself.")

__all__ = ["friends_near", "near"]
