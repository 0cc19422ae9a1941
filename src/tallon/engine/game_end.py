"""The end of the game (RR: GAME LENGTH AND TRACKING ROUNDS, RR: WINNING THE GAME): after
each End Phase, whether someone has won.

Every game ends when only one player (or neither) has ships left, and after its last round
(the twelfth by default) with the most mission points winning (equal points: a draw). A
game played in a scenario also ends at the end of an End Phase in which one player has 20
or more mission points and more than their opponent (:func:`tallon.engine.scenarios
.points_victory`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from tallon.engine.decisions import Decision
from tallon.engine.effects import remove_ship
from tallon.engine.mission_play_1e import mission_end
from tallon.engine.queue import any_true, total
from tallon.engine.reserve import in_reserve
from tallon.engine.scenarios import points_victory
from tallon.engine.state import PLAYERS
from tallon.engine.steps import Step, Then

if TYPE_CHECKING:
    from tallon.engine.game import Game


def _score_end_of_game(game: Game) -> None:
    """"At the end of the game, score ..." (hook ``end_game_points``, before the mission
    points are compared)."""
    for player in PLAYERS:
        points = total(game, "end_game_points", player=player)
        if points:
            game.state.player(player).mission_points += points
            game.event("over", f"player {player} scores {points} mission point(s) from "
                       "cards at the end of the game")


@dataclass(frozen=True)
class CheckEnd(Step):
    """RR: GAME LENGTH AND TRACKING ROUNDS, RR: WINNING THE GAME - a player without ships
    at the end of a round loses; a scenario's player with 20 or more mission points and
    ahead wins; after the last round the player with more mission points wins (a tie is a
    draw). Without a scenario ships destroyed or fled score their squad points, and each
    player earns the opponent's deficit (ruling)."""

    def run(self, game: Game) -> Decision | None:
        s = game.state
        for ship in s.ships.values():
            if ship.destroyed and not ship.removed:
                # the end of the End Phase: a ship a card kept this long leaves now (hook
                # removal_until_end_phase); no other destroyed ship is still here
                remove_ship(game, ship, "destroyed")
        if mission_end(game):  # a first-edition mission: its objectives decide
            return None
        # RR: REMOVED FROM THE GAME - ships in reserve are not removed
        alive = [any(x.in_play or in_reserve(game, x) for x in s.ships_of(p))
                 for p in PLAYERS]
        ahead = points_victory(game)
        if not all(alive):
            s.over = True
            s.winner = None if not any(alive) else PLAYERS[alive.index(True)]
            s.end_reason = "no ships left" if any(alive) else "both fleets are gone"
            if not any(alive) and game.rules.initiative_wins_mutual_destruction and \
                    not any_true(game, "mutual_destruction_draw"):  # 1e Fel's Wrath: FAQ
                # rulebook (1e), Winning the Game: the player with initiative wins
                s.winner = s.first_player
                s.end_reason = "both fleets are gone: the player with initiative wins"
        elif ahead is not None:
            s.over = True
            s.winner, s.end_reason = ahead
        elif s.round >= s.last_round:
            s.over = True
            _score_end_of_game(game)
            points = [p.mission_points for p in s.players]
            s.winner = None if points[0] == points[1] else (1 if points[0] > points[1] else 2)
            s.end_reason = f"round {s.round} ended with {points[0]}-{points[1]} points"
        if s.over:
            s.phase = "over"
            result = "a draw" if s.winner is None else f"player {s.winner} wins"
            game.event("over", f"The game is over: {result} ({s.end_reason})")
            return None
        game.push(Then("rounds.next_round"))
        return None
