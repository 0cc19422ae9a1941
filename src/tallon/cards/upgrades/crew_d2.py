"""Crew upgrades, Supreme Leader Snoke to Zuckuss, Qi'ra and Tobias Beckett (the first part is
:mod:`tallon.cards.upgrades.crew_d`)."""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from typing import TYPE_CHECKING, Any

from tallon.cards.acting import grant_action, granted
from tallon.cards.common import (
    attack_crossing,
    dice,
    event_ship,
    in_firing_arc,
    is_in_arc,
    is_me,
    range_of,
    recalled,
    recover_force,
    remember,
    this_round,
)
from tallon.cards.pilots.firesprayclasspatrolcraft import ZAM, ZAM_ABILITIES
from tallon.cards.registry import register
from tallon.cards.upgrades.crew_d import enemy_near, friend_near
from tallon.dice import ATTACKING, CardAbility, RerollDice
from tallon.engine.abilities import CardAction, Cost, Ctx, DiceMod, Modifier, Triggered
from tallon.engine.allegiance import friendly
from tallon.engine.conditions import assign_condition, has_condition
from tallon.engine.decisions import Decision, Option
from tallon.engine.effects import acquire_lock, can_lock, gain_token
from tallon.engine.queue import fire
from tallon.engine.setup import obstacle_problem
from tallon.engine.state import ShipState, Token, opponent
from tallon.engine.steps import Ask, ChoiceStep, continuation
from tallon.geometry import Arc, Obstacle, Pose, at_range

if TYPE_CHECKING:
    from tallon.engine.game import Game
    from tallon.engine.state import AttackState


# -------------------------------------------------------- Supreme Leader Snoke
def _snoke_targets(game: Game, ship: ShipState) -> list[ShipState]:
    """Enemy ships beyond range 1 whose dial is set and still facedown."""
    found = []
    for other in game.state.in_play():
        near = range_of(ship, other)
        if other.owner != ship.owner and near is not None and near >= 2 and \
                other.dial_set is not None and not other.dial_revealed:
            found.append(other)
    return found


def _snoke_options(game: Game, ship: ShipState) -> list[Option]:
    return [Option(s.id, f"spend 1 Force: flip the dial of {s.name} ({s.id}) faceup")
            for s in _snoke_targets(game, ship)]


def _snoke_flip(game: Game, ship: ShipState, target_id: str) -> None:
    target = game.state.ships[target_id]
    target.dial_revealed = True
    game.event("dial", f"{ship.name} ({ship.id}) flips the dial of {target.name} "
               f"({target.id}) faceup: [{target.dial_set}]", ship=target.id,
               maneuver=target.dial_set)
    # "any number of ships": one at a time, 1 Force each, until the player stops
    if ship.force >= 1 and _snoke_targets(game, ship):
        game.push(Ask(ship.owner, "use_ability", f"{ship.name} ({ship.id}): Supreme Leader "
                      "Snoke - choose another ship?",
                      (*_snoke_options(game, ship), Option("done", "choose no more ships")),
                      "crew_d.snoke_more", (ship.id,), ship=ship.id))


@continuation("crew_d.snoke_more")
def _snoke_more(game: Game, answer: str, ship_id: str) -> None:
    if answer == "done":
        return
    ship = game.state.ships[ship_id]
    ship.force -= 1
    _snoke_flip(game, ship, answer)


register("upgrade", "supremeleadersnoke",
         Triggered("spend Force to flip enemy dials faceup", window="system_phase",
                   requirement=lambda ctx: is_me(ctx) and ctx.ship.force >= 1
                   and bool(_snoke_targets(ctx.game, ctx.ship)),
                   choices=lambda ctx: _snoke_options(ctx.game, ctx.ship),
                   effect=lambda ctx, choice: _snoke_more(ctx.game, choice, ctx.ship.id)),
         description="System Phase: may pick as many enemy ships beyond range 1 as it likes, "
                     "spending 1 Force per ship, to flip each picked ship's dial faceup.")


# ------------------------------------------------------------------ Tal Merrik
FALSE_FRIEND = "falsefriend"


def _enemies(ctx: Ctx) -> list[ShipState]:
    return ctx.state.ships_of(opponent(ctx.ship.owner))


def _tal_targets(ctx: Ctx) -> list[ShipState]:
    return [s for s in _enemies(ctx) if enemy_near(ctx, s, 0, 2)
            and is_in_arc(ctx.ship, s, Arc.FRONT)]


def _tal_may_act(ctx: Ctx) -> bool:
    return not any(has_condition(s, FALSE_FRIEND) for s in _enemies(ctx)) and \
        bool(_tal_targets(ctx))


def _tal_assign(ctx: Ctx, choice: Any) -> None:
    assign_condition(ctx.game, ctx.other(choice), FALSE_FRIEND, ctx.ship.owner)


register("upgrade", "talmerrik",
         Triggered("setup: assign False Friend to an enemy ship", window="gather_forces",
                   optional=False, choices=lambda ctx: [
                       Option(s.id, f"{s.name} ({s.id})") for s in _enemies(ctx)
                       if not s.removed],
                   effect=_tal_assign),
         CardAction("assign False Friend to an enemy ship in the front arc at range 0-2",
                    requirement=_tal_may_act,
                    choices=lambda ctx: [Option(s.id, f"{s.name} ({s.id})")
                                         for s in _tal_targets(ctx)],
                    effect=_tal_assign),
         description="Setup (before placing forces): assigns the False Friend condition to an "
                     "enemy ship. Action: if no enemy ship has False Friend, assign it to an "
                     "enemy ship in its front arc at range 0-2.")


# ------------------------------------------------------------------- The Child
CHILD = "thechild"
PURSUIT = "mercilesspursuit"
CHILD_HURT = f"{CHILD}:hurt"


def _child_setup(ctx: Ctx, choice: Any) -> None:
    other = opponent(ctx.ship.owner)
    ships = [s for s in ctx.state.ships_of(other) if not s.removed]
    if len(ships) <= 2:
        for ship in ships:
            assign_condition(ctx.game, ship, PURSUIT, other)
        return
    pairs = tuple(Option(f"{a.id}+{b.id}", f"{a.name} ({a.id}) and {b.name} ({b.id})")
                  for a, b in combinations(ships, 2))
    ctx.game.push(Ask(other, "use_ability", f"Player {other}: The Child - assign Merciless "
                      "Pursuit to which 2 of your ships?", pairs, "crew_d.pursuit",
                      (other,)))


@continuation("crew_d.pursuit")
def _pursuit(game: Game, answer: str, player: int) -> None:
    for ship_id in answer.split("+"):
        assign_condition(game, game.state.ships[ship_id], PURSUIT, player)


def _no_recurring(ctx: Ctx, choice: Any) -> None:
    ctx.ship.force_recurring = 0


def _child_hurt(ctx: Ctx) -> bool:
    attack = ctx.attack
    return is_me(ctx) and attack is not None and attack.defender == ctx.ship.id


def _child_recover(ctx: Ctx, choice: Any) -> None:
    remember(ctx.ship, CHILD_HURT, None)
    recover_force(ctx.ship)


register("upgrade", CHILD,
         Triggered("setup: the ship's Force loses its recurring icon", window="gather_forces",
                   optional=False, effect=_no_recurring),
         Triggered("setup: the opponent assigns Merciless Pursuit to 2 of their ships",
                   window="after_place_forces", optional=False, effect=_child_setup),
         Triggered("damage suffered while defending", window="after_suffer_damage",
                   optional=False, requirement=_child_hurt,
                   effect=lambda ctx, choice: remember(ctx.ship, CHILD_HURT, True)),
         Triggered("recover 1 Force", window="after_defend", optional=False,
                   requirement=lambda ctx: ctx.event.get("defender") == ctx.ship.id
                   and bool(recalled(ctx.ship, CHILD_HURT)),
                   effect=_child_recover),
         description="Setup, after placing forces: the opponent assigns Merciless Pursuit to 2 "
                     "of their ships. The ship's Force does not recur (2 Force). After it "
                     "defends, if it suffered damage during that attack, it recovers 1 Force.")


# ------------------------------------------------------------- The Mandalorian
MANDO_DEFENDED = "themandalorian:defended"


def _mando_recovers(ctx: Ctx) -> bool:
    ship = ctx.ship
    # the Force without a recurring icon: a ship whose Force does not recur (ruling)
    return (not this_round(ctx, ship, MANDO_DEFENDED) and ship.force_recurring == 0
            and ship.force < ship.force_limit)


register("upgrade", "themandalorian",
         Triggered("became the defender", window="defender_declared", optional=False,
                   requirement=lambda ctx: ctx.event.get("defender") == ctx.ship.id,
                   effect=lambda ctx, choice: remember(ctx.ship, MANDO_DEFENDED,
                                                       ctx.state.round)),
         Triggered("recover 1 non-recurring Force", window="end_phase", optional=False,
                   requirement=_mando_recovers,
                   effect=lambda ctx, choice: recover_force(ctx.ship)),
         description="During the End Phase, if it did not defend this round: recovers 1 "
                     "non-recurring Force. Adds a reinforce action.")


# ------------------------------------------------------------------ Toryn Farr
def _toryn_friend(ctx: Ctx) -> ShipState | None:
    if not is_me(ctx):
        return None
    friend = ctx.other(ctx.event["target"])
    return friend if friend.in_play and friendly(friend, ctx.ship) else None


def _toryn_choices(ctx: Ctx) -> list[Option]:
    friend = _toryn_friend(ctx)
    if friend is None:
        return []
    ships = ctx.state.ships
    return [Option(t, f"{friend.name} ({friend.id}) locks {ships[t].name} ({t})")
            for t in ctx.ship.locks if t in ships and not ships[t].remote
            and t not in friend.locks and can_lock(ctx.game, friend, t) is None]


register("upgrade", "torynfarr",
         Triggered("the coordinated ship may lock a ship this ship is locking",
                   window="after_coordinate", requirement=lambda ctx: bool(_toryn_choices(ctx)),
                   choices=_toryn_choices,
                   effect=lambda ctx, choice: acquire_lock(ctx.game, _toryn_friend(ctx),
                                                           choice)),
         description="After it coordinates a friendly ship: that ship may acquire a lock on "
                     "a ship this ship is locking, ignoring range. Adds a lock action linked "
                     "to a red coordinate action.")


# ----------------------------------------------------------------- Tristan Wren
TRISTAN = "tristanwren"


def _tristan(game: Game, attack: AttackState, owner: ShipState, user: ShipState) -> bool:
    near = range_of(owner, user)
    return (attack.attacker == user.id and friendly(user, owner)
            and attack.weapon.ordnance and near is not None and near <= 3)


register("upgrade", TRISTAN,
         DiceMod("spend 1 charge: the attacker changes 1 hit to a critical hit",
                 dice=dice(TRISTAN), for_others=True, applies=_tristan),
         description="A friendly ship at range 0-3 (itself included) performs an ordnance "
                     "attack: may spend its charge to have the attacker turn 1 hit into a "
                     "critical hit.")


# ------------------------------------------------------------------ Ursa Wren
def _ursa_locked(ctx: Ctx) -> bool:
    target = ctx.state.ships.get(ctx.event["target"])
    return (target is not None and friend_near(ctx, target, 0, 3)
            and event_ship(ctx).owner != ctx.ship.owner)


register("upgrade", "ursawren",
         Modifier("maintain up to 2 locks", hook="max_locks",
                  value=lambda game, owner, **facts: 2),
         grant_action("perform a lock action", "after_lock",
                      lambda ctx: [granted("lock", "white", ctx.card)],
                      requirement=_ursa_locked),
         description="Can maintain 2 locks, each on a different object. After an enemy ship "
                     "locks a friendly ship at range 0-3: may perform a lock action.")


# -------------------------------------------------------------------- Wolfpack
def _wolfpack(ctx: Ctx) -> bool:
    defender = ctx.other(ctx.event["defender"])
    attacker = ctx.other(ctx.event["attacker"])
    near = range_of(defender, attacker)
    return (friend_near(ctx, defender, 0, 3) and not defender.destroyed
            and in_firing_arc(ctx.ship, attacker) and near is not None and near <= 3
            and attacker.id not in defender.locks
            and can_lock(ctx.game, defender, attacker.id) is None)


def _wolfpack_lock(ctx: Ctx, choice: Any) -> None:
    defender = ctx.other(ctx.event["defender"])
    gain_token(ctx.game, defender, Token.STRAIN)
    acquire_lock(ctx.game, defender, ctx.event["attacker"])


register("upgrade", "wolfpack",
         Triggered("the defender may gain 1 strain token to lock the attacker",
                   window="after_defend", requirement=_wolfpack, effect=_wolfpack_lock,
                   player=lambda ctx: ctx.other(ctx.event["defender"]).owner),
         description="After a friendly ship within range 0-3 defends against an attacker inside "
                     "this ship's firing arc: the defender may take 1 strain token and lock the "
                     "attacker.")


# ---------------------------------------------- Wolfpack (Siege of Coruscant)
WOLFPACK_SOC = "wolfpack-siegeofcoruscant"
WOLFPACK_DICE = CardAbility(WOLFPACK_SOC, "Wolfpack (spend a friend's lock: reroll any dice)",
                            effect=RerollDice(), roles=ATTACKING)
BORN_FOR_THIS = "Born for This"


def _pack_lockers(game: Game, attack: AttackState, owner: ShipState) -> list[ShipState]:
    """Friendly Plo Koon ships and ships with Born for This that lock the defender."""
    return [s for s in game.state.ships_of(owner.owner) if not s.removed
            and attack.defender in s.locks
            and (s.name == "Plo Koon" or ("ship_ability", BORN_FOR_THIS, 0) in s.cards)]


def _pack_spend(ctx: Ctx, option: Any) -> None:
    attack = ctx.attack
    assert attack is not None
    lockers = _pack_lockers(ctx.game, attack, ctx.ship)
    ctx.game.push(Ask(ctx.ship.owner, "use_ability", f"{ctx.ship.name} ({ctx.ship.id}): "
                      "Wolfpack - whose lock is spent?",
                      tuple(Option(s.id, f"the lock of {s.name} ({s.id})") for s in lockers),
                      "crew_d.pack_spent", (attack.defender,), ship=ctx.ship.id))


@continuation("crew_d.pack_spent")
def _pack_spent(game: Game, locker_id: str, defender: str) -> None:
    locker = game.state.ships[locker_id]
    locker.locks = [t for t in locker.locks if t != defender]
    game.event("lock", f"{locker.name} ({locker.id}) spends its lock on {defender}",
               ship=locker.id)
    fire(game, "after_spend_lock", ship=locker.id, target=defender)


register("upgrade", WOLFPACK_SOC,
         DiceMod("spend a friendly Plo Koon or Born for This ship's lock on the defender: "
                 "reroll any number of attack dice", dice=WOLFPACK_DICE, after=_pack_spend,
                 applies=lambda game, attack, owner, user: user.id == owner.id
                 and attack.attacker == owner.id
                 and bool(_pack_lockers(game, attack, owner))),
         description="Attacking: may spend a lock on the defender held by a friendly Plo Koon "
                     "ship or a friendly ship with Born for This to reroll any number of "
                     "attack dice.")


# ------------------------------------------------------------------------ Yoda
def _yoda_friend(ctx: Ctx) -> bool:
    ship = event_ship(ctx)
    return (ship.id != ctx.ship.id and friend_near(ctx, ship, 0, 2)
            and ship.force < ship.force_limit)


def _yoda_gives(ctx: Ctx, choice: Any) -> None:
    recover_force(event_ship(ctx))


register("upgrade", "yoda",
         Triggered("spend 1 Force: the ship recovers 1 Force", window="after_execute",
                   cost=Cost(force=1), effect=_yoda_gives,
                   requirement=lambda ctx: _yoda_friend(ctx) and bool(ctx.event.get("full"))
                   and ctx.event.get("difficulty") == "purple"),
         Triggered("spend 1 Force: the ship recovers 1 Force", window="after_action",
                   cost=Cost(force=1), effect=_yoda_gives,
                   requirement=lambda ctx: _yoda_friend(ctx)
                   and ctx.event.get("difficulty") == "purple"),
         description="After a purple maneuver is fully executed or a purple action performed by "
                     "another friendly ship at range 0-2: may spend 1 Force; that ship then "
                     "recovers 1 Force. Adds a purple coordinate action and 2 recurring Force.")


# ------------------------------------------------------------------ Zam Wesell
register("upgrade", ZAM, *ZAM_ABILITIES,
         description="Setup: loses 2 charges. During the System Phase: may assign itself "
                     "one of Zam Wesell's two secret conditions, facedown.")


# ---------------------------------------------------------------- "Zeb" Orrelios
def _zeb(game: Game, owner: ShipState, attack: AttackState | None = None,
         **facts: Any) -> bool:
    return attack is not None and attack.range == 0 and \
        owner.id in (attack.attacker, attack.defender)


register("upgrade", "zeborrelios",
         Modifier("at attack range 0 the attacker may spend focus tokens",
                  hook="range_zero_focus", value=_zeb),
         description="In an attack at attack range 0 in which it attacks or defends: the "
                     "attacker may still spend focus tokens for their default effect.")


# --------------------------------------------------------------------- Zuckuss
register("upgrade", "zuckuss",
         DiceMod("gain 1 stress token: the defender rerolls 1 defense die you choose",
                 dice=dice("zuckuss"), applies=lambda game, attack, owner, user:
                 user.id == owner.id and attack.attacker == owner.id),
         description="Attacking while not stressed: may gain 1 stress token to choose 1 "
                     "defense die, which the defender must reroll.")


# ------------------------------------------------------------------------ Qi'ra
def _qira_ignores(game: Game, owner: ShipState, ship: ShipState | None = None,
                  obstacle: str = "", **facts: Any) -> bool:
    # the engine asks only while the ship moves or attacks (during: move or attack)
    return ship is not None and ship.id == owner.id and obstacle in owner.locks


def _qira_unobstructed(game: Game, owner: ShipState, attack: AttackState | None = None,
                       **facts: Any) -> bool:
    if attack is None or attack.attacker != owner.id or not attack.obstructed:
        return False
    crossed = attack_crossing(game, attack)
    return crossed is not None and bool(crossed.obstacles) and \
        all(o in owner.locks for o in crossed.obstacles)


register("upgrade", "qira",
         Modifier("ignore the obstacles it locks while moving and attacking",
                  hook="ignores_obstacle", value=_qira_ignores),
         Modifier("the obstacles it locks don't obstruct its attacks",
                  hook="ignore_obstruction", value=_qira_unobstructed),
         description="While it moves or attacks: ignores the obstacles it has locked (no "
                     "effect from moving through, overlapping or being at range 0 of them, "
                     "no obstruction from them).")


# ---------------------------------------------------------------- Tobias Beckett
TOBIAS_GRID = tuple(Pose(float(x), float(y), float(turn)) for turn in (0, 90)
                    for y in range(220, 700, 40) for x in range(220, 700, 40))
TOBIAS_OFFERED = 6


def tobias_problem(game: Game, obstacle_id: str, pose: Pose) -> str | None:
    """Why the obstacle ``obstacle_id`` can't be moved to ``pose``, or None: beyond range 2
    of every edge and ship, beyond range 1 of the other obstacles."""
    s = game.state
    moved = next(o for o in s.obstacles if o.id == obstacle_id)
    held = s.obstacles
    s.obstacles = [o for o in held if o.id != obstacle_id]
    try:
        # the setup's own test: the edges and the other obstacles (RR: SETUP)
        problem = obstacle_problem(game, moved.outline_id, pose)
    finally:
        s.obstacles = held
    if problem is not None:
        return problem
    probe = Obstacle(obstacle_id, pose, moved.outline_id)
    for ship in s.ships.values():
        if ship.in_play and ship.body is not None and at_range(probe, ship.body, 0, 2):
            return f"it must be beyond range 2 of every ship ({ship.id})"
    return None


def _tobias_spots(game: Game, obstacle_id: str) -> list[Pose]:
    # spread the offers over the table: every k-th legal grid point
    legal = [p for p in TOBIAS_GRID if tobias_problem(game, obstacle_id, p) is None]
    step = max(1, len(legal) // TOBIAS_OFFERED)
    return legal[::step][:TOBIAS_OFFERED]


def _tobias_option(obstacle_id: str, pose: Pose) -> Option:
    return Option(f"{obstacle_id}@{pose.x:g},{pose.y:g},{pose.heading:g}",
                  f"{obstacle_id} to ({pose.x:.0f}, {pose.y:.0f}), turned {pose.heading:.0f}°",
                  {"obstacle": obstacle_id, "x": pose.x, "y": pose.y,
                   "rotation": pose.heading})


@dataclass(frozen=True)
class TobiasPlacement(ChoiceStep):
    """Tobias Beckett: place the chosen obstacle anywhere legal (answers: an offered
    placement's key, ``"<obstacle>@<x>,<y>,<rotation>"``, or a free ``{obstacle, x, y,
    rotation}`` with that obstacle)."""

    ship_id: str
    obstacle_id: str

    def choice(self, game: Game) -> Decision | None:
        ship = game.state.ships[self.ship_id]
        options = [_tobias_option(self.obstacle_id, p)
                   for p in _tobias_spots(game, self.obstacle_id)]
        return self.ask(ship.owner, "place_obstacle", f"{ship.name} ({ship.id}): Tobias "
                        f"Beckett - where does {self.obstacle_id} go?", options,
                        ship=ship.id, free="{obstacle, x, y, rotation}: beyond range 2 of "
                        "the edges and ships, beyond range 1 of the other obstacles")

    def check_free(self, game: Game, value: Any) -> str | None:
        if not isinstance(value, dict) or value.get("obstacle") != self.obstacle_id:
            return f"expected {{obstacle: {self.obstacle_id!r}, x, y, rotation}}"
        try:
            pose = Pose(float(value["x"]), float(value["y"]),
                        float(value.get("rotation", 0.0)))
        except (KeyError, TypeError, ValueError):
            return "x, y and rotation must be numbers"
        return tobias_problem(game, self.obstacle_id, pose)

    def apply(self, game: Game, answer: Any) -> None:
        if isinstance(answer, str):
            x, y, turn = (float(v) for v in answer.partition("@")[2].split(","))
        else:
            x, y, turn = (float(answer["x"]), float(answer["y"]),
                          float(answer.get("rotation", 0.0)))
        s = game.state
        s.obstacles = [Obstacle(o.id, Pose(x, y, turn), o.outline_id)
                       if o.id == self.obstacle_id else o for o in s.obstacles]
        s.moved()
        ship = s.ships[self.ship_id]
        game.event("setup", f"{ship.name} ({ship.id}) moves {self.obstacle_id} to "
                   f"({x:.0f}, {y:.0f})", ship=ship.id)


def _tobias_choices(ctx: Ctx) -> list[Option]:
    return [Option(o.id, f"move {o.id} ({o.outline_id})") for o in ctx.state.obstacles
            if _tobias_spots(ctx.game, o.id)]


register("upgrade", "tobiasbeckett",
         Triggered("choose an obstacle and place it elsewhere", window="after_place_forces",
                   choices=_tobias_choices,
                   effect=lambda ctx, choice: ctx.game.push(TobiasPlacement(ctx.ship.id,
                                                                            choice))),
         description="Setup, after placing forces: may move 1 obstacle anywhere beyond range "
                     "2 of the edges and of every ship and beyond range 1 of the other "
                     "obstacles.")
