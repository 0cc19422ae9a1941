"""Hera Syndulla, "Phoenix Leader": her A/SF-01 B-wing and RZ-1 A-wing printings share one
ability text and so the same ability objects. (Kept apart from asf01bwing.py and
rz1awing.py, which other work edits.)

Her ability is a non-dice action in a friendly ship's Modify Dice step: the engine offers
it through the hook ``dice_step_actions`` (:mod:`tallon.engine.dice_step_actions`), and the
receiving ship may spend the token in the same step.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tallon.cards.common import ships_in_range
from tallon.cards.registry import register
from tallon.engine.abilities import Modifier
from tallon.engine.dice_step_actions import StepAction
from tallon.engine.effects import can_lock, max_locks, transfer_token
from tallon.engine.queue import any_true
from tallon.engine.state import AttackState, ShipState, Token
from tallon.engine.steps import continuation

if TYPE_CHECKING:
    from tallon.engine.game import Game

HERA = ("herasyndulla-asf01bwing", "herasyndulla-rz1awing")
TOKENS = (Token.FOCUS, Token.EVADE)


def _lock_targets(game: Game, hera: ShipState, friend: ShipState) -> list[str]:
    """Hera's locks the friend can take: RR: TOKENS - a transfer needs the receiving ship
    able to have the lock (RR: LOCK: not on itself, not while ionized ...). A lock on an
    object the friend has locked already is not offered: one of the two would break at
    once (FAQ: LOCKING), leaving the friend as it was (ruling)."""
    return [t for t in hera.locks if t not in friend.locks
            and can_lock(game, friend, t) is None]


def _hera_actions(game: Game, owner: ShipState, attack: AttackState, kind: str, role: str,
                  user: ShipState) -> list[StepAction]:
    # "another friendly ship at range 1-2" that defends or attacks: the ship modifying
    # dice is the attacker or the defender; a remote is no ship (RR: ATTACKING REMOTES)
    if user.id == owner.id or user.remote \
            or user not in ships_in_range(game, owner, 1, 2, friendly=True, other=True):
        return []
    found = []
    for token in TOKENS:
        # RR: TOKENS - no transfer of a token Hera can't remove
        if owner.has(token) and not any_true(game, "token_removal_forbidden", ship=owner,
                                             token=token):
            found.append(StepAction(
                f"transfer={token.value}",
                f"transfer 1 {token.value} token to {user.name} ({user.id})",
                "herasyndulla.transfer", (owner.id, user.id, token.value),
                {"gives": {"ship": user.id, "token": token.value, "target": None}}))
    for target in _lock_targets(game, owner, user):
        found.append(StepAction(
            f"transfer=lock>{target}", f"transfer the lock on {target} to {user.name} "
            f"({user.id})", "herasyndulla.transfer", (owner.id, user.id, f"lock>{target}"),
            {"gives": {"ship": user.id, "token": "lock", "target": target}}))
    return found


@continuation("herasyndulla.transfer")
def _hera_transfer(game: Game, _: Any, hera_id: str, friend_id: str, what: str) -> None:
    hera, friend = game.state.ships[hera_id], game.state.ships[friend_id]
    if not what.startswith("lock>"):
        transfer_token(game, hera, friend, Token(what))
        return
    # RR: LOCK - the friend keeps as many locks as it may: its former one goes first
    target = what.partition(">")[2]
    if target not in hera.locks or can_lock(game, friend, target) is not None:
        return
    hera.locks = [t for t in hera.locks if t != target]
    room = max_locks(game, friend) - 1
    kept = [t for t in friend.locks if t != target]
    friend.locks = (kept[len(kept) - room:] if room > 0 else []) + [target]
    game.event("lock", f"{hera.name} ({hera.id}) transfers its lock on {target} to "
               f"{friend.name} ({friend.id})", ship=friend.id, target=target)


HERA_ABILITY = Modifier("transfer 1 focus token, evade token or lock to the friendly ship "
                        "in the attack", hook="dice_step_actions", value=_hera_actions)
for _xws in HERA:
    register("pilot", _xws, HERA_ABILITY,
             description="While another friendly ship at range 1-2 attacks or defends, in "
                         "a Modify Dice step: may give it 1 of her focus tokens, evade "
                         "tokens or locks.")
