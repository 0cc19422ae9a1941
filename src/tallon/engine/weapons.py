"""Weapons and the targets a ship may declare (RR: ATTACK step 1, RR: ATTACK ARC, RR: ATTACK RANGE,
RR: PRIMARY WEAPON, RR: SPECIAL WEAPON, RR: DISARMED, RR: OBSTACLES).

A ship attacks with its primary weapons (one per printed arc, plus any a card gives it)
and the special weapons of its cards ("Attack:" headers, registered as
:class:`~tallon.engine.abilities.Weapon` abilities). A target is a (weapon, defender) pair
in arc and in the weapon's range whose header requirement is met (a lock on the defender,
a focus or calculate token), or that a card lets the ship meet by spending Force.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, cast

from tallon.data import load_cards
from tallon.engine.abilities import Cost, Ctx, Event, Held, Weapon
from tallon.engine.allegiance import friendly as is_friendly
from tallon.engine.devices import remote_attack
from tallon.engine.effects import ignores_obstacle, spendable_force
from tallon.engine.queue import any_true, modifiers, named, own_modifiers
from tallon.engine.state import ARCS, ShipState, Token, WeaponSpec, touching
from tallon.geometry import Arc, ObstacleType, measure_arc
from tallon.geometry.constants import ARC_REACH_BANDS, EPS, RANGE_BAND_LENGTH
from tallon.geometry.overlap import objects_overlapped

if TYPE_CHECKING:
    from tallon.engine.game import Game
    from tallon.geometry import Ship

#: the weapon arcs that attack from the ship's turret arcs (RR: TURRET ARCS: a double
#: indicator selects two single turret arcs)
TURRET_WEAPON_ARCS = ("single_turret", "double_turret")
NO_ATTACK_OBSTACLES = (ObstacleType.ASTEROID, ObstacleType.DEBRIS_CLOUD,
                       ObstacleType.GAS_CLOUD)


def weapon_ability(game: Game, weapon: WeaponSpec) -> Weapon | None:
    """The special weapon's card ability (None for a primary weapon)."""
    if weapon.ref is None:
        return None
    ability = game.cards.ability(weapon.ref)
    assert isinstance(ability, Weapon)
    return ability


#: card memory: (round, the ((card, header index), ...) used) - a huge ship uses each
#: "BONUS ATTACK:" header once per round (RR: APPENDIX: HUGE SHIPS)
HEADERS_USED = "rule:bonus_headers"


def used_headers(game: Game, ship: ShipState) -> tuple[tuple[str, int], ...]:
    """The "BONUS ATTACK:" headers the ship has used this round."""
    kept = ship.recalled(HEADERS_USED)
    return kept[1] if kept is not None and kept[0] == game.state.round else ()


def header_costs(ctx: Ctx, weapon: WeaponSpec) -> list[tuple[str, int, Cost]]:
    """Every "BONUS ATTACK:" header through which the ship may attack with the weapon
    (``ctx.ability``): (its card, its position, its cost) - the weapon's own, and other
    cards' (hook ``bonus_attack_headers``)."""
    ability = ctx.ability
    assert isinstance(ability, Weapon)
    found = [(ctx.card, i, cost) for i, cost in enumerate(ability.bonus)]
    for held in own_modifiers(ctx.game, ctx.ship, "bonus_attack_headers"):
        found += [(held.card, i, cost)
                  for i, cost in held.ability.value(ctx.game, ctx.ship, weapon=weapon) or ()]
    return found


def open_header(ctx: Ctx, weapon: WeaponSpec, free: bool = False
                ) -> tuple[str, int, Cost] | None:
    """The "BONUS ATTACK:" header the ship uses next to attack with the weapon: an unused
    one whose cost it can pay, a free one first (a card's headers differ only in cost), or
    None."""
    used = used_headers(ctx.game, ctx.ship)
    found = sorted(header_costs(ctx, weapon), key=lambda h: not h[2].free)
    return next((h for h in found if h[:2] not in used
                 and (free or h[2].can_pay(ctx))), None)


def use_header(game: Game, ship: ShipState, card: str, header: int) -> None:
    ship.remember(HEADERS_USED, (game.state.round, (*used_headers(game, ship),
                                                     (card, header))))


def weapons_of(game: Game, ship: ShipState) -> list[WeaponSpec]:
    """The ship's primary weapons and its implemented special weapons."""
    printed = list(ship.attacks)
    # cards that give a primary weapon ("you have a primary [rear arc] weapon ...")
    for held in own_modifiers(game, ship, "primary_weapons"):
        printed.extend(held.ability.value(game, ship) or ())
    # "treat the arc requirement of your [Front Arc] primary attack as [Single Turret Arc]"
    for changer in own_modifiers(game, ship, "primary_weapon_arc"):
        printed = [(changer.ability.value(game, ship, arc=arc) or arc, value)
                   for arc, value in printed]
    # the ruleset's lowest range (1e: touching ships cannot target each other)
    low, high, ordnance = game.rules.primary_min_range, 3, False
    if ship.huge:
        low = 1  # RR: APPENDIX: HUGE SHIPS - "their primary attacks can be made at range 1-3"
    for held in own_modifiers(game, ship, "primary_weapon_range"):
        # "you can perform primary attacks at range 1-4" (a huge ship's arcs then reach 4)
        high = max(high, held.ability.value(game, ship, ship=ship) or high)
    printed_attack = remote_attack(ship.pilot) if ship.remote else None
    if printed_attack is not None:
        # RR: REMOTES - a remote's printed attack, with its printed range and icons
        low, high, ordnance = (printed_attack.min_range, printed_attack.max_range,
                               printed_attack.ordnance)
    found = [WeaponSpec(f"primary:{arc}", f"primary {arc.replace('_', ' ')} weapon", True,
                        arc, value, low, high, ordnance) for arc, value in printed]
    db = load_cards()
    for held in game.cards.abilities(ship):
        if not isinstance(held.ability, Weapon):
            continue
        card = held.card
        upgrade = db.upgrade(card)
        side = _side_of(ship, card)
        attack = upgrade.sides[side].attack
        if attack is None:
            continue
        arc = attack.arc
        # "treat the [Front Arc] requirement of your missiles as [Single Turret Arc]"
        for changer in own_modifiers(game, ship, "special_weapon_arc"):
            arc = changer.ability.value(game, ship, card=card, arc=arc) or arc
        found.append(WeaponSpec(card, upgrade.sides[side].title, False, arc,
                                attack.value, attack.min_range, attack.max_range,
                                attack.ordnance, card, held.ref))
    return found


def _side_of(ship: ShipState, card: str) -> int:
    for kind, xws, side in ship.cards:
        if kind == "upgrade" and xws == card:
            return side
    return 0


@dataclass(frozen=True)
class Target:
    """A (weapon, defender) the attacker may declare; ``waive`` is the Force a card makes
    it spend to ignore the weapon's lock or focus requirement (0: the requirement is met)."""

    weapon: WeaponSpec
    defender: str
    arc: Arc
    range: int
    waive: int = 0
    #: a bonus attack through another card's "BONUS ATTACK:" header (Ordnance Tubes)
    header: bool = False

    @property
    def key(self) -> str:
        """The stable answer declaring this target: ``"<weapon>@<defender>"``, prefixed
        ``bonus:`` for an attack through another card's header."""
        return f"{'bonus:' if self.header else ''}{self.weapon.id}@{self.defender}"


def cannot_attack(game: Game, ship: ShipState) -> str | None:
    """Why the ship can't attack at all now, or None."""
    if ship.disarmed and (ship.cloaked or not any(
            disarmed_weapon(game, ship, w) for w in weapons_of(game, ship))):
        return "it is disarmed" if not ship.cloaked else "it is cloaked"
    assert ship.body is not None
    reason = obstacle_forbids(game, ship)
    # a card may lift the obstacle's ban for some weapons (valid_targets checks each one)
    if reason is not None and (not own_modifiers(game, ship, "attack_at_obstacle") or all(
            obstacle_forbids(game, ship, w) for w in weapons_of(game, ship))):
        return reason
    if any_true(game, "cannot_attack", ship=ship):
        return "a card forbids it"
    return None


def disarmed_weapon(game: Game, ship: ShipState, weapon: WeaponSpec,
                    defender: ShipState | None = None) -> bool:
    """RR: DISARMED - whether a card lets the disarmed ship still attack with ``weapon``
    (hook ``attack_while_disarmed``: Tycho Celchu's missile attacks), against ``defender``
    (None: against some target; Os-1 Arsenal Loadout allows only locked ones)."""
    return not ship.cloaked and any(
        held.ability.value(game, ship, ship=ship, weapon=weapon, defender=defender)
        for held in own_modifiers(game, ship, "attack_while_disarmed"))


def obstacle_forbids(game: Game, ship: ShipState, weapon: WeaponSpec | None = None
                     ) -> str | None:
    """RR: OBSTACLES - why an obstacle at range 0 keeps the ship from attacking (with
    ``weapon``), or None; a card of the ship may allow a weapon at range 0 of an obstacle
    (hook ``attack_at_obstacle``: "you can perform special attacks even while at range 0
    of asteroids")."""
    assert ship.body is not None
    rules = game.rules
    banning = rules.attack_banning_obstacles  # Ruleset: None for 2.5's
    for obstacle in game.state.obstacles:
        if (obstacle.type in NO_ATTACK_OBSTACLES if banning is None
                else obstacle.type.value in banning) and touching(ship.body, obstacle) \
                and (not rules.attack_ban_needs_overlap
                     or objects_overlapped([obstacle], ship.body)) \
                and not ignores_obstacle(game, ship, obstacle.id, "attack"):
            if weapon is not None and any(
                    held.ability.value(game, ship, weapon=weapon, obstacle=obstacle.id)
                    for held in own_modifiers(game, ship, "attack_at_obstacle")):
                continue
            if any_true(game, "friendly_attack_at_obstacle", ship=ship, weapon=weapon,
                        obstacle=obstacle.id):
                continue
            where = "overlaps" if rules.attack_ban_needs_overlap else "is at range 0 of"
            return f"it {where} {obstacle.type.value.replace('_', ' ')} {obstacle.id}"
    return None


def requirement_waiver(game: Game, ship: ShipState, weapon: WeaponSpec) -> int | None:
    """The Force ``ship`` may spend to ignore ``weapon``'s lock or focus requirement (hook
    ``weapon_requirement_waiver``: the cheapest of its cards' answers), or None if no card
    lets it or it lacks the Force."""
    costs = [held.ability.value(game, ship, ship=ship, weapon=weapon)
             for held in own_modifiers(game, ship, "weapon_requirement_waiver")]
    costs = [c for c in costs if c is not None]
    if not costs or spendable_force(game, ship, attacking=True) < min(costs):
        return None
    return min(costs)


def _lock_waived(game: Game, ship: ShipState, enemy: ShipState, weapon: WeaponSpec,
                 requires: str | tuple[str, ...] | None) -> bool:
    """A card treats the weapon's lock requirement as met against ``enemy`` (hook
    ``ignore_lock_requirement``), or any of its requirements (``ignore_weapon_requirement``)."""
    needs_lock = requires == "lock" or (isinstance(requires, tuple) and "lock" in requires)
    if needs_lock and any_true(game, "ignore_lock_requirement", ship=ship,
                               defender=enemy, weapon=weapon):
        return True
    # any requirement (Baktoid Prototype)
    return requires is not None and any_true(game, "ignore_weapon_requirement", ship=ship,
                                             defender=enemy, weapon=weapon)


def _meets_requirement(ship: ShipState, defender: str, requires: str | tuple[str, ...] | None
                       ) -> bool:
    """RR: SPECIAL WEAPON - the header's requirement: a lock on the defender, a focus or a
    calculate token; a header listing several is met by any one of them."""
    if requires is None:
        return True
    wanted = (requires,) if isinstance(requires, str) else requires
    for need in wanted:
        if need == "lock" and defender in ship.locks:
            return True
        if need == "focus" and ship.has(Token.FOCUS):
            return True
        if need == "calculate" and ship.has(Token.CALCULATE):
            return True
    return False


def valid_targets(game: Game, ship: ShipState, only: tuple[str, ...] = (),
                  defenders: tuple[str, ...] = (), ignore_requirement: bool = False,
                  free: bool = False, arcs: tuple[str, ...] = (), headers: bool = False,
                  headerless: bool = False) -> list[Target]:
    """Every (weapon, defender) the ship may declare (RR: ATTACK step 1). A card's bonus
    attack may limit the weapons (``only``) and the defenders (``defenders``), ignore the
    weapon's header requirement and waive its cost (``free``), and limit the standard arcs
    a turret weapon attacks from (``arcs``: "from a turret arc you have not attacked from
    this round"). ``headers``: the weapons with an open "BONUS ATTACK:" header instead of
    the others (a huge ship's bonus attacks: RR: APPENDIX: HUGE SHIPS). ``headerless``: a
    card's bonus attack may also use weapons whose only headers are "BONUS ATTACK:", using
    none of them ("a bonus [Hardpoint] attack")."""
    assert ship.body is not None
    targets = []
    # a card may let the ship attack friendly ships too (R5-TK; remotes are not ships), not
    # allied ones (RR: ALLIED)
    friendly = any(held.ability.value(game, ship, ship=ship)
                   for held in own_modifiers(game, ship, "attack_friendly"))
    enemies = [s for s in game.state.ships.values()
               if (s.owner != ship.owner or (friendly and s.id != ship.id and not s.remote
                                             and is_friendly(ship, s)))
               and s.in_play and s.body is not None
               and (not defenders or s.id in defenders)]
    # a card lifting an obstacle's ban for some weapons: the others stay banned
    lifted = bool(own_modifiers(game, ship, "attack_at_obstacle"))
    # "treat the arc requirement as another arc, the range as ..." (Venisa Doza)
    instead = own_modifiers(game, ship, "weapon_arc_alternatives")
    in_line = game.rules.in_line_moves_part  # Ruleset (1e): touching bases, not touching
    for weapon in weapons_of(game, ship):
        if only and weapon.id not in only:
            continue
        if lifted and obstacle_forbids(game, ship, weapon) is not None:
            continue
        # a disarm token: only the weapons a card lets it still use (a cloaked ship's
        # attacks are the caller's to refuse: a decloaking card may ask first)
        if ship.has(Token.DISARM) and not ship.cloaked and \
                not disarmed_weapon(game, ship, weapon):
            continue
        ability = weapon_ability(game, weapon)
        if headers and ability is None:
            continue  # no header grants a primary attack
        requires = ability.requires if ability is not None else None
        waiver = requirement_waiver(game, ship, weapon) if requires else None
        if ability is not None:
            ctx = Ctx(game, ship, weapon.card or "", Event.of("declare_attack"), ability)
            if headers and open_header(ctx, weapon, free) is None:
                continue
            if ability.bonus and not headers and not headerless:
                continue  # a weapon with "BONUS ATTACK:" headers only
            if not ability.bonus and not free and not ability.cost.can_pay(ctx):
                continue
            if not ability.extra_requirement(ctx):
                continue
        # a card may let the weapon reach farther than printed (Major Rhymer): up to range 3,
        # or 1 further (Bombardment Specialists)
        farthest = (max(weapon.max_range + 1, 3) if instead else weapon.max_range) \
            * RANGE_BAND_LENGTH + EPS
        for enemy in enemies:
            if ship.has(Token.DISARM) and not ship.cloaked and \
                    not disarmed_weapon(game, ship, weapon, enemy):
                continue  # a card lets the disarmed ship attack only some targets
            waive = 0
            if ability is not None and not ignore_requirement and \
                    not _meets_requirement(ship, enemy.id, requires) and \
                    not _lock_waived(game, ship, enemy, weapon, requires):
                if waiver is None:
                    continue
                waive = waiver  # a card lets the ship ignore the requirement for Force
            best: tuple[int, Arc] | None = None
            contact = enemy.id in ship.contacts  # a bump left them at range 0
            floor = 1 if in_line and not contact and parted_in_line(game, ship, enemy) else 0
            assert enemy.body is not None
            if not contact and not ship.body.near(enemy.body, farthest):
                continue  # beyond the weapon's range whatever the arc: no need to measure
            for arc in weapon.arcs(ship):
                if arcs and weapon.arc in TURRET_WEAPON_ARCS and arc.value not in arcs:
                    continue
                if any_true(game, "attack_arc_forbidden", ship=ship, weapon=weapon, arc=arc):
                    continue  # a card forbids attacking from this arc again this round
                # RR: APPENDIX: HUGE SHIPS - a weapon reaching range 4-5 extends its arc
                measure = measure_arc(cast("Ship", ship.body), enemy.body, arc, lines=False,
                                      reach_bands=max(ARC_REACH_BANDS, weapon.max_range))
                reach = 0 if contact else measure.range
                if reach is not None and reach < floor:
                    reach = floor
                if measure.in_arc and reach is not None and (best is None or reach < best[0]):
                    best = (reach, arc)
            if instead and (best is None or not
                            weapon.min_range <= best[0] <= weapon.max_range):
                other = _alternative_arc(game, ship, weapon, enemy, contact, instead, floor)
                if other is not None:
                    targets.append(Target(weapon, enemy.id, other[1], other[0], waive,
                                          headers and ability is not None
                                          and not ability.bonus))
                continue
            if best is None:
                continue
            attack_range, arc = best
            if attack_range == 0 and "touching_ignored" in named(game) and any_true(
                    game, "touching_ignored", ship=ship, defender=enemy):
                attack_range = 1  # a card: not touching, so at range 1 (1e "Zeb" Orrelios)
            if weapon.min_range <= attack_range <= weapon.max_range:
                targets.append(Target(weapon, enemy.id, arc, attack_range, waive,
                                      headers and ability is not None and not ability.bonus))
    if targets and "forbidden_targets" in named(game):
        # a card forbids some targets given the others (1e Biggs Darklighter)
        banned = {key for owner, _, held in modifiers(game, "forbidden_targets")
                  for key in held.value(game, owner, ship=ship, targets=tuple(targets)) or ()}
        targets = [t for t in targets if t.key not in banned]
    return targets


def parted_in_line(game: Game, ship: ShipState, other: ShipState) -> bool:
    """FAQ (1e), Overlapping In-Line Ships: two ships facing the same way that both executed
    a maneuver of the same speed this round are not touching, even with their bases still
    in contact, unless an overlap (a bump contact, asked by the caller) keeps them so: they
    are at range 1, not 0 (``Ruleset.in_line_moves_part``). Two [0 stop]s keep them
    touching (FAQ (1e), Touching and Stationary Maneuvers)."""
    if not game.rules.in_line_moves_part or not ship.executed_speed \
            or ship.executed_speed != other.executed_speed:
        return False
    turn = (ship.pose.heading - other.pose.heading) % 360.0
    return min(turn, 360.0 - turn) <= EPS


def _alternative_arc(game: Game, ship: ShipState, weapon: WeaponSpec, enemy: ShipState,
                     contact: bool, held: Sequence[Held], floor: int = 0
                     ) -> tuple[int, Arc] | None:
    """The (range, arc) at which a card lets the weapon reach ``enemy`` through another arc
    and range requirement (hook ``weapon_arc_alternatives``), or None."""
    assert ship.body is not None and enemy.body is not None
    for modifier in held:
        for arc_name, low, high in modifier.ability.value(game, ship, weapon=weapon) or ():
            for arc in ARCS[arc_name]:
                if any_true(game, "attack_arc_forbidden", ship=ship, weapon=weapon, arc=arc):
                    continue
                # RR: APPENDIX: HUGE SHIPS - a requirement reaching range 4-5 extends the arc
                measure = measure_arc(cast("Ship", ship.body), enemy.body, arc, lines=False,
                                      reach_bands=max(ARC_REACH_BANDS, high))
                reach = 0 if contact else measure.range
                if reach is not None and reach < floor:
                    reach = floor
                if measure.in_arc and reach is not None and low <= reach <= high:
                    return reach, arc
    return None
