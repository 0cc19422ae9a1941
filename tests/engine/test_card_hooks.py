"""Engine pieces added for the Imperial cards, each on its own (the cards' own tests show
them at work):

- ``after_reveal`` abilities resolve before the maneuver is executed (RR: ACTIVATION PHASE - reveal
  dial, then execute maneuver);
- ``PerformAction(even_stressed=True)`` offers bar actions to a stressed ship;
- ``ShipState.last_attack`` says in which round and phase the ship last attacked;
- the ``after_neutralize`` window comes at the end of the Neutralize Results step;
- the ``execute_maneuver`` replacement point lets a card change the maneuver about to be
  executed.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from tallon.cards import CARDS
from tallon.engine.abilities import Ctx, Replacement, Triggered
from tallon.engine.actions import PerformAction
from tallon.engine.attack import Engage
from tallon.engine.movement import ExecuteManeuver
from tallon.engine.rounds import Activate
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


def test_after_reveal_abilities_resolve_before_the_maneuver():
    with with_card("ship_ability", "Test Reveal", note("after_reveal")):
        sc = Scene()
        tie = sc.ship("academypilot", at=(400, 300, 0))
        sc.ship("academypilot", player=1, at=(400, 850, 180))
        game = sc.game()
        game.state.ships[tie].cards.append(("ship_ability", "Test Reveal", 0))
        game.state.ships[tie].dial_set = "2FB"
        start_at(game, Activate(tie), phase="activation")
        kinds = [e["kind"] for e in game.log]
        assert kinds.index("reveal") < seen(game, "after_reveal")[0] < kinds.index("move")


def test_perform_action_even_stressed_offers_the_bar():
    sc = Scene()
    tie = sc.ship("academypilot", at=(400, 300, 0), stress=1)
    sc.ship("academypilot", player=1, at=(400, 850, 180))
    game = sc.at(PerformAction(tie, even_stressed=True), phase="activation")
    assert set(game.decision.option_keys()) == {"focus", "evade", "barrel_roll", "pass"}
    game = sc.at(PerformAction(tie), phase="activation")
    assert game.decision is None


def test_last_attack_records_round_and_phase():
    sc = Scene()
    tie = sc.ship("academypilot", at=(400, 300, 0))
    enemy = sc.ship("academypilot", player=1, at=(400, 500, 180))
    game = sc.at(Engage(tie))
    assert game.state.ships[tie].last_attack is None
    load_dice(game, ["blank", "blank"], ["blank"] * 3)
    declare(game, tie, enemy)
    assert game.state.ships[tie].last_attack == (game.state.round, "engagement")
    assert game.state.ships[enemy].last_attack is None


def test_after_neutralize_comes_between_neutralizing_and_damage():
    with with_card("ship_ability", "Test Neutralize", note("after_neutralize")):
        sc = Scene()
        tie = sc.ship("academypilot", at=(400, 300, 0))
        enemy = sc.ship("academypilot", player=1, at=(400, 500, 180))
        game = sc.at(Engage(tie))
        game.state.ships[tie].cards.append(("ship_ability", "Test Neutralize", 0))
        load_dice(game, ["hit", "hit"], ["blank"] * 3)
        declare(game, tie, enemy)
        kinds = [e["kind"] for e in game.log]
        assert kinds.index("neutralize") < seen(game, "after_neutralize")[0] \
            < kinds.index("damage")


def test_execute_maneuver_can_be_replaced():
    def replace(ctx: Ctx, facts: dict[str, Any], choice: Any) -> None:
        ctx.game.push(ExecuteManeuver(facts["ship"], "1FW", replaceable=False))

    card = Replacement("fly a 1 straight instead", point="execute_maneuver",
                       applies=lambda ctx, facts: facts["ship"] == ctx.ship.id,
                       replace=replace)
    with with_card("ship_ability", "Test Maneuver", card):
        sc = Scene()
        tie = sc.ship("academypilot", at=(400, 300, 0))
        sc.ship("academypilot", player=1, at=(400, 850, 180))
        game = sc.game()
        game.state.ships[tie].cards.append(("ship_ability", "Test Maneuver", 0))
        start_at(game, ExecuteManeuver(tie, "3FB"), phase="activation")
        assert game.decision.kind == "replacement"
        game.answer("use")
        assert game.state.ships[tie].pose.y == 380.0

        game = sc.game()
        game.state.ships[tie].cards.append(("ship_ability", "Test Maneuver", 0))
        start_at(game, ExecuteManeuver(tie, "3FB"), phase="activation")
        game.answer("decline")
        assert game.state.ships[tie].pose.y == 460.0


def test_before_check_difficulty_comes_after_the_move_and_before_the_stress():
    def effect(ctx: Ctx, choice: Any) -> None:
        ctx.game.event("test", f"stressed={ctx.ship.stressed} full={ctx.event['full']} "
                       f"difficulty={ctx.event['difficulty']}")

    card = Triggered("note", window="before_check_difficulty", optional=False,
                     effect=effect, requirement=lambda ctx: ctx.event["ship"] == ctx.ship.id)
    with with_card("ship_ability", "Test Difficulty", card):
        sc = Scene()
        tie = sc.ship("academypilot", at=(400, 300, 0))
        sc.ship("academypilot", player=1, at=(400, 850, 180))
        game = sc.game()
        game.state.ships[tie].cards.append(("ship_ability", "Test Difficulty", 0))
        start_at(game, ExecuteManeuver(tie, "3KR"), phase="activation")
        notes = [e["text"] for e in game.log if e["kind"] == "test"]
        assert notes == ["stressed=False full=True difficulty=red"]
        assert game.state.ships[tie].stressed


def test_ignore_lock_requirement_hook():
    from tallon.engine.abilities import Modifier
    from tallon.engine.weapons import valid_targets

    sc = Scene()
    x1 = sc.ship("stormsquadronace", at=(400, 300, 0), upgrades=["protontorpedoes"])
    sc.ship("academypilot", player=1, at=(400, 550, 180))
    game = sc.game()
    ship = game.state.ships[x1]
    assert "protontorpedoes" not in {t.weapon.id for t in valid_targets(game, ship)}
    card = Modifier("no lock needed", hook="ignore_lock_requirement",
                    value=lambda game, owner, ship=None, **facts: ship is owner)
    with with_card("ship_ability", "Test Lockless", card):
        ship.cards.append(("ship_ability", "Test Lockless", 0))
        assert "protontorpedoes" in {t.weapon.id for t in valid_targets(game, ship)}
