"""Epic upgrades of huge ships (RR: APPENDIX: HUGE SHIPS): the Trident-class assault ship's
titles Trident and Grappler, the team Bombardment Specialists, the cargo Boosted Scanners,
the GR-75's title Luminous, and the command cards Bounty, Combat Boarding Tube and Hondo
Ohnaka (moving Salvage Mission's supply caches between ship cards).

Energy is the ship's charge ``tallon.engine.loadout.ENERGY`` (spent with
``huge_moves.spend_energy``); the cards' stat and action grants are the loadout's."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tallon.cards.common import is_me, recover_charge, ships_in_range
from tallon.cards.registry import register
from tallon.cards.upgrades.commando import COMMANDO_CREWS
from tallon.data import load_cards
from tallon.engine.abilities import Cost, Ctx, Modifier, Triggered
from tallon.engine.action_bodies import reload_amount
from tallon.engine.decisions import Option, pose_key
from tallon.engine.devices import can_place_device, put_remote, remote_kind, touch_code
from tallon.engine.effects import flip_upgrade, gain_token
from tallon.engine.features import TOWING, towed_cache
from tallon.engine.huge_moves import energy, spend_energy
from tallon.engine.loadout import ENERGY
from tallon.engine.placement import reserved_until_setup_ends
from tallon.engine.queue import own_modifiers
from tallon.engine.scenarios import carrier_of_cache, change_feature
from tallon.engine.state import ARCS, ShipState, Token, ship_range
from tallon.engine.steps import Ask, continuation
from tallon.geometry import Arc, BaseSize, Device, Pose, at_range, in_arc
from tallon.geometry.overlap import ships_overlapped

if TYPE_CHECKING:
    from tallon.engine.game import Game
    from tallon.engine.state import AttackState, WeaponSpec


# ----------------------------------------------------------------------------- Trident
TRIDENT = "trident"
#: RR: TRACTOR - the tokens Trident gives the ship it overlapped or that overlapped it
TRIDENT_TOKENS = 3


def _trident_other(ctx: Ctx) -> ShipState | None:
    """The ship Trident's ship overlapped, or that overlapped it (window after_overlap)."""
    mover, other = ctx.event["ship"], ctx.event["other"]
    if ctx.ship.id not in (mover, other):
        return None
    ship = ctx.other(other if mover == ctx.ship.id else mover)
    return ship if ship.in_play else None


def _trident_applies(ctx: Ctx) -> bool:
    ship = _trident_other(ctx)
    # "if it is not tractored": checked as the ability resolves too
    return ship is not None and not ship.tractored and energy(ctx.ship) >= 1


def _trident(ctx: Ctx, choice: Any) -> None:
    ship = _trident_other(ctx)
    assert ship is not None
    if spend_energy(ctx.game, ctx.ship, 1):
        # RR: TRACTOR - the Trident's player moves the ship the tokens tractor
        gain_token(ctx.game, ship, Token.TRACTOR, TRIDENT_TOKENS, applier=ctx.ship.owner)


register("upgrade", TRIDENT,
         Triggered("spend 1 energy: the ship overlapped gains 3 tractor tokens",
                   window="after_overlap", requirement=_trident_applies, effect=_trident),
         description="After this ship overlaps a ship, or a ship overlaps it, if that ship is "
                     "not tractored: may spend 1 energy to give it 3 tractor tokens.")


# ---------------------------------------------------------------------------- Grappler
def _grappler_range(game: Game, owner: ShipState, attack: AttackState | None = None,
                    **facts: Any) -> int | None:
    # RR: ATTACK RANGE - only the range the attack is treated as performed at changes
    if attack is None or attack.attacker != owner.id or attack.range != 1 or \
            attack.weapon.card != "drillbeak":
        return None
    defender = game.state.ships[attack.defender]
    return 0 if defender.tractored else None


register("upgrade", "grappler",
         Modifier("a Drill Beak attack at range 1 against a tractored defender is at range 0",
                  hook="treated_attack_range", value=_grappler_range),
         description="A Drill Beak attack at range 1 against a tractored defender is treated "
                     "as an attack at range 0 (+2 hull, -1 shield).")


# ------------------------------------------------------------- Bombardment Specialists
BOMBARDMENT = "bombardmentspecialists"
#: "to a limit of 0-5"
_NEAREST, _FARTHEST = 0, 5


def _weapon_arcs(owner: ShipState, weapon: WeaponSpec) -> list[str]:
    """The standard arcs (ARCS names) the weapon attacks from now."""
    if weapon.arc in ARCS:
        return [weapon.arc]
    # a turret weapon: the arcs its indicator selects
    return [name for name, arcs in ARCS.items() if len(arcs) == 1 and arcs[0] in
            weapon.arcs(owner)]


def _bombardment(game: Game, owner: ShipState, weapon: WeaponSpec | None = None,
                 **facts: Any) -> list[tuple[str, int, int]]:
    # the calculate token is spent as the attack is declared (_bombardment_paid)
    if weapon is None or not owner.has(Token.CALCULATE):
        return []
    # either end 1 further reaches what shifting the requirement does, one calculate token
    # for one attack (ruling, as Major Rhymer's)
    low = max(_NEAREST, weapon.min_range - 1)
    high = min(_FARTHEST, weapon.max_range + 1)
    return [(name, low, high) for name in _weapon_arcs(owner, weapon)]


def _beyond_printed(ctx: Ctx) -> bool:
    """The attack just declared is at a range the weapon's printed requirement does not
    allow: the card's changed requirement made it valid."""
    attack = ctx.attack
    return (attack is not None and ctx.event["attacker"] == ctx.ship.id
            and not attack.weapon.min_range <= attack.range <= attack.weapon.max_range)


register("upgrade", BOMBARDMENT,
         Modifier("spend 1 calculate token: the range requirement 1 higher or lower (0-5)",
                  hook="weapon_arc_alternatives", value=_bombardment),
         Triggered("spend the calculate token for the changed range requirement",
                   window="defender_declared", optional=False,
                   cost=Cost(tokens=(("calculate", 1),)), requirement=_beyond_printed,
                   effect=lambda ctx, choice: None),
         description="Attacking: may spend 1 calculate token to raise or lower the weapon's "
                     "range requirement by 1, within range 0-5 (grants lock, linked "
                     "calculate).")


# -------------------------------------------------------------------- Boosted Scanners
BOOSTED = "boostedscanners"
#: "up to 3 energy ... to a maximum of range 5"
BOOST_MOST, BOOST_FARTHEST = 3, 5
#: RR: COORDINATE - the farthest a coordinate reaches without the card
_COORDINATE_RANGE = 2


def _boosted_range(game: Game, owner: ShipState, ship: ShipState | None = None,
                   action: str | None = None, **facts: Any) -> tuple[int, int] | None:
    # the lock and jam actions pay as they choose (engine/boosted_range.py)
    if ship is None or ship.id != owner.id or action not in ("lock", "jam"):
        return None
    return BOOST_MOST, BOOST_FARTHEST


def _coordinate_cost(owner: ShipState, other: ShipState) -> int | None:
    """The energy that lets the coordinate reach ``other``, or None when no energy
    does."""
    if owner.body is None or other.body is None:
        return None
    reach = ship_range(owner, other)
    cost = reach - _COORDINATE_RANGE
    if reach > BOOST_FARTHEST or not 0 < cost <= min(BOOST_MOST, energy(owner)):
        return None
    return cost


def _boosted_coordinate(game: Game, owner: ShipState, ship: ShipState | None = None,
                        **facts: Any) -> bool:
    return ship is not None and _coordinate_cost(owner, ship) is not None


def _others_reach(ctx: Ctx, target: ShipState) -> bool:
    """Another card of the ship lets it coordinate ``target`` beyond range 2 anyway."""
    return any(held.card != BOOSTED and held.ability.value(ctx.game, ctx.ship, ship=target)
               for held in own_modifiers(ctx.game, ctx.ship, "coordinate_beyond_range"))


def _pays_coordinate(ctx: Ctx) -> bool:
    target = ctx.other(ctx.event["target"])
    return is_me(ctx) and _coordinate_cost(ctx.ship, target) is not None and \
        not _others_reach(ctx, target)


def _pay_coordinate(ctx: Ctx, choice: Any) -> None:
    target = ctx.other(ctx.event["target"])
    cost = _coordinate_cost(ctx.ship, target)
    assert cost is not None
    spend_energy(ctx.game, ctx.ship, cost)


register("upgrade", BOOSTED,
         Modifier("lock and jam: up to 3 energy, 1 range farther each (to range 5)",
                  hook="range_increase", value=_boosted_range),
         Modifier("coordinate: up to 3 energy, 1 range farther each (to range 5)",
                  hook="coordinate_beyond_range", value=_boosted_coordinate),
         # ruling: the coordinating ship pays as it chooses a ship its energy reached
         Triggered("spend the energy that reached the coordinated ship",
                   window="coordinate_chosen", optional=False, requirement=_pays_coordinate,
                   effect=_pay_coordinate),
         description="Locking, coordinating or jamming: may spend up to 3 energy to choose "
                     "an object 1 range farther per energy spent, up to range 5.")


# ---------------------------------------------------------------------------- Luminous
LUMINOUS = "luminous"
#: "at range 0-2 of a friendly ship" (engine/placement.py rule friend:<range>)
LUMINOUS_PLACE = ("anywhere", "friend:2")


register("upgrade", LUMINOUS,
         # RR: SETUP - "Setup:" abilities; RR: RESERVE
         *reserved_until_setup_ends(LUMINOUS_PLACE, "at range 0-2 of a friendly ship"),
         description="Setup: the GR-75 starts in reserve; at the end of Setup it is placed at "
                     "range 0-2 of a friendly ship (+2 energy, -1 shield).")


# ------------------------------------------------------------------------------ Bounty
BOUNTY = "bounty"
HIRED, PAID = 0, 1


def _recoverable(ctx: Ctx) -> list[str]:
    """The ship's cards with a charge to recover: its pilot card and its upgrades (not
    energy, not a card whose charges cannot be recovered: hook reload_charges 0)."""
    ship = ctx.ship
    return sorted(card for card, charge in ship.charges.items()
                  if card != ENERGY and charge.active < charge.limit
                  and reload_amount(ctx.game, ship, card) > 0)


def _bounty_collected(ctx: Ctx) -> bool:
    if ctx.event["attacker"] != ctx.ship.id:
        return False
    defender = ctx.other(ctx.event["defender"])
    # RR: LIMITED - a limited ship is one whose pilot card is limited
    return defender.destroyed and load_cards().pilot(defender.pilot).limited > 0


def _bounty(ctx: Ctx, choice: Any) -> None:
    for card in _recoverable(ctx):
        if recover_charge(ctx.ship, card, 1):
            ctx.game.event("ability", f"{ctx.ship.name} ({ctx.ship.id}) recovers 1 charge "
                           f"of {card} (Bounty)", ship=ctx.ship.id)
    flip_upgrade(ctx.game, ctx.ship, BOUNTY, PAID)


# the squad-building side ("you can be included in Separatist, Imperial and First Order
# squads") is squads/legality.py FACTION_INCLUSION; "Setup: Equip this side faceup" is the
# engine's default (a command card's front side)
register("upgrade", BOUNTY,
         # ruling: declining keeps the card hired (faceup) for a later bounty
         Triggered("the defender, a limited ship, was destroyed: recover 1 charge on the "
                   "ship card and each upgrade, then flip this card",
                   window="after_attack", requirement=_bounty_collected, effect=_bounty),
         back=(),
         description="After attacking a limited ship that was destroyed: may recover 1 charge "
                     "on the pilot card and on each upgrade, then flip to its paid side. Lets "
                     "its ship join Separatist, Imperial and First Order squads.")


# ----------------------------------------------------------------- Combat Boarding Tube
BOARDING = "combatboardingtube"
#: the tokens the boarded ship may be given, in the order offered
BOARDING_TOKENS = (Token.DEPLETE, Token.STRAIN, Token.STRESS)


def _boarded(ship: ShipState, other: ShipState) -> bool:
    """An enemy medium, large or huge ship at range 0-1 in the ship's rear arc."""
    return (other.owner != ship.owner and other.in_play and not other.remote
            and (other.huge or other.size in (BaseSize.MEDIUM, BaseSize.LARGE))
            and other.body is not None and ship.body is not None
            and at_range(ship.body, other.body, 0, 1)
            and in_arc(ship.body, other.body, Arc.REAR))


def _boarding_spots(game: Game, ship: ShipState, crew: str, enemy: ShipState) -> list[Pose]:
    """Where the crew's remote may go: centred on a corner or the middle of an edge of the
    enemy's base (so at range 0 of it: ruling, a sample of the places), facing away from
    the ship, wholly in the play area, in the ship's rear arc at range 0-1, overlapping no
    other ship."""
    assert ship.body is not None and enemy.body is not None
    outline = remote_kind(crew)
    table = game.state.table()
    corners = [p for piece in enemy.body.overlap_pieces for p in piece]
    points = corners + [((ax + bx) / 2, (ay + by) / 2) for (ax, ay), (bx, by)
                        in zip(corners, corners[1:] + corners[:1], strict=True)]
    found = []
    for x, y in dict.fromkeys((round(x, 1), round(y, 1)) for x, y in points):
        pose = Pose(x, y, (ship.pose.heading + 180.0) % 360.0)
        body = Device("(placing)", pose, outline)
        if (table.area.contains_pieces(body.overlap_pieces)
                and at_range(enemy.body, body, 0)
                and at_range(ship.body, body, 0, 1) and in_arc(ship.body, body, Arc.REAR)
                and set(ships_overlapped(table, body)) <= {enemy.id}):
            found.append(pose)
    return found


def _boarding_options(ctx: Ctx) -> list[Option]:
    """Each crew remote the ship could drop now (a commando crew with a charge), placed at
    each spot by each boarded enemy: ``<crew>@<enemy>@<x>,<y>,<heading>``."""
    ship, game = ctx.ship, ctx.game
    if not is_me(ctx) or not can_place_device(game, ship):
        return []
    crews = [c for c in COMMANDO_CREWS if c in ship.charges and ship.charges[c].active >= 1]
    enemies = [o for o in game.state.in_play() if _boarded(ship, o)] if crews else []
    return [Option(f"{crew}@{enemy.id}@{pose_key(pose)}",
                   f"spend 1 charge of {crew}: place its remote at ({pose.x:.0f}, "
                   f"{pose.y:.0f}), at range 0 of {enemy.name} ({enemy.id})")
            for crew in crews for enemy in enemies
            for pose in _boarding_spots(game, ship, crew, enemy)]


def _board(ctx: Ctx, choice: Any) -> None:
    crew, enemy_id, key = str(choice).split("@")
    x, y, heading = (float(v) for v in key.split(","))
    ship = ctx.ship
    ship.charges[crew].active -= 1  # the crew card's own cost of dropping it
    # placed by hand instead of dropped (a touch placement code: no "after you drop")
    put_remote(ctx.game, ship, crew, Pose(x, y, heading), touch_code(Pose(x, y, heading)),
               False, " through its Combat Boarding Tube")
    enemy = ctx.other(enemy_id)
    ctx.game.push(Ask(ship.owner, "use_ability", f"{ship.name} ({ship.id}): Combat Boarding "
                      f"Tube - which token does {enemy.name} ({enemy.id}) gain?",
                      tuple(Option(t.value, f"{t.value} token") for t in BOARDING_TOKENS),
                      "combatboardingtube.token", (ship.id, enemy_id), ship=ship.id))


@continuation("combatboardingtube.token")
def _board_token(game: Game, token: str, ship_id: str, enemy_id: str) -> None:
    enemy = game.state.ships[enemy_id]
    if enemy.in_play:
        gain_token(game, enemy, Token(token), applier=game.state.ships[ship_id].owner)


register("upgrade", BOARDING,
         # ruling: the crew card's drop and this placement are two ways of one drop, each
         # once per System Phase (RR: DEVICE); this one spends the crew card's charge
         Triggered("place a crew remote at range 0 of an enemy medium, large or huge ship "
                   "in the rear arc instead of dropping it", window="system_phase",
                   requirement=lambda ctx: bool(_boarding_options(ctx)),
                   choices=_boarding_options, effect=_board, decision="launch_device"),
         description="System Phase, about to drop a crew remote while a medium, large or huge "
                     "enemy ship is in the rear arc at range 0-1: may instead place the remote in "
                     "the rear arc at range 0-1 so it touches that ship (range 0); that enemy ship "
                     "then gains 1 deplete, strain or stress token, as this ship's player chooses.")


# ------------------------------------------------------------- Hondo Ohnaka (Command)
HONDO = "hondoohnakacommand"
#: "choose 1 friendly ship at range 0-1"
HONDO_RANGE = 1


def _hondo_partners(ctx: Ctx) -> list[tuple[ShipState, ShipState]]:
    """Each move the card allows now: (giving ship, receiving ship) of a supply cache.

    The only tokens a standard scenario puts on a ship card are Salvage Mission's supply
    caches, so they are the card's victory and objective tokens (docs/rulings.md "Huge
    ships"); in a game without them nothing is offered."""
    ship = ctx.ship
    mine = towed_cache(ship) is not None
    found = []
    # RR: FRIENDLY - a ship is friendly to itself, but a move "from its ship card to your
    # ship card" needs two cards: Hondo's ship is not a choice (other=True)
    # RR: RANGE - measured from the huge ship's base like any range
    for other in ships_in_range(ctx.game, ship, 0, HONDO_RANGE, friendly=True, other=True):
        theirs = towed_cache(other) is not None
        # "a ship can have only one supply cache on its card": never onto a card with one
        if theirs and not mine:
            found.append((other, ship))
        elif mine and not theirs:
            found.append((ship, other))
    return found


def _hondo_choices(ctx: Ctx) -> list[Option]:
    if not is_me(ctx):
        return []
    found = []
    for giver, receiver in _hondo_partners(ctx):
        cache = carrier_of_cache(ctx.game, giver)
        assert cache is not None
        found.append(Option(f"{giver.id}>{receiver.id}", f"1 charge: move {cache.label} from "
                            f"{giver.name}'s card ({giver.id}) to {receiver.name}'s "
                            f"({receiver.id})"))
    return found


def _hondo_move(ctx: Ctx, choice: Any) -> None:
    giver, receiver = (ctx.other(ship_id) for ship_id in str(choice).split(">"))
    cache = carrier_of_cache(ctx.game, giver)
    assert cache is not None
    # the receiver tows from now on (Feature.carrier for scoring, its card memory for the
    # towing restrictions and jettisoning). Not a tow action: a cloak token it has stays
    # (ruling), and it gains none while it tows.
    change_feature(ctx.game, cache.id, lambda f: f.carried_by(receiver.id))
    giver.remember(TOWING, None)
    receiver.remember(TOWING, cache.id)
    ctx.game.event("scenario", f"{cache.label} moves from {giver.name}'s card ({giver.id}) "
                   f"to {receiver.name}'s ({receiver.id}) (Hondo Ohnaka)", ship=ctx.ship.id)


# the white coordinate linked to a red jam is a grant in the card data (the loadout's)
register("upgrade", HONDO,
         # RR: SYSTEM PHASE; RR: CHARGES - 2 charges that do not recover
         Triggered("move a supply cache between your card and a friendly ship's at range "
                   "0-1", window="system_phase", cost=Cost(charges=1),
                   requirement=lambda ctx: bool(_hondo_choices(ctx)),
                   choices=_hondo_choices, effect=_hondo_move),
         description="System Phase: may spend 1 charge to move a supply cache (Salvage "
                     "Mission) from a friendly ship's card at range 0-1 to this ship's card, "
                     "or from this ship's card to that ship's; never onto a card that already "
                     "holds one. Adds a coordinate action linked to a red jam.")


__all__ = ["BOARDING", "BOMBARDMENT", "BOOSTED", "BOUNTY", "HONDO", "LUMINOUS", "TRIDENT"]

