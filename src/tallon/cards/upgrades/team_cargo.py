"""Team, Cargo and Hyperdrive upgrades of huge ships (RR: APPENDIX: HUGE SHIPS - ENERGY:
an upgrade's energy is spent from the ship card, tallon.engine.huge_moves).

Energy is the ship's charge ``tallon.engine.loadout.ENERGY``, so a dice ability names it
as a cost (``("energy", n)``) like any charge.

Boosted Scanners and Bombardment Specialists are in cards/upgrades/epic_b.py, Damage
Control Team and Droid Crew in cards/upgrades/epic_damage.py (played against the standard
damage deck), the Syliure-31 Hyperdrive in cards/upgrades/epic_ring.py."""

from __future__ import annotations

from itertools import product
from typing import TYPE_CHECKING, Any

from tallon.cards.common import (
    attacking_if,
    is_me,
    range_of,
    recalled,
    recover_charge,
    remember,
    weapon_of_type,
)
from tallon.cards.registry import register
from tallon.cards.upgrades.talent_3 import CancelHitOrCrit
from tallon.data import load_cards
from tallon.dice import ATTACKING, DEFENDING, Face
from tallon.dice.abilities.base import Window
from tallon.dice.abilities.effects import CardAbility, ChangeResults, RerollDice
from tallon.engine.abilities import CardAction, Cost, Ctx, DiceMod, Modifier, Triggered
from tallon.engine.action_bodies import reload_amount
from tallon.engine.actions import PerformAction, coordinate_forbidden
from tallon.engine.allegiance import friendly
from tallon.engine.decisions import Option
from tallon.engine.effects import acquire_lock, can_lock, remove_token
from tallon.engine.huge_moves import energy, spend_energy
from tallon.engine.loadout import ENERGY
from tallon.engine.queue import any_true
from tallon.engine.state import ShipState, Token
from tallon.engine.steps import Ask, continuation
from tallon.geometry import BaseSize, range_between

if TYPE_CHECKING:
    from tallon.engine.game import Game
    from tallon.engine.state import AttackState

DECLINE = "decline"


def _recover_energy(game: Game, ship: ShipState, amount: int, card: str) -> int:
    """Recover up to ``amount`` energy (never beyond the ship's energy limit)."""
    gained = recover_charge(ship, ENERGY, amount)
    if gained:
        game.event("energy", f"{ship.name} ({ship.id}) recovers {gained} energy ({card})",
                   ship=ship.id)
    return gained


def _energy_short(ship: ShipState) -> bool:
    charge = ship.charges.get(ENERGY)
    return charge is not None and charge.active < charge.limit


# ------------------------------------------------------------- Optimized Power Core
register("upgrade", "optimizedpowercore",
         Triggered("recover 1 energy after a blue maneuver", window="after_execute",
                   optional=False,
                   requirement=lambda ctx: is_me(ctx) and ctx.event["difficulty"] == "blue"
                   and _energy_short(ctx.ship),
                   effect=lambda ctx, choice: _recover_energy(ctx.game, ctx.ship, 1,
                                                              "Optimized Power Core")),
         description="After executing a blue maneuver: recover 1 energy.")


# ------------------------------------------------------------------ Tibanna Reserves
# ruling: an action that would recover nothing (energy full) can't be chosen
register("upgrade", "tibannareserves",
         CardAction("spend 1 charge to recover 2 energy", key="recover",
                    cost=Cost(charges=1), requirement=lambda ctx: _energy_short(ctx.ship),
                    effect=lambda ctx, choice: _recover_energy(ctx.game, ctx.ship, 2,
                                                               "Tibanna Reserves")),
         description="Action: spend 1 charge (3, not recurring) to recover 2 energy.")


# ------------------------------------------------------------------------ IG-RM Droids
register("upgrade", "igrmdroids",
         DiceMod("calculating: change 1 hit result to a critical hit result",
                 dice=CardAbility("igrmdroids", "IG-RM Droids (calculating: change 1 hit to "
                                  "a crit)", effect=ChangeResults(1, (Face.HIT,), (Face.CRIT,)),
                                  roles=ATTACKING,
                                  requires=lambda s: s.own.get("calculate", 0) >= 1,
                                  requirement_reads_dice=False),
                 # RR: CALCULATE - a ship with a calculate token is calculating
                 applies=attacking_if(lambda game, attack, owner: owner.has(Token.CALCULATE))),
         description="Attacking while calculating: may change 1 hit result to a critical hit "
                     "result (grants the calculate action).")


# ----------------------------------------------------------------- Gunnery Specialists
GUNNERY = "gunneryspecialists"
#: no huge ship has more energy than this (the CR90's 5, with room for cards adding more)
_MOST_ENERGY = 8


def _gunnery_applies(count: int) -> Any:
    def test(game: Game, attack: AttackState, owner: ShipState) -> bool:
        # one ability, one use per attack whatever number is spent
        if any(u.startswith(f"{owner.id}:{GUNNERY}:") for u in attack.used):
            return False
        return energy(owner) >= count and (
            attack.primary or weapon_of_type(attack.weapon, ("hardpoint",)))

    return attacking_if(test)


register("upgrade", GUNNERY,
         *(DiceMod(f"spend {n} energy: reroll {n} attack dice",
                   dice=CardAbility(f"{GUNNERY}-{n}", f"Gunnery Specialists (spend {n} energy: "
                                    f"reroll {n} attack dice)",
                                    effect=RerollDice(n, exactly=True), roles=ATTACKING,
                                    cost=((ENERGY, n),)),
                   applies=_gunnery_applies(n))
           for n in range(1, _MOST_ENERGY + 1)),
         description="Primary or hardpoint attack: may spend 1 or more energy to reroll that "
                     "many attack dice (grants the rotate arc action).")


# --------------------------------------------------------------------- Adaptive Shields
ADAPTIVE = "adaptiveshields"
#: RR: SHIP SIZES, with huge ships above large ones (RR: APPENDIX: HUGE SHIPS)
_SIZE_RANK = {BaseSize.SMALL: 0, BaseSize.MEDIUM: 1, BaseSize.LARGE: 2}


def size_rank(ship: ShipState) -> int:
    """Small 0, medium 1, large 2, huge 3: for "a smaller size than you"."""
    return 3 if ship.huge else _SIZE_RANK[ship.size]


def _adaptive_applies(shield: bool) -> Any:
    def applies(game: Game, attack: AttackState, owner: ShipState, user: ShipState) -> bool:
        near = range_of(owner, user)
        if (user.id == owner.id or user.owner != owner.owner or attack.defender != user.id
                or near is None or near > 1 or size_rank(user) >= size_rank(owner)):
            return False
        # one ability: spent shield or energy, once per attack
        if any(u.startswith(f"{owner.id}:{ADAPTIVE}:") for u in attack.used):
            return False
        return owner.shields >= 1 if shield else energy(owner) >= 2

    return applies


def _adaptive_shield_paid(ctx: Ctx, option: Any) -> None:
    ctx.ship.shields -= 1
    ctx.game.event("ability", f"{ctx.ship.name} ({ctx.ship.id}) spends 1 shield (Adaptive "
                   "Shields)", ship=ctx.ship.id)


def _adaptive_energy_paid(ctx: Ctx, option: Any) -> None:
    spend_energy(ctx.game, ctx.ship, 2)


register("upgrade", ADAPTIVE,
         DiceMod("spend 1 shield: cancel 1 hit or critical hit result against a smaller "
                 "friend at range 0-1",
                 dice=CardAbility(f"{ADAPTIVE}-shield", "Adaptive Shields (spend 1 shield: "
                                  "cancel 1 hit or crit)", effect=CancelHitOrCrit(),
                                  window=Window.BEFORE_NEUTRALIZE, roles=DEFENDING),
                 for_others=True, applies=_adaptive_applies(True),
                 after=_adaptive_shield_paid),
         DiceMod("spend 2 energy: cancel 1 hit or critical hit result against a smaller "
                 "friend at range 0-1",
                 dice=CardAbility(f"{ADAPTIVE}-energy", "Adaptive Shields (spend 2 energy: "
                                  "cancel 1 hit or crit)", effect=CancelHitOrCrit(),
                                  window=Window.BEFORE_NEUTRALIZE, roles=DEFENDING),
                 for_others=True, applies=_adaptive_applies(False),
                 after=_adaptive_energy_paid),
         description="Another friendly ship at range 0-1, smaller than this ship, defends: may "
                     "spend 1 shield or 2 energy to cancel 1 hit or critical hit result.")


# ------------------------------------------------------------------------ Sensor Experts
SENSOR = "sensorexperts"


def _objects_near(game: Game, target_id: str) -> dict[str, Any]:
    """The objects in play at range 0-1 of the object ``target_id`` (itself left out)."""
    s = game.state
    bodies = {o.id: o for o in s.table().objects()}
    target = bodies.get(target_id)
    if target is None:
        return {}

    def near(object_id: str, body: Any) -> bool:
        # measured from a ship where there is one (bump contacts count as range 0)
        if target_id in s.ships:
            return s.in_range(s.ships[target_id], s.ships.get(object_id, body), 0, 1)
        if object_id in s.ships:
            return s.in_range(s.ships[object_id], target, 0, 1)
        return range_between(target, body) <= 1

    return {i: b for i, b in bodies.items() if i != target_id and near(i, b)}


def _sensor_candidates(game: Game, ship: ShipState, target_id: str,
                       taken: tuple[str, ...] = ()) -> list[str]:
    # "ignoring range restrictions": only the lock's other limits apply (RR: LOCK)
    return [i for i in _objects_near(game, target_id)
            if i not in taken and i != ship.id and can_lock(game, ship, i) is None]


def _describe(game: Game, object_id: str) -> str:
    ship = game.state.ships.get(object_id)
    return f"{ship.name} ({ship.id})" if ship is not None else object_id


def _sensor_options(ctx: Ctx) -> list[Option]:
    target = ctx.event.get("target")
    if target is None or energy(ctx.ship) < 1:
        return []
    return [Option(i, f"spend 1 energy: lock {_describe(ctx.game, i)}")
            for i in _sensor_candidates(ctx.game, ctx.ship, target)]


def _sensor_first(ctx: Ctx, choice: Any) -> None:
    target = ctx.event["target"]
    more = _sensor_candidates(ctx.game, ctx.ship, target, (choice,))
    if energy(ctx.ship) < 2 or not more:
        _sensor_lock(ctx.game, DECLINE, ctx.ship.id, str(choice))
        return
    options = (*(Option(i, f"spend 1 more energy: lock {_describe(ctx.game, i)} too")
                 for i in more), Option(DECLINE, "lock no other object"))
    ctx.game.push(Ask(ctx.ship.owner, "use_ability", f"{ctx.ship.name} ({ctx.ship.id}): "
                      "Sensor Experts - a second object?", options, "sensorexperts.lock",
                      (ctx.ship.id, str(choice)), ship=ctx.ship.id))


@continuation("sensorexperts.lock")
def _sensor_lock(game: Game, second: str, ship_id: str, first: str) -> None:
    ship = game.state.ships[ship_id]
    chosen = [first] if second == DECLINE else [first, second]
    spend_energy(game, ship, len(chosen))
    for object_id in chosen:
        acquire_lock(game, ship, object_id)


register("upgrade", SENSOR,
         Modifier("maintain up to 3 locks", hook="max_locks",
                  value=lambda game, owner, ship=None, **_: 3
                  if ship is not None and ship.id == owner.id else None),
         Triggered("spend up to 2 energy: lock that many other objects at range 0-1 of the "
                   "object locked", window="after_action",
                   requirement=lambda ctx: is_me(ctx) and ctx.event["action"] == "lock"
                   and bool(_sensor_options(ctx)),
                   choices=_sensor_options, effect=_sensor_first),
         description="Can keep as many as 3 locks, each on a different object. After a lock "
                     "action: may spend 1 or 2 energy to also lock that number of other objects "
                     "within range 0-1 of the newly locked one, ignoring range restrictions "
                     "(grants lock, linked calculate).")


# -------------------------------------------------------------------------- Comms Team
COMMS = "commsteam"


def _comms_candidates(game: Game, ship: ShipState, chosen: str,
                      taken: tuple[str, ...] = ()) -> list[ShipState]:
    """Other friendly ships at range 0-1 of the coordinated ship that may be coordinated
    (RR: COORDINATE: never the coordinating ship itself)."""
    coordinated = game.state.ships.get(chosen)
    if coordinated is None or not coordinated.in_play:
        return []
    return [s for s in game.state.in_play()
            if friendly(s, ship) and s.id not in (ship.id, chosen, *taken)
            and game.state.in_range(coordinated, s, 0, 1)
            and not any_true(game, "cannot_be_coordinated", ship=s)
            and not coordinate_forbidden(game, ship, s)]


def _comms_options(ctx: Ctx) -> list[Option]:
    chosen = recalled(ctx.ship, f"{COMMS}:chosen")
    if chosen is None or energy(ctx.ship) < 1:
        return []
    return [Option(s.id, f"spend 1 energy: coordinate {s.name} ({s.id})")
            for s in _comms_candidates(ctx.game, ctx.ship, chosen)]


def _comms_first(ctx: Ctx, choice: Any) -> None:
    chosen = recalled(ctx.ship, f"{COMMS}:chosen")
    more = _comms_candidates(ctx.game, ctx.ship, chosen, (choice,))
    if energy(ctx.ship) < 2 or not more:
        _comms_coordinate(ctx.game, DECLINE, ctx.ship.id, str(choice))
        return
    options = (*(Option(s.id, f"spend 1 more energy: coordinate {s.name} ({s.id}) too")
                 for s in more), Option(DECLINE, "coordinate no other ship"))
    ctx.game.push(Ask(ctx.ship.owner, "use_ability", f"{ctx.ship.name} ({ctx.ship.id}): "
                      "Comms Team - a second ship?", tuple(options), "commsteam.coordinate",
                      (ctx.ship.id, str(choice)), ship=ctx.ship.id))


@continuation("commsteam.coordinate")
def _comms_coordinate(game: Game, second: str, ship_id: str, first: str) -> None:
    ship = game.state.ships[ship_id]
    chosen = [first] if second == DECLINE else [first, second]
    spend_energy(game, ship, len(chosen))
    # RR: COORDINATE - each coordinated ship may perform an action, one after the other
    game.push(*(PerformAction(s) for s in chosen))


def _comms_note(ctx: Ctx, choice: Any) -> None:
    remember(ctx.ship, f"{COMMS}:chosen", ctx.event["target"])


register("upgrade", COMMS,
         # the coordinate action's chosen ship, for the ability after the action
         Triggered("note the coordinated ship", window="coordinate_chosen", optional=False,
                   requirement=is_me, effect=_comms_note),
         Triggered("spend up to 2 energy: coordinate that many more ships at range 0-1 of "
                   "the coordinated ship", window="after_action",
                   requirement=lambda ctx: is_me(ctx) and ctx.event["action"] == "coordinate"
                   and bool(_comms_options(ctx)),
                   choices=_comms_options, effect=_comms_first),
         description="After a coordinate action: may spend up to 2 energy to coordinate that "
                     "many other friendly ships at range 0-1 of the coordinated ship (grants "
                     "coordinate and jam, each linked calculate).")


# ----------------------------------------------------------------------- Ordnance Team
ORDNANCE = "ordnanceteam"


def _ordnance_cards(game: Game, ship: ShipState) -> list[tuple[str, int]]:
    """The ship's missile and torpedo upgrades with charges to reload: (card, missing)."""
    db = load_cards()
    found = []
    for card, charge in ship.charges.items():
        if card in (ship.pilot, ENERGY) or charge.active >= charge.limit:
            continue
        if _missile_or_torpedo(db, card) and reload_amount(game, ship, card) > 0:
            found.append((card, charge.limit - charge.active))
    return sorted(found)


def _missile_or_torpedo(db: Any, card: str) -> bool:
    """Whether ``card`` is a missile or torpedo upgrade."""
    try:
        slots = db.upgrade(card).slots
    except KeyError:
        return False
    return any(slot in ("missile", "torpedo") for slot in slots)


def _ordnance_options(ctx: Ctx) -> list[Option]:
    """Each way to share 1-3 reloaded charges among the cards (as far as the energy goes):
    ``card=n+card=n``."""
    cards = _ordnance_cards(ctx.game, ctx.ship)
    most = min(3, energy(ctx.ship))
    options = []
    for counts in product(*(range(missing + 1) for _, missing in cards)):
        if not 1 <= sum(counts) <= most:
            continue
        key = "+".join(f"{card}={n}" for (card, _), n in zip(cards, counts, strict=True) if n)
        label = ", ".join(f"{n} on {card}" for (card, _), n in zip(cards, counts, strict=True)
                          if n)
        options.append(Option(key, f"spend {sum(counts)} energy: reload {label}"))
    return options


def _ordnance_reload(ctx: Ctx, choice: Any) -> None:
    shares = [part.partition("=") for part in str(choice).split("+")]
    spend_energy(ctx.game, ctx.ship, sum(int(n) for _, _, n in shares))
    for card, _, n in shares:
        recover_charge(ctx.ship, card, int(n))
        ctx.game.event("action", f"{ctx.ship.name} ({ctx.ship.id}) reloads {n} more "
                       f"charge(s) of {card} (Ordnance Team)", ship=ctx.ship.id)


def _after_reload(ctx: Ctx) -> bool:
    return is_me(ctx) and ctx.event["action"] == "reload"


def _disarm(ctx: Ctx, choice: Any) -> None:
    if spend_energy(ctx.game, ctx.ship, 1):
        remove_token(ctx.game, ctx.ship, Token.DISARM)


register("upgrade", ORDNANCE,
         # ruling: "while you perform a reload action" resolves as the action finishes
         Triggered("spend up to 3 energy: reload that many more missile or torpedo charges",
                   window="after_action",
                   requirement=lambda ctx: _after_reload(ctx) and bool(_ordnance_options(ctx)),
                   choices=_ordnance_options, effect=_ordnance_reload),
         Triggered("spend 1 energy: remove 1 disarm token", window="after_action",
                   requirement=lambda ctx: _after_reload(ctx) and energy(ctx.ship) >= 1
                   and ctx.ship.has(Token.DISARM),
                   effect=_disarm),
         description="Reload action: may spend up to 3 energy to reload that many more charges "
                     "of missile and torpedo upgrades; after it, may spend 1 energy to remove "
                     "1 disarm token (grants reload, linked calculate).")



# ----------------------------------------------------------------- Tractor Technicians
TRACTOR_TECH = "tractortechnicians"


def _keeps_tractor(game: Game, owner: ShipState, ship: ShipState | None = None,
                   token: Token | None = None, **_: Any) -> bool:
    # RR: END PHASE - the tractor tokens of other ships near it stay
    if ship is None or token is not Token.TRACTOR or ship.id == owner.id \
            or game.state.phase != "end":
        return False
    near = range_of(owner, ship)
    return near is not None and near <= 1


def _slowed_key(owner: ShipState) -> str:
    return f"{TRACTOR_TECH}:slowed by {owner.id}"


def _slows(ctx: Ctx) -> bool:
    ship = ctx.other(ctx.event["ship"])
    near = range_of(ctx.ship, ship)
    return (ship.owner != ctx.ship.owner and ship.tractored and near is not None
            and near <= 1 and energy(ctx.ship) >= 1)


def _slow(ctx: Ctx, choice: Any) -> None:
    ship = ctx.other(ctx.event["ship"])
    if spend_energy(ctx.game, ctx.ship, 1):
        remember(ship, _slowed_key(ctx.ship), ctx.state.round)
        ctx.game.event("ability", f"{ship.name} ({ship.id}) will execute its maneuver 1 "
                       "speed slower (Tractor Technicians)", ship=ship.id)


def _speed_change(game: Game, owner: ShipState, ship: ShipState | None = None,
                  **_: Any) -> int:
    # "this activation": the mark of this round's activation
    if ship is None or recalled(ship, _slowed_key(owner)) != game.state.round:
        return 0
    return -1


register("upgrade", TRACTOR_TECH,
         Modifier("other ships at range 0-1 keep their tractor tokens in the End Phase",
                  hook="token_removal_forbidden", value=_keeps_tractor),
         Triggered("spend 1 energy: the tractored enemy ship executes its maneuver 1 speed "
                   "slower (to a minimum of 1)", window="before_reveal",
                   requirement=_slows, effect=_slow),
         Modifier("the slowed ship's maneuver: 1 speed slower", hook="maneuver_speed_change",
                  value=_speed_change),
         description="End Phase: every other ship within range 0-1 is unable to remove tractor "
                     "tokens. Before a tractored enemy ship within range 0-1 reveals its dial: may "
                     "spend 1 energy; this activation, that ship's maneuver is executed at 1 lower "
                     "speed (not below 1).")
