"""Building blocks for protecting ships during an attack or from damage: a friend taking a
result on itself, a ship guarding a friendly defender, damage prevented. Cards that share a
rule share one of these instead of a copy of it."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from tallon.cards.common import is_in_arc, is_me, range_of, ships_in_range
from tallon.engine.abilities import Cost, Ctx, Replacement, Triggered
from tallon.engine.allegiance import friendly
from tallon.engine.damage import SufferDamage
from tallon.engine.decisions import Option
from tallon.engine.effects import suffer_damage
from tallon.engine.state import ShipState

if TYPE_CHECKING:
    from tallon.engine.game import Game
    from tallon.engine.state import AttackState


# ------------------------------------------------------------- results and damage
def friend_takes_result(card: str, title: str, *, optional: bool = True,
                        in_attack_arc: bool = False) -> Triggered:
    """Defending, after the Neutralize Results step: another friendly ship at range 0-1
    suffers 1 hit or critical damage to cancel 1 matching result (Captain Phasma, who must;
    Prince Xizor, whose friend must also be in the attack arc)."""

    def choices(ctx: Ctx) -> list[Option]:
        attack = ctx.attack
        if attack is None or not is_me(ctx, "defender"):
            return []
        attacker = ctx.other(attack.attacker)
        options = []
        for friend in ships_in_range(ctx.game, ctx.ship, 0, 1, friendly=True, other=True):
            # RR: ATTACK ARC - the arc the attack was declared from
            if in_attack_arc and not is_in_arc(attacker, friend, attack.arc):
                continue
            for result, left in (("hit", attack.hits), ("crit", attack.crits)):
                if left:
                    what = "hit" if result == "hit" else "critical hit"
                    options.append(Option(f"{friend.id}:{result}",
                                          f"{friend.name} ({friend.id}) suffers 1 {what} "
                                          f"damage to cancel 1 {what} result"))
        return options

    def effect(ctx: Ctx, choice: Any) -> None:
        attack = ctx.attack
        assert attack is not None
        friend_id, _, result = choice.partition(":")
        friend = ctx.other(friend_id)
        # RR: CANCEL - the friend's damage is the cost, the canceled result what it buys
        if result == "hit":
            suffer_damage(ctx.game, friend, hits=1, cause=card)
            attack.hits -= 1
        else:
            suffer_damage(ctx.game, friend, crits=1, cause=card)
            attack.crits -= 1
        attack.hit = attack.hits + attack.crits > 0
        ctx.game.event("neutralize", f"{card} cancels 1 {result} result: "
                       f"{attack.hits} hit(s), {attack.crits} critical hit(s) uncanceled",
                       ship=ctx.ship.id, hits=attack.hits, crits=attack.crits)

    return Triggered(title, window="after_neutralize", optional=optional, choices=choices,
                     requirement=lambda ctx: is_me(ctx, "defender"), effect=effect)


def guards_defender(game: Game, attack: AttackState, owner: ShipState, user: ShipState
                    ) -> bool:
    """``DiceMod.applies`` of cards that protect another friendly ship at range 0-1 that
    defends while the owner is in the attack arc (Captain Dobbs, Selfless)."""
    near = range_of(owner, user)
    return (user.id != owner.id and friendly(user, owner) and attack.defender == user.id
            and near is not None and near <= 1
            and is_in_arc(game.state.ships[attack.attacker], owner, attack.arc))


def prevent_one_damage(title: str, applies: Callable[[Ctx, dict[str, Any]], bool],
                       cost: Cost) -> Replacement:
    """Before a ship would suffer damage (``applies``): prevent 1 hit or 1 critical damage
    of it; the rest is suffered as it would have been (Iden Versio, Ablative Plating)."""

    def choices(ctx: Ctx, facts: dict[str, Any]) -> list[Option]:
        return [Option(key, f"prevent 1 {what} damage")
                for key, what in (("hit", "hit"), ("crit", "critical"))
                if facts[f"{key}s"]]

    def replace(ctx: Ctx, facts: dict[str, Any], choice: Any) -> None:
        target = ctx.other(facts["ship"])
        hits = facts["hits"] - (1 if choice == "hit" else 0)
        crits = facts["crits"] - (1 if choice == "crit" else 0)
        ctx.game.event("ability", f"{target.name} ({target.id}): 1 damage prevented",
                       ship=target.id)
        ctx.game.push(SufferDamage(target.id, hits, crits, facts.get("cause", ""),
                                   replaceable=False,
                                   bypass_shields=bool(facts.get("bypass_shields"))))

    return Replacement(title, point="suffer_damage", applies=applies, choices=choices,
                       replace=replace, cost=cost)


__all__ = [
    "friend_takes_result",
    "guards_defender",
    "prevent_one_damage",
]
