"""The engine's windows, hooks and replacement points that card abilities use, each tested on
the engine's side (the cards' own tests, under tests/cards/, show them at work):

- the ``after_reveal`` window comes after the dial is revealed and before the maneuver is
  executed (RR: ACTIVATION PHASE: reveal the dial, then execute the maneuver), and the
  "before you execute" difficulty change comes between them;
- the ``before_check_difficulty`` window comes after the move and before the stress;
- the ``execute_maneuver`` replacement point lets a card change the maneuver about to be
  executed;
- ``PerformAction(even_stressed=True)`` offers bar actions to a stressed ship;
- ``ShipState.last_attack`` says in which round and phase the ship last attacked;
- the ``after_neutralize`` window comes at the end of the Neutralize Results step;
- the ``ignore_lock_requirement`` hook and the weapon requirement waiver (with its Force
  cost) let a special weapon be used without its lock;
- the number of locks a ship maintains (R3 Astromech: two), and a jammed ship's new
  lock."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from tallon.cards import CARDS
from tallon.engine.abilities import Ctx, Replacement, Triggered
from tallon.engine.actions import PerformAction
from tallon.engine.attack import Engage
from tallon.engine.effects import acquire_lock
from tallon.engine.movement import ExecuteManeuver
from tallon.engine.rounds import Activate
from tallon.engine.state import Token
from tallon.engine.weapons import valid_targets
from tallon.scene import Scene, declare, load_dice, start_at


@contextmanager
def with_card(kind: str, xws: str, *abilities: Any) -> Iterator[None]:
    """Register a throwaway card for one test (removed afterwards)."""
    CARDS.register(kind, xws, *abilities, description="a test card")
    try:
        yield
    finally:
        CARDS.unregister(kind, xws)


def seen(game, window: str) -> list[int]:
    return [k for k, e in enumerate(game.log) if e["kind"] == "test" and window in e["text"]]


def note(window: str) -> Any:
    def effect(ctx: Ctx, choice: Any) -> None:
        ctx.game.event("test", f"{window} for {ctx.ship.id}")

    return Triggered(window, window=window, optional=False, effect=effect,
                     requirement=lambda ctx: ctx.event.get("ship", ctx.ship.id) == ctx.ship.id
                     or ctx.event.get("attacker") == ctx.ship.id)


def activation(upgrades: list[str], dial: str, **kw):
    sc = Scene()
    ship = sc.ship("redsquadronveteran", at=(400, 300, 0), upgrades=upgrades, dial_set=dial,
                   **kw)
    sc.ship("academypilot", player=2, at=(400, 850, 180))
    return sc.at(Activate(ship), phase="activation"), ship


# ------------------------------------------------------------- revealing the dial
def test_after_reveal_abilities_resolve_before_the_maneuver():
    """A TIE with a test card listening to ``after_reveal`` activates with a [2 straight].
    RR: ACTIVATION PHASE - the dial is revealed, then the maneuver executed. The card's note
    is logged after the reveal and before the move."""
    with with_card("ship_ability", "Test Reveal", note("after_reveal")):
        sc = Scene()
        tie = sc.ship("academypilot", at=(400, 300, 0))
        sc.ship("academypilot", player=2, at=(400, 850, 180))
        game = sc.game()
        game.state.ships[tie].cards += (("ship_ability", "Test Reveal", 0),)
        game.state.ships[tie].dial_set = "2FB"
        start_at(game, Activate(tie), phase="activation")
        kinds = [e["kind"] for e in game.log]
        assert kinds.index("reveal") < seen(game, "after_reveal")[0] < kinds.index("move")


def test_an_after_reveal_card_is_offered_before_the_ship_moves():
    """A shieldless T-65 with R2-D2 (after you reveal your dial: may recover a shield)
    activates with a [2 straight]. RR: ACTIVATION PHASE - "after you reveal your dial" comes
    before Execute Maneuver. The ability is offered while the dial is revealed, no maneuver
    executed yet, and the ship still stands where it was."""
    game, ship = activation(["r2d2"], "2FB", shields=0)
    d = game.decision
    assert d.kind == "use_ability" and "shield" in d.prompt
    s = game.state.ships[ship]
    assert s.dial_revealed and s.executed_speed is None and s.pose.y == 300


def test_before_execute_comes_after_the_reveal_and_before_moving():
    """A T-65 with the Battle over Endor Modified R4-P Unit (before you execute a red
    maneuver: may treat it as white) reveals a red [4 Koiogran turn]. The "before you
    execute" ability is offered after the reveal and before the ship moves."""
    game, ship = activation(["modifiedr4punit-battleoverendor"], "4KR")
    d = game.decision
    assert d.kind == "use_ability" and "red maneuver" in d.prompt
    s = game.state.ships[ship]
    assert s.dial_revealed and s.executed_speed is None


def test_execute_difficulty_counts_once_then_clears():
    """The same T-65 uses the astromech on its red [4 Koiogran turn]. The -1 set before
    executing makes the red maneuver white for that execution only: the maneuver logged is
    white, no stress is gained, and the change is cleared afterwards."""
    game, ship = activation(["modifiedr4punit-battleoverendor"], "4KR")
    game.answer("use")
    s = game.state.ships[ship]
    assert s.execute_difficulty == 0 and not s.stressed
    moves = [e for e in game.log if e["kind"] == "move" and e.get("ship") == ship]
    assert moves[-1]["maneuver"] == "4KW"


def test_without_before_execute_abilities_nothing_changes():
    """A T-65 without such an astromech reveals the red [4 Koiogran turn]. Nothing changes
    its difficulty: it gains one stress token."""
    game, ship = activation([], "4KR")
    assert game.state.ships[ship].count(Token.STRESS) == 1


# ----------------------------------------------------------- executing the maneuver
def test_execute_maneuver_can_be_replaced():
    """A TIE with a test card replacing ``execute_maneuver`` by a [1 straight] is to execute
    a [3 straight]. The replacement is offered; used, the ship flies the [1 straight] (y
    380), declined the [3 straight] (y 460)."""
    def replace(ctx: Ctx, facts: dict[str, Any], choice: Any) -> None:
        ctx.game.push(ExecuteManeuver(facts["ship"], "1FW", replaceable=False))

    card = Replacement("fly a 1 straight instead", point="execute_maneuver",
                       applies=lambda ctx, facts: facts["ship"] == ctx.ship.id,
                       replace=replace)
    with with_card("ship_ability", "Test Maneuver", card):
        sc = Scene()
        tie = sc.ship("academypilot", at=(400, 300, 0))
        sc.ship("academypilot", player=2, at=(400, 850, 180))
        game = sc.game()
        game.state.ships[tie].cards += (("ship_ability", "Test Maneuver", 0),)
        start_at(game, ExecuteManeuver(tie, "3FB"), phase="activation")
        assert game.decision.kind == "replacement"
        game.answer("use")
        assert game.state.ships[tie].pose.y == 380.0

        game = sc.game()
        game.state.ships[tie].cards += (("ship_ability", "Test Maneuver", 0),)
        start_at(game, ExecuteManeuver(tie, "3FB"), phase="activation")
        game.answer("decline")
        assert game.state.ships[tie].pose.y == 460.0


def test_before_check_difficulty_comes_after_the_move_and_before_the_stress():
    """A TIE with a test card listening to ``before_check_difficulty`` executes a red
    [3 Koiogran turn]. The card sees the ship moved (fully) and not yet stressed, the
    difficulty red; after it the ship is stressed."""
    def effect(ctx: Ctx, choice: Any) -> None:
        ctx.game.event("test", f"stressed={ctx.ship.stressed} full={ctx.event['full']} "
                       f"difficulty={ctx.event['difficulty']}")

    card = Triggered("note", window="before_check_difficulty", optional=False,
                     effect=effect, requirement=lambda ctx: ctx.event["ship"] == ctx.ship.id)
    with with_card("ship_ability", "Test Difficulty", card):
        sc = Scene()
        tie = sc.ship("academypilot", at=(400, 300, 0))
        sc.ship("academypilot", player=2, at=(400, 850, 180))
        game = sc.game()
        game.state.ships[tie].cards += (("ship_ability", "Test Difficulty", 0),)
        start_at(game, ExecuteManeuver(tie, "3KR"), phase="activation")
        notes = [e["text"] for e in game.log if e["kind"] == "test"]
        assert notes == ["stressed=False full=True difficulty=red"]
        assert game.state.ships[tie].stressed


# -------------------------------------------------------------------- actions
def test_perform_action_even_stressed_offers_the_bar():
    """A stressed TIE at ``PerformAction(even_stressed=True)``, then at a plain
    ``PerformAction``. The first offers its bar (focus, evade, barrel roll) and pass; the
    second nothing."""
    sc = Scene()
    tie = sc.ship("academypilot", at=(400, 300, 0), stress=1)
    sc.ship("academypilot", player=2, at=(400, 850, 180))
    game = sc.at(PerformAction(tie, even_stressed=True), phase="activation")
    assert set(game.decision.option_keys()) == {"focus", "evade", "barrel_roll", "pass"}
    game = sc.at(PerformAction(tie), phase="activation")
    assert game.decision is None


# -------------------------------------------------------------------- attacks
def test_last_attack_records_round_and_phase():
    """A TIE attacks another. Before, it has no ``last_attack``; after, (this round,
    "engagement"); the defender still has none."""
    sc = Scene()
    tie = sc.ship("academypilot", at=(400, 300, 0))
    enemy = sc.ship("academypilot", player=2, at=(400, 500, 180))
    game = sc.at(Engage(tie))
    assert game.state.ships[tie].last_attack is None
    load_dice(game, ["blank", "blank"], ["blank"] * 3)
    declare(game, tie, enemy)
    assert game.state.ships[tie].last_attack == (game.state.round, "engagement")
    assert game.state.ships[enemy].last_attack is None


def test_after_neutralize_comes_between_neutralizing_and_damage():
    """A TIE with a test card listening to ``after_neutralize`` hits another. The card's
    note is logged after the Neutralize Results step and before the damage."""
    with with_card("ship_ability", "Test Neutralize", note("after_neutralize")):
        sc = Scene()
        tie = sc.ship("academypilot", at=(400, 300, 0))
        enemy = sc.ship("academypilot", player=2, at=(400, 500, 180))
        game = sc.at(Engage(tie))
        game.state.ships[tie].cards += (("ship_ability", "Test Neutralize", 0),)
        load_dice(game, ["hit", "hit"], ["blank"] * 3)
        declare(game, tie, enemy)
        kinds = [e["kind"] for e in game.log]
        assert kinds.index("neutralize") < seen(game, "after_neutralize")[0] \
            < kinds.index("damage")


def test_ignore_lock_requirement_hook():
    """A TIE Advanced x1 with Proton Torpedoes and no lock, an enemy in range. Without a
    card the torpedoes are not a valid weapon; with a test card answering the
    ``ignore_lock_requirement`` hook they are."""
    from tallon.engine.abilities import Modifier
    from tallon.engine.weapons import valid_targets

    sc = Scene()
    x1 = sc.ship("stormsquadronace", at=(400, 300, 0), upgrades=["protontorpedoes"])
    sc.ship("academypilot", player=2, at=(400, 550, 180))
    game = sc.game()
    ship = game.state.ships[x1]
    assert "protontorpedoes" not in {t.weapon.id for t in valid_targets(game, ship)}
    card = Modifier("no lock needed", hook="ignore_lock_requirement",
                    value=lambda game, owner, ship=None, **facts: ship is owner)
    with with_card("ship_ability", "Test Lockless", card):
        ship.cards += (("ship_ability", "Test Lockless", 0),)
        assert "protontorpedoes" in {t.weapon.id for t in valid_targets(game, ship)}


def test_a_waived_requirement_is_offered_with_its_force_cost():
    """Luke Skywalker with Proton Torpedoes and Instinctive Aim (spend 1 Force to ignore the
    lock requirement), without and with a lock on the enemy. Without a lock the torpedoes
    are offered with a waiver costing 1 Force; with the lock, with none."""
    sc = Scene()
    luke = sc.ship("lukeskywalker-swz106", at=(400, 300, 0),
                   upgrades=["protontorpedoes", "instinctiveaim"])
    sc.ship("academypilot", player=2, at=(400, 500, 180))
    game = sc.game()
    targets = valid_targets(game, game.state.ships[luke])
    by_weapon = {t.weapon.id: t.waive for t in targets}
    assert by_weapon == {"primary:front": 0, "protontorpedoes": 1}
    game.state.ships[luke].locks = ["p2.1"]
    targets = valid_targets(game, game.state.ships[luke])
    assert {t.weapon.id: t.waive for t in targets}["protontorpedoes"] == 0


# ---------------------------------------------------------------------- locks
def test_a_second_lock_with_r3_and_the_oldest_goes_first():
    """A T-65 with R3 Astromech (it may maintain up to two locks) locks three TIEs in turn,
    one of them twice. It keeps two locks, never two on one object; the third lock replaces
    the oldest."""
    sc = Scene()
    ship = sc.ship("redsquadronveteran", at=(400, 300, 0), upgrades=["r3astromech"])
    for x in (300, 400, 500):
        sc.ship("academypilot", player=2, at=(x, 500, 180))
    game = sc.game()
    s = game.state.ships[ship]
    acquire_lock(game, s, "p2.1")
    acquire_lock(game, s, "p2.2")
    assert s.locks == ["p2.1", "p2.2"]
    acquire_lock(game, s, "p2.2")  # never two on one object
    assert s.locks == ["p2.1", "p2.2"]
    acquire_lock(game, s, "p2.3")
    assert s.locks == ["p2.2", "p2.3"]


def test_a_jammed_ship_with_two_locks_loses_only_the_new_one():
    """A jammed T-65 with R3 Astromech and a lock acquires a second lock. RR: JAM - after a
    jammed ship acquires a lock it breaks that lock, then removes a jam token. The new lock
    breaks, the old one stays, and the jam token is gone."""
    sc = Scene()
    ship = sc.ship("redsquadronveteran", at=(400, 300, 0), upgrades=["r3astromech"],
                   locks=["p2.1"], tokens={"jam": 1})
    sc.ship("academypilot", player=2, at=(300, 500, 180))
    sc.ship("academypilot", player=2, at=(500, 500, 180))
    game = sc.game()
    s = game.state.ships[ship]
    acquire_lock(game, s, "p2.2")
    assert s.locks == ["p2.1"] and not s.has(Token.JAM)
