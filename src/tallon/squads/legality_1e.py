"""First-edition squad building: is a squad legal, and what does it cost?

The rules are the core-set rulebook's (Squad Building, Unique Names, Upgrade Cards), the
"Modifications and Titles" reference card and the FAQ's errata, which the card data
already carries (Tactician is limited, Experimental Interface unique). A squad costs its
pilots' and upgrades' squad points together, at most the agreed total (100 recommended);
each problem names the ship, the card and the rule, as the 2.5 check does
(:func:`tallon.squads.check_squad`), and the verdict is the same :class:`SquadReport`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from tallon.data.cards_1e import CardDatabase1e, load_cards_1e
from tallon.data.database import name_key
from tallon.data.model_1e import IMPLICIT_SLOTS_1E, SQUAD_FACTIONS_1E, Pilot1e, Upgrade1e
from tallon.squads.report import Problem, ShipReport, SquadReport, UpgradeReport
from tallon.squads.xws_1e import Squad1e, SquadShip1e

#: The squad point total the rulebook recommends (Squad Building).
DEFAULT_POINTS_1E = 100


class Rule1e:
    """The first-edition rule a problem breaks, named after its rulebook section or
    reference card."""

    SQUAD_BUILDING = "SQUAD BUILDING"
    SQUAD_POINTS = "SQUAD POINTS"
    UNIQUE_NAMES = "UNIQUE NAMES"
    FACTION = "FACTION"
    UPGRADE_BAR = "UPGRADE CARDS"
    MODIFICATIONS_AND_TITLES = "MODIFICATIONS AND TITLES"
    RESTRICTIONS = "UPGRADE RESTRICTIONS"
    LIMITED = "LIMITED"
    XWS = "XWS"


#: Titles whose upgrade icon is one of several, the player's choice (the FAQ prints
#: "Heavy Scyk" Interceptor's: a cannon, torpedo or missile icon); the data has no field
#: for a choice, so it is written here (ruling "Heavy Scyk" in docs/first-edition.md).
CHOICE_SLOTS_1E: dict[str, tuple[str, ...]] = {
    "heavyscykinterceptor": ("cannon", "torpedo", "missile"),
}

#: Cards lowering the squad points of the upgrades of one slot on their ship (the FAQ
#: prints TIE/x1's: a system upgrade costs 4 less, to a minimum of 0).
COST_CUTS_1E: dict[str, tuple[str, int]] = {
    "tiex1": ("system", 4),
    "renegaderefit": ("elite", 1),  # the card: each equipped elite upgrade costs 1 less
}

#: Cards saying who may equip them and how the ship's other cards must then be (the data
#: has no field for these conditions): the lowest pilot skill, the highest agility, a
#: slot whose cards must all differ, a slot it may not use, a slot its ship may not already
#: show, the most a card of a slot may cost, a slot whose cards must be unique.
EQUIP_CONDITIONS_1E: dict[str, dict[str, object]] = {
    "royalguardtie": {"min_skill": 5, "different": "modification"},
    "awingtestpilot": {"min_skill": 2, "different": "elite"},
    "r2d6": {"min_skill": 3, "no_icon": "elite"},
    "virago": {"min_skill": 4},
    "blackone": {"min_skill": 7},
    "lightweightframe": {"max_agility": 2},
    "lightscykinterceptor": {"forbidden": "modification"},
    "starvipermkii": {"different": "title"},
    "renegaderefit": {"different": "modification"},
    "havoc": {"unique_only": "salvaged-astromech"},
    # "you must equip 1 Tractor Beam" (a cannon, whatever the upgrade bar shows)
    "misthunter": {"requires": "tractorbeam"},
    "tiex7": {"removes": ("cannon", "missile")},
    "tieshuttle": {"removes": ("torpedo", "missile", "bomb"), "max_cost": ("crew", 4)},
    "longrangescanners": {"needs_icons": ("torpedo", "missile")},
    "pulsedrayshield": {"shield_value": 1},
    # one more modification, costing 3 or fewer
    "smugglingcompartment": {"extra": ("modification", 3)},
}

_SIDE_NAMES = {"rebel": "Rebel", "imperial": "Imperial", "scum": "Scum"}


def side_of(faction: str) -> str:
    """The squad-building side (``rebel``, ``imperial``, ``scum``) a card faction fights
    for."""
    return next(side for side, factions in SQUAD_FACTIONS_1E.items() if faction in factions)


def upgrade_points_1e(ship: SquadShip1e, upgrade: Upgrade1e) -> int:
    """What ``upgrade`` costs on ``ship``: its printed points (some are negative:
    Chardaan Refit), less what cards on the ship take off its slot's cost (a cut stops at
    a minimum of 0)."""
    cut = 0
    for _, card in ship.upgrades:
        rule = COST_CUTS_1E.get(card.xws)
        if rule is not None and rule[0] == upgrade.slot:
            cut += rule[1]
    return max(0, upgrade.points - cut) if cut else upgrade.points


def available_slots(ship: SquadShip1e) -> Counter[str]:
    """The slots of a ship: its upgrade bar, one modification and one title, and the
    icons its equipped cards add (a choice of icons counts as one of each, see
    :func:`_slot_problems`)."""
    slots: Counter[str] = Counter(ship.pilot.slots)
    slots.update(IMPLICIT_SLOTS_1E)
    for _, card in ship.upgrades:
        slots.update(g.name for g in card.grants if g.type == "slot")
        rule = EQUIP_CONDITIONS_1E.get(card.xws, {})
        for _, other in ship.upgrades:
            if other.xws == rule.get("requires"):
                slots[other.slot] += 1  # the card it must equip comes with its place
        for slot in rule.get("removes", ()):  # type: ignore[union-attr]
            slots[slot] = 0  # "your upgrade bar loses the ... icons"
        extra = rule.get("extra")
        if isinstance(extra, tuple):
            slots[extra[0]] += 1  # its cost is checked with the card's conditions
    return slots


def _slot_problems(index: int, ship: SquadShip1e) -> Iterable[Problem]:
    pilot = ship.pilot
    for listed, card in ship.upgrades:
        if listed != card.slot:
            yield Problem(Rule1e.UPGRADE_BAR, f"{card.name} is a {card.slot} upgrade, listed "
                          f"under {listed}", ship=index, card=card.xws)
    slots = available_slots(ship)
    choices = [options for _, card in ship.upgrades
               if (options := CHOICE_SLOTS_1E.get(card.xws))]
    used = Counter(card.slot for _, card in ship.upgrades)
    for slot in used:
        extra = used[slot] - slots[slot]
        for options in list(choices):
            if extra > 0 and slot in options:
                choices.remove(options)  # the icon chosen is this slot's
                extra -= 1
        if extra <= 0:
            continue
        cards = [card for _, card in ship.upgrades if card.slot == slot][-extra:]
        for card in cards:
            if slot in IMPLICIT_SLOTS_1E and slots[slot] == 1:
                message = (f"{pilot.name} equips {used[slot]} {slot} upgrades; each ship is "
                           f"limited to one {slot}")
                rule = Rule1e.MODIFICATIONS_AND_TITLES
            else:
                have = slots[slot]
                message = (f"{pilot.name}'s upgrade bar has no {slot} icon" if not have else
                           f"{pilot.name}'s upgrade bar has {have} {slot} icon(s), for "
                           f"{used[slot]} {slot} upgrades")
                rule = Rule1e.UPGRADE_BAR
            yield Problem(rule, message, ship=index, card=card.xws)


def _restriction_problems(index: int, ship: SquadShip1e,
                          db: CardDatabase1e) -> Iterable[Problem]:
    pilot = ship.pilot
    hull = db.ship(pilot.ship)
    for _, card in ship.upgrades:
        if card.ships and pilot.ship not in card.ships:
            names = " or ".join(db.ship(s).name for s in card.ships)
            yield Problem(Rule1e.RESTRICTIONS, f"{card.name} is for the {names} only, not "
                          f"the {hull.name}", ship=index, card=card.xws)
        if card.sizes and hull.size not in card.sizes:
            yield Problem(Rule1e.RESTRICTIONS, f"{card.name} is for {' or '.join(card.sizes)}"
                          f" ships only; the {hull.name} is {hull.size}", ship=index,
                          card=card.xws)
        if card.faction and side_of(card.faction) != side_of(pilot.faction):
            yield Problem(Rule1e.RESTRICTIONS, f"{card.name} is "
                          f"{_SIDE_NAMES[side_of(card.faction)]} only; {pilot.name} flies "
                          f"for the {side_of(pilot.faction)} side", ship=index, card=card.xws)
    equipped = Counter(card.xws for _, card in ship.upgrades)
    for _, card in ship.upgrades:
        if card.limited and equipped[card.xws] > 1:
            equipped[card.xws] = 1  # one problem per card, not per copy
            yield Problem(Rule1e.LIMITED, f"{card.name} is limited: {pilot.name} may equip "
                          "one copy", ship=index, card=card.xws)


def _condition_problems(index: int, ship: SquadShip1e,
                        db: CardDatabase1e) -> Iterable[Problem]:
    """The cards' own conditions on who equips them (:data:`EQUIP_CONDITIONS_1E`)."""
    pilot = ship.pilot
    for _, card in ship.upgrades:
        rule = EQUIP_CONDITIONS_1E.get(card.xws)
        if rule is None:
            continue

        def problem(message: str, card: Upgrade1e = card) -> Problem:
            return Problem(Rule1e.RESTRICTIONS, message, ship=index, card=card.xws)

        skill = rule.get("min_skill")
        if isinstance(skill, int) and (pilot.skill or 0) < skill:
            yield problem(f"{card.name} needs a pilot skill of {skill} or more; "
                          f"{pilot.name}'s is {pilot.skill}")
        agility = rule.get("max_agility")
        if isinstance(agility, int) and (db.stat(pilot, "agility") or 0) > agility:
            yield problem(f"{card.name} needs an agility value of {agility} or less")
        others = [c for _, c in ship.upgrades if c is not card]
        slot = rule.get("different")
        named = [c.xws for c in others if c.slot == slot]
        if slot and len(named) != len(set(named)):
            yield problem(f"with {card.name} the ship's {slot} upgrades must all differ")
        if rule.get("forbidden") in {c.slot for c in others}:
            yield problem(f"{card.name}'s ship cannot equip {rule['forbidden']} upgrades")
        if rule.get("no_icon") in pilot.slots:
            yield problem(f"{card.name} cannot be equipped by a ship that already has the "
                          f"{rule['no_icon']} icon")
        cap = rule.get("max_cost")
        if isinstance(cap, tuple):
            for other in others:
                if other.slot == cap[0] and other.points > cap[1]:
                    yield problem(f"with {card.name}, a {cap[0]} upgrade costs at most "
                                  f"{cap[1]} squad points; {other.name} costs {other.points}")
        icons = rule.get("needs_icons", ())
        missing = [i for i in icons if i not in pilot.slots]  # type: ignore[union-attr]
        if missing:
            yield problem(f"{card.name} needs the {' and '.join(icons)} icons in the "
                          "upgrade bar")
        shield = rule.get("shield_value")
        if shield is not None and db.stat(pilot, "shields") != shield:
            yield problem(f"{card.name} needs a shield value of {shield}")
        extra = rule.get("extra")
        if isinstance(extra, tuple):
            same = [c for c in others if c.slot == extra[0]]
            if len(same) >= 2 and all(c.points > extra[1] for c in same):
                yield problem(f"with {card.name}, one of the {extra[0]} upgrades must cost "
                              f"{extra[1]} squad points or fewer")
        required = rule.get("requires")
        if required and all(c.xws != required for c in others):
            yield problem(f"{card.name} must be equipped with {required}")
        unique = rule.get("unique_only")
        for other in others:
            if other.slot == unique and not other.unique:
                yield problem(f"with {card.name}, {unique} upgrades must be unique; "
                              f"{other.name} is not")


def _squad_problems(squad: Squad1e) -> Iterable[Problem]:
    if not squad.ships:
        yield Problem(Rule1e.SQUAD_BUILDING, "the squad has no ships")
    cards: list[tuple[int, Pilot1e | Upgrade1e]] = []
    for index, ship in enumerate(squad.ships):
        if squad.faction and side_of(ship.pilot.faction) != squad.faction:
            yield Problem(Rule1e.FACTION, f"{ship.pilot.name} ({ship.pilot.faction}) cannot "
                          f"fly in a {squad.faction} squad", ship=index, card=ship.pilot.xws)
        cards.append((index, ship.pilot))
        cards.extend((index, card) for _, card in ship.upgrades)
    seen: Counter[str] = Counter()
    for index, card in cards:
        if card.unique:
            key = name_key(card.name)
            seen[key] += 1
            if seen[key] == 2:
                yield Problem(Rule1e.UNIQUE_NAMES, f"{card.name} is a unique name fielded "
                              "twice", ship=index, card=card.xws)
    copies = Counter(card.xws for _, card in cards if isinstance(card, Upgrade1e))
    reported: set[str] = set()
    for index, card in cards:
        if isinstance(card, Upgrade1e) and card.squad_limit is not None \
                and copies[card.xws] > card.squad_limit and card.xws not in reported:
            reported.add(card.xws)
            yield Problem(Rule1e.LIMITED, f"a squad fields at most {card.squad_limit} "
                          f"{card.name}, not {copies[card.xws]}", ship=index, card=card.xws)


def check_squad_1e(squad: Squad1e, db: CardDatabase1e | None = None, *,
                   points: int = DEFAULT_POINTS_1E, errors: Iterable[Problem] = (),
                   warnings: Iterable[Problem] = ()) -> SquadReport:
    """Judge a first-edition squad against a squad point total (``points``); ``errors``
    and ``warnings`` met while reading it are carried into the report."""
    db = db or load_cards_1e()
    found = list(errors)
    notes: list[str] = []
    ships = []
    for index, ship in enumerate(squad.ships):
        found.extend(_slot_problems(index, ship))
        found.extend(_restriction_problems(index, ship, db))
        found.extend(_condition_problems(index, ship, db))
        pilot = ship.pilot
        if pilot.points is None:
            found.append(Problem(Rule1e.SQUAD_POINTS, f"{pilot.name} has no squad point cost "
                                 "of its own: it is fielded only through another card",
                                 ship=index, card=pilot.xws))
        upgrades = tuple(UpgradeReport(card.xws, card.name, card.slot,
                                       upgrade_points_1e(ship, card))
                         for _, card in ship.upgrades)
        spent = sum(u.cost or 0 for u in upgrades)
        ships.append(ShipReport(index=index, pilot=pilot.xws, name=pilot.name,
                                ship=pilot.ship, cost=(pilot.points or 0) + spent,
                                loadout_used=spent, loadout_value=None, upgrades=upgrades,
                                huge=db.ship(pilot.ship).size == "huge"))
    found.extend(_squad_problems(squad))
    total = sum(ship.cost for ship in ships)
    if total > points:
        found.append(Problem(Rule1e.SQUAD_POINTS, f"the squad costs {total} squad points, "
                             f"over the agreed {points}"))
    warned = list(warnings)
    if squad.points is not None and squad.points != total:
        warned.append(Problem(Rule1e.XWS, f"points: the file says {squad.points}, the cards "
                              f"cost {total}", where="points"))
    if any(ship.huge for ship in ships):
        notes.append("huge ships are flown in epic play, whose rules Tallon does not check "
                     "yet")
    return SquadReport(points=total, points_limit=points, deficit=max(0, points - total),
                       ships=tuple(ships), errors=tuple(found), warnings=tuple(warned),
                       faction=squad.faction, notes=tuple(notes))
