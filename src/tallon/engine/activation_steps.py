"""The end of a ship's activation (RR: ACTIVATION PHASE): its Perform Action step, then the
end of the activation (ion tokens removed after an ion maneuver)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from tallon.engine.actions import PerformAction
from tallon.engine.actions_1e import step_choices
from tallon.engine.decisions import Decision
from tallon.engine.effects import remove_token
from tallon.engine.missions_1e import is_shuttle
from tallon.engine.queue import any_true, named, own_modifiers
from tallon.engine.scenario_play import end_activation_steps, scenario_actions
from tallon.engine.state import ShipState, Token
from tallon.engine.steps import Step

if TYPE_CHECKING:
    from tallon.engine.game import Game


@dataclass(frozen=True)
class ActionStep(Step):
    """The Perform Action step (skipped after a bump or when ending on an obstacle)."""

    ship_id: str

    def run(self, game: Game) -> Decision | None:
        ship = game.state.ships[self.ship_id]
        if ship.in_play and not ship.skip_action:
            # a card may let the ship take this one action even while stressed ("Chopper")
            stressed = ship.stressed and any(
                held.ability.value(game, ship, ship=ship)
                for held in own_modifiers(game, ship, "action_step_stressed"))
            step = PerformAction(ship.id, during_activation=True, even_stressed=stressed,
                                 extra=scenario_actions(game, ship))
            # "you may perform 2 actions" in this step (1e Darth Vader): hook
            # action_step_actions
            steps: tuple[Step, ...] = (step,) * (1 + sum(
                held.ability.value(game, ship, ship=ship) or 0
                for held in own_modifiers(game, ship, "action_step_actions")))
            if game.rules.slam_action_step_only:  # reference card (1e) "SLAM Action"
                steps = step_choices(ship.id, steps)
            if any_true(game, "records_action_step"):
                # a card asks whether an action was performed during this step: the ship
                # carries the mark while the step (with every action it leads to) resolves
                _mark_action_step(ship, True)
                game.push(*steps, LeaveActionStep(ship.id))
            else:
                game.push(*steps)
        return None


#: the card-memory key under which a ship is marked while its Perform Action step resolves
ACTION_STEP_MARK = "rules:perform_action_step"

#: the card-memory key of a card's "skip your Execute Maneuver step" (until that step)
SKIP_EXECUTE_MARK = "rules:skip_execute"


def skip_execute(ship: ShipState) -> None:
    """RR: MANEUVER - a card makes the ship skip its Execute Maneuver step this activation
    (set before that step: "after you reveal your dial, ... skip your Execute Maneuver
    step"); rounds.Execution then moves it not."""
    ship.remember(SKIP_EXECUTE_MARK, True)


def take_skip_execute(ship: ShipState) -> bool:
    """Whether a card made the ship skip its Execute Maneuver step (the mark is used up)."""
    if ship.recalled(SKIP_EXECUTE_MARK) is None:
        return False
    ship.remember(SKIP_EXECUTE_MARK, None)
    return True


def inactive(game: Game, ship: ShipState) -> bool:
    """Whether a card of the ship says it is not assigned a dial and does not activate or
    engage now (hook ``inactive``: an empty Syliure-class hyperspace ring); a first-edition
    mission's senator's shuttle never does (it moves by its mission's own rule)."""
    return is_shuttle(ship) or ("inactive" in named(game) and any(
        held.ability.value(game, ship, ship=ship)
        for held in own_modifiers(game, ship, "inactive")))


def maneuver_instead(game: Game, ship: ShipState, code: str) -> str:
    """The maneuver the ship executes instead of its revealed ``code`` ("before you
    execute an advanced maneuver, execute ... instead": hook ``maneuver_instead``), before
    the stressed red and purple checks; ``code`` when no card replaces it."""
    if "maneuver_instead" not in named(game):
        return code
    for held in own_modifiers(game, ship, "maneuver_instead"):
        other = held.ability.value(game, ship, maneuver=code)
        if other is not None:
            return str(other)
    return code


def _mark_action_step(ship: ShipState, on: bool) -> None:
    ship.remember(ACTION_STEP_MARK, True if on else None)


@dataclass(frozen=True)
class LeaveActionStep(Step):
    """The ship's Perform Action step is over (the mark :data:`ACTION_STEP_MARK` goes)."""

    ship_id: str

    def run(self, game: Game) -> Decision | None:
        _mark_action_step(game.state.ships[self.ship_id], False)
        return None


@dataclass(frozen=True)
class EndActivation(Step):
    ship_id: str
    ion: bool

    def run(self, game: Game) -> Decision | None:
        ship = game.state.ships[self.ship_id]
        if self.ion and ship.in_play:
            remove_token(game, ship, Token.ION, ship.count(Token.ION))
        ship.skip_action = ship.actions_blocked = False
        game.push(*end_activation_steps(game, ship))  # a scenario's (Salvage Mission)
        return None
