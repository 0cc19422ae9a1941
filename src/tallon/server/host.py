"""The authoritative host of the server's games, independent of HTTP: it creates games
from squads and seats, applies the answers a seat's token allows, lets AI seats play, and
says what each player may see.

Only answers come from clients; the engine decides everything else. A seat token is the
only way to act for a player. Each accepted answer is stored before it is acknowledged,
and a game not in memory (after a restart) is rebuilt by replaying its stored answers.
"""

from __future__ import annotations

import logging
import secrets
import threading
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from tallon.agents import SimpleAgent, agent_answer
from tallon.agents.levels import LEVELS, make_agent
from tallon.cards import CARDS
from tallon.engine import Game, GameSetup, IllegalChoiceError, SetupError, records
from tallon.engine.environments import ENVIRONMENT_CHOICES, chosen_environment
from tallon.engine.missions_1e import MISSIONS_1E
from tallon.engine.scenarios import SCENARIO_CHOICES, SCENARIOS, chosen_scenario
from tallon.rulesets import RULES
from tallon.server.errors import RequestError
from tallon.server.library import game_squads
from tallon.server.messages import player_message
from tallon.server.store import Store, token_digest
from tallon.server.table import board_svg

#: The AI levels a seat can name (``"ai:ace"``): :data:`tallon.agents.levels.LEVELS`.
AI_LEVELS = tuple(LEVELS)
#: Where a failing AI seat is reported (the server's log).
LOG = logging.getLogger("tallon.server")

#: What a game's "scenario" may be besides a standard scenario's name and "random": no
#: scenario, a practice game ("standard" is what clients sent for it before scenarios).
PRACTICE = (None, "none", "standard")


def game_scenario(value: Any, seed: Any) -> str | None:
    """The scenario a new game plays for the request's ``"scenario"`` (``"random"``: drawn
    from the game's seed); 422 naming the choices for anything else."""
    if value in PRACTICE:
        return None
    if not isinstance(value, str) or value not in SCENARIO_CHOICES:
        raise RequestError(422, f"unknown scenario {value!r}: one of "
                           f"{', '.join(SCENARIO_CHOICES)}, or \"none\" (or null) for a "
                           "practice game without a scenario")
    return chosen_scenario(value, seed)


def game_environment(value: Any, seed: Any) -> str | None:
    """The environment card a new game is dealt for the request's ``"environment"`` (None
    or "none": no card; "random": drawn from the game's seed); 422 naming the choices."""
    if value is None:
        return None
    if not isinstance(value, str) or value not in ENVIRONMENT_CHOICES:
        raise RequestError(422, f"unknown environment card {value!r}: one of "
                           f"{', '.join(ENVIRONMENT_CHOICES)} (or null for none)")
    return chosen_environment(value, seed)


def scenario_list() -> dict[str, Any]:
    """The scenarios a game can be created with (``GET /api/scenarios``)."""
    return {"scenarios": [{"name": s.name, "title": s.title, "objective": s.objective}
                          for s in SCENARIOS.values()],
            "choices": [*SCENARIO_CHOICES, "none"],
            # the first edition's core-set missions, for games of XWS 1.0 squads
            "missions": [{"name": m.name, "title": m.title, "objective": m.summary}
                         for m in MISSIONS_1E.values()]}


@dataclass
class Session:
    """A game in memory: the engine's game, its seats and the lock its changes take."""

    id: str
    game: Game
    seats: list[dict[str, Any]]
    lock: threading.Lock = field(default_factory=threading.Lock)
    agents: dict[int, Any] = field(default_factory=dict)
    #: each player's last message and the decision id it was made at: made once per
    #: change, shared by the answer's response and the pushes to every socket
    messages: dict[int, tuple[int, dict[str, Any]]] = field(default_factory=dict)
    #: the AI's answers applied but not yet stored (its turn is committed at once)
    unstored: list[Any] = field(default_factory=list)
    #: set when a commit failed: the game holds answers never stored and is rebuilt
    dropped: bool = False

    def seat_of(self, token: str | None) -> int:
        """The player whose seat ``token`` opens; 403 for any other token."""
        digest = token_digest(token or "")
        for seat in self.seats:
            if secrets.compare_digest(seat["token_digest"], digest):
                return int(seat["player"])
        raise RequestError(403, "this token opens no seat of this game")


class Host:
    """Every game of one server, stored in ``store``."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._sessions: dict[str, Session] = {}
        self._lock = threading.Lock()
        #: called with (game id) after every change, to push the new views
        self.listeners: list[Callable[[str], None]] = []

    # ------------------------------------------------------------------ creating
    def create(self, request: dict[str, Any]) -> dict[str, Any]:
        """A new game from ``{"squads": [XWS, XWS], "seats": [...], "seed", "ruleset",
        "scenario", "environment"}``; returns its id, the seat tokens, the scenario played
        and the environment card dealt."""
        if not isinstance(request, dict):
            raise RequestError(400, "the request is a JSON object with squads and seats")
        squads = game_squads(request.get("squads"), self.store)
        seats = request.get("seats", ["human", "human"])
        if not isinstance(seats, list) or len(seats) != 2 or not all(
                isinstance(s, str) for s in seats):
            raise RequestError(422, "seats is a list of two: \"human\" or \"ai:<level>\"")
        for seat in seats:
            if seat != "human" and seat.removeprefix("ai:") not in AI_LEVELS:
                raise RequestError(422, f"unknown seat {seat!r}: \"human\" or one of "
                                   + ", ".join(f"ai:{level}" for level in AI_LEVELS))
        seed = request.get("seed", secrets.randbelow(2**31))
        # the squads' cards say the ruleset (XWS 1.0 squads: the first edition)
        ruleset = request.get("ruleset") or squads[0].played_ruleset
        if ruleset in RULES and not RULES[ruleset].scenarios:
            # a first-edition game: a core-set mission ("mission", or as "scenario")
            scenario = request.get("mission") or (
                None if request.get("scenario") in (*PRACTICE, "random")
                else request.get("scenario"))
            environment = None
        else:
            scenario = game_scenario(request.get("scenario"), seed)
            environment = game_environment(request.get("environment"), seed)
        try:
            setup = GameSetup(squads, seed, ruleset, cards=CARDS,
                              scenario=scenario, environment=environment)
            game = Game(setup)
        except SetupError as error:
            raise RequestError(422, str(error),
                               [{"message": problem} for problem in error.problems]) from None
        game_id = uuid.uuid4().hex
        tokens = [secrets.token_urlsafe(18) for _ in seats]
        stored = [{"player": number, "kind": kind, "token_digest": token_digest(token)}
                  for number, (kind, token) in enumerate(zip(seats, tokens, strict=True),
                                                         start=1)]
        self.store.add_game(game_id, setup.to_json(), stored)
        session = Session(game_id, game, stored)
        with self._lock:
            self._sessions[game_id] = session
        with session.lock:
            self._ai_turn(session)
        return {"game": game_id, "scenario": scenario, "environment": environment,
                "seats": [{"player": seat["player"], "kind": seat["kind"], "token": token}
                          for seat, token in zip(stored, tokens, strict=True)]}

    # ------------------------------------------------------------------- playing
    def session(self, game_id: str) -> Session:
        """The game ``game_id``, rebuilt from the database if it is not in memory."""
        with self._lock:
            found = self._sessions.get(game_id)
        if found is not None:
            return found
        # replayed outside the server's lock: other games go on meanwhile
        stored = self.store.game(game_id)
        if stored is None:
            raise RequestError(404, f"no game has the id {game_id!r}")
        game = Game.from_record({"format": records.RECORD_FORMAT,
                                 "version": records.RECORD_VERSION, "setup": stored.setup,
                                 "choices": stored.answers}, CARDS)
        with self._lock:
            session = self._sessions.setdefault(game_id,
                                                Session(game_id, game, stored.seats))
        with session.lock:
            self._ai_turn(session)  # an AI answer may have been lost in the crash
        return session

    @contextmanager
    def _locked(self, game_id: str, token: str | None) -> Iterator[tuple[Session, int]]:
        """The game and the token's player, under the game's lock (a game dropped
        meanwhile, because a commit failed, is rebuilt from the store)."""
        while True:
            session = self.session(game_id)
            player = session.seat_of(token)
            with session.lock:
                if session.dropped:
                    continue
                yield session, player
                return

    def _message(self, session: Session, player: int) -> dict[str, Any]:
        """``player_message``, made once per change of the game (the caller holds its
        lock; the message is shared: it must not be changed)."""
        number = len(session.game.choices)
        made = session.messages.get(player)
        if made is None or made[0] != number:
            made = session.messages[player] = (number, player_message(session.game, player))
        return made[1]

    def view(self, game_id: str, token: str | None) -> dict[str, Any]:
        """The token's player's message (shared with other requests: not to be changed)."""
        with self._locked(game_id, token) as (session, player):
            return self._message(session, player)

    def answer(self, game_id: str, token: str | None, body: Any) -> dict[str, Any]:
        """Apply ``{"decision": n, "answer": value}`` for the token's player: 409 when
        ``n`` is not the pending decision, 422 when the engine refuses the answer."""
        if not isinstance(body, dict) or "decision" not in body or "answer" not in body:
            self.session(game_id).seat_of(token)  # 404 and 403 before 400
            raise RequestError(400, "the body is {\"decision\": n, \"answer\": value}")
        with self._locked(game_id, token) as (session, player):
            game = session.game
            decision = game.decision
            if decision is None:
                raise RequestError(409, "the game is over")
            if body["decision"] != len(game.choices):
                raise RequestError(409, f"decision {body['decision']!r} is not the pending "
                                        f"one ({len(game.choices)})")
            if decision.player != player:
                raise RequestError(409, f"the pending decision is player "
                                        f"{decision.player}'s, not yours")
            self._apply(session, body["answer"])
            self._store(session)  # the player's answer, before the AI's turn
            self._ai_turn(session)
            message = self._message(session, player)
        self._changed(game_id)
        return message

    def board(self, game_id: str, token: str | None, since: int | None = None) -> str:
        """The table drawn to scale for the token's player (SVG): positions, obstacles and
        remotes are public; the pieces the player is placing are added as ghosts, and
        the maneuvers executed since the ``since``-th log event as hidden templates."""
        return self.inspect(game_id, token,
                            lambda game, player: board_svg(game, player, since))

    def inspect(self, game_id: str, token: str | None,
                work: Callable[[Game, int], Any]) -> Any:
        """``work(game, player)`` for the token's player, under the game's lock: for
        answers about the game that change nothing (drawings, previews, the roster)."""
        with self._locked(game_id, token) as (session, player):
            return work(session.game, player)

    def record(self, game_id: str, token: str | None) -> dict[str, Any]:
        """The replay record, once the game is over (before, it would show hidden facts)."""
        with self._locked(game_id, token) as (session, _player):
            if not session.game.over:
                raise RequestError(409, "the record is given once the game is over")
            return session.game.to_record()

    def _apply(self, session: Session, answer: Any) -> None:
        """Answer the game's pending decision; the answer is stored by ``_store``, which
        every caller runs before releasing the game's lock (so before any answer is
        acknowledged or shown)."""
        game = session.game
        try:
            game.answer(answer)
        except IllegalChoiceError as error:
            raise RequestError(422, str(error)) from None
        session.unstored.append(game.choices[-1])

    def _store(self, session: Session) -> None:
        """Commit the answers applied since the last commit, in one transaction."""
        if not session.unstored:
            return
        first = len(session.game.choices) - len(session.unstored)
        try:
            self.store.add_answers(session.id, first, session.unstored)
        except Exception:
            # not stored, so not accepted: forget them by rebuilding the game from the store
            session.dropped = True
            with self._lock:
                if self._sessions.get(session.id) is session:
                    del self._sessions[session.id]
            raise
        session.unstored.clear()

    def _ai_turn(self, session: Session) -> None:
        """Let the AI seats answer until a person is to answer or the game ends, and
        commit their answers at once (before any of them is acknowledged)."""
        try:
            self._play_ai(session)
        finally:
            self._store(session)

    def _play_ai(self, session: Session) -> None:
        game = session.game
        while game.decision is not None:
            player = game.decision.player
            seat = next((s for s in session.seats if s["player"] == player), None)
            if seat is None or seat["kind"] == "human":
                return
            agent = session.agents.get(player)
            if agent is None:
                level = seat["kind"].removeprefix("ai:")
                agent = session.agents[player] = make_agent(level, game.setup.seed + player)
            self._apply(session, _ai_answer(agent, game))

    def _changed(self, game_id: str) -> None:
        for listener in self.listeners:
            listener(game_id)


def _ai_answer(agent: Any, game: Game) -> Any:
    """``agent``'s answer; if the agent fails (a bug of its own), the simple agent's, or
    the first option, so that the person's game goes on (the failure is logged)."""
    try:
        return agent_answer(agent, game)
    except Exception:
        decision = game.decision
        assert decision is not None
        LOG.exception("the %s AI failed on a %s decision of game seed %s; the simple "
                      "agent answers it", type(agent).__name__, decision.kind,
                      game.setup.seed)
        try:
            return agent_answer(SimpleAgent(game.setup.seed), game)
        except Exception:
            LOG.exception("the simple agent failed too; the first option is taken")
            return decision.options[0].key


__all__ = ["AI_LEVELS", "Host", "RequestError", "Session", "game_scenario", "scenario_list"]
