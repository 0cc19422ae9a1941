"""The odds page (issue 20) and its JSON API: ``POST /api/odds`` solves an attack exactly,
``GET /api/dice/abilities`` lists what the page's form offers (docs/server.md, "The odds
page").

The attack is described as ``tallon.dice.spec`` reads it (the one description shared with
the command line); this module adds what to optimise and an optional sequence of the same
attack against one defender.

Guarding the server: the spec bounds dice and tokens, this module the body's size, the
abilities and the sequence's length; yet within those bounds a solve can take minutes (six
dice a side, ten tokens of each kind, several rerolling cards), and a thread cannot be
stopped. So a request is checked here and solved in a child process, killed after
``SOLVE_SECONDS``; at most ``SOLVERS`` run at a time, later requests waiting on the event
loop rather than in the worker threads the games use. Children are forked from a
forkserver that has imported this module once (as ``tallon.sim.runner`` does): about 10 ms
each, and no fork of the server's threads.
"""

from __future__ import annotations

import json
import multiprocessing
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from anyio import CapacityLimiter, to_thread
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Route

from tallon.dice import CATALOGUE, Objective, calculate
from tallon.dice.abilities.tokens import ATTACKER_TOKENS, DEFENDER_TOKENS
from tallon.dice.attack import DICE_RULES, MAX_DICE, MAX_TOKENS, Attack
from tallon.dice.dice_rules import DiceRules
from tallon.dice.objectives import objective_from_text
from tallon.dice.sequence import OBJECTIVES, calculate_sequence
from tallon.dice.spec import SpecError, attack_from_spec, spec_from_attack

STATIC = Path(__file__).resolve().parent / "static"

MAX_BODY = 16_384
"""Bytes of a request body: a full form is well under 2 kB."""
MAX_ABILITIES = 8
"""Card abilities per side: more than any ship has that act on one attack's dice."""
MAX_REPEAT = 6
"""Attacks in a sequence: a round's worth of attackers on one defender (the command line
takes longer ones)."""
MAX_HULL = 99
MAX_KILL = 99
SOLVE_SECONDS = 20.0
"""A solve still running after this long is stopped and the request refused."""
SOLVERS = 2
"""Solves at a time (one per core of the machines Tallon is built on)."""

_OWN_KEYS = ("objective", "repeat", "hull", "shields", "sequence_objective")
"""The body's keys this module reads; the others are the attack's spec."""


class OddsError(ValueError):
    """A request the odds API refuses: ``field`` names the part of the body that is wrong
    (None: the body as a whole)."""

    def __init__(self, message: str, field: str | None) -> None:
        super().__init__(message)
        self.field = field

    def to_dict(self) -> dict[str, Any]:
        return {"error": str(self), "field": self.field}


@dataclass(frozen=True)
class OddsRequest:
    """A checked request: the attack (and its spec as ``spec_from_attack`` writes it), what
    both sides optimise, and the sequence asked for (``repeat`` attacks; ``hull`` None when
    no destruction is asked about)."""

    attack: Attack
    spec: dict[str, Any]
    objective: Objective
    repeat: int
    hull: int | None
    shields: int
    sequence_objective: str

    @property
    def wants_sequence(self) -> bool:
        return self.repeat > 1 or self.hull is not None


def parse_objective(value: Any) -> Objective:
    """``"damage"`` (the default, also for null), ``"kill:K"`` (at least K damage) or
    ``"crit"`` (at least one crit)."""
    text = "damage" if value is None else value
    if isinstance(text, str):
        try:
            return objective_from_text(text, MAX_KILL)
        except ValueError:
            pass
    raise OddsError(f"objective: {value!r}; accepted: damage, kill:K (K from 1 to "
                    f"{MAX_KILL}), crit", "objective")


def _whole(body: Mapping[str, Any], key: str, default: int | None, low: int,
           high: int) -> int | None:
    value = body.get(key, default)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise OddsError(f"{key}: {value!r}; accepted: a whole number from {low} to {high}",
                        key)
    return value


def _check_abilities(body: Mapping[str, Any]) -> None:
    for key in ("attacker_abilities", "defender_abilities"):
        value = body.get(key)
        parts = value.split(",") if isinstance(value, str) else value
        if not isinstance(parts, list):
            continue  # the spec says what it accepts
        parts = [p.strip() for p in parts if isinstance(p, str) and p.strip()]
        if len(parts) > MAX_ABILITIES:
            raise OddsError(f"{key}: {len(parts)} abilities; accepted: at most "
                            f"{MAX_ABILITIES} a side", key)
        for part in parts:
            # a card's number (charges, ships) above a token's limit only slows the solve,
            # and the spec could not write it back
            _, _, number = part.partition("=")
            if number.strip().isdigit() and int(number) > MAX_TOKENS:
                raise OddsError(f"{key}: {part!r}; accepted: a number from 0 to {MAX_TOKENS} "
                                "after '='", key)


def read_request(body: Any) -> OddsRequest:
    """Check a decoded ``POST /api/odds`` body; ``OddsError`` names the first bad field."""
    if not isinstance(body, dict):
        raise OddsError("the body must be a JSON object describing the attack", None)
    _check_abilities(body)
    try:
        attack = attack_from_spec(body, ignore=_OWN_KEYS)
        spec = spec_from_attack(attack)
    except SpecError as error:
        raise OddsError(str(error), error.field) from None
    objective = parse_objective(body.get("objective"))
    repeat = _whole(body, "repeat", 1, 1, MAX_REPEAT) or 1
    hull = _whole(body, "hull", None, 1, MAX_HULL)
    shields = _whole(body, "shields", 0, 0, MAX_HULL) or 0
    chosen = body.get("sequence_objective") or ("fast" if hull is not None else "damage")
    if chosen not in OBJECTIVES:
        raise OddsError(f"sequence_objective: {chosen!r}; accepted: {', '.join(OBJECTIVES)}",
                        "sequence_objective")
    if chosen != "damage" and hull is None:
        raise OddsError(f"sequence_objective: {chosen!r} needs the defender's hull",
                        "sequence_objective")
    return OddsRequest(attack, spec, objective, repeat, hull, shields, chosen)


def solve(body: Any) -> dict[str, Any]:
    """The answer to ``POST /api/odds``, solved here and now; raises ``OddsError``.

    ``AttackResult.to_dict()`` (damage distribution, at least N, P(crit), both sides'
    expected tokens left) with ``spec``, the attack as read (what the page's shareable link
    holds), and ``sequence`` (``SequenceResult.to_dict()``) when ``repeat`` > 1 or a
    ``hull`` is given.
    """
    request = read_request(body)
    answer = {"spec": request.spec,
              **calculate(request.attack, request.objective).to_dict()}
    if request.wants_sequence:
        answer["sequence"] = calculate_sequence(
            [request.attack] * request.repeat, hull=request.hull, shields=request.shields,
            objective=request.sequence_objective).to_dict()
    return answer


def _context() -> Any:
    if "forkserver" in multiprocessing.get_all_start_methods():
        context = multiprocessing.get_context("forkserver")
        # "__main__" too (the forkserver's default): a child then need not import the
        # main script (for `tallon serve`, the whole command line) again
        context.set_forkserver_preload(["__main__", "tallon.server.odds"])
        return context
    return multiprocessing.get_context("spawn")


def _solve_and_send(body: Any, connection: Any) -> None:
    """The child process: sends ("answer", solve(body)), ("refused", {"error", "field"}) or
    ("failed", what went wrong)."""
    try:
        connection.send(("answer", solve(body)))
    except OddsError as error:
        connection.send(("refused", error.to_dict()))
    except Exception as error:  # the parent raises it
        connection.send(("failed", repr(error)))
    finally:
        connection.close()


def solve_in_child(body: Any, seconds: float = SOLVE_SECONDS) -> dict[str, Any]:
    """``solve(body)`` in a child process killed after ``seconds`` (``OddsError`` then); the
    body is checked here first, so that a bad request costs no process."""
    read_request(body)
    context = _context()
    receiving, sending = context.Pipe(duplex=False)
    child = context.Process(target=_solve_and_send, args=(body, sending), daemon=True)
    child.start()
    sending.close()
    try:
        if not receiving.poll(seconds):
            child.kill()
            raise OddsError(
                f"solving this attack took more than {seconds:g} s here and was stopped; "
                "fewer tokens, abilities or attacks solve faster, and `tallon dice` on the "
                "command line has no time limit", None)
        try:
            kind, payload = receiving.recv()
        except EOFError:
            raise RuntimeError(f"the odds solver stopped (exit code {child.exitcode})") from None
    finally:
        receiving.close()
        child.join()
    if kind == "refused":
        raise OddsError(payload["error"], payload["field"])
    if kind == "failed":
        raise RuntimeError(f"the odds solver failed: {payload}")
    return dict(payload)


def _ruleset_entry(rules: DiceRules) -> dict[str, Any]:
    # A token a ship cannot attack with (1e's cloak) is accepted only to be refused with
    # its reason: the form need not offer it.
    cannot = {name for name, _ in rules.attacker_cannot_hold}
    return {"title": rules.title,
            "tokens": {"attacker": [t for t in rules.attacker_tokens if t not in cannot],
                       "defender": list(rules.defender_tokens)},
            "card_abilities": rules.card_abilities, "ranges": list(rules.ranges),
            "ordnance": rules.ordnance}


def catalogue() -> dict[str, Any]:
    """The answer to ``GET /api/dice/abilities``: the card abilities (id, card, roles,
    effect, what ``=N`` sets), each side's tokens (2.5's), per ruleset its tokens, whether
    it takes card abilities, its ranges and whether it knows ordnance, and the limits the
    form enforces."""
    return {
        "abilities": [
            {"id": entry.key, "card": entry.card, "roles": sorted(r.value for r in entry.roles),
             "effect": entry.summary, "parameter": entry.parameter}
            for entry in CATALOGUE.values()
        ],
        "tokens": {"attacker": list(ATTACKER_TOKENS), "defender": list(DEFENDER_TOKENS)},
        "rulesets": {name: _ruleset_entry(rules) for name, rules in DICE_RULES.items()},
        "objectives": {"attack": ["damage", "kill:K", "crit"], "sequence": list(OBJECTIVES)},
        "limits": {"dice": MAX_DICE, "tokens": MAX_TOKENS, "abilities": MAX_ABILITIES,
                   "repeat": MAX_REPEAT, "hull": MAX_HULL, "kill": MAX_KILL,
                   "seconds": SOLVE_SECONDS},
    }


async def odds_endpoint(request: Request) -> Response:
    raw = b""
    async for chunk in request.stream():  # read no further than the limit
        raw += chunk
        if len(raw) > MAX_BODY:
            return JSONResponse(OddsError(f"the body has more than {MAX_BODY} bytes; "
                                          f"accepted: at most {MAX_BODY}", None).to_dict(),
                                status_code=413)
    try:
        body = json.loads(raw)
    except (ValueError, RecursionError):
        return JSONResponse(OddsError("the body is not JSON", None).to_dict(), status_code=400)
    state = request.app.state
    if getattr(state, "odds_solvers", None) is None:  # made in the server's event loop
        state.odds_solvers = CapacityLimiter(SOLVERS)
    try:
        return JSONResponse(await to_thread.run_sync(solve_in_child, body,
                                                     limiter=state.odds_solvers))
    except OddsError as error:
        return JSONResponse(error.to_dict(), status_code=400)
    except RuntimeError as error:  # a fault of the calculator's, said as the page reads it
        return JSONResponse(OddsError(str(error), None).to_dict(), status_code=500)


async def abilities_endpoint(request: Request) -> Response:
    return JSONResponse(catalogue())


async def odds_page(request: Request) -> Response:
    return FileResponse(STATIC / "odds.html")


ROUTES = [
    Route("/odds", odds_page),
    Route("/api/odds", odds_endpoint, methods=["POST"]),
    Route("/api/dice/abilities", abilities_endpoint),
]
"""The odds page's routes, added to the server's (``tallon.server.app``)."""


__all__ = ["ROUTES", "OddsError", "OddsRequest", "catalogue", "parse_objective",
           "read_request", "solve", "solve_in_child"]
