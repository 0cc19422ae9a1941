"""Choices that tokens force the moment they are gained (RR: JAM, RR: TRACTOR)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from tallon.engine.decisions import Decision, Option
from tallon.engine.effects import gain_token, remove_token
from tallon.engine.movement import reposition
from tallon.engine.state import GREEN_TOKENS, Token
from tallon.engine.steps import ChoiceStep
from tallon.geometry import BaseSize, rotate_ship, tractor_options

if TYPE_CHECKING:
    from tallon.engine.game import Game


@dataclass(frozen=True)
class JamChoice(ChoiceStep):
    """RR: JAM - when a ship becomes jammed, the player whose effect jammed it chooses one
    of its green tokens to remove or one of its locks to break; either removes the jam
    token. With neither, the ship stays jammed. Answers: ``"token:<kind>"`` or
    ``"lock:<object id>"``."""

    ship_id: str
    applier: int
    auto_single: ClassVar[bool] = True

    def choice(self, game: Game) -> Decision | None:
        ship = game.state.ships[self.ship_id]
        if not ship.in_play or not ship.has(Token.JAM):
            return None
        options = [Option(f"token:{t.value}", f"remove a {t.value} token")
                   for t in GREEN_TOKENS if ship.has(t) and game.rules.jams(t.value)]
        options += [Option(f"lock:{target}", f"break the lock on {target}")
                    for target in ship.locks]
        if not options:
            return None  # it remains jammed
        # reference card (1e) "Reload Action and Jam Tokens": the jammed ship chooses
        chooser = ship.owner if game.rules.jam_chosen_by_jammed_ship else self.applier
        return self.ask(chooser, "jam_effect",
                        f"{ship.name} ({ship.id}) is jammed: choose what it loses", options,
                        ship=ship.id)

    def apply(self, game: Game, answer: Any) -> None:
        ship = game.state.ships[self.ship_id]
        kind, _, what = str(answer).partition(":")
        if kind == "token":
            remove_token(game, ship, Token(what))
            text = f"removes a {what} token"
        else:
            ship.locks = [t for t in ship.locks if t != what]
            text = f"breaks its lock on {what}"
        remove_token(game, ship, Token.JAM)
        game.event("jam", f"{ship.name} ({ship.id}) is jammed: it {text} and the jam "
                   "token", ship=ship.id)


@dataclass(frozen=True)
class TractorMove(ChoiceStep):
    """RR: TRACTOR - the first time a ship becomes tractored each round, the player who
    applied the token may barrel roll it ([1 straight], direction and position theirs) or
    boost it ([1 straight]); the move can't touch an obstacle (or flee)."""

    ship_id: str
    applier: int

    def _attempts(self, game: Game) -> dict[str, Any]:
        table = game.state.table()
        # reference card (1e) "Tractor Beam Token": the move can overlap obstacles
        through = game.rules.tractor_move_1e
        return {a.label: a for a in tractor_options(table, self.ship_id)
                if not a.fails(ignore_obstacles=through)}

    def choice(self, game: Game) -> Decision | None:
        ship = game.state.ships[self.ship_id]
        if not ship.in_play or ship.huge:  # RR: APPENDIX: HUGE SHIPS - TRACTOR: not moved
            return None
        if game.rules.tractor_move_1e and ship.size is not BaseSize.SMALL:
            return None  # reference card (1e) "Tractor Beam Token": small ships only
        options = [Option("none", "don't move it")]
        options += [Option(label, label) for label in self._attempts(game)]
        return self.ask(self.applier, "tractor_move",
                        f"{ship.name} ({ship.id}) is tractored: move it?", options,
                        ship=ship.id)

    def apply(self, game: Game, answer: Any) -> None:
        if answer == "none":
            return
        ship = game.state.ships[self.ship_id]
        attempt = self._attempts(game)[answer]
        reposition(game, ship, attempt)
        game.event("move", f"{ship.name} ({ship.id}) is tractored: {attempt.label}",
                   ship=ship.id)
        if self.applier != ship.owner and not game.rules.tractor_move_1e:
            game.now(TractorRotate(ship.id))


@dataclass(frozen=True)
class TractorRotate(ChoiceStep):
    """RR: TRACTOR - after an opponent moved a tractored ship, its player may rotate it 90
    degrees left or right; if they do, it gains a stress token."""

    ship_id: str

    def _possible(self, game: Game) -> dict[str, Any]:
        table = game.state.table()
        turns = {"left": -90.0, "right": 90.0}
        possible = {name: rotate_ship(table, self.ship_id, deg) for name, deg in turns.items()}
        return {k: r for k, r in possible.items() if r.possible}

    def choice(self, game: Game) -> Decision | None:
        ship = game.state.ships[self.ship_id]
        if not ship.in_play:
            return None
        possible = self._possible(game)
        if not possible:
            return None
        options = [Option("none", "don't rotate")]
        options += [Option(k, f"rotate 90 degrees {k} and gain a stress token")
                    for k in possible]
        return self.ask(ship.owner, "tractor_rotate",
                        f"{ship.name} ({ship.id}) was moved by the tractor beam: rotate it?",
                        options, ship=ship.id)

    def apply(self, game: Game, answer: Any) -> None:
        if answer == "none":
            return
        ship = game.state.ships[self.ship_id]
        game.state.set_pose(ship, self._possible(game)[answer].final)
        game.event("move", f"{ship.name} ({ship.id}) rotates 90 degrees {answer}",
                   ship=ship.id)
        gain_token(game, ship, Token.STRESS)
