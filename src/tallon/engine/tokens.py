"""Choices that tokens force the moment they are gained (RR: JAM, TRACTOR)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from tallon.engine.decisions import Decision, Option
from tallon.engine.effects import gain_token, remove_token
from tallon.engine.movement import reposition
from tallon.engine.state import GREEN_TOKENS, Token
from tallon.engine.steps import UNANSWERED, Step
from tallon.geometry import rotate_ship, tractor_options

if TYPE_CHECKING:
    from tallon.engine.game import Game


@dataclass(frozen=True)
class JamChoice(Step):
    """RR: JAM - when a ship becomes jammed, the player whose effect jammed it chooses one
    of its green tokens to remove or one of its locks to break; either removes the jam
    token. With neither, the ship stays jammed."""

    ship_id: str
    applier: int
    answer: Any = UNANSWERED

    def run(self, game: Game) -> Decision | None:
        ship = game.state.ships[self.ship_id]
        if not ship.in_play or not ship.has(Token.JAM):
            return None
        if self.answer is not None:
            kind, _, what = str(self.answer).partition(":")
            if kind == "token":
                remove_token(game, ship, Token(what))
                text = f"removes a {what} token"
            else:
                ship.locks = [t for t in ship.locks if t != what]
                text = f"breaks its lock on {what}"
            remove_token(game, ship, Token.JAM)
            game.event("jam", f"{ship.name} ({ship.id}) is jammed: it {text} and the jam "
                       "token", ship=ship.id)
            return None
        options = [Option(f"token:{t.value}", f"remove a {t.value} token")
                   for t in GREEN_TOKENS if ship.has(t)]
        options += [Option(f"lock:{target}", f"break the lock on {target}")
                    for target in ship.locks]
        if not options:
            return None  # it remains jammed
        if len(options) == 1:
            return self.answered(options[0].value).run(game)
        return Decision(self.applier, "jam_effect",
                        f"{ship.name} ({ship.id}) is jammed: choose what it loses",
                        tuple(options), self, ship=ship.id)


@dataclass(frozen=True)
class TractorMove(Step):
    """RR: TRACTOR - the first time a ship becomes tractored each round, the player who
    applied the token may barrel roll it ([1 straight], direction and position theirs) or
    boost it ([1 straight]); the move can't touch an obstacle (or flee)."""

    ship_id: str
    applier: int
    answer: Any = UNANSWERED

    def run(self, game: Game) -> Decision | None:
        ship = game.state.ships[self.ship_id]
        if not ship.in_play:
            return None
        table = game.state.table()
        attempts = {a.label: a for a in tractor_options(table, ship.id) if not a.fails()}
        if self.answer is not None:
            if self.answer == "none":
                return None
            attempt = attempts[self.answer]
            reposition(game, ship, attempt)
            game.event("move", f"{ship.name} ({ship.id}) is tractored: {attempt.label}",
                       ship=ship.id)
            if self.applier != ship.owner:
                game.now(TractorRotate(ship.id))
            return None
        options = [Option("none", "don't move it")]
        options += [Option(label, label) for label in attempts]
        return Decision(self.applier, "tractor_move",
                        f"{ship.name} ({ship.id}) is tractored: move it?", tuple(options),
                        self, ship=ship.id)


@dataclass(frozen=True)
class TractorRotate(Step):
    """RR: TRACTOR - after an opponent moved a tractored ship, its player may rotate it 90
    degrees left or right; if they do, it gains a stress token."""

    ship_id: str
    answer: Any = UNANSWERED

    def run(self, game: Game) -> Decision | None:
        ship = game.state.ships[self.ship_id]
        if not ship.in_play:
            return None
        table = game.state.table()
        turns = {"left": -90.0, "right": 90.0}
        possible = {name: rotate_ship(table, ship.id, deg) for name, deg in turns.items()}
        possible = {k: r for k, r in possible.items() if r.possible}
        if self.answer is not None:
            if self.answer != "none":
                game.state.set_pose(ship, possible[self.answer].final)
                game.event("move", f"{ship.name} ({ship.id}) rotates 90 degrees "
                           f"{self.answer}", ship=ship.id)
                gain_token(game, ship, Token.STRESS)
            return None
        if not possible:
            return None
        options = [Option("none", "don't rotate")]
        options += [Option(k, f"rotate 90 degrees {k} and gain a stress token") for k in possible]
        return Decision(ship.owner, "tractor_rotate",
                        f"{ship.name} ({ship.id}) was moved by the tractor beam: rotate it?",
                        tuple(options), self, ship=ship.id)
