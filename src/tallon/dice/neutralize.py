"""RR: ATTACK step 4 (Neutralize Results) and RR: REINFORCE."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from tallon.dice.faces import Face

if TYPE_CHECKING:
    from tallon.dice.abilities.base import DiceAbility


def _cancel(hits: int, crits: int, evades: int, crits_first: bool,
            evades_cancel_crits: bool) -> tuple[int, int]:
    if not evades_cancel_crits:
        return max(0, hits - evades), crits
    if crits_first:
        used = min(crits, evades)
        return max(0, hits - (evades - used)), crits - used
    used = min(hits, evades)
    return hits - used, max(0, crits - (evades - used))


def neutralize(
    hits: int,
    crits: int,
    evades: int,
    *,
    reinforce: int = 0,
    crits_first: bool = False,
    evades_cancel_crits: bool = True,
    cancel_crits: int = 0,
    cancel_results: int = 0,
) -> tuple[int, int]:
    """Cancel hits and crits with evades; return the uncanceled (hits, crits).

    Evades cancel hits first, then crits (RR: ATTACK step 4). ``crits_first``
    reverses that (Plasma Torpedoes); ``evades_cancel_crits=False`` leaves
    crits alone. Then each reinforce token that applies adds one evade if more
    than one hit/crit remains, one token at a time (RR: REINFORCE); that
    evade follows the same order.

    First, before Neutralize Results, the defender's side cancels ``cancel_crits`` crits
    (Selfless) and ``cancel_results`` more results (Biggs Darklighter), crits before hits:
    whatever the payoff, never worse for the defender (docs/rulings.md).
    """
    if min(hits, crits, evades, reinforce, cancel_crits, cancel_results) < 0:
        raise ValueError("result counts cannot be negative")
    if cancel_crits or cancel_results:
        crits -= min(crits, cancel_crits)
        from_crits = min(crits, cancel_results)
        crits -= from_crits
        hits = max(0, hits - (cancel_results - from_crits))
    hits, crits = _cancel(hits, crits, evades, crits_first, evades_cancel_crits)
    for _ in range(reinforce):
        if hits + crits <= 1:
            break
        hits, crits = _cancel(hits, crits, 1, crits_first, evades_cancel_crits)
    return hits, crits


def defender_cancels(abilities: Iterable[DiceAbility]) -> tuple[int, int]:
    """``(cancel_crits, cancel_results)`` for ``neutralize`` from the defender's abilities."""
    crits = results = 0
    for ability in abilities:
        faces = ability.cancels_before_neutralize
        if Face.HIT in faces:
            results += 1
        elif Face.CRIT in faces:
            crits += 1
    return crits, results
