"""Shared helpers for the tests that run attacks (tests/rules/test_attack.py and the files of
the entries an attack uses: arcs, range bonus, obstruction, tokens, damage ...).

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
(Auzituck, small: full front arc 3, agility 1), Lothal Rebel (VCX-100, large: agility 0),
Mandalorian Resistance Pilot (Gauntlet, large: front 3 and rear 2); Tempest Squadron Pilot
(TIE Advanced x1) brings its Advanced Targeting Computer.
"""

from __future__ import annotations

import re
from typing import Any

from tallon.dice import DieKind
from tallon.engine.attack import Engage
from tallon.engine.game import Game
from tallon.engine.rounds import Activate
from tallon.engine.state import DamageCard
from tallon.scene import Scene, declare, faces, load_dice, stack_deck, start_at

XWING = "bluesquadronescort"     # initiative 2, front 3, agility 2, hull 4, shields 2
XWING3 = "redsquadronveteran"    # initiative 3, same ship
TIE = "academypilot"             # initiative 1, front 2, agility 3, hull 3, no shields
TIE3 = "blacksquadronace"        # initiative 3, same ship
FIRESPRAY = "bountyhunter"       # initiative 2, medium, front 3 + rear 3, agility 2
HWK = "rebelscout"               # initiative 2, small, single turret 2, agility 2
KWING = "wardensquadronpilot"    # initiative 2, medium, double turret 2, agility 1
AUZITUCK = "kashyyykdefender"    # initiative 1, small, full front 3, agility 1
VCX = "lothalrebel"              # VCX-100: large, front 4, agility 0
GAUNTLET = "mandalorianresistancepilot"   # Gauntlet: large, front 3 and rear 2
TEMPEST = "tempestsquadronpilot"     # TIE Advanced x1 (Advanced Targeting Computer)

#: Obstacle outlines of the core set.
ASTEROID = "core2asteroid0"
DEBRIS = "core2debris0"
GAS = "gascloud2"

#: Where the attacker sits (facing +y), and enemies facing it straight ahead at range 0
#: (touching its front edge), 1, 2, 3 and 4; enemies at range 2 behind, left and right.
HERE = (400, 300, 0)
R0 = (400, 340, 180)
R1 = (400, 420, 180)
R2 = (400, 500, 180)
R3 = (400, 600, 180)
R4 = (400, 660, 180)
BEHIND = (400, 100, 0)
LEFT = (200, 300, 90)
RIGHT = (600, 300, 270)

#: Enough blank faces for any roll: an attack with nothing to modify.
BLANKS = ["blank"] * 7
#: Faceup, these do nothing to a defender during an attack (Blinded Pilot acts while the
#: ship attacks, Loose Stabilizer after it moves, Damaged Sensor Array on its actions).
QUIET_CARDS = ["blindedpilot", "loosestabilizer", "damagedsensorarray", "blindedpilot",
               "loosestabilizer"]

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
    tie = sc.ship(TIE, player=2, at=(400, 450, 180))
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


# ------------------------------------------------------------------ declaring attacks
def engage(attacker: str, enemies: list[tuple[str, tuple[float, float, float]]], *,
           at: tuple[float, float, float] = HERE, upgrades: tuple[str, ...] = (),
           tokens: dict[str, int] | None = None,
           friends: tuple[tuple[str, tuple[float, float, float]], ...] = (),
           obstacles: tuple[tuple[str, float, float], ...] = (),
           **setup: Any) -> tuple[Game, str, list[str]]:
    """A table with the attacker (player 1), its ``friends`` and the ``enemies`` (player 2:
    (pilot, pose) pairs), engaging the attacker. Returns (game, attacker id, enemy ids)."""
    sc = Scene()
    a = sc.ship(attacker, at=at, upgrades=upgrades, tokens=tokens, **setup)
    for pilot, pose in friends:
        sc.ship(pilot, at=pose)
    ids = [sc.ship(pilot, player=2, at=pose) for pilot, pose in enemies]
    for outline, x, y in obstacles:
        sc.obstacle(outline, x, y)
    return sc.at(Engage(a)), a, ids


def declarable(attacker: str, enemies: list[tuple[str, tuple[float, float, float]]],
               **kw: Any) -> dict[tuple[str, str], int]:
    """The declaration's offers for ``engage(attacker, enemies, **kw)``: (weapon,
    defender) -> attack range, {} when the engine offers no declaration."""
    game, _, _ = engage(attacker, enemies, **kw)
    return targets(game) if game.decision is not None else {}


# ---------------------------------------------------------------- counting the dice
def blank_attack(attacker: str = XWING, defender: str = TIE, *,
                 at: tuple[float, float, float] = HERE,
                 to: tuple[float, float, float] = R2, weapon: str | None = None,
                 upgrades: tuple[str, ...] = (), tokens: dict[str, int] | None = None,
                 defender_tokens: dict[str, int] | None = None,
                 obstacles: tuple[tuple[str, float, float], ...] = (),
                 others: tuple[tuple[int, str, tuple[float, float, float]], ...] = (),
                 **setup: Any) -> tuple[Game, str, str]:
    """Run one attack with blank dice; returns (game, attacker id, defender id) once it is
    over. ``others`` are extra ships (player, pilot, pose)."""
    sc = Scene()
    a = sc.ship(attacker, at=at, upgrades=upgrades, tokens=tokens, **setup)
    d = sc.ship(defender, player=2, at=to, tokens=defender_tokens)
    for player, pilot, pose in others:
        sc.ship(pilot, player=player, at=pose)
    for outline, x, y in obstacles:
        sc.obstacle(outline, x, y)
    game = sc.attack(a, d, dice=BLANKS, defense=BLANKS, weapon=weapon)
    finish(game)
    return game, a, d


def blank_counts(*args: Any, **kw: Any) -> tuple[int, int]:
    """How many attack and defense dice ``blank_attack(*args, **kw)`` rolled."""
    game, a, d = blank_attack(*args, **kw)
    return dice_counts(game, a, d)


# --------------------------------------------------------------- modifying the dice
def modify_scene(attacker: str = XWING, defender: str = TIE, *,
                 to: tuple[float, float, float] = R2, tokens: dict[str, int] | None = None,
                 defender_tokens: dict[str, int] | None = None,
                 upgrades: tuple[str, ...] = (), defender_upgrades: tuple[str, ...] = (),
                 attacker_setup: dict[str, Any] | None = None,
                 defender_setup: dict[str, Any] | None = None) -> tuple[Scene, str, str]:
    """The attacker at ``HERE`` and the defender at ``to``: (scene, attacker, defender)."""
    sc = Scene()
    a = sc.ship(attacker, at=HERE, tokens=tokens, upgrades=upgrades, **(attacker_setup or {}))
    d = sc.ship(defender, player=2, at=to, tokens=defender_tokens, upgrades=defender_upgrades,
                **(defender_setup or {}))
    return sc, a, d


def loaded_attack(sc: Scene, a: str, d: str, *rolls: tuple[str, list[str]],
                  weapon: str | None = None) -> Game:
    """The game at the attack's first decision, the dice loaded in roll order."""
    return sc.attack(a, d, then=script(*rolls), weapon=weapon)


# ------------------------------------------------------ neutralizing, dealing damage
def resolved_attack(rolled: list[str], defended: list[str], *, attacker: str = XWING,
                    defender: str = TIE, at: tuple[float, float, float] = HERE,
                    to: tuple[float, float, float] = R2, deck: list[str] | None = None,
                    attacker_tokens: dict[str, int] | None = None,
                    **defender_setup: Any) -> tuple[Game, str, str]:
    """Run one attack with these attack and defense faces; ``deck`` stacks the defender's
    owner's damage deck (by default with cards whose faceup text does nothing during an
    attack). Returns (game, attacker id, defender id) when it is over."""
    sc = Scene()
    a = sc.ship(attacker, at=at, tokens=attacker_tokens)
    d = sc.ship(defender, player=2, at=to, **defender_setup)
    game = sc.game()
    stack_deck(game, 2, deck or QUIET_CARDS)
    start_at(game, Engage(a))
    load_dice(game, then=script(("attack", rolled), ("defense", defended)))
    declare(game, a, d)
    finish(game)
    return game, a, d


def suffered(game: Game, ship_id: str) -> int:
    """Shields lost plus damage cards dealt."""
    s = game.state.ships[ship_id]
    return s.shield_limit - s.shields + len(s.damage)


# ----------------------------------------------------------------------- aftermath
def evades(n: int) -> tuple[str, list[str]]:
    """A defense roll of ``n`` evades, for ``script``."""
    return ("defense", ["evade"] * n)


def preset_damage(count: int) -> list[DamageCard]:
    """``count`` facedown damage cards a scene can give a ship before the attack."""
    return [DamageCard("loosestabilizer", False, 900 + k) for k in range(count)]


def decisions(game: Game, limit: int = 30, answers: dict[tuple[str, str], Any] | None = None,
              until: str | None = None) -> list[tuple[str, str]]:
    """Play on, recording (kind, ship) of each decision: abilities are used, bonus
    attacks declared against the first defender offered, dice left alone. Stops when the
    game does, or (unanswered) at the first decision of kind ``until``."""
    seen = []
    answers = dict(answers or {})
    for _ in range(limit):
        d = game.decision
        if d is None or d.kind == until:
            return seen
        if d.kind not in MODIFY_KINDS:
            seen.append((d.kind, d.ship))
        values = d.option_keys()
        if (d.kind, d.ship) in answers:
            game.answer(answers.pop((d.kind, d.ship)))
        elif d.kind == "use_ability":
            game.answer("use" if "use" in values else values[0])
        elif d.kind == "bonus_attack":
            game.answer(next(v for v in values if "@" in v))
        elif "done" in values:
            game.answer("done")
        else:
            game.answer(values[0])
    raise AssertionError("the game did not stop")
