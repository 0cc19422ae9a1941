"""RR: ATTACK step 4 (Neutralize Results) and RR: REINFORCE."""

from __future__ import annotations


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
) -> tuple[int, int]:
    """Cancel hits and crits with evades; return the uncanceled (hits, crits).

    Evades cancel hits first, then crits (RR: ATTACK step 4). ``crits_first``
    reverses that (Plasma Torpedoes); ``evades_cancel_crits=False`` leaves
    crits alone. Then each reinforce token that applies adds one evade if more
    than one hit/crit remains, one token at a time (RR: REINFORCE); that
    evade follows the same order.
    """
    if min(hits, crits, evades, reinforce) < 0:
        raise ValueError("result counts cannot be negative")
    hits, crits = _cancel(hits, crits, evades, crits_first, evades_cancel_crits)
    for _ in range(reinforce):
        if hits + crits <= 1:
            break
        hits, crits = _cancel(hits, crits, 1, crits_first, evades_cancel_crits)
    return hits, crits
