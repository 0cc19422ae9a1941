"""Fitting upgrades onto a ship's upgrade bar (RR: UPGRADE CARDS, RR: UPGRADES).

A ship's upgrade bar is its pilot's printed slots, plus and minus the slots granted by
its equipped upgrades (front sides), plus any special slot its ship ability gives. Each
upgrade occupies every slot on its front side, so a dual-slot card needs two free slots.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import product

from tallon.data import Pilot, Upgrade
from tallon.data.vocab import slot_name

# Ship abilities that add a special slot taking exactly one single-slot upgrade of one of
# the listed types (FAQ, List Building: Weapon Hardpoint cannot hold a multi-slot card).
SPECIAL_SLOTS: dict[str, tuple[str, ...]] = {
    "Weapon Hardpoint": ("cannon", "torpedo", "missile"),
    "Versatile Frame": ("torpedo", "missile"),
}

# Slots an upgrade's text adds that the card data does not record as a grant (Alpha-3B
# "Besh": "Add [Device] slot").
TEXT_SLOT_GRANTS: dict[str, tuple[tuple[str, int], ...]] = {
    "alpha3bbesh": (("device", 1),),
    "wartimeloadout": (("torpedo", 1), ("missile", 1)),
}


@dataclass(frozen=True)
class SpecialSlot:
    """A slot granted by a ship ability; it takes one single-slot upgrade of ``accepts``."""

    ability: str
    accepts: tuple[str, ...]

    @property
    def label(self) -> str:
        kinds = " or ".join(slot_name(s) for s in self.accepts)
        return f"{self.ability} ({kinds})"


@dataclass(frozen=True)
class Misfit:
    """An upgrade that found no free slot: the slots it still needed."""

    upgrade: Upgrade
    missing: tuple[str, ...]


@dataclass(frozen=True)
class SlotFit:
    """The outcome of fitting upgrades to an upgrade bar.

    ``bar`` counts the slots available; ``special`` maps each special slot used to the
    upgrade in it; ``misfits`` is empty when every upgrade has its slots.
    """

    bar: Counter[str]
    special_slots: tuple[SpecialSlot, ...]
    special: tuple[tuple[SpecialSlot, Upgrade], ...]
    misfits: tuple[Misfit, ...]

    @property
    def fits(self) -> bool:
        return not self.misfits


def special_slots_of(pilot: Pilot) -> tuple[SpecialSlot, ...]:
    """The special slots a pilot's ship ability gives, if any."""
    accepts = SPECIAL_SLOTS.get(pilot.ship_ability or "")
    return (SpecialSlot(pilot.ship_ability or "", accepts),) if accepts else ()


def upgrade_bar(pilot: Pilot, upgrades: Sequence[Upgrade]) -> Counter[str]:
    """The printed slots of ``pilot`` changed by the slot grants of ``upgrades``."""
    bar: Counter[str] = Counter(pilot.slots)
    for upgrade in upgrades:
        for grant in upgrade.front.grants.slots:
            bar[grant.slot] += grant.amount
        for slot, amount in TEXT_SLOT_GRANTS.get(upgrade.xws, ()):
            bar[slot] += amount
    return Counter({slot: count for slot, count in bar.items() if count > 0})


def _fits(demand: Counter[str], bar: Counter[str]) -> bool:
    return all(bar[slot] >= count for slot, count in demand.items())


def fit_upgrades(pilot: Pilot, upgrades: Sequence[Upgrade]) -> SlotFit:
    """Place ``upgrades`` on ``pilot``'s upgrade bar, using special slots where needed.

    The placement is exact: every way of filling the special slots is tried (there are at
    most a handful). When no placement exists, upgrades are placed greedily in the order
    listed to name the ones left without a slot.
    """
    bar = upgrade_bar(pilot, upgrades)
    specials = special_slots_of(pilot)
    demand = Counter(slot for upgrade in upgrades for slot in upgrade.slots)
    options: list[list[Upgrade | None]] = []
    for special in specials:
        candidates: list[Upgrade | None] = [None]
        candidates += [u for u in upgrades if len(u.slots) == 1 and u.slots[0] in special.accepts]
        options.append(candidates)
    for choice in product(*options):
        chosen = [u for u in choice if u is not None]
        if len({id(u) for u in chosen}) != len(chosen):
            continue
        remaining = demand - Counter(u.slots[0] for u in chosen)
        if _fits(remaining, bar):
            used = tuple((s, u) for s, u in zip(specials, choice, strict=True) if u is not None)
            return SlotFit(bar=bar, special_slots=specials, special=used, misfits=())
    return SlotFit(bar=bar, special_slots=specials, special=(),
                   misfits=_explain(bar, specials, upgrades))


def _explain(
    bar: Counter[str], specials: tuple[SpecialSlot, ...], upgrades: Sequence[Upgrade]
) -> tuple[Misfit, ...]:
    free = Counter(bar)
    free_specials = list(specials)
    misfits = []
    for upgrade in upgrades:
        need = Counter(upgrade.slots)
        if _fits(need, free):
            free -= need
            continue
        special = next(
            (s for s in free_specials if len(upgrade.slots) == 1 and upgrade.slots[0] in s.accepts),
            None,
        )
        if special is not None:
            free_specials.remove(special)
            continue
        # A misfit keeps nothing: its partial slots stay free for the upgrades after it.
        missing = need - free
        misfits.append(Misfit(upgrade=upgrade, missing=tuple(sorted(missing.elements()))))
    return tuple(misfits)
