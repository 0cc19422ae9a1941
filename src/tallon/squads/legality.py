"""Judging a squad against the squad-building rules of 2.5.

RR: SQUAD BUILDING APPENDIX, RR: LIMITED, RR: SOLITARY, RR: STANDARDIZED, RR: UPGRADE CARDS,
RR: FACTION, RR: GAME MODE, RR: DEFICIT; rulebook: Squad Building, Standard Loadouts. Every rule is
checked and every failure reported (with the ship, the card and the rule), not just the first.
Huge ships are priced as the card data gives them (:mod:`tallon.squads.huge`).
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterator, Sequence
from dataclasses import replace

from tallon.data import CardDatabase, Pilot, Upgrade, load_cards, name_key
from tallon.data.vocab import slot_name
from tallon.squads.facedown import facedown_room, may_lie_facedown
from tallon.squads.huge import huge_notes, huge_ships, is_huge
from tallon.squads.model import Squad, SquadShip
from tallon.squads.report import Problem, Rule, ShipReport, SquadReport, UpgradeReport
from tallon.squads.restrictions import describe_group, ship_profile, unmet_groups
from tallon.squads.rules import (
    DEFAULT_POINTS,
    FORMATS,
    Format,
    SquadRules,
    list_matches,
    rules_for,
)
from tallon.squads.slots import fit_upgrades


def upgrade_cost(db: CardDatabase, pilot: Pilot, upgrade: Upgrade) -> int | None:
    """The loadout points ``upgrade`` costs on ``pilot``'s ship; ``None`` if it has no
    usable printed cost there. Variable costs read the ship's printed values."""
    if upgrade.cost is None:
        return None
    stats = db.stats_of(pilot)
    return upgrade.cost.for_ship(
        size=db.ship_of(pilot).size, agility=stats.agility, initiative=pilot.initiative
    )


def _label(ship: SquadShip, index: int) -> str:
    return f"ship {index + 1} ({ship.pilot.name})"


def _squad_cards(squad: Squad) -> Iterator[tuple[int, Pilot | Upgrade]]:
    for index, ship in enumerate(squad.ships):
        yield index, ship.pilot
        for equipped in (*ship.upgrades, *ship.facedown):
            yield index, equipped.upgrade


# --- squad-wide rules ---------------------------------------------------------------------


def _check_size_and_points(squad: Squad, rules: SquadRules, points: int) -> Iterator[Problem]:
    count = len(squad.ships)
    if not rules.min_ships <= count <= rules.max_ships:
        yield Problem(Rule.SHIP_COUNT,
                      f"the squad has {count} ship{'s' if count != 1 else ''}; it needs "
                      f"{rules.min_ships} to {rules.max_ships}")
    if points > rules.points:
        yield Problem(Rule.SQUAD_POINTS,
                      f"the squad costs {points} squad points; the limit is "
                      f"{rules.points} ({points - rules.points} over)")


#: Upgrades that let their ship be included in squads of other factions ("you can be
#: included in ... squads"): upgrade -> those factions (epic command cards).
FACTION_INCLUSION = {"bounty": ("separatistalliance", "galacticempire", "firstorder"),
                     "initforthemoneyrebellion": ("galacticrepublic", "rebelalliance",
                                                  "resistance")}


def _joins(ship: SquadShip, faction: str | None) -> bool:
    """The ship's upgrade lets it be included in a squad of ``faction``."""
    return any(faction in FACTION_INCLUSION.get(e.upgrade.xws, ()) for e in ship.upgrades)


def _check_faction(squad: Squad) -> Iterator[Problem]:
    if squad.faction is None:
        factions = Counter(ship.pilot.faction for ship in squad.ships)
        # a ship an upgrade lets in does not make the squad one of several factions
        own = Counter(s.pilot.faction for s in squad.ships
                      if not any(e.upgrade.xws in FACTION_INCLUSION for e in s.upgrades))
        if len(own) == 1 and all(s.pilot.faction in own or _joins(s, next(iter(own)))
                                 for s in squad.ships):
            return
        if len(factions) > 1:
            listed = ", ".join(sorted(factions))
            yield Problem(Rule.FACTION, f"the squad mixes ships of several factions: {listed}")
        return
    for index, ship in enumerate(squad.ships):
        if ship.pilot.faction != squad.faction and not _joins(ship, squad.faction):
            yield Problem(Rule.FACTION,
                          f"{_label(ship, index)} is a {ship.pilot.faction} ship card; the "
                          f"squad is {squad.faction}", ship=index, card=ship.pilot.xws)


def _game_mode_reason(db: CardDatabase, card: Pilot | Upgrade) -> str:
    """Why a card is out of a format, beyond the flag: where it is legal."""
    legal_in = [f for f in FORMATS if getattr(card, f)]
    if isinstance(card, Pilot) and is_huge(db, card):
        return (f": it is a huge ship ({db.ship_of(card).name}), and huge ships are legal "
                "only in the epic format")
    if legal_in == ["epic"]:
        return ": it is legal only in the epic format"
    return ""


def _check_game_mode(db: CardDatabase, squad: Squad, rules: SquadRules) -> Iterator[Problem]:
    flag = rules.format
    for index, card in _squad_cards(squad):
        if not getattr(card, flag):
            kind = "pilot" if isinstance(card, Pilot) else "upgrade"
            yield Problem(Rule.GAME_MODE, f"{card.name} ({kind}) is not legal in {flag} games"
                          f"{_game_mode_reason(db, card)}", ship=index, card=card.xws)


def _listed(entries: frozenset[str], card: Pilot | Upgrade) -> bool:
    if isinstance(card, Pilot):
        return list_matches(entries, "pilot", card.xws) or list_matches(entries, "ship", card.ship)
    return list_matches(entries, "upgrade", card.xws)


def _check_lists(squad: Squad, rules: SquadRules) -> Iterator[Problem]:
    restricted: list[tuple[int, Pilot | Upgrade]] = []
    for index, card in _squad_cards(squad):
        if _listed(rules.ban_list, card):
            yield Problem(Rule.BAN_LIST, f"{card.name} is on the ban list", ship=index,
                          card=card.xws)
        if _listed(rules.restricted_list, card):
            restricted.append((index, card))
    if len(restricted) > rules.restricted_limit:
        names = ", ".join(card.name for _, card in restricted)
        index, card = restricted[rules.restricted_limit]
        yield Problem(Rule.RESTRICTED_LIST,
                      f"the squad has {len(restricted)} cards from the restricted list "
                      f"({names}); at most {rules.restricted_limit} are allowed",
                      ship=index, card=card.xws)


def _check_limited(squad: Squad) -> Iterator[Problem]:
    by_name: dict[str, list[tuple[int, Pilot | Upgrade]]] = defaultdict(list)
    for index, card in _squad_cards(squad):
        if card.limited > 0:
            by_name[name_key(card.name)].append((index, card))
    for copies in by_name.values():
        # Cards sharing a name share one limit; if their bullets differ, the fewest apply.
        limit = min(card.limited for _, card in copies)
        if len(copies) > limit:
            index, card = copies[limit]
            where = ", ".join(f"ship {i + 1} ({'pilot' if isinstance(c, Pilot) else 'upgrade'})"
                              for i, c in copies)
            yield Problem(Rule.LIMITED,
                          f"{'•' * limit}{card.name} is in the squad {len(copies)} times "
                          f"({where}); the limit is {limit}", ship=index, card=card.xws)


# RR: SOLITARY says every Tactical Relay upgrade is solitary; the card database misses the
# marker on some (Kalani), so the slot itself decides too.
ALWAYS_SOLITARY_SLOTS = frozenset({"tactical-relay"})


def is_solitary(upgrade: Upgrade) -> bool:
    """Whether ``upgrade`` has the solitary restriction (RR: SOLITARY)."""
    return upgrade.solitary or upgrade.slot in ALWAYS_SOLITARY_SLOTS


def _check_solitary(squad: Squad) -> Iterator[Problem]:
    by_type: dict[str, list[tuple[int, Upgrade]]] = defaultdict(list)
    for index, card in _squad_cards(squad):
        if isinstance(card, Upgrade) and is_solitary(card):
            by_type[card.slot].append((index, card))
    for slot, cards in by_type.items():
        if len(cards) > 1:
            names = ", ".join(card.name for _, card in cards)
            index, card = cards[1]
            yield Problem(Rule.SOLITARY,
                          f"the squad has {len(cards)} solitary {slot_name(slot)} upgrades "
                          f"({names}); at most one is allowed", ship=index, card=card.xws)


#: ship abilities whose ship "is not affected by the Standardized restriction"
STANDARDIZED_EXEMPT = frozenset({"Modified for Organics"})


def _standardized_exempt(ship: SquadShip) -> bool:
    return ship.pilot.ship_ability in STANDARDIZED_EXEMPT


def _check_standardized(squad: Squad) -> Iterator[Problem]:
    reported: set[tuple[int, str]] = set()
    for index, card in _squad_cards(squad):
        if not isinstance(card, Upgrade) or not card.standardized:
            continue
        if _standardized_exempt(squad.ships[index]):
            continue  # its copy binds no other ship
        ship_type = squad.ships[index].pilot.ship
        for other_index, other in enumerate(squad.ships):
            if other.pilot.ship != ship_type or (other_index, card.xws) in reported:
                continue
            if _standardized_exempt(other):
                continue
            names = {name_key(u.name) for u in other.upgrade_cards}
            if name_key(card.name) not in names:
                reported.add((other_index, card.xws))
                yield Problem(Rule.STANDARDIZED,
                              f"{card.name} is standardized and on ship {index + 1}, so every "
                              f"{ship_type} must carry it; {_label(other, other_index)} "
                              "does not", ship=other_index, card=card.xws)


# --- per-ship rules -----------------------------------------------------------------------


def _check_standard_loadout(ship: SquadShip, index: int) -> Iterator[Problem]:
    printed = Counter(ship.pilot.standard_loadout)
    carried = Counter(u.xws for u in ship.upgrades)
    for xws in sorted((printed - carried).elements()):
        yield Problem(Rule.STANDARD_LOADOUT,
                      f"{_label(ship, index)} is a standard loadout and must carry {xws}",
                      ship=index, card=xws)
    for xws in sorted((carried - printed).elements()):
        yield Problem(Rule.STANDARD_LOADOUT,
                      f"{_label(ship, index)} is a standard loadout and cannot equip {xws}",
                      ship=index, card=xws)


def _check_copies(ship: SquadShip, index: int) -> Iterator[Problem]:
    seen: set[str] = set()
    for upgrade in ship.upgrade_cards:
        key = name_key(upgrade.name)
        if key in seen:
            yield Problem(Rule.ONE_COPY,
                          f"{_label(ship, index)} has more than one {upgrade.name}",
                          ship=index, card=upgrade.xws)
        seen.add(key)


def _check_slots(ship: SquadShip, index: int) -> Iterator[Problem]:
    fit = fit_upgrades(ship.pilot, ship.upgrade_cards)
    for misfit in fit.misfits:
        missing = ", ".join(slot_name(s) for s in misfit.missing)
        bar = ", ".join(f"{count} {slot_name(s)}" for s, count in sorted(fit.bar.items()))
        extra = "".join(f", and {s.label}" for s in fit.special_slots)
        yield Problem(Rule.UPGRADE_BAR,
                      f"{_label(ship, index)} has no free {missing} slot for "
                      f"{misfit.upgrade.name} (upgrade bar: {bar or 'none'}{extra})",
                      ship=index, card=misfit.upgrade.xws)


def _check_restrictions(
    db: CardDatabase, squad: Squad, ship: SquadShip, index: int
) -> Iterator[Problem]:
    all_names = Counter(name_key(card.name) for _, card in _squad_cards(squad))
    upgrades = ship.upgrade_cards
    for position, upgrade in enumerate(upgrades):
        others = upgrades[:position] + upgrades[position + 1:]
        names = all_names - Counter([name_key(upgrade.name)])
        profile = ship_profile(db, ship.pilot, others, +names)
        if upgrade.non_limited and ship.pilot.limited > 0:
            yield Problem(Rule.RESTRICTIONS,
                          f"{upgrade.name} requires a non-limited ship; "
                          f"{_label(ship, index)} is limited", ship=index, card=upgrade.xws)
        for group in unmet_groups(upgrade, profile):
            yield Problem(Rule.RESTRICTIONS,
                          f"{upgrade.name} requires {describe_group(group, db)}; "
                          f"{_label(ship, index)} does not qualify",
                          ship=index, card=upgrade.xws)


def _check_facedown(
    db: CardDatabase, squad: Squad, ship: SquadShip, index: int
) -> Iterator[Problem]:
    """Upgrades kept facedown (:mod:`tallon.squads.facedown`): only under a card that keeps
    them, as many as it keeps, of its type, non-limited, a card the ship could equip (its
    restrictions met, no second copy); they take no slot and cost nothing."""
    if not ship.facedown:
        return
    room, kinds = facedown_room(ship.upgrade_cards)
    label = _label(ship, index)
    if len(ship.facedown) > room:
        extra = ship.facedown[room].upgrade
        held = "no card that keeps an upgrade facedown" if not room else \
            f"room for {room} facedown upgrade{'s' if room > 1 else ''}"
        yield Problem(Rule.FACEDOWN, f"{label} lists {len(ship.facedown)} facedown "
                      f"upgrade(s) but has {held} (Razor Crest keeps 1 Illicit upgrade)",
                      ship=index, card=extra.xws)
    equipped = {name_key(u.name) for u in ship.upgrade_cards}
    all_names = Counter(name_key(card.name) for _, card in _squad_cards(squad))
    for equipped_card in ship.facedown:
        upgrade = equipped_card.upgrade
        reason = may_lie_facedown(upgrade, kinds) if room else None
        if reason is not None:
            yield Problem(Rule.FACEDOWN, f"{upgrade.name} can't be kept facedown on {label}: "
                          f"{reason}", ship=index, card=upgrade.xws)
        if name_key(upgrade.name) in equipped:
            yield Problem(Rule.ONE_COPY, f"{label} has {upgrade.name} both equipped and "
                          "facedown; revealed, it would be a second copy", ship=index,
                          card=upgrade.xws)
        names = all_names - Counter([name_key(upgrade.name)])
        profile = ship_profile(db, ship.pilot, ship.upgrade_cards, +names)
        if upgrade.non_limited and ship.pilot.limited > 0:
            yield Problem(Rule.RESTRICTIONS, f"{upgrade.name} (facedown) requires a "
                          f"non-limited ship; {label} is limited", ship=index,
                          card=upgrade.xws)
        for group in unmet_groups(upgrade, profile):
            yield Problem(Rule.RESTRICTIONS, f"{upgrade.name} (facedown) requires "
                          f"{describe_group(group, db)}; {label} does not qualify",
                          ship=index, card=upgrade.xws)


def _check_loadout(
    db: CardDatabase, ship: SquadShip, index: int
) -> tuple[int, list[UpgradeReport], list[Problem]]:
    used = 0
    reports: list[UpgradeReport] = []
    problems: list[Problem] = []
    for equipped in ship.upgrades:
        upgrade = equipped.upgrade
        cost = upgrade_cost(db, ship.pilot, upgrade)
        reports.append(UpgradeReport(upgrade.xws, upgrade.name, equipped.slot, cost))
        if cost is not None:
            used += cost
        elif upgrade.standard_loadout_only:
            problems.append(Problem(Rule.STANDARD_LOADOUT,
                                    f"{upgrade.name} exists only as part of a standard "
                                    f"loadout; {_label(ship, index)} cannot equip it",
                                    ship=index, card=upgrade.xws))
        else:
            problems.append(Problem(Rule.LOADOUT_POINTS,
                                    f"{upgrade.name} has no loadout point cost for "
                                    f"{_label(ship, index)}", ship=index, card=upgrade.xws))
    value = ship.pilot.loadout
    if is_huge(db, ship.pilot):
        return used, reports, problems  # first 2.0 pricing: no loadout value (module doc)
    if value is not None and used > value:
        problems.append(Problem(Rule.LOADOUT_VALUE,
                                f"{_label(ship, index)}'s upgrades cost {used} loadout points; "
                                f"its loadout value is {value} ({used - value} over)",
                                ship=index, card=ship.pilot.xws))
    return used, reports, problems


def _ship_reports(
    db: CardDatabase, squad: Squad
) -> tuple[list[ShipReport], list[Problem]]:
    reports: list[ShipReport] = []
    problems: list[Problem] = []
    for index, ship in enumerate(squad.ships):
        pilot = ship.pilot
        if pilot.is_standard_loadout:
            problems += _check_standard_loadout(ship, index)
            upgrades = [UpgradeReport(u.xws, u.upgrade.name, u.slot, 0) for u in ship.upgrades]
            reports.append(ShipReport(index, pilot.xws, pilot.name, pilot.ship, pilot.cost,
                                      0, None, tuple(upgrades)))
            continue
        problems += _check_copies(ship, index)
        problems += _check_slots(ship, index)
        problems += _check_restrictions(db, squad, ship, index)
        problems += _check_facedown(db, squad, ship, index)
        used, upgrades, loadout_problems = _check_loadout(db, ship, index)
        problems += loadout_problems
        if is_huge(db, pilot):
            reports.append(ShipReport(index, pilot.xws, pilot.name, pilot.ship,
                                      pilot.cost + used, used, None, tuple(upgrades),
                                      huge=True))
            continue
        reports.append(ShipReport(index, pilot.xws, pilot.name, pilot.ship, pilot.cost,
                                  used, pilot.loadout, tuple(upgrades)))
    return reports, problems


def _rules(rules: SquadRules | None, game_format: Format | None) -> SquadRules:
    if game_format is None:
        return rules or SquadRules()
    if rules is None:
        return rules_for(game_format)
    if rules.format != game_format:
        raise ValueError(f"format={game_format!r} contradicts the rules' format "
                         f"{rules.format!r}; give one of them")
    return replace(rules, format=game_format)


def check_squad(
    squad: Squad,
    db: CardDatabase | None = None,
    rules: SquadRules | None = None,
    *,
    errors: Sequence[Problem] = (),
    warnings: Sequence[Problem] = (),
    format: Format | None = None,
) -> SquadReport:
    """Judge ``squad`` and report every rule it breaks.

    ``errors`` and ``warnings`` found earlier (for example while reading an XWS file) are
    included in the report, first. ``format`` (``"standard"``, ``"extended"`` or
    ``"epic"``) judges by that format's packaged rules when no ``rules`` are given (with
    ``rules``, it must agree with them). A squad with a huge ship gets a note on its costs
    (:mod:`tallon.squads.huge`).
    """
    db = db or load_cards()
    rules = _rules(rules, format)
    ship_reports, ship_problems = _ship_reports(db, squad)
    points = sum(ship.cost for ship in ship_reports)
    found = [
        *errors,
        *_check_size_and_points(squad, rules, points),
        *_check_faction(squad),
        *_check_game_mode(db, squad, rules),
        *_check_lists(squad, rules),
        *ship_problems,
        *_check_limited(squad),
        *_check_solitary(squad),
        *_check_standardized(squad),
    ]
    return SquadReport(
        points=points,
        points_limit=rules.points,
        deficit=max(0, rules.points - points),
        ships=tuple(ship_reports),
        errors=tuple(found),
        warnings=tuple(warnings),
        format=rules.format,
        faction=squad.faction,
        notes=huge_notes(db, squad, [ship.cost for ship in ship_reports]),
    )


def check_squad_to_play(squad: Squad, db: CardDatabase | None = None, *,
                        errors: Sequence[Problem] = (), warnings: Sequence[Problem] = ()
                        ) -> SquadReport:
    """Judge a squad brought to a game (``tallon demo``, the server): by the standard rules,
    or, when it has a huge ship (or another ship legal only in epic), as an epic squad
    whose point limit is the players' (the rules give epic none: docs/rulings.md, Squad
    building 20): its own points, 20 at least."""
    db = db or load_cards()
    report = check_squad(squad, db, errors=errors, warnings=warnings)
    # a ship legal only in epic (the Syliure-class hyperspace ring) makes it epic too
    if not huge_ships(db, squad) and not any(
            ship.pilot.epic and not (ship.pilot.standard or ship.pilot.extended)
            for ship in squad.ships):
        return report
    epic = rules_for("epic", points=max(report.points, DEFAULT_POINTS))
    return check_squad(squad, db, epic, errors=errors, warnings=warnings)
