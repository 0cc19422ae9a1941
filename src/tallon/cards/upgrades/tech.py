"""Tech upgrades."""

from __future__ import annotations

from typing import Any

from tallon.cards.acting import bar_actions, during_activation, grant_action
from tallon.cards.common import (
    dice,
    is_in_arc,
    is_me,
    range_of,
    recalled,
    recover_shield,
    remember,
    ships_in_range,
)
from tallon.cards.registry import register
from tallon.engine.abilities import Cost, Ctx, DiceMod, Modifier, Replacement, Triggered
from tallon.engine.decisions import Option
from tallon.engine.devices import place_remote, remote_kind
from tallon.engine.effects import acquire_lock, can_lock, gain_token, remove_token
from tallon.engine.movement import Decloak
from tallon.engine.state import ShipState, Token
from tallon.engine.steps import Ask, Then, continuation
from tallon.geometry import Arc, Device, Pose
from tallon.geometry.outlines import SENSOR_BUOY_RADIUS
from tallon.geometry.overlap import objects_overlapped

register("upgrade", "advancedoptics",
         DiceMod("spend 1 focus token: change 1 blank to a hit",
                 dice=dice("advancedoptics")),
         description="Attacking: may spend 1 focus token to change 1 blank result to a hit.")


def primed(game: Any, owner: ShipState, ship: ShipState | None = None, spec: Any = None,
            **facts: Any) -> bool:
    return (ship is not None and ship.id == owner.id and spec is not None
            and spec.kind in ("barrel_roll", "boost") and owner.count(Token.STRESS) <= 2)


register("upgrade", "primedthrusters",
         Modifier("barrel roll and boost while at most 2 stress", hook="may_act_stressed",
                  value=primed),
         description="With 2 or fewer stress tokens: can perform barrel roll and boost "
                     "actions while stressed.")


def _cells_recharge(ctx: Ctx) -> bool:
    return ctx.event.get("ship") == ctx.ship.id and ctx.ship.shields < ctx.ship.shield_limit


def _cells_applies(ctx: Ctx, facts: dict[str, Any]) -> bool:
    # stress for stress would change nothing: only other tokens are offered
    return (facts["ship"] == ctx.ship.id and facts["token"] != "stress"
            and not ctx.ship.stressed)


def _cells_choices(ctx: Ctx, facts: dict[str, Any]) -> list[Option]:
    # the token replaced is named: a player weighs a stress against it
    token = facts["token"]
    return [Option("use", f"gain a stress token instead of 1 {token} token",
                   {"token": token})]


def _cells_replace(ctx: Ctx, facts: dict[str, Any], choice: Any) -> None:
    gain_token(ctx.game, ctx.ship, Token.STRESS, 1, facts["applier"])
    if facts["count"] > 1:  # one token is replaced; the rest come as they would
        gain_token(ctx.game, ctx.ship, Token(facts["token"]), facts["count"] - 1,
                   facts["applier"])


register("upgrade", "deuteriumpowercells",
         Triggered("spend 1 charge and gain 1 disarm token to recover 1 shield",
                   window="system_phase", requirement=_cells_recharge,
                   cost=Cost(charges=1, gain=(("disarm", 1),)),
                   effect=lambda ctx, choice: recover_shield(ctx.game, ctx.ship)),
         Replacement("spend 1 charge: gain a stress token instead", point="gain_token",
                     applies=_cells_applies, choices=_cells_choices, replace=_cells_replace,
                     cost=Cost(charges=1)),
         description="System Phase: may spend 1 charge and gain a disarm token to recover 1 "
                     "shield. Unstressed, about to gain a token other than a lock: may spend "
                     "1 charge to gain a stress token instead.")


# ------------------------------------------------------------------ Pattern Analyzer
register("upgrade", "patternanalyzer",
         grant_action("perform 1 action before checking the red maneuver's difficulty",
                      "before_check_difficulty",
                      lambda ctx: bar_actions(ctx.game, ctx.ship, during_activation(ctx)),
                      requirement=lambda ctx: is_me(ctx) and bool(ctx.event.get("full"))
                      and ctx.event.get("difficulty") == "red"),
         description="Fully executing a red maneuver, before the Check Difficulty step: may "
                     "perform 1 action (before the stress token arrives).")


# ------------------------------------------------------------- Targeting Synchronizer
def _synchronized(game: Any, owner: ShipState, ship: ShipState | None = None,
                  defender: ShipState | None = None, **facts: Any) -> bool:
    if ship is None or defender is None or ship.owner != owner.owner:
        return False
    near = range_of(owner, ship)
    return near is not None and 1 <= near <= 2 and defender.id in owner.locks


register("upgrade", "targetingsynchronizer",
         Modifier("friends at range 1-2 ignore the lock requirement against its targets",
                  hook="ignore_lock_requirement", value=_synchronized),
         description="A friendly ship at range 1-2 attacking a ship it has locked ignores the "
                     "[lock] attack requirement.")


# ---------------------------------------------------------------- Ferrosphere Paint
def _painted_by(ctx: Ctx) -> ShipState | None:
    """The enemy ship that just locked this ship from outside its bullseye arc."""
    if ctx.event.get("target") != ctx.ship.id:
        return None
    locker = ctx.state.ships.get(ctx.event["ship"])
    if locker is None or locker.owner == ctx.ship.owner or ctx.ship.id not in locker.locks:
        return None
    return None if is_in_arc(locker, ctx.ship, Arc.BULLSEYE) else locker


def _paint(ctx: Ctx, choice: Any) -> None:
    locker = _painted_by(ctx)
    assert locker is not None
    if choice == "break":
        locker.locks = [t for t in locker.locks if t != ctx.ship.id]
        ctx.game.event("lock", f"{locker.name} ({locker.id}) breaks its lock on "
                       f"{ctx.ship.id}", ship=locker.id)
    else:
        gain_token(ctx.game, locker, Token.STRESS)


register("upgrade", "ferrospherepaint",
         Triggered("the enemy that locked you gains a stress token or breaks its lock",
                   window="after_lock", optional=False,
                   requirement=lambda ctx: _painted_by(ctx) is not None,
                   # the locking ship's player chooses (RR: ERRATA AND CONFLICTS, Ferrosphere Paint)
                   player=lambda ctx: ctx.state.ships[ctx.event["ship"]].owner,
                   choices=lambda ctx: [Option("stress", "gain 1 stress token"),
                                        Option("break", "break the lock")],
                   effect=_paint),
         description="After an enemy ship locks it from outside that ship's bullseye arc: "
                     "that ship gains a stress token unless its player breaks the lock.")


# ------------------------------------------------------- Automated Target Priority
ATP = "automatedtargetpriority"
#: the calculate tokens on the card (not the ship's: RR: TOKENS, tokens on cards)
ATP_TOKENS = f"{ATP}:calculate"


def _atp_missed(ctx: Ctx, choice: Any) -> None:
    remember(ctx.ship, ATP_TOKENS, recalled(ctx.ship, ATP_TOKENS, 0) + 1)
    ctx.game.event("ability", f"{ctx.ship.name} ({ctx.ship.id}) places 1 calculate token on "
                   "Automated Target Priority", ship=ctx.ship.id)


def _atp_take(ctx: Ctx, choice: Any) -> None:
    remember(ctx.ship, ATP_TOKENS, recalled(ctx.ship, ATP_TOKENS, 0) - 1 or None)
    gain_token(ctx.game, ctx.ship, Token.CALCULATE)


register("upgrade", ATP,
         Modifier("must attack a defender at the closest valid attack range",
                  hook="closest_defender", value=lambda game, owner, **facts: True),
         Triggered("place 1 calculate token on this card", window="after_attack",
                   optional=False, effect=_atp_missed,
                   requirement=lambda ctx: is_me(ctx, "attacker") and not ctx.event["hit"]),
         Triggered("remove 1 calculate token from this card to gain a calculate token",
                   window="before_engage", effect=_atp_take,
                   requirement=lambda ctx: is_me(ctx) and recalled(ctx.ship, ATP_TOKENS, 0) > 0),
         description="Attacking: the defender must be chosen at the closest valid attack range. "
                     "After an attack that misses: a calculate token is put on this card. Before "
                     "engaging: may take 1 calculate token off the card to gain 1 calculate token.")


# ---------------------------------------------------------------- Biohexacrypt Codes
register("upgrade", "biohexacryptcodes",
         Modifier("coordinating or jamming: spend a lock to choose that ship at any range",
                  hook="spend_lock_for_target",
                  value=lambda game, owner, action="", **facts: action in ("coordinate",
                                                                           "jam")),
         description="Coordinating or jamming: may spend its lock on a ship to choose that "
                     "ship, ignoring range restrictions.")


# ------------------------------------------------------------ Hyperspace Tracking Data
HTD = "hyperspacetrackingdata"


def _htd_initiative(ctx: Ctx, choice: Any) -> None:
    # the ship places at this initiative (engine/setup.py _setup_order reads it); the
    # first round clears it
    ctx.ship.round_initiative = int(choice)
    ctx.game.event("ability", f"{ctx.ship.name} ({ctx.ship.id}) treats its initiative as "
                   f"{choice} during setup", ship=ctx.ship.id)


def _htd_tokens(ctx: Ctx, choice: Any) -> None:
    # the token of each ship is chosen in turn (ruling: "focus or evade" per ship)
    ctx.game.push(*(Ask(ctx.ship.owner, "use_ability", f"{ctx.ship.name} ({ctx.ship.id}): "
                        f"Hyperspace Tracking Data - assign {friend.name} ({friend.id}) a "
                        "focus or an evade token?",
                        (Option("focus", "1 focus token"), Option("evade", "1 evade token")),
                        "hyperspacetrackingdata.token", (friend.id,), ship=friend.id)
                    for friend in ships_in_range(ctx.game, ctx.ship, 0, 2, friendly=True)))


@continuation("hyperspacetrackingdata.token")
def _htd_token(game: Any, answer: str, ship_id: str) -> None:
    gain_token(game, game.state.ships[ship_id], Token(answer))


register("upgrade", HTD,
         Triggered("choose an initiative (0-6) to place forces at", window="before_place_forces",
                   # highest first: placing later sees more of the enemy's deployment
                   choices=lambda ctx: [Option(str(n), f"initiative {n}")
                                        for n in range(6, -1, -1)],
                   effect=_htd_initiative),
         Triggered("assign 1 focus or evade token to each friendly ship at range 0-2",
                   window="after_place_forces", optional=False, effect=_htd_tokens),
         description="Setup, before placing forces: may treat its initiative as 0-6 during "
                     "setup. After setup: each friendly ship at range 0-2 gets a focus or an "
                     "evade token.")


# ---------------------------------------------------------------- Sensor Scramblers
SCRAMBLERS = "sensorscramblers"


def _scrambled(game: Any, owner: ShipState, ship: ShipState | None = None,
               target: str | None = None, **facts: Any) -> bool:
    return (target == owner.id and owner.cloaked and ship is not None
            and ship.id != owner.id)


def _must_decloak(ctx: Ctx) -> bool:
    return ctx.ship.cloaked and bool(ships_in_range(ctx.game, ctx.ship, 0, 3, friendly=False))


def _scramblers_decloak(ctx: Ctx, choice: Any) -> None:
    ctx.game.push(Then("sensorscramblers.decloaked", (ctx.ship.id,)))
    if choice == "boost":
        Decloak(ctx.ship.id).apply(ctx.game, "boost")
    else:
        ctx.game.now(Decloak(ctx.ship.id, declared=str(choice)))


@continuation("sensorscramblers.decloaked")
def _scramblers_decloaked(game: Any, value: Any, ship_id: str) -> None:
    ship = game.state.ships[ship_id]
    if ship.cloaked:  # RR: DECLOAK - a failed decloak leaves the cloak token: lose it
        remove_token(game, ship, Token.CLOAK)
        game.event("ability", f"{ship.name} ({ship.id}) fails to decloak and loses its cloak "
                   "token (Sensor Scramblers)", ship=ship.id)


register("upgrade", SCRAMBLERS,
         Triggered("setup: gain 1 cloak token", window="after_placed", optional=False,
                   requirement=is_me,
                   effect=lambda ctx, choice: gain_token(ctx.game, ctx.ship, Token.CLOAK)),
         Modifier("while cloaked, other ships can't lock it", hook="lock_forbidden",
                  value=_scrambled),
         Triggered("must decloak (an enemy ship is at range 0-3)", window="end_phase",
                   optional=False, requirement=_must_decloak,
                   choices=lambda ctx: [Option("boost", "decloak: boost"),
                                        Option("left", "decloak: barrel roll left"),
                                        Option("right", "decloak: barrel roll right")],
                   effect=_scramblers_decloak),
         description="Setup: gains a cloak token. While cloaked, other ships can't lock it. "
                     "End Phase: cloaked with an enemy ship at range 0-3, it must decloak; if "
                     "that fails, it loses its cloak token.")


# ----------------------------------------------------------------- sensor buoys
BUOY_SUITE = "sensorbuoysuite"
#: The spots offered for a sensor buoy's centre (ruling: a 100 mm grid round the centre of
#: the play area, all of them beyond range 2 of every edge with the token's 16 mm radius).
BUOY_SPOTS = tuple(257.2 + 100.0 * k for k in range(5))


def _buoy_pose(x: float, y: float) -> Pose:
    # the token's origin is its near edge: the centre lies one radius forward
    return Pose(x, y - SENSOR_BUOY_RADIUS, 0.0)


def _buoy_spots(game: Any) -> list[Option]:
    """Offered spots (keys ``<x>,<y>``, the buoy's centre) where it overlaps no object
    already in the play area (ruling)."""
    table = game.state.table()
    found = []
    for x in BUOY_SPOTS:
        for y in BUOY_SPOTS:
            body = Device("(placing)", _buoy_pose(x, y), remote_kind(BUOY_SUITE))
            if not objects_overlapped([*table.obstacles, *table.devices], body):
                found.append(Option(f"{x:g},{y:g}", f"place a sensor buoy centred at "
                                    f"({x:.0f}, {y:.0f})"))
    return found


def _place_buoy(game: Any, owner: int, answer: Any) -> None:
    x, _, y = str(answer).partition(",")
    place_remote(game, owner, BUOY_SUITE, _buoy_pose(float(x), float(y)),
                 f"Player {owner} (Sensor Buoy Suite)")


def _first_buoy(ctx: Ctx, choice: Any) -> None:
    _place_buoy(ctx.game, ctx.ship.owner, choice)
    ctx.game.now(Ask(ctx.ship.owner, "place_remote", f"Player {ctx.ship.owner}: place the "
                     "second sensor buoy", tuple(_buoy_spots(ctx.game)),
                     "sensorbuoysuite.second", (ctx.ship.owner,)))


@continuation("sensorbuoysuite.second")
def _second_buoy(game: Any, answer: Any, owner: int) -> None:
    _place_buoy(game, owner, answer)


def _buoy_lock_targets(ctx: Ctx) -> list[Option]:
    """Ships at range 0-1 of a friendly sensor buoy the ship could lock, at any range from
    it ("ignoring range restrictions"); not one it has locked already."""
    if not is_me(ctx):
        return []
    buoys = [r for r in ctx.state.remotes_of(ctx.ship.owner)
             if r.in_play and r.pilot == remote_kind(BUOY_SUITE)]
    found: list[Option] = []
    for buoy in buoys:
        for ship in ships_in_range(ctx.game, buoy, 0, 1):
            if ship.id not in ctx.ship.locks and ship.id not in {o.key for o in found} \
                    and can_lock(ctx.game, ctx.ship, ship.id) is None:
                found.append(Option(ship.id, f"lock {ship.name} ({ship.id}), at range 0-1 "
                                             f"of sensor buoy {buoy.id}"))
    return found


register("upgrade", BUOY_SUITE,
         Triggered("setup: place 2 sensor buoys beyond range 2 of every edge",
                   window="before_place_forces", optional=False,
                   requirement=lambda ctx: bool(_buoy_spots(ctx.game)),
                   choices=lambda ctx: _buoy_spots(ctx.game), effect=_first_buoy,
                   decision="place_remote"),
         Triggered("lock a ship at range 0-1 of a friendly sensor buoy, at any range",
                   window="before_engage",
                   requirement=lambda ctx: bool(_buoy_lock_targets(ctx)),
                   choices=_buoy_lock_targets,
                   effect=lambda ctx, choice: acquire_lock(ctx.game, ctx.ship, str(choice))),
         description="Setup, before forces are placed: 2 sensor buoy remotes are placed beyond "
                     "range 2 of every edge. Before engaging: may lock any ship that a friendly "
                     "sensor buoy has at range 0-1, however far away that ship is.")
