"""Chance: every random event of the game is a step that lists its outcomes and their
probabilities (architecture idiom "chance is explicit"; OpenSpiel's chance nodes are the
model).

The random events: rolling dice (attack and defense dice, rerolls, the single unmodifiable
dice that bumps, obstacles and cards roll), drawing a damage card, the first-player roll,
and choosing a card at random. Each is a :class:`ChanceStep` naming the continuation that
carries out its outcome.

A game normally **samples** each outcome with its own seeded generator and goes on (the
draws are exactly those of a game replayed from its record). A game made with
``chance="explicit"`` instead stops at each random event with a decision of
:data:`~tallon.engine.decisions.CHANCE` whose options are the outcomes, each with its
``probability`` in ``info``: a search agent can enumerate or sample them, and answering
one applies it. Shuffling a damage deck is not a chance event of its own: the order of a
deck is hidden, and only drawing from it matters, which is one.
"""

from __future__ import annotations

import random
from abc import abstractmethod
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from math import factorial
from typing import TYPE_CHECKING, Any, ClassVar

from tallon.dice import DieKind, Face, roll_face
from tallon.dice.faces import FACE_BY_LABEL
from tallon.engine.decisions import CHANCE, Decision, Option
from tallon.engine.state import MARKER, DamageCard
from tallon.engine.steps import ChoiceStep, call_continuation

if TYPE_CHECKING:
    from tallon.engine.game import Game


def parse_faces(text: str) -> tuple[Face, ...]:
    """``"hit,focus"`` as faces (the key of a dice outcome)."""
    return tuple(FACE_BY_LABEL[label] for label in text.split(",")) if text else ()


def faces_key(faces: tuple[Face, ...] | list[Face]) -> str:
    return ",".join(face.label for face in faces)


@cache
def dice_outcomes(kind: DieKind, count: int) -> tuple[tuple[str, float], ...]:
    """Every result of rolling ``count`` dice of ``kind`` as a multiset of faces, listed
    best first (``"crit,hit,focus"``, ``"evade,blank"``), with its probability
    (multinomial)."""
    faces = sorted(kind.faces, reverse=True)
    weights = kind.weights
    found: list[tuple[str, float]] = []

    def spread(index: int, left: int, chosen: list[int]) -> None:
        if index == len(faces) - 1:
            counts = [*chosen, left]
            ways = factorial(count)
            chance = 1.0
            for face, n in zip(faces, counts, strict=True):
                ways //= factorial(n)
                chance *= (weights[face] / 8) ** n
            key = faces_key([face for face, n in zip(faces, counts, strict=True)
                             for _ in range(n)])
            found.append((key, ways * chance))
            return
        for n in range(left, -1, -1):
            spread(index + 1, left - n, [*chosen, n])

    spread(0, count, [])
    return tuple(found)


# ------------------------------------------------------------------------- the base
@dataclass(frozen=True)
class ChanceStep(ChoiceStep):
    """A random event: ``outcomes(game)`` lists (key, probability, label); ``sample(game)``
    draws a key with the game's generator; ``apply(game, key)`` carries it out."""

    auto_single: ClassVar[bool] = True
    event: ClassVar[str] = "chance"

    def run(self, game: Game) -> Decision | None:
        if self.answer is None and not game.explicit_chance:
            self.apply(game, self.sample(game))
            return None
        return super().run(game)

    @abstractmethod
    def outcomes(self, game: Game) -> list[tuple[str, float, str]]:
        """The possible outcomes: (key, probability, label)."""

    @abstractmethod
    def sample(self, game: Game) -> str:
        """An outcome drawn with the game's generator."""

    def prompt(self, game: Game) -> str:
        return self.event.replace("_", " ")

    def choice(self, game: Game) -> Decision | None:
        options = tuple(Option(key, label, {"probability": probability})
                        for key, probability, label in self.outcomes(game))
        return self.ask(CHANCE, f"chance_{self.event}", self.prompt(game), options)


# ------------------------------------------------------------------------------ dice
@dataclass(frozen=True)
class RollDice(ChanceStep):
    """Roll ``count`` dice of ``die`` (``"attack"`` or ``"defense"``); the continuation
    ``then`` gets the faces rolled (a tuple of :class:`~tallon.dice.Face`) and ``args``.
    ``who`` says who rolls and why, for the prompt."""

    die: str
    count: int
    then: str
    args: tuple[Any, ...] = ()
    who: str = ""
    event: ClassVar[str] = "roll_dice"

    def outcomes(self, game: Game) -> list[tuple[str, float, str]]:
        return [(key, p, key or "no dice")
                for key, p in dice_outcomes(DieKind(self.die), self.count)]

    def sample(self, game: Game) -> str:
        kind = DieKind(self.die)
        rng = game.state.rng
        return faces_key([roll_face(kind, rng) for _ in range(self.count)])

    def prompt(self, game: Game) -> str:
        return f"{self.who} rolls {self.count} {self.die} dice".strip()

    def apply(self, game: Game, answer: Any) -> None:
        faces = parse_faces(answer)
        kind = DieKind(self.die)
        if len(faces) != self.count or not all(kind.has_face(f) for f in faces):
            raise ValueError(f"{answer!r} is not a roll of {self.count} {self.die} dice")
        call_continuation(game, self.then, faces, self.args)


# ---------------------------------------------------------------------- damage deck
def rebuild_empty_deck(game: Game, owner: int) -> None:
    """RR: DAMAGE CARDS - an empty damage deck is rebuilt from the cards of the player's
    destroyed ships, else from the facedown cards of their ships in play, and shuffled."""
    player = game.state.player(owner)
    if player.deck:
        return
    rebuilt: list[str] = []
    for ship in game.state.ships_of(owner):
        if ship.destroyed:
            rebuilt.extend(d.card for d in ship.damage if d.card != MARKER)
            ship.damage = tuple(DamageCard(MARKER, d.faceup, d.serial) for d in ship.damage)
    if not rebuilt:
        for ship in game.state.ships_of(owner):
            if not ship.destroyed:
                rebuilt.extend(d.card for d in ship.damage if d.unseen)
                ship.damage = tuple(d if d.faceup else DamageCard(MARKER, False, d.serial)
                                    for d in ship.damage)
    if not rebuilt:
        raise RuntimeError("no damage cards left anywhere to rebuild a deck")
    game.state.rng.shuffle(rebuilt)
    player.deck = rebuilt
    game.event("damage", f"Player {owner}'s damage deck is rebuilt from "
               f"{len(rebuilt)} cards")


@dataclass(frozen=True)
class DrawDamage(ChanceStep):
    """Draw the top card of ``player``'s damage deck (RR: DAMAGE CARDS), rebuilding an
    empty deck first; the continuation ``then`` gets the card's id and ``args``. As a
    chance event the outcome is any card left in the deck, by how many copies are left."""

    player: int
    then: str
    args: tuple[Any, ...] = ()
    event: ClassVar[str] = "draw_damage"

    def run(self, game: Game) -> Decision | None:
        if self.answer is None:
            rebuild_empty_deck(game, self.player)
        return super().run(game)

    def outcomes(self, game: Game) -> list[tuple[str, float, str]]:
        deck = game.state.player(self.player).deck
        counts = Counter(deck)
        return [(card, n / len(deck), card) for card, n in sorted(counts.items())]

    def sample(self, game: Game) -> str:
        return game.state.player(self.player).deck[-1]

    def prompt(self, game: Game) -> str:
        return f"player {self.player} draws a damage card"

    def apply(self, game: Game, answer: Any) -> None:
        deck = game.state.player(self.player).deck
        for index in range(len(deck) - 1, -1, -1):
            if deck[index] == answer:
                del deck[index]
                break
        else:
            raise ValueError(f"no {answer!r} is left in player {self.player}'s damage "
                             "deck")
        call_continuation(game, self.then, answer, self.args)


# ------------------------------------------------------------------- scripted dice
class LoadedDice(random.Random):
    """A random generator whose next dice show chosen faces, then rolls fairly (for scenes
    and tests: :func:`tallon.scene.load_dice`).

    ``script`` lists ``(kind, face)`` in the order the engine rolls them (attack dice,
    rerolled attack dice, defense dice, ...). Dice are rolled as one draw of
    ``randrange(8)``; every other draw (shuffles) is the seeded generator's."""

    def __init__(self, script: Iterable[tuple[DieKind, Face]] = (), seed: int = 0) -> None:
        super().__init__(seed)
        self.script: list[tuple[DieKind, Face]] = list(script)

    def randrange(self, start: int, stop: int | None = None, step: int = 1) -> int:  # type: ignore[override]
        if self.script and stop is None and start == 8:
            kind, face = self.script.pop(0)
            return kind.sides.index(face)
        return super().randrange(start, stop, step)

    def __copy__(self) -> LoadedDice:
        copy = LoadedDice(self.script)
        copy.setstate(self.getstate())
        return copy

    @property
    def used_up(self) -> bool:
        return not self.script


# ---------------------------------------------------------------------- other events
def first_player_from(rng: random.Random) -> int:
    """The first-player roll made with ``rng`` (RR: SETUP step 2): player 1 or 2."""
    while True:
        rolls = [[roll_face(DieKind.ATTACK, rng) for _ in range(3)] for _ in range(2)]
        keys = [(r.count(Face.CRIT), r.count(Face.FOCUS), r.count(Face.HIT)) for r in rolls]
        if keys[0] != keys[1]:
            return 1 if keys[0] > keys[1] else 2


@dataclass(frozen=True)
class RollForFirstPlayer(ChanceStep):
    """The first-player roll (RR: SETUP, RR: PLANNING PHASE): each player rolls three attack
    dice, most critical hits, then focus, then hits; ties reroll. By symmetry each player
    is first with probability 1/2; the continuation ``then`` gets 1 or 2."""

    then: str
    args: tuple[Any, ...] = ()
    event: ClassVar[str] = "first_player"

    def outcomes(self, game: Game) -> list[tuple[str, float, str]]:
        return [("1", 0.5, "player 1 is the first player"),
                ("2", 0.5, "player 2 is the first player")]

    def sample(self, game: Game) -> str:
        return str(first_player_from(game.state.rng))

    def apply(self, game: Game, answer: Any) -> None:
        call_continuation(game, self.then, int(answer), self.args)


@dataclass(frozen=True)
class PickAtRandom(ChanceStep):
    """Choose one of ``choices`` at random ("a random facedown damage card"); the
    continuation ``then`` gets the key chosen and ``args``."""

    choices: tuple[str, ...]
    then: str
    args: tuple[Any, ...] = ()
    what: str = ""
    event: ClassVar[str] = "pick_at_random"

    def outcomes(self, game: Game) -> list[tuple[str, float, str]]:
        return [(key, 1 / len(self.choices), key) for key in self.choices]

    def sample(self, game: Game) -> str:
        return game.state.rng.choice(self.choices)

    def prompt(self, game: Game) -> str:
        return f"choose {self.what or 'one'} at random"

    def apply(self, game: Game, answer: Any) -> None:
        if answer not in self.choices:
            raise ValueError(f"{answer!r} is not among {self.choices}")
        call_continuation(game, self.then, answer, self.args)
