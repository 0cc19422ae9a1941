"""The game: a deterministic state machine driven by answers to decisions.

A game is fully determined by its setup (squads, seed, ruleset, rounds) and the list of
answers given (architecture principle 2): that list, with the setup, is the save file, the
replay and the network protocol. Every random draw comes from the game's own generator.

    game = Game(GameSetup(squads=(rebels, imperials), seed=7))
    while not game.over:
        decision = game.decision
        game.answer(decision.options[0].value)
"""

from __future__ import annotations

import hashlib
import json
import random
from dataclasses import dataclass, field
from typing import Any

from tallon.engine.decisions import Decision, IllegalChoiceError, Value
from tallon.engine.state import GameState
from tallon.engine.steps import Step
from tallon.squads import Squad, read_xws, to_xws

RECORD_FORMAT = "tallon-game"
RECORD_VERSION = 1
RULESETS = ("2.5",)


class SetupError(ValueError):
    """The game can't be set up as asked (names the squad, card and reason)."""


def _canonical(squad: Squad) -> Squad:
    """The squad with its upgrades in XWS order (the order a replay reads them in)."""
    imported = read_xws(to_xws(squad))
    if imported.errors:
        return squad

    def cards(s: Squad) -> list[list[str]]:
        return [sorted(u.upgrade.xws for u in ship.upgrades) for ship in s.ships]

    # reading may complete a standard loadout left empty: then keep the squad as built
    return imported.squad if cards(imported.squad) == cards(squad) else squad


@dataclass(frozen=True)
class GameSetup:
    """What a game is made from: two squads (the first is player 1), a seed, a ruleset and
    the number of rounds."""

    squads: tuple[Squad, Squad]
    seed: int = 0
    ruleset: str = "2.5"
    rounds: int = 12

    def __post_init__(self) -> None:
        if self.ruleset not in RULESETS:
            raise SetupError(f"unknown ruleset {self.ruleset!r}; supported: "
                             f"{', '.join(RULESETS)}")
        if len(self.squads) != 2:
            raise SetupError("a game needs exactly two squads")
        if self.rounds < 1:
            raise SetupError("a game lasts at least one round")
        # the record stores squads as XWS, which lists upgrades by slot: play them in that
        # order from the start, so a replay builds its ships exactly as the game did
        object.__setattr__(self, "squads", tuple(_canonical(s) for s in self.squads))

    def to_json(self) -> dict[str, Any]:
        return {"ruleset": self.ruleset, "seed": self.seed, "rounds": self.rounds,
                "squads": [to_xws(s) for s in self.squads]}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> GameSetup:
        squads = []
        for k, raw in enumerate(data["squads"]):
            imported = read_xws(raw)
            if imported.errors:
                problems = "; ".join(p.message for p in imported.errors)
                raise SetupError(f"squad {k + 1} of the record: {problems}")
            squads.append(imported.squad)
        return cls((squads[0], squads[1]), int(data["seed"]), str(data["ruleset"]),
                   int(data["rounds"]))


@dataclass
class Game:
    """A game in progress. Build it with a :class:`GameSetup`; answer ``game.decision``."""

    setup: GameSetup
    state: GameState = field(init=False)
    stack: list[Step] = field(init=False, default_factory=list)
    pending: Decision | None = field(init=False, default=None)
    choices: list[Value] = field(init=False, default_factory=list)
    log: list[dict[str, Any]] = field(init=False, default_factory=list)
    logging: bool = True
    urgent: list[Step] = field(init=False, default_factory=list)

    def __post_init__(self) -> None:
        from tallon.engine.setup import StartGame, build_state

        self.state = build_state(self.setup)
        self.stack = [StartGame()]
        self._advance()

    # ------------------------------------------------------------------- driving
    @property
    def decision(self) -> Decision | None:
        """The decision the game is waiting for (None when the game is over)."""
        return self.pending

    @property
    def over(self) -> bool:
        return self.state.over

    def answer(self, value: Value) -> None:
        """Answer the pending decision. An illegal answer raises :class:`IllegalChoiceError`
        saying why, and changes nothing."""
        decision = self.pending
        if decision is None:
            raise IllegalChoiceError("the game is not waiting for a decision"
                                + (" (it is over)" if self.over else ""))
        value = decision.validate(self, value)
        self.pending = None
        self.choices.append(value)
        self.stack.append(decision.resume.answered(value))
        self._advance()

    def _advance(self) -> None:
        stack = self.stack
        urgent = self.urgent
        while self.pending is None and stack:
            result = stack.pop().run(self)
            if urgent:
                # effects that must resolve at once run before anything the step scheduled
                assert result is None, "a step may not ask and trigger effects at once"
                stack.extend(reversed(urgent))
                urgent.clear()
            if result is not None:
                self.pending = result

    def push(self, *steps: Step) -> None:
        """Schedule steps to run next, in the order given."""
        self.stack.extend(reversed(steps))

    def now(self, *steps: Step) -> None:
        """Schedule steps that resolve as soon as the current step is done, before anything
        it scheduled (e.g. the choice a jam token forces the moment it is gained)."""
        self.urgent.extend(steps)

    # ------------------------------------------------------------------- copying
    def clone(self, keep_log: bool = False) -> Game:
        """An independent copy at this decision point (cheap: for search)."""
        copy = Game.__new__(Game)
        copy.setup = self.setup
        copy.state = self.state.clone()
        copy.stack = list(self.stack)
        copy.pending = self.pending
        copy.choices = list(self.choices)
        copy.log = list(self.log) if keep_log else []
        copy.logging = keep_log and self.logging
        copy.urgent = []
        return copy

    # --------------------------------------------------------------------- events
    def event(self, kind: str, text: str, **data: Any) -> None:
        """Record what happened, for the round log and the replay viewer."""
        if self.logging:
            s = self.state
            self.log.append({"round": s.round, "phase": s.phase, "kind": kind,
                             "text": text, **data})

    # ------------------------------------------------------------------- records
    def to_record(self) -> dict[str, Any]:
        """The save file: setup, every answer, and the state hash to check a replay."""
        return {"format": RECORD_FORMAT, "version": RECORD_VERSION,
                "setup": self.setup.to_json(), "choices": list(self.choices),
                "state_hash": self.state_hash()}

    @classmethod
    def from_record(cls, record: dict[str, Any], logging: bool = True) -> Game:
        """Replay a save file. Raises :class:`IllegalChoiceError` naming the answer that no
        longer fits (a corrupted or foreign record)."""
        if record.get("format") != RECORD_FORMAT:
            raise SetupError(f"not a Tallon game record (format {record.get('format')!r})")
        if record.get("version") != RECORD_VERSION:
            raise SetupError(f"unsupported record version {record.get('version')!r}")
        game = cls(GameSetup.from_json(record["setup"]), logging=logging)
        for n, value in enumerate(record["choices"]):
            try:
                game.answer(value)
            except IllegalChoiceError as error:
                raise IllegalChoiceError(f"answer {n + 1} of the record: {error}") from None
        return game

    # ----------------------------------------------------------------- hashing
    def snapshot(self) -> dict[str, Any]:
        """Everything that determines the game's future, as JSON."""
        from tallon.engine.view import full_snapshot

        return full_snapshot(self)

    def state_hash(self) -> str:
        """A short digest of :meth:`snapshot`, to compare games."""
        text = json.dumps(self.snapshot(), sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(text.encode()).hexdigest()[:16]

    def view(self, player: int, log: bool = True) -> dict[str, Any]:
        """What ``player`` may see (architecture principle 5)."""
        from tallon.engine.view import player_view

        return player_view(self, player, log)

    @property
    def rng(self) -> random.Random:
        return self.state.rng
