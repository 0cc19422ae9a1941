"""Obstacles met (RR: OBSTACLES, and the appendix's obstacles placed by cards): the
effect of moving through or overlapping one obstacle - asteroids, debris clouds, gas
clouds, electro-chaff clouds, loose cargo, spare parts and blazes. Each rolls one attack
die (a chance step) and applies its effects with the result.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from tallon.dice import Face
from tallon.engine.chance import RollDice
from tallon.engine.effects import (
    break_locks_on,
    break_own_locks,
    gain_token,
    ignores_obstacle,
    suffer_damage,
)
from tallon.engine.queue import own_modifiers
from tallon.engine.state import ShipState, Token
from tallon.engine.steps import Step, continuation
from tallon.geometry import ObstacleType

if TYPE_CHECKING:
    from tallon.engine.decisions import Decision
    from tallon.engine.game import Game


def ignore_obstacles(game: Game, ship: ShipState, obstacle_id: str = "*",
                     this_phase: bool = False) -> None:
    """The ship ignores the effects of ``obstacle_id`` (``"*"``: of every obstacle) until
    the end of this phase (``this_phase``) or of this round."""
    s = game.state
    ship.obstacles_ignored = (*ship.obstacles_ignored,
                              (obstacle_id, s.round, s.phase if this_phase else "*"))
    what = "obstacles" if obstacle_id == "*" else obstacle_id
    game.event("obstacle", f"{ship.name} ({ship.id}) ignores {what} until the end of the "
               f"{'phase' if this_phase else 'round'}", ship=ship.id)


@dataclass(frozen=True)
class ObstacleEffect(Step):
    """RR: OBSTACLES - the effect of moving through or overlapping one obstacle: each kind
    rolls one attack die (a chance step) and applies its effects with the result."""

    ship_id: str
    obstacle_id: str
    kind: str
    #: met by moving (not by an obstacle placed under the ship)
    moved: bool = True

    def run(self, game: Game) -> Decision | None:
        ship = game.state.ships[self.ship_id]
        if not ship.in_play:
            return None
        if ignores_obstacle(game, ship, self.obstacle_id, "move" if self.moved else ""):
            game.event("obstacle", f"{ship.name} ({ship.id}) ignores the effects of "
                       f"{self.obstacle_id}", ship=ship.id)
            return None
        game.push(RollDice("attack", 1, "obstacles.rolled",
                           (ship.id, self.obstacle_id, self.kind), who=ship.name))
        return None


@continuation("obstacles.rolled")
def _obstacle_rolled(game: Game, faces: tuple[Face, ...], ship_id: str, obstacle_id: str,
                     kind_name: str) -> None:
    ship = game.state.ships[ship_id]
    face = faces[0]
    if face is Face.CRIT and any(held.ability.value(game, ship, ship=ship) for held in
                                 own_modifiers(game, ship, "obstacle_crits_ignored")):
        face = Face.BLANK  # a card ignores the crit result (1e Collision Detector)
    kind = ObstacleType(kind_name)
    name = f"{kind.value.replace('_', ' ')} {obstacle_id}"

    def rolled() -> None:
        game.event("obstacle", f"{ship.name} rolls {face.label} for {name}", ship=ship.id)

    if kind in (ObstacleType.ASTEROID, ObstacleType.DEBRIS_CLOUD) and \
            game.rules.obstacle_dice_only:
        # FAQ (1e), Rules Reference (Obstacles): only the die's result damages: an asteroid's
        # hit a damage and its crit a critical damage, a debris cloud's crit after a stress
        if kind is ObstacleType.DEBRIS_CLOUD:
            gain_token(game, ship, Token.STRESS)
        rolled()
        if face is Face.HIT and kind is ObstacleType.ASTEROID:
            suffer_damage(game, ship, hits=1, cause=name)
        elif face is Face.CRIT:
            suffer_damage(game, ship, crits=1, cause=name)
    elif kind is ObstacleType.ASTEROID:
        suffer_damage(game, ship, hits=1, cause=name)
        rolled()
        if face in (Face.HIT, Face.CRIT):
            suffer_damage(game, ship, hits=1, cause=name)
    elif kind is ObstacleType.DEBRIS_CLOUD:
        gain_token(game, ship, Token.STRESS)
        rolled()
        if face is Face.HIT:
            suffer_damage(game, ship, hits=1, cause=name)
        elif face is Face.CRIT:
            suffer_damage(game, ship, crits=1, cause=name)
    elif kind is ObstacleType.GAS_CLOUD:
        break_own_locks(game, ship)
        break_locks_on(game, ship.id)
        gain_token(game, ship, Token.STRAIN)
        rolled()
        if face is Face.HIT:
            gain_token(game, ship, Token.ION)
        elif face is Face.CRIT:
            gain_token(game, ship, Token.ION, 3)
    elif kind is ObstacleType.ELECTRO_CHAFF_CLOUD:
        break_own_locks(game, ship)
        break_locks_on(game, ship.id)
        gain_token(game, ship, Token.JAM)
        rolled()
        if face in (Face.HIT, Face.CRIT):
            gain_token(game, ship, Token.STRESS)
    elif kind in (ObstacleType.LOOSE_CARGO, ObstacleType.SPARE_PARTS):
        gain_token(game, ship, Token.STRAIN)
        rolled()
        if face in (Face.HIT, Face.CRIT):
            gain_token(game, ship, Token.STRESS)
    elif kind is ObstacleType.BLAZE:
        rolled()
        if face in (Face.HIT, Face.CRIT):
            suffer_damage(game, ship, hits=1, cause=name)
        elif face is Face.FOCUS:
            gain_token(game, ship, Token.STRESS)
        ship.skip_action = True
