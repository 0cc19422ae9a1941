"""A first-edition mission in play: the rounds' mission steps (the senator's shuttle moving,
Asteroid Run's repair in round 5, reinforcements in the End Phase), the PROTECT action and
the end of the game by the mission's objectives (rulebook (1e), Playing a Mission: "a
player can only win by fulfilling his faction's objective").

The steps join a round only when a mission is played (:func:`mission_round_steps`), so
other games keep their steps and state hashes.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from tallon.data import load_cards
from tallon.engine.action_bodies import ActionBody
from tallon.engine.actions import ACTION_BODIES
from tallon.engine.decisions import Decision, Option
from tallon.engine.effects import gain_token
from tallon.engine.loadout import build_ship
from tallon.engine.mission_setup_1e import MissionPlace, next_ship_number, placement_spots
from tallon.engine.missions_1e import (
    FULL_DIAL,
    HOW,
    MISSIONS_1E,
    REASONS,
    SHUTTLE_MANEUVERS,
    WINNER,
    faction_player,
    is_disabled_ship,
    is_shuttle,
    lost_key,
    mission_of,
)
from tallon.engine.movement import ExecuteManeuver
from tallon.engine.state import ION_THRESHOLD, ActionSpec, ShipState, Token
from tallon.engine.steps import ChoiceStep, Step, Then
from tallon.squads.model import SquadShip

if TYPE_CHECKING:
    from tallon.engine.game import Game

_MOVES = {"2F": "[2 straight]", "1B": "[1 bank left]", "1N": "[1 bank right]"}


def mission_round_steps(game: Game, when: str) -> list[Step]:
    """The mission's steps of a round at ``when``: ``start_round`` (before the Planning
    phase), ``start_activation`` or ``end_phase``; none without a mission."""
    mission = mission_of(game)
    if mission is None:
        return []
    if when == "start_round":
        return [MissionRepair()] if mission.name == "asteroid-run" else []
    if when == "start_activation":
        return [MoveShuttle(s.id) for s in game.state.ships_of() if is_shuttle(s)
                and s.in_play] if mission.name == "political-escort" else []
    return [MissionReinforcements()]


def shuttle_of(game: Game) -> ShipState | None:
    return next((s for s in game.state.ships_of() if is_shuttle(s) and s.in_play), None)


# ----------------------------------------------------------------------- shuttle
@dataclass(frozen=True)
class MoveShuttle(ChoiceStep):
    """Political Escort, Shuttle Movement: at the start of each Activation phase the Rebel
    player may move the senator's shuttle with [2 straight], [1 bank left] or [1 bank right]
    (answers ``2F``, ``1B``, ``1N``; ``stay``: "may", so it need not move)."""

    ship_id: str

    def choice(self, game: Game) -> Decision | None:
        ship = game.state.ships[self.ship_id]
        if not ship.in_play:
            return None
        options = [Option(code, f"execute {_MOVES[code]}") for code in SHUTTLE_MANEUVERS]
        options.append(Option("stay", "do not move the shuttle"))
        return self.ask(ship.owner, "shuttle_maneuver", f"Player {ship.owner}: move the "
                        "senator's shuttle?", options, ship=ship.id)

    def apply(self, game: Game, answer: Any) -> None:
        ship = game.state.ships[self.ship_id]
        if answer == "stay":
            game.event("activate", f"{ship.name} ({ship.id}) does not move", ship=ship.id)
            return
        game.push(ExecuteManeuver(ship.id, f"{answer}W"))


def mission_actions(game: Game, ship: ShipState) -> tuple[ActionSpec, ...]:
    """Political Escort, Protect Action: a Rebel ship at range 1 of the senator's shuttle
    may perform a PROTECT action (FAQ (1e), Missions: not an action of its action bar)."""
    mission = mission_of(game)
    if mission is None or mission.name != "political-escort" or is_shuttle(ship):
        return ()
    shuttle = shuttle_of(game)
    # rulebook (1e): touching ships are at range 1 (the engine's range 0 is 2.5's)
    if shuttle is None or shuttle.owner != ship.owner or not ship.in_play or \
            not game.state.in_range(ship, shuttle, 0, 1):
        return ()
    return (ActionSpec("protect", "white", None, "mission"),)


@dataclass(frozen=True)
class ProtectAction(ActionBody):
    """PROTECT: one evade token on the senator's shuttle (any number may be there; the
    shuttle spends one an attack, and they leave in the End Phase as all evade tokens do)."""

    def run(self, game: Game) -> Decision | None:
        shuttle = shuttle_of(game)
        if shuttle is not None:
            gain_token(game, shuttle, Token.EVADE, applier=game.state.ships[self.ship_id].owner)
        return None


ACTION_BODIES["protect"] = ProtectAction


# ---------------------------------------------------------------- Asteroid Run
@dataclass(frozen=True)
class MissionRepair(Step):
    """Asteroid Run: the round's tracking token; at the start of round 5 the disabled ship
    is repaired (its whole dial again)."""

    def run(self, game: Game) -> Decision | None:
        s = game.state
        game.event("mission", f"Tracking token {s.round} is placed")
        if s.round != 5:
            return None
        for ship in s.ships_of():
            full = ship.recalled(FULL_DIAL) if is_disabled_ship(ship) else None
            if full is not None:
                ship.dial = tuple(full)
                ship.remember(FULL_DIAL, None)
                game.event("mission", f"{ship.name} ({ship.id}) is repaired: every maneuver "
                           "of its dial again, and it may flee", ship=ship.id)
        return None


# -------------------------------------------------------------- reinforcements
@dataclass(frozen=True)
class MissionReinforcements(Step):
    """The End Phase: the reinforcing player may call one reinforcement for each of their
    ships destroyed this round; the count starts again next round."""

    def run(self, game: Game) -> Decision | None:
        mission = mission_of(game)
        assert mission is not None
        marks = game.state.scenario_marks
        player = faction_player(game, mission.reinforcing)
        owed = marks.get(lost_key(player), 0)
        for p in (1, 2):
            marks.pop(lost_key(p), None)
        if WINNER in marks:
            return None  # the game ends at the end of this round
        rule = "either1" if mission.reinforcement_edges == "either" else "edge1"
        game.push(*(MissionReinforcement(player, rule) for _ in range(owed)))
        return None


def _reinforcement(game: Game, player: int) -> ShipState:
    mission = mission_of(game)
    assert mission is not None
    entry = SquadShip(load_cards().pilot(mission.reinforcement), ())
    ship = build_ship(player, next_ship_number(game, player), entry)
    if game.rules.ion_threshold is not None:
        ship.remember(ION_THRESHOLD, game.rules.ion_threshold)
    return ship


@dataclass(frozen=True)
class MissionReinforcement(ChoiceStep):
    """REINFORCEMENT: the player may bring in one more ship of the mission's pilot, placed
    within range 1 of their edge (Asteroid Run: of either player's edge). Answers
    ``call`` or ``decline``."""

    player: int
    rule: str

    def choice(self, game: Game) -> Decision | None:
        probe = _reinforcement(game, self.player)
        if not placement_spots(game, probe, self.rule):
            game.event("mission", f"Player {self.player} has no room for a reinforcement")
            return None
        return self.ask(self.player, "mission_reinforcement", f"Player {self.player}: call a "
                        f"reinforcement ({probe.name})?",
                        [Option("call", f"call a reinforcement: {probe.name}"),
                         Option("decline", "no reinforcement")])

    def apply(self, game: Game, answer: Any) -> None:
        if answer != "call":
            return
        ship = _reinforcement(game, self.player)
        game.state.ships[ship.id] = ship
        game.event("mission", f"Player {self.player} calls a reinforcement: {ship.name} "
                   f"({ship.id})", ship=ship.id)
        game.push(MissionPlace(ship.id, self.rule))


# -------------------------------------------------------------------- the end
def mission_end(game: Game) -> bool:
    """CheckEnd for a mission (False: no mission is played). The first objective fulfilled
    wins at the end of its round; destroying every enemy ship wins nothing by itself;
    after the game's last round no one has won (a draw)."""
    mission = mission_of(game)
    if mission is None:
        return False
    s = game.state
    marks = s.scenario_marks
    if WINNER in marks:
        s.winner = marks[WINNER]
        s.end_reason = f"{MISSIONS_1E[mission.name].title}: {REASONS[marks[HOW]]}"
    elif s.round >= s.last_round:
        s.winner = None
        s.end_reason = f"round {s.round} ended with no objective fulfilled"
    else:
        game.push(Then("rounds.next_round"))
        return True
    s.over = True
    s.phase = "over"
    result = "a draw" if s.winner is None else f"player {s.winner} wins"
    game.event("over", f"The game is over: {result} ({s.end_reason})")
    return True

