"""Helpers for the card tests: bringing a scene to an attack, answering decisions as a
player would and reading what happened from the game log.

Two ways of passing: ``pass_on`` (with ``skip_to`` and ``finish``) answers only decisions
that have a "do nothing" answer, so a scene that asks something unexpected fails, and
resolves a mandatory dice ability with the card, not a token; ``pass_all`` and
``pass_until`` answer anything, with its first option when it has no "do nothing" one.
``skip_dice`` passes on dice modifications only."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tallon.dice import DieKind
from tallon.engine.attack import Engage
from tallon.engine.decisions import Decision
from tallon.engine.game import Game
from tallon.engine.rounds import Activate
from tallon.engine.steps import Step
from tallon.scene import declare, faces, load_dice, stack_deck, start_at
from tests.rules.attack_helpers import TOKEN_SOURCES, rolls
from tests.rules.attack_helpers import answer as answer

#: the "do nothing" answer of each kind of decision
PASS = {"use_ability": "decline", "replacement": "decline", "perform_action": "pass",
        "declare_attack": "none", "bonus_attack": "none", "modify_attack_dice": "done",
        "modify_defense_dice": "done", "cancel_attack_results": "done",
        "cancel_defense_results": "done"}


def engage(sc: Any, attacker: str, attack: Any = (), defense: Any = (), rerolls: Any = (),
           then: Any = ()) -> Game:
    """The game at the attacker's engagement, dice loaded: attack dice, rerolled attack
    dice, defense dice, then anything else rolled."""
    game = sc.at(Engage(attacker))
    load_dice(game, attack, (), then=faces(DieKind.ATTACK, rerolls)
              + faces(DieKind.DEFENSE, defense) + list(then))
    return game


def activation(sc: Any, ship: str, dial: str) -> Game:
    """The scene's game at the ship's activation, with ``dial`` revealed."""
    game = sc.game()
    game.state.ships[ship].dial_set = dial
    start_at(game, Activate(ship), phase="activation")
    return game


def values(game: Game) -> list[Any]:
    d = game.decision
    assert d is not None, "the game is not waiting for a decision"
    return d.option_keys()


def pass_all(game: Game, limit: int = 200) -> list[str]:
    """Answer every decision with its "do nothing" option until the game stops; returns the
    kinds of decisions answered."""
    seen = []
    while game.decision is not None and limit:
        seen.append(game.decision.kind)
        _pass_anything(game)
        limit -= 1
    return seen


def pass_until(game: Game, kind: str, ship: str | None = None, limit: int = 100) -> None:
    """Answer "do nothing" until a decision of ``kind`` (for ``ship``) is pending."""
    while limit:
        d = game.decision
        assert d is not None, f"the game stopped before a {kind} decision"
        if d.kind == kind and (ship is None or d.ship == ship):
            return
        _pass_anything(game)
        limit -= 1
    raise AssertionError(f"no {kind} decision came")


def _pass_anything(game: Game) -> None:
    d = game.decision
    value = PASS.get(d.kind)
    if value is None or value not in d.option_keys():
        value = d.options[0].key
    game.answer(value)


def pass_on(game: Game) -> None:
    """Answer the pending decision as a player who wants nothing more (a mandatory dice
    ability, with no "done", is used)."""
    d = game.decision
    assert d.kind in PASS, f"unexpected {d.kind}: {d.prompt}"
    value = PASS[d.kind]
    if d.find(value) is None:
        # a mandatory card ability must be resolved: use it, not a token
        value = next(o.key for o in d.options
                     if not o.info or o.info["source"] not in TOKEN_SOURCES)
    game.answer(value)


def skip_to(game: Game, kind: str, ship: str | None = None) -> None:
    """Pass on every other decision (no modification, no action, decline abilities) until
    ``kind`` (for ``ship``) is asked."""
    for _ in range(50):
        d = game.decision
        assert d is not None, f"the game stopped before a {kind} decision"
        if d.kind == kind and (ship is None or d.ship == ship):
            return
        pass_on(game)
    raise AssertionError(f"no {kind} decision")


def finish(game: Game) -> None:
    """Pass on everything left (the scene's steps then end)."""
    for _ in range(50):
        if game.decision is None:
            return
        pass_on(game)
    raise AssertionError("the scene did not end")


def skip_dice(game: Game, kind: str | None = None, ship: str | None = None) -> None:
    """Answer "done" to dice decisions until a decision of ``kind`` (for ``ship``) or the
    end; a mandatory ability with nothing to act on is resolved as such."""
    while game.decision is not None:
        d = game.decision
        if kind is not None and d.kind == kind and (ship is None or d.ship == ship):
            return
        assert d.kind.startswith(("modify_", "cancel_")), f"unexpected {d.kind}: {d.prompt}"
        game.answer("done" if "done" in d.option_keys() else option_with(game, "nothing to do"))


def option_with(game: Game, text: str) -> Any:
    """The value of the pending decision's first option whose label contains ``text``."""
    for o in game.decision.options:
        if text in o.label:
            return o.key
    raise AssertionError(f"no option with {text!r}: {[o.label for o in game.decision.options]}")


def pick(game: Game, text: str) -> None:
    """Take the pending decision's first option whose label contains ``text``."""
    game.answer(option_with(game, text))


def offered(game: Game, text: str) -> bool:
    """Whether the pending decision has an option whose label contains ``text``."""
    return game.decision is not None and any(text in o.label for o in game.decision.options)


def rolled(game: Game, ship: str) -> list[str]:
    """The faces of the ship's last roll of attack or defense dice (from the log)."""
    found = rolls(game, ship)
    assert found, f"{ship} rolled no dice"
    return found[-1]


def dice_count(game: Game, index: int = -1) -> int:
    """How many dice the ``index``-th roll of the scene (by any ship) had."""
    return len(rolls(game)[index])


def logged(game: Game, kind: str, text: str) -> bool:
    return any(e["kind"] == kind and text in e["text"] for e in game.log)


def modify_with(game: Game, card: str, label_part: str = "") -> None:
    """Use the pending dice modification offered by ``card`` (whose label contains
    ``label_part``)."""
    d = game.decision
    assert d is not None and d.kind.startswith(("modify_", "cancel_")), d
    for option in d.options:
        info = option.info or {}
        if info.get("source") == card and label_part in option.label:
            game.answer(option.key)
            return
    raise AssertionError(f"{card} offers no '{label_part}' option: "
                         f"{[o.label for o in d.options]}")


def offers(game: Game, card: str) -> bool:
    """Whether the pending dice modification decision offers an option of ``card``."""
    d = game.decision
    if d is None or not d.kind.startswith(("modify_", "cancel_")):
        return False
    return any((o.info or {}).get("source") == card for o in d.options)


def attack(sc: Any, attacker: str, defender: str, dice: list[str], defense: list[str],
           deck: list[str] | None = None, before: Any = None, weapon: str | None = None
           ) -> Game:
    """``sc.attack`` with the defender's damage deck stacked (``deck``: the next cards it
    is dealt) and ``before(game)`` run on the scene before the attack is declared."""
    game = sc.at(Engage(attacker))
    if before is not None:
        before(game)
    if deck:
        stack_deck(game, game.state.ships[defender].owner, deck)
    load_dice(game, dice, defense)
    declare(game, attacker, defender, weapon)
    return game


@dataclass(frozen=True)
class Hurt(Step):
    """Damage from outside an attack (as an obstacle or a bomb would deal it)."""

    ship_id: str
    hits: int = 1
    crits: int = 0

    def run(self, game: Game) -> Decision | None:
        from tallon.engine.effects import suffer_damage

        suffer_damage(game, game.state.ships[self.ship_id], hits=self.hits,
                      crits=self.crits, cause="a test")
        return None


@dataclass(frozen=True)
class Give(Step):
    """A token from another player's effect (as a jam action or an ion cannon gives)."""

    ship_id: str
    token: str
    count: int = 1
    applier: int | None = None

    def run(self, game: Game) -> Decision | None:
        from tallon.engine.effects import gain_token
        from tallon.engine.state import Token

        gain_token(game, game.state.ships[self.ship_id], Token(self.token), self.count,
                   self.applier)
        return None
