"""Shared helpers for the attack rules tests (tests/rules/test_attack_*.py and friends).

Scenes are built with :class:`tallon.scene.Scene`. Player 1 (index 0) sits at
y = 0 facing +y (heading 0), player 2 at y = 914.4. A small base is 40 mm square, a medium
60, a large 80; a range band is 100 mm, so two small ships facing each other with centres
200 mm apart are at range 2 (a 160 mm gap), 120 mm apart at range 1, 300 mm apart at
range 3 and 360 mm apart at range 4.

Carrier pilots without abilities (the card is not the point): Blue Squadron Escort and Red
Squadron Veteran (T-65: attack 3, agility 2, hull 4, shields 2), Academy Pilot and Black
Squadron Ace (TIE/ln: attack 2, agility 3, hull 3), Bounty Hunter (Firespray, medium: front
3 and rear 3, agility 2, hull 6, shields 4), Rebel Scout (HWK-290, small: single turret 2),
Warden Squadron Pilot (K-wing, medium: double turret 2, agility 1), Kashyyyk Defender
(Auzituck, small: full front arc 3, agility 1).
"""

from __future__ import annotations

import re
from typing import Any

from tallon.dice import DieKind
from tallon.engine.game import Game
from tallon.engine.rounds import Activate
from tallon.scene import Scene, faces, start_at

XWING = "bluesquadronescort"     # initiative 2, front 3, agility 2, hull 4, shields 2
XWING3 = "redsquadronveteran"    # initiative 3, same ship
TIE = "academypilot"             # initiative 1, front 2, agility 3, hull 3, no shields
TIE3 = "blacksquadronace"        # initiative 3, same ship
FIRESPRAY = "bountyhunter"       # initiative 2, medium, front 3 + rear 3, agility 2
HWK = "rebelscout"               # initiative 2, small, single turret 2, agility 2
KWING = "wardensquadronpilot"    # initiative 2, medium, double turret 2, agility 1
AUZITUCK = "kashyyykdefender"    # initiative 1, small, full front 3, agility 1

#: Obstacle outlines of the core set.
ASTEROID = "core2asteroid0"
DEBRIS = "core2debris0"
GAS = "gascloud2"

TOKEN_SOURCES = ("focus", "lock", "calculate", "force", "evade")
MODIFY_KINDS = ("modify_attack_dice", "modify_defense_dice", "cancel_attack_results",
                "cancel_defense_results")


def script(*rolls: tuple[str, list[str]]) -> list[tuple[DieKind, Any]]:
    """Dice for ``load_dice(..., then=...)`` in the order the engine rolls them: each roll
    is ``("attack", [faces])`` or ``("defense", [faces])`` (rerolls are rolls too)."""
    found = []
    for kind, results in rolls:
        found += faces(DieKind.ATTACK if kind == "attack" else DieKind.DEFENSE, results)
    return found


def bumped_into_a_tie() -> tuple[Game, str, str]:
    """A T-65 at (400, 300) flies a blue [2 straight] into a TIE facing it at (400, 450)
    and stops short, touching it (the bases 6.6 mm apart); its action step is skipped.
    Returns the game after the activation and the two ships' ids."""
    sc = Scene()
    xwing = sc.ship(XWING, at=(400, 300, 0))
    tie = sc.ship(TIE, player=1, at=(400, 450, 180))
    game = sc.game()
    game.state.ships[xwing].dial_set = "2FB"
    start_at(game, Activate(xwing), phase="activation")
    finish(game)
    return game, xwing, tie


def answer(game: Game, kind: str, value: Any, ship: str | None = None) -> None:
    """Answer the pending decision, checking that it is the expected one."""
    d = game.decision
    assert d is not None, f"expected a {kind} decision, the game stopped"
    assert d.kind == kind, f"expected {kind}, got {d.kind}: {d.prompt}"
    if ship is not None:
        assert d.ship == ship, (d.ship, d.prompt)
    game.answer(value)


def targets(game: Game) -> dict[tuple[str, str], int]:
    """The pending attack declaration's offers: (weapon, defender) -> attack range."""
    d = game.decision
    assert d is not None and d.kind in ("declare_attack", "bonus_attack"), \
        f"no attack declaration pending ({d.kind if d else 'the game stopped'})"
    return {(o.info["weapon"], o.info["defender"]): o.info["range"]
            for o in d.options if o.info is not None}


def sources(game: Game) -> list[str]:
    """The sources (token or card) of the pending modification decision's options."""
    d = game.decision
    assert d is not None and d.kind in MODIFY_KINDS, d
    return [o.info["source"] for o in d.options if o.key != "done"]


def choose(game: Game, source: str, kind: str | None = None, *, nth: int = 0) -> None:
    """Take the ``nth`` option of the pending modification decision from ``source``."""
    d = game.decision
    assert d is not None and d.kind in MODIFY_KINDS, d
    if kind is not None:
        assert d.kind == kind, (d.kind, d.prompt)
    found = [o for o in d.options if o.key != "done" and o.info["source"] == source]
    assert len(found) > nth, f"no option from {source}: {[o.label for o in d.options]}"
    game.answer(found[nth].key)


def choose_label(game: Game, label: str) -> None:
    """Take the pending decision's option labelled ``label``."""
    d = game.decision
    assert d is not None
    found = [o for o in d.options if o.label == label]
    assert found, f"no option {label!r}: {[o.label for o in d.options]}"
    game.answer(found[0].key)


def modified(game: Game) -> list[str]:
    """The dice as the last modification left them (from the log's "modify" event)."""
    found = [e["text"] for e in game.log if e["kind"] == "modify"]
    assert found, "no dice were modified"
    text = found[-1].rsplit(" -> ", 1)[1]
    return [] if text == "no dice" else text.split(", ")


def finish(game: Game, limit: int = 50) -> None:
    """Run the game on, declining every optional choice (no more modifications, no
    ability used, no attack declared), until it stops."""
    for _ in range(limit):
        d = game.decision
        if d is None:
            return
        values = d.option_keys()
        for quiet in ("done", "decline", "none", "pass"):
            if quiet in values:
                game.answer(quiet)
                break
        else:
            # a mandatory ability must be resolved: with nothing to do if it can
            idle = [o.key for o in d.options if "nothing to do" in o.label]
            cards = [o.key for o in d.options if isinstance(o.info, dict)
                     and o.info.get("source") not in TOKEN_SOURCES]
            if not idle and not cards:
                raise AssertionError(f"finish() can't decline {d.kind}: {d.prompt}")
            game.answer((idle or cards)[0])
    raise AssertionError("the game did not stop")


def rolls(game: Game, ship: str | None = None) -> list[list[str]]:
    """Every roll the ship (or any ship) made, attack or defense dice, as lists of face
    labels, in order (from the log's dice events)."""
    found = []
    for e in game.log:
        if e["kind"] == "dice" and (ship is None or e.get("ship") == ship):
            text = re.sub(r"^.* rolls ", "", e["text"])
            found.append([] if text == "no dice" else text.split(", "))
    return found


def dice_counts(game: Game, attacker: str, defender: str) -> tuple[int, int]:
    """How many attack dice the attacker and defense dice the defender rolled in the
    (last) attack."""
    return len(rolls(game, attacker)[-1]), len(rolls(game, defender)[-1])


def no_attack(game: Game, ship: str) -> str | None:
    """Why the ship did not attack (the engine's "no_attack" event), or None."""
    found = [e["text"] for e in game.log if e["kind"] == "no_attack" and e.get("ship") == ship]
    return found[-1] if found else None


def attacks(game: Game, ship: str | None = None) -> list[str]:
    """The texts of the attack declarations logged (by ``ship``)."""
    return [e["text"] for e in game.log if e["kind"] == "attack" and " attacks " in e["text"]
            and (ship is None or e.get("ship") == ship)]


def log_kinds(game: Game, *kinds: str) -> list[dict[str, Any]]:
    return [e for e in game.log if e["kind"] in kinds]


def log_index(game: Game, needle: str, kind: str | None = None) -> int:
    """The position in the log of the first event whose text contains ``needle``."""
    for k, e in enumerate(game.log):
        if needle in e["text"] and (kind is None or e["kind"] == kind):
            return k
    raise AssertionError(f"no log event with {needle!r}")


def damage(game: Game, ship: str) -> tuple[int, int]:
    """(facedown, faceup) damage cards of the ship."""
    cards = game.state.ships[ship].damage
    return sum(1 for c in cards if not c.faceup), sum(1 for c in cards if c.faceup)
