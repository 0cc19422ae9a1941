"""A ship's loadout in play (RR: SETUP step 1: Gather Forces; UPGRADE CARDS; ACTIONS): the
starting state of a ship built from its squad entry - stats with the upgrades' grants,
Force, charges, its cards, its action bar (the ship's and the upgrades' current sides) -
and whether a card pool can play a squad at all.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from tallon.data import load_cards
from tallon.data.first_edition_play import unplayed_rules
from tallon.engine.state import ActionSpec, Charge, ShipState
from tallon.geometry import BaseSize
from tallon.squads import upgrade_cost

if TYPE_CHECKING:
    from tallon.data import Pilot, Upgrade
    from tallon.engine.abilities import CardRegistry
    from tallon.squads import Squad

TURRET_ARCS = {"single_turret": False, "double_turret": True}


@dataclass(frozen=True)
class Unplayable:
    """A card of a squad that a card pool can't play, so a game with the squad is refused
    at setup (whatever its legality). ``kind``: ``pilot``, ``ship_ability`` (``xws`` and
    ``name`` are then the ability's name as the registry knows it) or ``upgrade``;
    ``ship``: the ship's position in the squad (0 first); ``pilot``: its pilot's name."""

    kind: str
    xws: str
    name: str
    ship: int
    pilot: str
    reason: str

    def message(self) -> str:
        """The problem as setup names it."""
        if self.kind == "ship_ability":
            return f"{self.pilot}: its ship ability {self.xws!r} {self.reason}"
        where = f" on {self.pilot}" if self.kind == "upgrade" else ""
        return f"{self.name} ({self.xws}){where}: {self.reason}"


def upgrade_unplayable(upgrade: Upgrade, cards: CardRegistry) -> bool:
    """Whether the card pool ``cards`` can't play the upgrade: it has an ability the pool
    doesn't implement."""
    return any(side.has_ability for side in upgrade.sides) and not cards.implements(
        "upgrade", upgrade.xws)


def unplayable_ship(pilot: Pilot, upgrades: Iterable[Upgrade], cards: CardRegistry,
                    index: int = 0) -> list[Unplayable]:
    """The cards of one ship (``pilot`` with ``upgrades``, the ``index``-th of its squad)
    that the card pool ``cards`` can't play: each card whose ability the pool doesn't
    implement (a card is never played silently without its ability; a card without an
    ability is always played). Huge ships play by their appendix (engine/huge_moves.py)."""
    found = []

    def add(kind: str, xws: str, name: str, reason: str) -> None:
        found.append(Unplayable(kind, xws, name, index, pilot.name, reason))

    if pilot.has_ability and not cards.implements("pilot", pilot.xws):
        add("pilot", pilot.xws, pilot.name,
            "its pilot ability is not implemented by the engine yet")
    for reason in unplayed_rules(pilot.ship):
        add("pilot", pilot.xws, pilot.name, reason)
    if pilot.ship_ability and not cards.implements("ship_ability", pilot.ship_ability):
        add("ship_ability", pilot.ship_ability, pilot.ship_ability,
            "is not implemented by the engine yet")
    upgrades = list(upgrades)
    for upgrade in upgrades:
        if upgrade_unplayable(upgrade, cards):
            add("upgrade", upgrade.xws, upgrade.name,
                "its ability is not implemented by the engine yet")
    return found


def unplayable_cards(squad: Squad, cards: CardRegistry) -> list[Unplayable]:
    """The cards of ``squad`` a game with the card pool ``cards`` can't play, ship by ship
    (:func:`unplayable_ship`)."""
    # a facedown upgrade is equipped in play once revealed: the pool must play it too
    return [card for index, ship in enumerate(squad.ships)
            for card in unplayable_ship(ship.pilot, (e.upgrade for e in (
                *ship.upgrades, *getattr(ship, "facedown", ()))), cards, index)]


def unplayable(squad: Squad, cards: CardRegistry) -> list[str]:
    """Why a game with the card pool ``cards`` can't play this squad, one message per card
    (:func:`unplayable_cards`)."""
    return [card.message() for card in unplayable_cards(squad, cards)]


def _action_spec(action: Any, source: str) -> ActionSpec:
    linked = _action_spec(action.linked, source) if action.linked is not None else None
    return ActionSpec(action.type, action.difficulty, linked, source)


def side_actions(xws: str, side: int) -> list[ActionSpec]:
    """The actions an upgrade's side adds to the ship's action bar."""
    upgrade = load_cards().upgrade(xws)
    face = upgrade.sides[min(side, len(upgrade.sides) - 1)]
    found: list[ActionSpec] = []
    for action in (*face.grants.actions, *face.actions):
        spec = _action_spec(action, xws)
        if spec not in found:  # the data may list an action both as a grant and on the bar
            found.append(spec)
    return found


def upgrade_actions(cards: Iterable[tuple[str, str, int]]) -> list[ActionSpec]:
    return [spec for kind, xws, side in cards if kind == "upgrade"
            for spec in side_actions(xws, side)]


def refresh_actions(ship: ShipState) -> None:
    """Rebuild the action bar after an upgrade changed sides."""
    own = [spec for spec in ship.actions if spec.source == "ship"]
    ship.actions = tuple(own + upgrade_actions(ship.cards))


def movable(xws: str) -> bool:
    """Whether an effect can move upgrade ``xws`` between ships in play with what this
    module rebuilds (its action bar and charges): no side of it changes the ship's stats,
    Force or turret arcs (every [Illicit] upgrade qualifies)."""
    for side in load_cards().upgrade(xws).sides:
        grants = side.grants
        if grants.stats or grants.force or grants.arcs or side.force is not None or (
                side.attack is not None and side.attack.arc in TURRET_ARCS):
            return False
    return True


def can_equip(ship: ShipState, xws: str, giving: str | None = None) -> bool:
    """RR: UPGRADE CARDS - whether an effect may move upgrade ``xws`` onto ``ship`` (which
    gives up ``giving`` in exchange): the ship meets the card's restrictions (not its
    upgrade bar) and equips no copy of it."""
    from tallon.squads.restrictions import ship_profile, unmet_groups

    db = load_cards()
    kept = [x for x in ship.upgrades if x != giving]
    if xws in kept:
        return False
    upgrade, pilot = db.upgrade(xws), db.pilot(ship.pilot)
    if upgrade.non_limited and pilot.limited > 0:
        return False
    profile = ship_profile(db, pilot, [db.upgrade(x) for x in kept])
    return not unmet_groups(upgrade, profile)


def exchange_upgrades(a: ShipState, card_a: str, b: ShipState, card_b: str) -> None:
    """Ships ``a`` and ``b`` exchange the equipped upgrades ``card_a`` and ``card_b``
    (:func:`movable` ones): each card keeps its side, its charges and its abilities, and
    both action bars are rebuilt."""
    sides = {x: s for ship in (a, b) for kind, x, s in ship.cards if kind == "upgrade"
             and x in (card_a, card_b)}
    for ship, gone, came in ((a, card_a, card_b), (b, card_b, card_a)):
        side = sides[came]
        ship.cards = tuple(("upgrade", came, side) if kind == "upgrade" and x == gone
                           else (kind, x, s0) for kind, x, s0 in ship.cards)
        ship.upgrades = tuple(came if x == gone else x for x in ship.upgrades)
    charge_a, charge_b = a.charges.pop(card_a, None), b.charges.pop(card_b, None)
    if charge_a is not None:
        b.charges[card_a] = charge_a
    if charge_b is not None:
        a.charges[card_b] = charge_b
    refresh_actions(a)
    refresh_actions(b)


def move_upgrade(a: ShipState, card: str, b: ShipState) -> None:
    """Upgrade ``card`` (a :func:`movable` one) leaves ship ``a`` and is equipped to ship
    ``b``, keeping its side, its charges and its abilities; both action bars are rebuilt."""
    side = next(s for kind, x, s in a.cards if kind == "upgrade" and x == card)
    a.cards = tuple(c for c in a.cards if not (c[0] == "upgrade" and c[1] == card))
    a.upgrades = tuple(x for x in a.upgrades if x != card)
    b.cards = (*b.cards, ("upgrade", card, side))
    b.upgrades = (*b.upgrades, card)
    charge = a.charges.pop(card, None)
    if charge is not None:
        b.charges[card] = charge
    refresh_actions(a)
    refresh_actions(b)


def _upgrade_turrets(upgrades: Iterable[tuple[str, int]]) -> list[str]:
    """The turret arcs (``single_turret``, ``double_turret``) of these upgrade sides'
    special weapons."""
    db = load_cards()
    found: list[str] = []
    for xws, side in upgrades:
        sides = db.upgrade(xws).sides
        attack = sides[min(side, len(sides) - 1)].attack
        if attack is not None and attack.arc in TURRET_ARCS:
            found.append(attack.arc)
    return found


def has_turret_indicator(ship: ShipState) -> bool:
    """RR: TURRET ARCS - the ship has a turret arc indicator: a primary or special weapon of
    its (the upgrades' current sides) uses a turret arc. A standard ship has one indicator,
    shared by its turret weapons; it is double if any of them is."""
    return any(arc in TURRET_ARCS for arc, _ in ship.attacks) or bool(_upgrade_turrets(
        (xws, side) for kind, xws, side in ship.cards if kind == "upgrade"))


def second_indicator_double(ship: ShipState) -> bool:
    """RR: APPENDIX: HUGE SHIPS - TURRET ARC INDICATORS: a huge ship's second indicator is
    double if an upgrade it serves grants a double turret arc."""
    return "double_turret" in _upgrade_turrets((xws, 0) for xws in ship.turret2_cards)


#: The charges key of a huge ship's energy (RR: APPENDIX: HUGE SHIPS - ENERGY).
ENERGY = "energy"

#: The card memory key of the upgrades kept facedown under a card (Razor Crest), a tuple
#: of xws ids (engine/facedown.py); only set on ships that have one, so other games keep
#: their state hashes.
FACEDOWN = "rule:facedown upgrades"


def build_ship(owner: int, number: int, entry: Any, upgrade_points: bool = False
               ) -> ShipState:
    """A ship's starting state from its squad entry (RR: SETUP step 1: Gather Forces);
    ``upgrade_points``: its upgrades are paid in squad points (the ruleset's
    upgrades_cost_squad_points), so its squad point value counts them."""
    db = load_cards()
    pilot = entry.pilot
    ship = db.ship_of(pilot)
    stats = db.stats_of(pilot)
    actions = [_action_spec(a, "ship") for a in db.actions_of(pilot)]
    hull, shields, agility = stats.hull, stats.shields, stats.agility
    attacks = [(a.arc, a.value) for a in stats.attacks]
    force_limit = pilot.force.value if pilot.force else 0
    force_recurring = pilot.force.recovers if pilot.force else 0
    charges: dict[str, Charge] = {}
    if pilot.charges:
        charges[pilot.xws] = Charge(pilot.charges.value, pilot.charges.value,
                                    pilot.charges.recovers)
    for equipped in entry.upgrades:
        side = equipped.upgrade.front
        for grant in side.grants.stats:
            if grant.stat == "hull":
                hull += grant.amount
            elif grant.stat == "shields":
                shields += grant.amount
            elif grant.stat == "agility":
                agility += grant.amount
        for force in side.grants.force:
            force_limit += force.amount
        if side.force is not None:
            force_limit += side.force.value
            force_recurring = max(force_recurring, side.force.recovers)
        if side.charges is not None:
            charges[equipped.upgrade.xws] = Charge(side.charges.value, side.charges.value,
                                                   side.charges.recovers)
    # a stat can't go below 0 (Angled Deflectors on a ship without shields)
    hull, shields, agility = max(1, hull), max(0, shields), max(0, agility)
    turreted = [u.upgrade.xws for u in entry.upgrades if _upgrade_turrets([(u.upgrade.xws, 0)])]
    # RR: APPENDIX: HUGE SHIPS - TURRET ARC INDICATORS: a huge ship's second turret upgrade
    # gets its own indicator; a third shares it (docs/rulings.md, Huge ships)
    second = tuple(x for x in turreted[1:] if x != turreted[0]) if ship.size == "huge" else ()
    turret = tuple(arc for arc, _ in attacks if arc in TURRET_ARCS) + tuple(
        _upgrade_turrets((xws, 0) for xws in turreted if xws not in second))
    # a huge ship's base is no standard size: its geometry is HugeShip's (ShipState.huge)
    size = BaseSize.LARGE if ship.size == "huge" else BaseSize(ship.size)
    if stats.energy is not None:  # RR: APPENDIX: HUGE SHIPS - energy, a charge
        energy = stats.energy + sum(g.amount for u in entry.upgrades
                                    for g in u.upgrade.front.grants.stats if g.stat == "energy")
        charges[ENERGY] = Charge(energy, energy, stats.energy_recovers)
    cards = [("pilot", pilot.xws, 0)]
    # a configuration may "replace your ship ability with the following" (its side's own)
    ship_ability = next((u.upgrade.front.ship_ability for u in entry.upgrades
                         if u.upgrade.front.ship_ability), pilot.ship_ability)
    if ship_ability:
        cards.append(("ship_ability", ship_ability, 0))
    cards += [("upgrade", u.upgrade.xws, 0) for u in entry.upgrades]
    actions += upgrade_actions(cards)
    state = ShipState(
        id=f"p{owner}.{number}",
        owner=owner,
        pilot=pilot.xws,
        name=pilot.name,
        ship_type=ship.xws,
        size=size,
        initiative=pilot.initiative,
        # a huge ship's squad point value counts its upgrades, paid in squad points
        # (docs/rulings.md, Squad building 21): what removing it scores
        cost=pilot.cost + (sum(upgrade_cost(db, pilot, u.upgrade) or 0
                               for u in entry.upgrades)
                           if ship.size == "huge" or upgrade_points else 0),
        dial=tuple(ship.dial),
        attacks=tuple(attacks),
        agility=agility,
        hull=hull,
        shield_limit=shields,
        actions=tuple(actions),
        upgrades=tuple(u.upgrade.xws for u in entry.upgrades),
        cards=tuple(cards),
        shields=shields,
        force=force_limit,
        force_limit=force_limit,
        force_recurring=force_recurring,
        charges=charges,
        turret_double=any(TURRET_ARCS[arc] for arc in turret),
        turret2_cards=second,
        shield_recurring=stats.shield_recovers,
        engagement=pilot.engagement if ship.size == "huge" else None,
    )
    facedown = tuple(u.upgrade.xws for u in getattr(entry, "facedown", ()))
    if facedown:  # not equipped: no charges, actions or abilities until revealed
        state.remember(FACEDOWN, facedown)
    return state
