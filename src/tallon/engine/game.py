"""The game: a deterministic state machine driven by answers to decisions.

A game is fully determined by its setup (squads, seed, ruleset, rounds, card pool) and the
list of answers given (architecture principle 2): that list, with the setup, is the save
file, the replay and the network protocol. Every random event is a chance step sampled
with the game's own generator (or exposed as a decision of the chance player: see
:mod:`tallon.engine.chance`).

    game = Game(GameSetup(squads=(rebels, imperials), seed=7, cards=CARDS))
    while not game.over:
        decision = game.decision
        game.answer(decision.options[0].key)
"""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from tallon.engine import records
from tallon.engine.abilities import CardRegistry
from tallon.engine.decisions import Decision, IllegalChoiceError, Value
from tallon.engine.determinize import determinize
from tallon.engine.environments import environment_problem
from tallon.engine.missions_1e import mission_problem, squads_problem
from tallon.engine.scenarios import scenario_problem
from tallon.engine.setup import SetupError, StartGame, build_state
from tallon.engine.snapshot import decode
from tallon.engine.state import PLAYERS, GameState
from tallon.engine.steps import Step
from tallon.engine.view import full_snapshot, player_view
from tallon.rulesets import PLAYED_RULESETS, Ruleset, ruleset_problem, ruleset_rules
from tallon.squads import Squad, XwsError, read_xws, to_xws
from tallon.squads.play_1e import is_first_edition_squad, squad_for_play, to_xws_1e
from tallon.squads.xws_1e import read_xws_1e

RULESETS = PLAYED_RULESETS
CHANCE_MODES = ("sample", "explicit")


def _canonical(squad: Squad) -> Squad:
    """The squad with its upgrades in XWS order (the order a replay reads them in)."""
    if is_first_edition_squad(squad):
        first = read_xws_1e(to_xws_1e(squad))
        return squad if first.errors else squad_for_play(first.squad)
    imported = read_xws(to_xws(squad))
    if imported.errors:
        return squad

    def cards(s: Squad) -> list[list[str]]:
        return [sorted(u.upgrade.xws for u in ship.upgrades) for ship in s.ships]

    # reading may complete a standard loadout left empty: then keep the squad as built
    return imported.squad if cards(imported.squad) == cards(squad) else squad


@dataclass(frozen=True)
class GameSetup:
    """What a game is made from: two squads (the first is player 1), a seed, a ruleset, the
    number of rounds, the card pool whose abilities the game plays (``cards``: a
    :class:`~tallon.engine.abilities.CardRegistry`, e.g. ``tallon.cards.CARDS``) and the
    scenario (one of :data:`~tallon.engine.scenarios.SCENARIOS`, e.g.
    ``"satellite-array"``; None: a practice game without one) and the environment card
    dealt (:data:`~tallon.engine.environments.ENVIRONMENTS`, house rules; None: none)."""

    squads: tuple[Squad, Squad]
    seed: int = 0
    ruleset: str = "2.5"
    rounds: int = 12
    cards: CardRegistry = field(kw_only=True, compare=False, repr=False)
    scenario: str | None = field(default=None, kw_only=True)
    environment: str | None = field(default=None, kw_only=True)
    #: the damage deck shuffled, one of the ruleset's (``Ruleset.damage_decks``: the first
    #: edition's ``1e-core`` or ``1e-core-tfa``); None: the ruleset's first
    damage_deck: str | None = field(default=None, kw_only=True)

    def __post_init__(self) -> None:
        if not isinstance(self.cards, CardRegistry):
            raise SetupError("cards is the card pool whose abilities the game plays (a "
                             f"CardRegistry such as tallon.cards.CARDS), not {self.cards!r}")
        for name in ("seed", "rounds"):
            value = getattr(self, name)
            if not isinstance(value, int) or isinstance(value, bool):
                raise SetupError(f"{name} is a whole number, not {value!r}")
        if not isinstance(self.squads, tuple | list) or not all(
                isinstance(squad, Squad) for squad in self.squads):
            raise SetupError("squads are two tallon.squads.Squad objects (read_xws(...).squad "
                             "or build_squad(...))")
        if self.ruleset not in RULESETS:
            raise SetupError(ruleset_problem(self.ruleset) or f"ruleset {self.ruleset!r}")
        if len(self.squads) != 2:
            raise SetupError("a game needs exactly two squads")
        for k, squad in enumerate(self.squads, start=1):
            if is_first_edition_squad(squad) != (self.ruleset == "1e"):
                edition = "first-edition" if is_first_edition_squad(squad) else "2.5"
                raise SetupError(f"squad {k} is a {edition} squad and the game plays "
                                 f"ruleset {self.ruleset}: a game's squads are of its "
                                 "ruleset")
        mission = ruleset_rules(self.ruleset).missions and self.scenario is not None
        if mission:  # rulebook (1e), Missions: the scenario names a first-edition mission
            problem = mission_problem(self.scenario, self.ruleset) or squads_problem(
                str(self.scenario), self.squads)
            if problem is not None:
                raise SetupError(problem)
        if ((self.scenario and not mission) or self.environment) and \
                not ruleset_rules(self.ruleset).scenarios:
            raise SetupError(f"the {self.ruleset} ruleset plays neither the 2.5 scenarios "
                             "nor environment cards")
        for problem in (None if mission else scenario_problem(self.scenario),
                        environment_problem(self.environment)):
            if problem is not None:
                raise SetupError(problem)
        if self.rounds < 1:
            raise SetupError("a game lasts at least one round")
        decks = ruleset_rules(self.ruleset).damage_decks
        if self.damage_deck is not None and self.damage_deck not in decks:
            raise SetupError(f"unknown damage deck {self.damage_deck!r} for ruleset "
                             f"{self.ruleset}; its decks: {', '.join(decks)}")
        # the record stores squads as XWS, which lists upgrades by slot: play them in that
        # order from the start, so a replay builds its ships exactly as the game did
        object.__setattr__(self, "squads", tuple(_canonical(s) for s in self.squads))

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"ruleset": self.ruleset, "seed": self.seed,
                                "rounds": self.rounds,
                                "squads": [to_xws_1e(s) if is_first_edition_squad(s)
                                           else to_xws(s) for s in self.squads]}
        if self.scenario is not None:  # records of games without one stay as they were
            data["scenario"] = self.scenario
        if self.environment is not None:
            data["environment"] = self.environment
        if self.damage_deck is not None:
            data["damage_deck"] = self.damage_deck
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any], cards: CardRegistry) -> GameSetup:
        """The setup :meth:`to_json` wrote; :class:`SetupError` saying what is wrong."""
        if not isinstance(data, dict):
            raise SetupError("the setup is not a JSON object")
        missing = [key for key in ("squads", "seed", "ruleset", "rounds") if key not in data]
        if missing:
            raise SetupError(f"the setup has no {', '.join(map(repr, missing))}")
        if not isinstance(data["squads"], list) or len(data["squads"]) != 2:
            raise SetupError("the setup's 'squads' is not a list of two XWS squads")
        squads = []
        for k, raw in enumerate(data["squads"]):
            if data.get("ruleset") == "1e":
                try:
                    first = read_xws_1e(raw) if isinstance(raw, dict) else None
                except XwsError as error:
                    raise SetupError(f"squad {k + 1} of the setup: {error}") from None
                if first is None or first.errors:
                    problems = "; ".join(p.message for p in first.errors) if first else \
                        "not an XWS 1.0 squad"
                    raise SetupError(f"squad {k + 1} of the setup: {problems}")
                squads.append(squad_for_play(first.squad))
                continue
            try:
                imported = read_xws(raw)
            except XwsError as error:
                raise SetupError(f"squad {k + 1} of the setup: {error}") from None
            if imported.errors:
                problems = "; ".join(p.message for p in imported.errors)
                raise SetupError(f"squad {k + 1} of the setup: {problems}")
            squads.append(imported.squad)
        if not isinstance(data["ruleset"], str):
            raise SetupError(f"the setup's ruleset is not a name: {data['ruleset']!r}")
        scenario, environment = data.get("scenario"), data.get("environment")
        for what, name in (("scenario", scenario), ("environment", environment)):
            if name is not None and not isinstance(name, str):
                raise SetupError(f"the setup's {what} is not a name: {name!r}")
        return cls((squads[0], squads[1]), data["seed"], data["ruleset"], data["rounds"],
                   cards=cards, scenario=scenario, environment=environment,
                   damage_deck=data.get("damage_deck"))


class Game:
    """A game in progress. Build it with a :class:`GameSetup`; answer ``game.decision``.

    ``logging`` keeps the event log (the round log and the replay page read it);
    ``chance="explicit"`` stops at every random event with a decision of the chance player
    instead of sampling it (for search).
    """

    __slots__ = ("choices", "explicit_chance", "log", "logging", "pending", "setup", "stack",
                 "state", "urgent")

    def __init__(self, setup: GameSetup, *, logging: bool = True, chance: str = "sample"
                 ) -> None:
        if chance not in CHANCE_MODES:
            raise SetupError(f"chance is one of {', '.join(CHANCE_MODES)}, not {chance!r}")
        self.setup = setup
        self.logging = logging
        self.explicit_chance = chance == "explicit"
        self.pending: Decision | None = None
        self.choices: list[Value] = []
        self.log: list[dict[str, Any]] = []
        self.urgent: list[Step] = []
        self.state: GameState = build_state(setup)
        self.stack: list[Step] = [StartGame()]
        self._advance()

    @property
    def cards(self) -> CardRegistry:
        """The card pool whose abilities this game plays."""
        return self.setup.cards

    @property
    def rules(self) -> Ruleset:
        """The rules in which this game's ruleset differs (:class:`tallon.rulesets.Ruleset`)."""
        return ruleset_rules(self.setup.ruleset)

    # ------------------------------------------------------------------- driving
    @property
    def decision(self) -> Decision | None:
        """The decision the game is waiting for (None when the game is over)."""
        return self.pending

    @property
    def over(self) -> bool:
        return self.state.over

    def answer(self, value: Value) -> None:
        """Answer the pending decision with an option's key (or a free answer where the
        decision takes one). An illegal answer raises :class:`IllegalChoiceError` saying
        why, and changes nothing."""
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
        """An independent copy at this decision point (cheap: for search). It keeps the
        random generator, so it rolls the same dice as this game would: to search without
        knowing the future, use :meth:`determinize`."""
        copy = Game.__new__(Game)
        copy.setup = self.setup
        copy.state = self.state.clone()
        copy.stack = list(self.stack)
        copy.pending = self.pending
        copy.choices = list(self.choices)
        copy.log = list(self.log) if keep_log else []
        copy.logging = keep_log and self.logging
        copy.explicit_chance = self.explicit_chance
        copy.urgent = []
        return copy

    def determinize(self, player: int, rng: random.Random) -> Game:
        """A copy of this game consistent with everything ``player`` may see and with the
        hidden rest drawn at random with ``rng``: the opponent's facedown dials resampled
        from the maneuvers they could set, the unseen damage cards (decks and facedown
        cards) reshuffled, other players' secret conditions redrawn, and every future
        random event reseeded. Two games ``player`` cannot tell apart give the same copy
        for the same ``rng``. The copy keeps no answers and no log (they would tell)."""
        return determinize(self, player, rng)

    # --------------------------------------------------------------------- events
    def event(self, kind: str, text: str, **data: Any) -> None:
        """Record what happened, for the round log and the replay viewer."""
        if self.logging:
            s = self.state
            self.log.append({"round": s.round, "phase": s.phase, "kind": kind,
                             "text": text, **data})

    # --------------------------------------------------------- records and saves
    def to_record(self) -> dict[str, Any]:
        """The save file: setup, every answer, and the state hash to check a replay
        (:mod:`tallon.engine.records`)."""
        return records.to_record(self)

    @classmethod
    def from_record(cls, record: dict[str, Any], cards: CardRegistry, logging: bool = True,
                    watch: Callable[[Game], None] | None = None) -> Game:
        """Replay a save file with the card pool ``cards`` (``watch(game)``: called before
        the first answer and after each). Raises :class:`SetupError` for a file that is
        not a record, and :class:`IllegalChoiceError` naming the answer that no longer
        fits (a corrupted or foreign record)."""
        legacy = records.check_record(record)
        game = cls(GameSetup.from_json(record["setup"], cards), logging=logging,
                   chance=str(record.get("chance", "sample")))
        if watch is not None:
            watch(game)
        for n, value in enumerate(record["choices"]):
            try:
                decision = game.decision
                if legacy and decision is not None:
                    value = records.legacy_answer(decision, value)
                game.answer(value)
            except IllegalChoiceError as error:
                raise IllegalChoiceError(f"answer {n + 1} of the record: {error}") from None
            if watch is not None:
                watch(game)
        return game

    def save(self) -> dict[str, Any]:
        """A full snapshot of the game at this point as JSON (state, pending steps and
        decision, answers, log): :meth:`load` continues it exactly, without replaying."""
        return records.save(self)

    @classmethod
    def load(cls, data: dict[str, Any], cards: CardRegistry) -> Game:
        """A game from :meth:`save`, with the card pool ``cards``. :class:`SetupError` for
        what is not a snapshot or cannot be decoded; a snapshot is trusted to be what
        ``save`` wrote (a record, replayed, is the form checked answer by answer)."""
        records.check_snapshot(data)
        game = cls.__new__(cls)
        game.setup = GameSetup.from_json(data["setup"], cards)
        game.explicit_chance = data["chance"] == "explicit"
        game.logging = bool(data["logging"])
        try:
            game.choices = decode(data["choices"])
            game.state = decode(data["state"])
            game.stack = [decode(step) for step in data["stack"]]
            game.pending = None if data["pending"] is None else decode(data["pending"])
            game.log = decode(data["log"])
        except (KeyError, TypeError, ValueError, AttributeError, IndexError,
                RecursionError) as error:
            raise SetupError(f"the snapshot is damaged: {type(error).__name__}: {error}") \
                from None
        if not isinstance(game.state, GameState) or not isinstance(game.stack, list):
            raise SetupError("the snapshot is damaged: no game state in it")
        game.urgent = []
        return game

    # ----------------------------------------------------------------- hashing
    def snapshot(self, legacy_numbering: bool = False) -> dict[str, Any]:
        """Every fact that determines the game's future, as JSON (what the hash digests);
        ``legacy_numbering``: with players numbered 0 and 1, as before version 3 records."""
        return full_snapshot(self, legacy_numbering)

    def state_hash(self, legacy_numbering: bool = False) -> str:
        """A short digest of :meth:`snapshot`, to compare games."""
        text = json.dumps(self.snapshot(legacy_numbering), sort_keys=True,
                          separators=(",", ":"))
        return hashlib.sha256(text.encode()).hexdigest()[:16]

    def reproduces(self, record: dict[str, Any]) -> bool:
        """Whether this game (replayed from ``record``) is in the state the record saved:
        its hash as the record's version computed it (players 0 and 1 before version 3)."""
        return record.get("state_hash") == self.state_hash(records.numbered_from_zero(record))

    def view(self, player: int, log: bool = True) -> dict[str, Any]:
        """What ``player`` (1 or 2) may see (architecture principle 5)."""
        if player not in PLAYERS:
            raise ValueError(f"players are numbered 1 and 2, not {player!r}")
        return player_view(self, player, log)

    @property
    def rng(self) -> random.Random:
        return self.state.rng
