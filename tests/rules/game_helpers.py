"""Helpers for the tests that play a game: build games, drive them to a situation, rig the
dice, and the scenes several rules files share.

Games are built from real squads and set up by answering the real setup decisions. A test
that needs a particular table then *arranges* it (ship poses, obstacles, tokens) in the
state after setup, and exercises the rule under test through the engine's own procedures
by answering its decisions. (The attack tests build their tables with
:class:`tallon.scene.Scene` instead: see ``tests/rules/attack_helpers.py``.)

Conventions: player 1 (index 0) sits at y = 0 and faces +y (heading 0); player 2 at
y = 914.4 facing -y (heading 180). A small base is 40 mm, a medium 60, a large 80; a
[1 straight] moves a ship's centre by one base length plus 40 mm.
"""
from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from tallon.cards import CARDS
from tallon.dice import DieKind, Face, roll_face
from tallon.engine import Decision, Game, GameSetup
from tallon.engine.chance import first_player_from
from tallon.engine.effects import suffer_damage
from tallon.engine.state import Token
from tallon.geometry import Obstacle, Pose
from tallon.squads import Squad, build_squad

REBEL = "rebelalliance"
EMPIRE = "galacticempire"
SCUM = "scumandvillainy"
SEPARATIST = "separatistalliance"
FIRST_ORDER = "firstorder"
RESISTANCE = "resistance"

#: Obstacle outlines of the core set, by kind.
ASTEROID = "core2asteroid0"
DEBRIS = "core2debris0"
GAS = "gascloud2"


# ------------------------------------------------------------------------- squads
def squad(faction: str, *ships: str | tuple[str, Iterable[str]]) -> Squad:
    """A squad from pilot ids, or (pilot id, [upgrade ids]) pairs."""
    entries = [(s, []) if isinstance(s, str) else (s[0], list(s[1])) for s in ships]
    return build_squad(faction, entries)


def seed_with_first_player(first: int, start: int = 0) -> int:
    """A seed whose setup roll makes player ``first`` (1 or 2) the first player: the setup
    roll is the first thing drawn from the game's generator."""
    assert first in (1, 2), f"players are numbered 1 and 2, not {first!r}"
    seed = start
    while first_player_from(random.Random(seed)) != first:
        seed += 1
    return seed


def new_game(first: Squad, second: Squad, seed: int = 0, rounds: int = 12) -> Game:
    return Game(GameSetup(squads=(first, second), seed=seed, rounds=rounds, cards=CARDS))


# ------------------------------------------------------------------------- driving
def at(kind: str, ship: str | None = None) -> Callable[[Decision], bool]:
    """A stop condition: the decision of this kind (for this ship)."""
    return lambda d: d.kind == kind and (ship is None or d.ship == ship)


@dataclass
class Policy:
    """How the helpers answer decisions a test doesn't care about.

    ``dials`` maps ship ids to dial codes; ``answers`` maps a decision kind, or a
    ``(kind, ship)`` pair, to a list of answers used in turn (or a callable of the
    decision). Without an instruction: dials "1FB" (else the first straight, else the first
    option), "pass"/"none" when offered, otherwise the first option.
    """

    dials: dict[str, str] | None = None
    answers: dict[Any, Any] | None = None

    def __call__(self, d: Decision) -> Any:
        answers = self.answers or {}
        for key in ((d.kind, d.ship), d.kind):
            if key in answers:
                queued = answers[key]
                if callable(queued):
                    return queued(d)
                if queued:
                    return queued.pop(0)
        values = d.option_keys()
        if d.kind == "set_dial":
            if self.dials and d.ship in self.dials:
                return self.dials[d.ship]
            for code in ("1FB", "1FW", *values):
                if code in values and "F" in code:
                    return code
            return values[0]
        for quiet in ("pass", "none"):
            if quiet in values:
                return quiet
        return values[0]


def drive(game: Game, until: Callable[[Decision], bool] | None = None,
          dials: dict[str, str] | None = None, answers: dict[Any, Any] | None = None,
          limit: int = 2000) -> Decision | None:
    """Answer decisions by ``Policy(dials, answers)`` until ``until`` holds for the pending
    decision (returned), or the game ends (None)."""
    policy = Policy(dials, answers)
    for _ in range(limit):
        d = game.decision
        if d is None:
            return None
        if until is not None and until(d):
            return d
        game.answer(policy(d))
    raise AssertionError("the game did not reach the decision")


def events(game: Game, kind: str | None = None, ship: str | None = None
           ) -> list[dict[str, Any]]:
    return [e for e in game.log if (kind is None or e["kind"] == kind)
            and (ship is None or e.get("ship") == ship)]


def failed(game: Game, ship_id: str, kind: str = "action") -> bool:
    """Whether the log tells of a failed ``kind`` (an action, a decloak) by the ship."""
    return any("fails" in e["text"] for e in events(game, kind, ship_id))


# -------------------------------------------------------------------------- setup
def complete_setup(game: Game, placements: dict[str, tuple[float, float, float]] | None
                   = None, obstacles: list[dict[str, Any]] | None = None) -> Game:
    """Answer the setup decisions: obstacles from ``obstacles`` (free answers in turn, else
    the first listed option), ships from ``placements`` (free answers, else the first
    listed option), scenario features and environment mines by their first offer.
    Returns at the first decision after setup."""
    obstacles = list(obstacles or [])
    placements = placements or {}
    while game.decision is not None and game.state.phase == "setup":
        d = game.decision
        if d.kind == "place_obstacle":
            game.answer(obstacles.pop(0) if obstacles else d.options[0].key)
        elif d.kind in ("place_feature", "place_mine"):  # a scenario's, an environment's
            game.answer(d.options[0].key)
        elif d.kind == "place_ship":
            if d.ship in placements:
                x, y, heading = placements[d.ship]
                game.answer({"x": x, "y": y, "heading": heading})
            else:
                game.answer(d.options[0].key)
        else:
            break
    return game


def arrange(game: Game, poses: dict[str, tuple[float, float, float]] | None = None,
            obstacles: list[tuple[str, float, float, float]] | None = None) -> Game:
    """Arrange the table directly (for situations impractical to reach by play): move
    ships to ``poses`` and replace the obstacles by ``obstacles`` (outline, x, y,
    rotation); ``obstacles=None`` keeps the ones placed at setup."""
    s = game.state
    for ship_id, (x, y, heading) in (poses or {}).items():
        s.set_pose(s.ships[ship_id], Pose(x, y, heading))
    if obstacles is not None:
        s.obstacles = [Obstacle(f"obstacle-{k + 1}", Pose(x, y, rot), outline)
                       for k, (outline, x, y, rot) in enumerate(obstacles)]
        s.moved()
    return game


def start(first: Squad, second: Squad, seed: int = 0,
          poses: dict[str, tuple[float, float, float]] | None = None,
          obstacles: list[tuple[str, float, float, float]] | None = (),  # type: ignore[assignment]
          rounds: int = 12) -> Game:
    """A game after setup, waiting for round 1's first dial, with the table arranged:
    ships at ``poses`` and only ``obstacles`` on the table (none by default; pass None to
    keep the obstacles placed at setup)."""
    game = complete_setup(new_game(first, second, seed, rounds))
    return arrange(game, poses, None if obstacles is None else list(obstacles))


#: Where the lone enemy of a one-ship scene waits, out of the way.
AWAY = (800, 850, 180)


def foe(faction: str) -> Squad:
    """The lone enemy of a one-ship scene: a T-65 (Red Squadron Veteran) against the
    Empire, else a TIE/ln (Black Squadron Ace); both small, initiative 3."""
    if faction == EMPIRE:
        return squad(REBEL, "redsquadronveteran")
    return squad(EMPIRE, "blacksquadronace")


def solo(pilot: str | tuple[str, Iterable[str]], faction: str = REBEL,
         at_pose: tuple[float, float, float] = (400, 200, 0), enemy: Squad | None = None,
         enemy_at: tuple[float, float, float] = AWAY,
         obstacles: Iterable[tuple[str, float, float, float]] = ()) -> Game:
    """A game after setup with one ship, p1.1 (``pilot`` as in ``squad``) at ``at_pose``,
    against one enemy p2.1 (``enemy``, else ``foe(faction)``) at ``enemy_at``, and only
    ``obstacles`` on the table."""
    return start(squad(faction, pilot), enemy or foe(faction),
                 poses={"p1.1": at_pose, "p2.1": enemy_at}, obstacles=list(obstacles))


def solo_at_action(pilot: str | tuple[str, Iterable[str]], faction: str = REBEL,
                   code: str = "1FB", *, faces: Iterable[Face] = (),
                   blocker: tuple[float, float, float] | None = None,
                   **table: Any) -> tuple[Game, Decision]:
    """``solo(pilot, faction, **table)`` run on to p1.1's Perform Action decision after
    its ``code`` (the next dice rigged to ``faces``); with ``blocker``, the enemy is then
    arranged at that pose, and the decision asked again."""
    game = solo(pilot, faction, **table)
    d = to_action(game, "p1.1", {"p1.1": code}, faces=faces)
    if blocker is not None:
        arrange(game, {"p2.1": blocker})
        refresh(game)
        d = game.decision
    return game, d


def performed(pilot: str, faction: str, action: str) -> Game:
    """A lone ``pilot`` (an enemy X-wing far off) after a [2 straight], having performed
    ``action`` at its Perform Action step."""
    game, _ = solo_at_action(pilot, faction, "2FB", enemy=squad(REBEL, "redsquadronveteran"),
                             enemy_at=(400, 800, 180))
    game.answer(action)
    return game


# ------------------------------------------------------------------------ the dice
def rigged_rng(faces: Iterable[Face] = (), first_player: int | None = None,
               roll_first: bool = False) -> random.Random:
    """A generator whose next attack dice show ``faces``. With ``roll_first`` the engine's
    first-player roll is drawn first (and gives ``first_player`` if set)."""
    wanted = list(faces)
    for seed in range(1_000_000):
        rng = random.Random(seed)
        if roll_first:
            first = first_player_from(rng)
            if first_player is not None and first != first_player:
                continue
        if all(roll_face(DieKind.ATTACK, rng) is face for face in wanted):
            return random.Random(seed)
    raise AssertionError("no seed gives those faces")


def plan(game: Game, dials: dict[str, str] | None = None, faces: Iterable[Face] = (),
         first_player: int | None = None, answers: dict[Any, Any] | None = None) -> Game:
    """Answer the Planning Phase's dials (``dials``, else the default policy). With
    ``faces`` or ``first_player``, arrange the game's generator just before the last dial
    so that the round's first-player roll makes ``first_player`` first and the next dice
    rolled show ``faces``. Returns at the first decision after planning."""
    faces = list(faces)
    policy = Policy(dials, answers)
    rig = bool(faces) or first_player is not None
    while game.decision is not None and game.decision.kind == "set_dial":
        value = policy(game.decision)
        probe = game.clone()
        probe.answer(value)
        last = probe.decision is None or probe.decision.kind != "set_dial" or \
            probe.state.round != game.state.round
        if last and rig:
            game.state.rng = rigged_rng(faces, first_player, roll_first=True)
        game.answer(value)
    return game


def rig(game: Game, faces: Iterable[Face]) -> None:
    """The next attack dice the game rolls show ``faces`` (no first-player roll between)."""
    game.state.rng = rigged_rng(faces)


# ----------------------------------------------------------------- injected effects
def inject(game: Game, effect: Callable[[Game], None]) -> None:
    """Resolve ``effect`` (a function of the game calling the engine's effect primitives,
    e.g. a token gained from a card the engine does not have yet) as if it were a step of
    the game, right now, at the pending decision: anything it triggers (jam, tractor)
    resolves through the engine's own steps, then the pending decision is asked again.
    Test scaffolding: it uses the game's private stepping (steps are plain data, so the
    effect runs here, not as a step)."""
    pending = game.pending
    assert pending is not None
    game.pending = None
    game.stack.append(pending.resume)
    effect(game)
    # what the effect made resolve at once goes first, as after a step
    game.stack.extend(reversed(game.urgent))
    game.urgent.clear()
    game._advance()


def tokens(game: Game, ship_id: str) -> dict[str, int]:
    return {t.value: n for t, n in game.state.ships[ship_id].tokens.items()}


def give(game: Game, ship_id: str, token: Token, count: int = 1) -> None:
    """Arrange: put tokens on a ship directly (no triggered effects)."""
    ship = game.state.ships[ship_id]
    ship.tokens[token] = ship.tokens.get(token, 0) + count


def pose(game: Game, ship_id: str) -> Pose:
    return game.state.ships[ship_id].pose


def moved(game: Game, ship_id: str, start: Pose | tuple[float, float, float]
          ) -> tuple[float, float, float]:
    """(right, forward, rotation) of the ship's pose seen from ``start``, rounded."""
    r, f, rot = pose(game, ship_id).relative_to(Pose(*start))
    return round(r, 3), round(f, 3), round(rot, 3)


def refresh(game: Game) -> None:
    """Ask the pending decision again (after arranging the state it was computed from)."""
    inject(game, lambda g: None)


def to_action(game: Game, ship_id: str, dials: dict[str, str] | None = None,
              faces: Iterable[Face] = ()) -> Decision:
    """Plan (``dials``, rigged ``faces``) and run on to ``ship_id``'s Perform Action
    decision (passing every other ship's)."""
    plan(game, dials, faces=faces)
    d = drive(game, at("perform_action", ship_id), dials=dials)
    assert d is not None, f"{ship_id} was not offered an action"
    return d


def offered(d: Decision) -> set[str]:
    return set(d.option_keys())


def labels(d: Decision) -> dict[Any, str]:
    return {o.key: o.label for o in d.options}


def action_targets(game: Game, action: str) -> list[str]:
    """Perform ``action`` (coordinate, jam) at the pending Perform Action decision: the
    ships offered as its target, sorted ([] when no target decision follows)."""
    game.answer(action)
    d = game.decision
    if d is None or d.kind != f"{action}_target":
        return []
    assert d.player == 1
    return sorted(d.option_keys())


def actions_of(game: Game, ship_id: str) -> list[str]:
    """The actions the ship performed, in order (from the log)."""
    return [e["action"] for e in events(game, "action", ship_id) if "action" in e]


# ------------------------------------------------------------ whole rounds, spread out
#: Ships far apart, each with room to fly straight for a whole game's worth of rounds.
SPREAD = {"p1.1": (100, 60, 0), "p1.2": (300, 60, 0), "p1.3": (500, 60, 0),
          "p2.1": (150, 850, 180), "p2.2": (350, 850, 180), "p2.3": (550, 850, 180)}


def spread(ids: list[str]) -> dict[str, tuple[float, float, float]]:
    """The ``SPREAD`` poses of the ships ``ids``."""
    return {i: SPREAD[i] for i in ids}


def pacer_game() -> Game:
    """A T-65 (initiative 2) and two TIEs: the initiative 3 TIE's action decision is a
    moment after the T-65 has activated."""
    return start(squad(REBEL, "bluesquadronescort"),
                 squad(EMPIRE, "academypilot", "blacksquadronace"),
                 poses={"p1.1": (300, 200, 0), "p2.1": (100, 700, 180),
                        "p2.2": (700, 700, 180)})


# --------------------------------------------------- one ship activating between two TIEs
#: Player 2's TIEs: the initiative 1 TIE activates before player 1's ship, the initiative
#: 3 TIE after it.
TIES = squad(EMPIRE, "academypilot", "blacksquadronace")
TIE_POSES = {"p2.1": (100, 700, 180), "p2.2": (800, 700, 180)}


def between_ties(*pilots: str, at_pose: tuple[float, float, float] = (400, 200, 0),
                 **kw: Any) -> Game:
    """Player 1's ships (p1.1 at ``at_pose``, others spread) against the two ``TIES``."""
    poses = {"p1.1": at_pose, **TIE_POSES}
    for k in range(2, len(pilots) + 1):
        poses[f"p1.{k}"] = (100 + 150 * k, 100, 0)
    return start(squad(REBEL, *pilots), TIES, poses=poses, **kw)


def before_p1_activates(game: Game) -> None:
    """Run the Planning Phase's remaining dials and stop before p1.1 activates (at the
    initiative 1 TIE's action decision)."""
    assert drive(game, at("perform_action", "p2.1")) is not None


def after_p1_activates(game: Game) -> Decision | None:
    """Run on until p1.1 has activated (the initiative 3 TIE's action decision)."""
    return drive(game, at("perform_action", "p2.2"))


# -------------------------------------------------------------------------- damage
def wingmen_at_action() -> Game:
    """Player 1's T-65 p1.1 (hull 4, 2 shields) at its action decision; a second T-65
    p1.2 and a TIE p2.1 far away."""
    game = start(squad(REBEL, "cavernangelszealot", "redsquadronveteran"),
                 squad(EMPIRE, "blacksquadronace"),
                 poses={"p1.1": (400, 200, 0), "p1.2": (100, 60, 0), "p2.1": (800, 850, 180)})
    to_action(game, "p1.1", {"p1.1": "1FB"})
    return game


def hurt(game: Game, ship_id: str, hits: int = 0, crits: int = 0) -> None:
    """The ship suffers ``hits`` regular and ``crits`` critical damage, through the
    engine's damage effect (as an attack or obstacle would deal it)."""
    inject(game, lambda g: suffer_damage(g, g.state.ships[ship_id], hits=hits, crits=crits))


def damage_faces(game: Game, ship_id: str = "p1.1") -> list[bool]:
    """The ship's damage cards in order: True for a faceup card."""
    return [d.faceup for d in game.state.ships[ship_id].damage]
