"""Engine hooks added for the Rebel cards (astromechs, force powers), tested on the engine's
side: the order of the reveal/execute windows, the "before you execute" difficulty change,
the waiver of a special weapon's requirement, and the number of locks a ship keeps."""

from __future__ import annotations

from tallon.engine.effects import acquire_lock
from tallon.engine.rounds import Activate
from tallon.engine.state import Token
from tallon.engine.weapons import valid_targets
from tallon.scene import Scene


def activation(upgrades: list[str], dial: str, **kw):
    sc = Scene()
    ship = sc.ship("redsquadronveteran", at=(400, 300, 0), upgrades=upgrades, dial_set=dial,
                   **kw)
    sc.ship("academypilot", player=1, at=(400, 850, 180))
    return sc.at(Activate(ship), phase="activation"), ship


# ------------------------------------------------------------------- after_reveal
def test_after_reveal_abilities_resolve_before_the_maneuver():
    """RR: ACTIVATION PHASE - "after you reveal your dial" comes before Execute Maneuver:
    the ability is offered while the ship still stands where it was."""
    game, ship = activation(["r2d2"], "2FB", shields=0)
    d = game.decision
    assert d.kind == "use_ability" and "shield" in d.prompt
    s = game.state.ships[ship]
    assert s.dial_revealed and s.executed_speed is None and s.pose.y == 300


# ------------------------------------------------------------------ before_execute
def test_before_execute_comes_after_the_reveal_and_before_moving():
    game, ship = activation(["modifiedr4punit-battleoverendor"], "4KR")
    d = game.decision
    assert d.kind == "use_ability" and "red maneuver" in d.prompt
    s = game.state.ships[ship]
    assert s.dial_revealed and s.executed_speed is None


def test_execute_difficulty_counts_once_then_clears():
    """A -1 set before executing makes the red maneuver white for that execution only."""
    game, ship = activation(["modifiedr4punit-battleoverendor"], "4KR")
    game.answer("use")
    s = game.state.ships[ship]
    assert s.execute_difficulty == 0 and not s.stressed
    moves = [e for e in game.log if e["kind"] == "move" and e.get("ship") == ship]
    assert moves[-1]["maneuver"] == "4KW"


def test_without_before_execute_abilities_nothing_changes():
    game, ship = activation([], "4KR")
    assert game.state.ships[ship].count(Token.STRESS) == 1


# ------------------------------------------------------- weapon_requirement_waiver
def test_a_waived_requirement_is_offered_with_its_force_cost():
    sc = Scene()
    luke = sc.ship("lukeskywalker-swz106", at=(400, 300, 0),
                   upgrades=["protontorpedoes", "instinctiveaim"])
    sc.ship("academypilot", player=1, at=(400, 500, 180))
    game = sc.game()
    targets = valid_targets(game, game.state.ships[luke])
    by_weapon = {t.weapon.id: t.waive for t in targets}
    assert by_weapon == {"primary:front": 0, "protontorpedoes": 1}
    game.state.ships[luke].locks = ["p2.1"]
    targets = valid_targets(game, game.state.ships[luke])
    assert {t.weapon.id: t.waive for t in targets}["protontorpedoes"] == 0


# -------------------------------------------------------------------- max_locks
def test_a_second_lock_with_r3_and_the_oldest_goes_first():
    sc = Scene()
    ship = sc.ship("redsquadronveteran", at=(400, 300, 0), upgrades=["r3astromech"])
    for x in (300, 400, 500):
        sc.ship("academypilot", player=1, at=(x, 500, 180))
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
    sc = Scene()
    ship = sc.ship("redsquadronveteran", at=(400, 300, 0), upgrades=["r3astromech"],
                   locks=["p2.1"], tokens={"jam": 1})
    sc.ship("academypilot", player=1, at=(300, 500, 180))
    sc.ship("academypilot", player=1, at=(500, 500, 180))
    game = sc.game()
    s = game.state.ships[ship]
    acquire_lock(game, s, "p2.2")
    assert s.locks == ["p2.1"] and not s.has(Token.JAM)
