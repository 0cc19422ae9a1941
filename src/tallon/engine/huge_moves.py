"""Huge ships' maneuvers (RR: APPENDIX: HUGE SHIPS - MOVEMENT, OVERLAPPING OBJECTS, RED
MANEUVERS, STRESS): executed with the huge ship maneuver tool (:mod:`tallon.geometry.huge`),
never "moving through" anything; the final base's overlaps resolved by the appendix's own
rules; red maneuvers paid with energy.

Order (ruling, docs/rulings.md "Huge ships"): the maneuver one speed lower while it would
overlap another huge ship; the ship is placed; the huge ships it overlapped and it suffer
damage; each standard ship overlapped suffers damage and is set aside, then placed by its
owner (first player first) in the huge ship's full rear arc at range 0-1 (one that cannot be
placed is destroyed), the opponent may turn it 90 degrees, and the huge ship rolls its dice;
the obstacles overlapped are removed with their effects; then the Check Difficulty step.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from tallon.dice import Face
from tallon.engine.abilities import RULES, Ctx, Triggered
from tallon.engine.chance import RollDice
from tallon.engine.decisions import Decision, Option, Value, pose_key
from tallon.engine.effects import destroy_ship, gain_token, remove_ship, remove_token, suffer_damage
from tallon.engine.loadout import ENERGY
from tallon.engine.payloads import Detonate
from tallon.engine.queue import FireWindow, named
from tallon.engine.state import ShipState, Token, opponent
from tallon.engine.steps import ChoiceStep, Step, continuation
from tallon.geometry import BaseSize, Difficulty, ObstacleType, Pose, Ship
from tallon.geometry.huge import (
    huge_maneuver,
    rear_arc_placement_problems,
    rear_arc_placements,
    resolve_huge_overlap,
)

if TYPE_CHECKING:
    from tallon.engine.game import Game

#: Dice the huge ship rolls for each standard ship it overlapped, by size.
OVERLAP_DICE = {BaseSize.SMALL: 1, BaseSize.MEDIUM: 2, BaseSize.LARGE: 3}


def energy(ship: ShipState) -> int:
    """The huge ship's active energy (RR: APPENDIX: HUGE SHIPS - ENERGY)."""
    charge = ship.charges.get(ENERGY)
    return 0 if charge is None else charge.active


def spend_energy(game: Game, ship: ShipState, amount: int = 1) -> int:
    """Spend up to ``amount`` energy; returns how much was spent."""
    charge = ship.charges.get(ENERGY)
    spent = 0 if charge is None else min(amount, charge.active)
    if spent:
        charge.active -= spent  # type: ignore[union-attr]
        game.event("energy", f"{ship.name} ({ship.id}) spends {spent} energy", ship=ship.id)
    return spent


def red_allowed(ship: ShipState) -> bool:
    """A stressed huge ship may still execute a red maneuver while it has energy to pay."""
    return ship.huge and energy(ship) > 0


def overlap_windows(game: Game, ship_id: str, others: tuple[str, ...]) -> list[Step]:
    """RR: OVERLAP - the window "after you overlap a ship" for each ship the maneuver of
    ``ship_id`` overlapped (pushed only when a card could listen, so that other games keep
    their steps)."""
    if not others or "after_overlap" not in named(game):
        return []
    return [FireWindow.of("after_overlap", ship=ship_id, other=other) for other in others]


@dataclass(frozen=True)
class HugeManeuver(Step):
    """A huge ship executes ``code`` with the maneuver tool."""

    ship_id: str
    code: str

    def run(self, game: Game) -> Decision | None:
        s = game.state
        ship = s.ships[self.ship_id]
        if not ship.in_play:
            return None
        revealed = huge_maneuver(self.code)
        resolution = resolve_huge_overlap(s.table(), ship.id, self.code)
        move = resolution.executed
        if move.maneuver != revealed:
            game.event("move", f"{ship.name} ({ship.id}) would overlap "
                       f"{', '.join(resolution.huge_ships_overlapped)}: it executes a speed "
                       f"{move.maneuver.speed} maneuver instead", ship=ship.id)
        game.event("move", f"{ship.name} ({ship.id}) executes [{self.code}] with the huge "
                   "ship maneuver tool", ship=ship.id, maneuver=self.code,
                   start=[round(move.start.x, 3), round(move.start.y, 3),
                          round(move.start.heading, 3)])
        if move.fled:
            remove_ship(game, ship, "fled")
            return None
        s.set_pose(ship, move.final)
        ship.executed_speed = move.maneuver.speed
        steps: list[Step] = []
        speed = revealed.speed
        if resolution.huge_ships_overlapped and speed:
            # RR: OVERLAPPING HUGE SHIPS - damage equal to the dial's speed, to both
            for other in (ship.id, *resolution.huge_ships_overlapped):
                steps.append(HugeDamage(other, speed, f"{ship.name}'s collision"))
        for other in move.standard_ships:
            steps.append(HugeDamage(other, speed, f"{ship.name} overlapping it"))
        if move.standard_ships:
            steps.append(SetAside(ship.id, move.standard_ships))
        steps += [RemoveOverlappedObstacle(ship.id, o) for o in move.obstacles]
        # RR: MINE - a mine under the final base detonates as for any ship overlapping it
        steps += [Detonate(d.id, ship.id) for d in s.devices
                  if d.id in move.devices and d.category == "mine"]
        colour = {Difficulty.RED: "red", Difficulty.BLUE: "blue"}.get(
            revealed.difficulty, "white")  # type: ignore[arg-type]
        steps += [HugeCheckDifficulty(ship.id, self.code),
                  FireWindow.of("after_execute", ship=ship.id, maneuver=self.code,
                                full=move.maneuver == revealed, speed=move.maneuver.speed,
                                bearing=move.maneuver.bearing.value, difficulty=colour,
                                ion=False, slam=False, hazards=move.obstacles,
                                obstacles=move.obstacles, forced_by=(), moved_through=())]
        steps += overlap_windows(game, ship.id, (*resolution.huge_ships_overlapped,
                                                 *move.standard_ships))
        game.push(*steps)
        return None


@dataclass(frozen=True)
class HugeDamage(Step):
    """A ship suffers ``amount`` regular damage from a huge ship's maneuver."""

    ship_id: str
    amount: int
    cause: str

    def run(self, game: Game) -> Decision | None:
        ship = game.state.ships[self.ship_id]
        if ship.in_play and self.amount:
            suffer_damage(game, ship, hits=self.amount, cause=self.cause)
        return None


@dataclass(frozen=True)
class SetAside(Step):
    """RR: OVERLAPPING STANDARD SHIPS - the standard ships overlapped are picked up, then
    placed by their owners, first player first; then the huge ship rolls its dice."""

    huge_id: str
    ship_ids: tuple[str, ...]

    def run(self, game: Game) -> Decision | None:
        s = game.state
        sizes = []
        for ship_id in self.ship_ids:
            ship = s.ships[ship_id]
            if ship.in_play:
                sizes.append(ship.size)
                ship.body = None
                ship.contacts = ()
                game.event("move", f"{ship.name} ({ship.id}) is set aside", ship=ship.id)
        s.moved()
        order = s.player_order()
        placing = sorted((i for i in self.ship_ids if not s.ships[i].removed),
                         key=lambda i: (order.index(s.ships[i].owner), self.ship_ids.index(i)))
        dice = sum(OVERLAP_DICE[size] for size in sizes)
        game.push(*(PlacePickedUp(self.huge_id, i) for i in placing),
                  *((RollDice("attack", dice, "huge.overlap_rolled", (self.huge_id,),
                              who=s.ships[self.huge_id].name),) if dice else ()))
        return None


@dataclass(frozen=True)
class PlacePickedUp(ChoiceStep):
    """The owner places a picked-up ship in the huge ship's full rear arc at range 0-1
    (answers: an offered ``"x,y,heading"`` or a free ``{x, y, heading}``); without any
    legal place it is destroyed. Then the opponent may turn it 90 degrees."""

    huge_id: str
    ship_id: str

    def _base(self, game: Game, pose: Pose) -> Ship:
        return Ship(self.ship_id, pose, game.state.ships[self.ship_id].size)

    def choice(self, game: Game) -> Decision | None:
        s = game.state
        ship = s.ships[self.ship_id]
        if ship.removed or not s.ships[self.huge_id].in_play:
            return None
        spots = rear_arc_placements(s.table(), self.huge_id, self._base(game, Pose(0, 0, 0)))
        if not spots:
            game.event("move", f"{ship.name} ({ship.id}) cannot be placed: it is destroyed",
                       ship=ship.id)
            destroy_ship(game, ship, replaceable=False)
            return None
        options = [Option(pose_key(p), f"at ({p.x:.0f}, {p.y:.0f}) facing {p.heading:.0f}",
                          {"x": p.x, "y": p.y, "heading": p.heading}) for p in spots[:12]]
        return self.ask(ship.owner, "place_picked_up", f"Player {ship.owner}: place "
                        f"{ship.name} ({ship.id}) in the full rear arc of "
                        f"{s.ships[self.huge_id].name} at range 0-1", options, ship=ship.id,
                        free="{x, y, heading}: wholly in the huge ship's full rear arc at "
                             "range 0-1, overlapping no ship")

    def check_free(self, game: Game, value: Value) -> str | None:
        pose = _pose(value)
        if isinstance(pose, str):
            return pose
        problems = rear_arc_placement_problems(game.state.table(), self.huge_id,
                                               self._base(game, pose))
        return "; ".join(problems) or None

    def apply(self, game: Game, answer: Any) -> None:
        pose = _pose(answer)
        assert not isinstance(pose, str), "answers are checked before they arrive"
        ship = game.state.ships[self.ship_id]
        game.state.set_pose(ship, pose)
        game.event("place", f"{ship.name} ({ship.id}) is placed at ({pose.x:.0f}, "
                   f"{pose.y:.0f}) facing {pose.heading:.0f}", ship=ship.id)
        game.push(TurnPickedUp(self.huge_id, self.ship_id))


def _pose(value: Any) -> Pose | str:
    try:
        if isinstance(value, str):
            x, y, heading = (float(v) for v in value.split(","))
        else:
            x, y, heading = float(value["x"]), float(value["y"]), float(value["heading"])
    except (TypeError, ValueError, KeyError, AttributeError):
        return "expected \"x,y,heading\" or {x, y, heading}"
    return Pose(x, y, heading)


@dataclass(frozen=True)
class TurnPickedUp(ChoiceStep):
    """The placing player's opponent may turn the placed ship 90 degrees left or right
    (answers ``keep``, ``left``, ``right``; a turn that would break the placement's limits
    is not offered: ruling)."""

    huge_id: str
    ship_id: str

    def _turned(self, game: Game, by: float) -> Ship:
        ship = game.state.ships[self.ship_id]
        pose = ship.pose
        return Ship(ship.id, Pose(pose.x, pose.y, (pose.heading + by) % 360), ship.size)

    def choice(self, game: Game) -> Decision | None:
        ship = game.state.ships[self.ship_id]
        if not ship.in_play:
            return None
        table = game.state.table()
        turns = [Option(key, f"turn it 90 degrees {key}") for key, by in
                 (("left", -90.0), ("right", 90.0))
                 if not rear_arc_placement_problems(table, self.huge_id,
                                                    self._turned(game, by))]
        if not turns:
            return None
        return self.ask(opponent(ship.owner), "turn_picked_up", f"Player "
                        f"{opponent(ship.owner)}: turn {ship.name} ({ship.id}) 90 degrees?",
                        [Option("keep", "leave it as placed"), *turns], ship=ship.id)

    def apply(self, game: Game, answer: Any) -> None:
        if answer == "keep":
            return
        turned = self._turned(game, -90.0 if answer == "left" else 90.0)
        ship = game.state.ships[self.ship_id]
        game.state.set_pose(ship, turned.pose)
        game.event("move", f"{ship.name} ({ship.id}) is turned 90 degrees {answer}",
                   ship=ship.id)


@continuation("huge.overlap_rolled")
def _overlap_rolled(game: Game, faces: tuple[Face, ...], huge_id: str) -> None:
    """The huge ship's dice for the standard ships it overlapped: a focus result gives it
    a stress token, a hit or crit result one regular damage (ruling: the printed icons are
    lost in the text Tallon has)."""
    huge = game.state.ships[huge_id]
    game.event("move", f"{huge.name} ({huge.id}) rolls "
               f"{', '.join(f.label for f in faces)} for the ships it overlapped",
               ship=huge.id)
    stress = sum(1 for f in faces if f is Face.FOCUS)
    hits = sum(1 for f in faces if f in (Face.HIT, Face.CRIT))
    if stress:
        gain_token(game, huge, Token.STRESS, stress)
    if hits:
        suffer_damage(game, huge, hits=hits, cause="overlapping ships")


@dataclass(frozen=True)
class RemoveOverlappedObstacle(Step):
    """RR: OVERLAPPING OBSTACLES - the obstacle is removed; an asteroid or debris field deals
    the huge ship one damage and a stress token, a gas cloud a jam token. Other obstacles
    (placed by cards) count as the kind they are (ruling: an electro-chaff cloud as a gas
    cloud, loose cargo and spare parts as debris)."""

    ship_id: str
    obstacle_id: str

    def run(self, game: Game) -> Decision | None:
        s = game.state
        ship = s.ships[self.ship_id]
        obstacle = next((o for o in s.obstacles if o.id == self.obstacle_id), None)
        if obstacle is None or not ship.in_play:
            return None
        s.obstacles = [o for o in s.obstacles if o.id != obstacle.id]
        s.fuses.pop(obstacle.id, None)
        s.moved()
        game.event("obstacle", f"{ship.name} ({ship.id}) overlaps {obstacle.id}: it is "
                   "removed from the play area", ship=ship.id)
        if obstacle.type in (ObstacleType.GAS_CLOUD, ObstacleType.ELECTRO_CHAFF_CLOUD):
            gain_token(game, ship, Token.JAM)
        else:
            gain_token(game, ship, Token.STRESS)
            suffer_damage(game, ship, hits=1, cause=obstacle.id)
        return None


@dataclass(frozen=True)
class HugeCheckDifficulty(Step):
    """RR: APPENDIX: HUGE SHIPS - RED MANEUVERS: a red maneuver costs one energy instead of
    a stress token while the ship has energy; blue removes stress, as for any ship."""

    ship_id: str
    code: str

    def run(self, game: Game) -> Decision | None:
        ship = game.state.ships[self.ship_id]
        if not ship.in_play:
            return None
        colour = huge_maneuver(self.code).difficulty
        if colour is Difficulty.RED:
            if energy(ship):
                spend_energy(game, ship)
            else:
                gain_token(game, ship, Token.STRESS)
        elif colour is Difficulty.BLUE:
            for token in (Token.STRESS, Token.STRAIN, Token.DEPLETE):
                remove_token(game, ship, token)
        return None


def relieve_stress(game: Game, ship: ShipState, most: int | None = None) -> None:
    """RR: APPENDIX: HUGE SHIPS - STRESS: a huge ship spends energy to remove its stress
    tokens, one for one, as far as it can (``most``: at most that many: one per stress
    token just gained)."""
    left = most
    while ship.huge and ship.stressed and energy(ship) and (left is None or left > 0):
        spend_energy(game, ship)
        remove_token(game, ship, Token.STRESS)
        left = None if left is None else left - 1


def _stressed_with_energy(ctx: Ctx) -> bool:
    return ctx.ship.huge and ctx.event.get("token") == Token.STRESS.value and \
        energy(ctx.ship) > 0


RULES.register("rule", "huge ship stress",
               Triggered("a huge ship spends energy to remove stress",
                         window="after_gain_token", optional=False,
                         requirement=_stressed_with_energy,
                         effect=lambda ctx, _: relieve_stress(
                             ctx.game, ctx.ship, int(ctx.event.get("count") or 1))),
               description="RR: APPENDIX: HUGE SHIPS - after a huge ship gains a stress token, "
                           "it spends 1 energy to remove one, if able.")
