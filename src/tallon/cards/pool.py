"""The cards Tallon plays, and random legal squads made of them (for fuzzing, benchmarks
and varied demo games).

A pilot is playable when its ability (and its ship ability) is implemented in the card pool
(:data:`~tallon.cards.registry.CARDS`) or it has none; an upgrade when its ability is
implemented or it has none. Random squads are legal standard squads (checked by
:func:`tallon.squads.check_squad`) of playable cards.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from functools import cache

from tallon.cards.registry import CARDS
from tallon.data import Pilot, Upgrade, load_cards
from tallon.engine.loadout import unplayable_ship, upgrade_unplayable
from tallon.squads import Squad, build_squad, check_squad


def pilot_playable(pilot: Pilot) -> bool:
    """Whether the engine plays the pilot with its standard loadout (the rule setup
    refuses squads by: :func:`tallon.engine.loadout.unplayable_ship`)."""
    db = load_cards()
    loadout = [db.upgrade(u) for u in pilot.standard_loadout]
    return not unplayable_ship(pilot, loadout, CARDS)


def upgrade_playable(upgrade: Upgrade) -> bool:
    return not upgrade_unplayable(upgrade, CARDS)


@cache
def playable_pilots(faction: str) -> tuple[Pilot, ...]:
    """Standard-legal pilots of ``faction`` the engine plays."""
    return tuple(p for p in load_cards().pilots
                 if p.faction == faction and p.standard and pilot_playable(p))


@cache
def playable_factions() -> tuple[str, ...]:
    """Factions with enough playable pilots for varied squads (random squads use them)."""
    factions = sorted({p.faction for p in load_cards().pilots})
    return tuple(f for f in factions if len(playable_pilots(f)) >= 4)


@cache
def playable_upgrades() -> tuple[Upgrade, ...]:
    return tuple(u for u in load_cards().upgrades if u.standard and upgrade_playable(u))


def random_squad(rng: random.Random, faction: str | None = None, points: int = 20,
                 upgrades: bool = True, ships: Iterable[str] | None = None) -> Squad:
    """A random legal standard squad of playable cards: pilots (of ``ships`` if given)
    while points remain, then random upgrades that keep it legal."""
    faction = faction or rng.choice(playable_factions())
    wanted = set(ships) if ships is not None else None
    candidates = [p for p in playable_pilots(faction)
                  if wanted is None or p.ship in wanted]
    if not candidates:
        raise ValueError(f"no playable pilots for {faction}"
                         + (f" among {sorted(wanted)}" if wanted else ""))
    for _ in range(200):
        entries = _pick_pilots(rng, faction, candidates, points)
        if entries is not None:
            break
    else:
        raise ValueError(f"could not draw a legal {faction} squad of {points} points")
    if upgrades:
        entries = _add_upgrades(rng, faction, entries)
    return build_squad(faction, entries, name=f"Random {faction}")


def _pick_pilots(rng: random.Random, faction: str, candidates: list[Pilot], points: int
                 ) -> list[tuple[str, list[str]]] | None:
    entries: list[tuple[str, list[str]]] = []
    spent = 0
    pool = list(candidates)
    while len(entries) < 8:
        fitting = [p for p in pool if spent + p.cost <= points]
        if not fitting:
            break
        pilot = rng.choice(fitting)
        trial = [*entries, (pilot.xws, list(pilot.standard_loadout))]
        if check_squad(build_squad(faction, trial)).legal or len(trial) < 3:
            entries = trial
            spent += pilot.cost
        else:
            pool.remove(pilot)
    if len(entries) < 3 or not check_squad(build_squad(faction, entries)).legal:
        return None
    return entries


def _add_upgrades(rng: random.Random, faction: str, entries: list[tuple[str, list[str]]]
                  ) -> list[tuple[str, list[str]]]:
    db = load_cards()
    result = [(p, list(u)) for p, u in entries]
    for index, (pilot_id, equipped) in enumerate(result):
        pilot = db.pilot(pilot_id)
        if pilot.standard_loadout:
            continue
        for slot in pilot.slots:
            if rng.random() < 0.4:
                continue  # leave some slots empty: squads vary
            options = [u for u in playable_upgrades() if slot in u.slots]
            rng.shuffle(options)
            for upgrade in options[:6]:
                trial = [list(e) for e in result]
                trial[index] = [pilot_id, [*equipped, upgrade.xws]]
                if check_squad(build_squad(faction, [(p, u) for p, u in trial])).legal:
                    equipped.append(upgrade.xws)
                    break
    return result


#: The demo's squads: named pilots and upgrades whose abilities the engine plays (20
#: points each).
DEFAULT_SQUADS = (
    ("rebelalliance", [("lukeskywalker", ["protontorpedoes", "r2d2", "instinctiveaim"]),
                       ("wedgeantilles", ["marksmanship", "r5d8"]),
                       ("biggsdarklighter", ["r3astromech"]),
                       ("thanekyrell", ["predator"])]),
    ("galacticempire", [("darthvader", ["hate", "afterburners"]),
                        ("howlrunner", ["crackshot"]), ("maulermithel", ["predator"]),
                        ("academypilot", []), ("blacksquadronace", []),
                        ("obsidiansquadronpilot", [])]),
)


def default_squads() -> tuple[Squad, Squad]:
    """The demo's two squads (``tallon demo``, the server's example squads)."""
    first, second = (build_squad(faction, ships, name=f"Demo {faction}")
                     for faction, ships in DEFAULT_SQUADS)
    return (first, second)
