"""The first-edition cards Tallon plays, its default squads, and random legal first-edition
squads made of them (for the demo, fuzzing and simulation).

A first-edition pilot is playable when its ability is implemented in the card pool (or it
has none) and its ship is (:func:`tallon.data.first_edition_play.unplayed_rules`); an
upgrade when its ability is. Squads are checked by the first edition's rules
(:func:`tallon.squads.check_squad_1e`, 100 points by default).
"""

from __future__ import annotations

import random
from functools import cache
from typing import Any

from tallon.cards.registry import CARDS
from tallon.data import load_cards, load_cards_1e
from tallon.data.first_edition_play import first_edition_cards
from tallon.data.model_1e import SQUAD_FACTIONS_1E, Pilot1e, Upgrade1e
from tallon.engine.loadout import unplayable_ship, upgrade_unplayable
from tallon.squads import Squad
from tallon.squads.legality_1e import check_squad_1e
from tallon.squads.play_1e import squad_for_play
from tallon.squads.xws_1e import SLOT_KEYS_1E, Squad1e, SquadShip1e, read_xws_1e

#: The core set's game (rulebook (1e), Setup step 2): "Luke Skywalker" against "Night
#: Beast" and an "Obsidian Squadron Pilot", as XWS 1.0.
CORE_SET_SQUADS: tuple[dict[str, Any], dict[str, Any]] = (
    {"version": "1.0.0", "faction": "rebel", "name": "Core set: Luke Skywalker",
     "pilots": [{"name": "lukeskywalker", "ship": "xwing"}]},
    {"version": "1.0.0", "faction": "imperial", "name": "Core set: two TIE fighters",
     "pilots": [{"name": "nightbeast", "ship": "tiefighter"},
                {"name": "obsidiansquadronpilot", "ship": "tiefighter"}]},
)

_SLOT_KEYS = {slot: key for key, slot in SLOT_KEYS_1E.items()}


def squad_from_xws_1e(data: dict[str, Any]) -> Squad:
    """A first-edition squad for play from an XWS 1.0 mapping known to be readable."""
    imported = read_xws_1e(data)
    if imported.errors:
        raise ValueError("; ".join(p.message for p in imported.errors))
    return squad_for_play(imported.squad)


def core_set_squads() -> tuple[Squad, Squad]:
    """The core set's two squads, ready to play (``tallon demo --ruleset 1e``)."""
    return squad_from_xws_1e(CORE_SET_SQUADS[0]), squad_from_xws_1e(CORE_SET_SQUADS[1])


@cache
def _play_ids() -> dict[tuple[str, str, str], str]:
    # converting the whole first edition takes ~30 ms: once a process, not once a pilot
    return first_edition_cards().pilot_ids


def pilot_playable_1e(pilot: Pilot1e) -> bool:
    """Whether the engine plays the first-edition pilot (its ability and its ship)."""
    play = load_cards().pilot(_play_ids()[pilot.key])
    return not unplayable_ship(play, (), CARDS)


def upgrade_playable_1e(upgrade: Upgrade1e) -> bool:
    """Whether the engine plays the first-edition upgrade."""
    return not upgrade_unplayable(load_cards().upgrade("1e-" + upgrade.xws), CARDS)


@cache
def playable_pilots_1e(side: str) -> tuple[Pilot1e, ...]:
    """The playable first-edition pilots of a side (``rebel``, ``imperial``, ``scum``)
    with a pilot skill and points (Nashtah Pup's "?" leaves it out)."""
    factions = SQUAD_FACTIONS_1E[side]
    return tuple(p for p in load_cards_1e().pilots
                 if p.faction in factions and p.points is not None and p.skill is not None
                 and pilot_playable_1e(p))


@cache
def playable_upgrades_1e() -> tuple[Upgrade1e, ...]:
    return tuple(u for u in load_cards_1e().upgrades if upgrade_playable_1e(u))


def playable_sides_1e() -> tuple[str, ...]:
    """The sides with enough playable pilots for varied squads."""
    return tuple(side for side in SQUAD_FACTIONS_1E if len(playable_pilots_1e(side)) >= 3)


def random_squad_1e(rng: random.Random, side: str | None = None, points: int = 100,
                    upgrades: bool = True) -> Squad:
    """A random legal first-edition squad of playable cards: pilots while points remain
    (two ships at least), then random upgrades that keep it legal."""
    side = side or rng.choice(playable_sides_1e())
    candidates = list(playable_pilots_1e(side))
    if not candidates:
        raise ValueError(f"no playable first-edition pilots for the {side} side")
    for _ in range(200):
        ships: list[SquadShip1e] = []
        spent = 0
        pool = list(candidates)
        while len(ships) < 8:
            fitting = [p for p in pool if spent + (p.points or 0) <= points]
            if not fitting:
                break
            pilot = rng.choice(fitting)
            trial = Squad1e(side, (*ships, SquadShip1e(pilot)))
            if check_squad_1e(trial, points=points).legal:
                ships.append(SquadShip1e(pilot))
                spent += pilot.points or 0
            else:
                pool.remove(pilot)
        if len(ships) >= 2:
            break
    else:
        cheapest = sorted(p.points or 0 for p in candidates)[:2]
        raise ValueError(f"could not draw a legal {side} squad of {points} points (two ships "
                         f"at least: its two cheapest pilots cost {sum(cheapest)})")
    squad = Squad1e(side, tuple(ships), name=f"Random {side} (first edition)")
    if upgrades:
        squad = _add_upgrades(rng, squad, points)
    return squad_for_play(squad)


def _add_upgrades(rng: random.Random, squad: Squad1e, points: int) -> Squad1e:
    ships = list(squad.ships)
    for index, ship in enumerate(ships):
        for slot in (*ship.pilot.slots, "modification", "title"):
            if rng.random() < 0.5:
                continue  # leave some slots empty: squads vary
            options = [u for u in playable_upgrades_1e() if u.slot == slot]
            rng.shuffle(options)
            for upgrade in options[:6]:
                current = ships[index]
                trial_ship = SquadShip1e(current.pilot, (*current.upgrades, (slot, upgrade)))
                trial = [*ships[:index], trial_ship, *ships[index + 1:]]
                if check_squad_1e(Squad1e(squad.faction, tuple(trial)), points=points).legal:
                    ships[index] = trial_ship
                    break
    return Squad1e(squad.faction, tuple(ships), name=squad.name)
