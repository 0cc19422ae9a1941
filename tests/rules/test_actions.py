"""RR: ACTIONS (the Perform Action step, white/red/purple difficulty, once per round,
failed actions, stress), RR: FAIL, RR: LINKED ACTION, RR: FOCUS, RR: EVADE, RR: CALCULATE."""

from __future__ import annotations

from tallon.engine.state import ActionSpec, Token
from tests.engine.conftest import (
    EMPIRE,
    REBEL,
    SEPARATIST,
    arrange,
    at,
    drive,
    events,
    failed,
    give,
    labels,
    offered,
    plan,
    refresh,
    solo,
    solo_at_action,
    squad,
    start,
    to_action,
    tokens,
)


def next_for(game, ship_id: str):
    """The next decision about ``ship_id`` in this round's activation (None if the phase
    ends first)."""
    d = drive(game, lambda d: d.ship == ship_id or game.state.phase != "activation")
    return d if game.state.phase == "activation" else None


def actions_of(game, ship_id: str) -> list[str]:
    return [e["action"] for e in events(game, "action", ship_id) if "action" in e]


# ---------------------------------------------------------------- perform action
def test_the_perform_action_step_offers_the_action_bar():
    """ACTIONS: during its Perform Action step the ship may perform one action of its
    action bar (T-65: focus, lock, barrel roll) or none."""
    _game, d = solo_at_action("cavernangelszealot", enemy_at=(400, 600, 180))
    assert offered(d) == {"focus", "lock", "barrel_roll", "pass"}
    assert d.player == 0


def test_an_upgrade_action_bar_adds_actions():
    """ACTIONS: an upgrade's action bar adds to the ship's (Engine Upgrade: boost)."""
    _game, d = solo_at_action(("cavernangelszealot", ["engineupgrade"]),
                              enemy_at=(400, 600, 180))
    assert "boost" in offered(d)


def test_focus_evade_and_calculate_give_their_token():
    """FOCUS, EVADE, CALCULATE: performing the action gives one token of its kind."""
    for faction, pilot, action in ((REBEL, "cavernangelszealot", "focus"),
                                   (EMPIRE, "academypilot", "evade"),
                                   (SEPARATIST, "feethanottrawautopilot", "calculate")):
        game, _d = solo_at_action(pilot, faction, "2FB",
                                  enemy=squad(REBEL, "redsquadronveteran"),
                                  enemy_at=(400, 800, 180))
        game.answer(action)
        assert tokens(game, "p1.1") == {action: 1}


def test_a_ship_performs_one_action_in_its_perform_action_step():
    """ACTIONS: the ship may perform one action: after it, no further action is offered in
    its activation."""
    game, _d = solo_at_action("cavernangelszealot", enemy_at=(400, 600, 180))
    game.answer("focus")
    assert next_for(game, "p1.1") is None
    assert actions_of(game, "p1.1") == ["focus"]


def test_a_stressed_ship_can_not_perform_actions():
    """ACTIONS / STRESS: a ship cannot perform actions while stressed: its Perform Action
    step offers nothing."""
    game = solo("cavernangelszealot", enemy_at=(400, 600, 180))
    give(game, "p1.1", Token.STRESS, 2)
    plan(game, {"p1.1": "1FB"})               # blue: removes one of the two
    assert next_for(game, "p1.1") is None
    assert actions_of(game, "p1.1") == []


# ---------------------------------------------- once per round, failed actions
def _coordinated(p1_pose: tuple[float, float, float], coordinator_pose: tuple[float, float, float],
                 first: str, answers: list) -> object:
    """p1.1 (T-65, initiative 1) performs ``first`` (answering ``answers``), then the UT-60D
    p1.2 (initiative 2) coordinates it: return p1.1's coordinated action decision."""
    game = start(squad(REBEL, "cavernangelszealot", "bluesquadronscout"),
                 squad(EMPIRE, "blacksquadronace"),
                 poses={"p1.1": p1_pose, "p1.2": coordinator_pose, "p2.1": (800, 850, 180)})
    to_action(game, "p1.1", {"p1.1": "1FB", "p1.2": "1FB"})
    game.answer(first)
    for value in answers:
        game.answer(value)
    drive(game, at("perform_action", "p1.2"))
    game.answer("coordinate")
    assert game.decision.kind == "coordinate_target"
    game.answer("p1.1")
    return game


def test_a_ship_can_not_perform_the_same_action_twice_in_a_round():
    """ACTIONS: a ship cannot perform the same action more than once during a round: a
    T-65 that focused in its activation, coordinated later, is not offered focus."""
    game = _coordinated((400, 200, 0), (520, 150, 0), "focus", [])
    d = game.decision
    assert (d.kind, d.ship) == ("perform_action", "p1.1")
    assert offered(d) == {"lock", "barrel_roll", "pass"}


def test_a_failed_action_can_not_be_performed_again_that_round():
    """ACTIONS / FAIL: a ship cannot perform an action it has failed this round: a barrel
    roll over the table edge fails (the ship stays, not fleeing), and when coordinated
    later the ship is not offered the barrel roll."""
    game = _coordinated((30, 200, 0), (150, 150, 0), "barrel_roll", ["left"])
    ship = game.state.ships["p1.1"]
    assert ship.in_play and ship.pose.x == 30
    assert failed(game, "p1.1")
    assert offered(game.decision) == {"focus", "lock", "pass"}


def test_the_action_may_be_performed_again_next_round():
    game, _d = solo_at_action("cavernangelszealot", enemy_at=(400, 800, 180))
    game.answer("focus")
    drive(game, lambda d: game.state.round == 2)
    assert "focus" in offered(to_action(game, "p1.1", {"p1.1": "1FB"}))


# ------------------------------------------------------------------ difficulty
def test_a_red_action_gives_a_stress_token():
    """ACTIONS: a red action costs a stress token (Z-95: red barrel roll)."""
    game, d = solo_at_action("banditsquadronpilot", code="2FB", enemy_at=(400, 800, 180))
    assert labels(d)["barrel_roll"] == "red barrel roll"
    game.answer("barrel_roll")
    game.answer("right")
    game.answer("middle")
    assert tokens(game, "p1.1") == {"stress": 1}
    assert game.state.ships["p1.1"].pose.x == 480


def test_a_red_action_that_fails_still_gives_stress():
    """FAIL: after a red action fails, the ship gains a stress token."""
    game, _d = solo_at_action("banditsquadronpilot", code="2FB", at_pose=(30, 200, 0),
                              enemy_at=(400, 800, 180))
    game.answer("barrel_roll")
    game.answer("left")
    ship = game.state.ships["p1.1"]
    assert ship.pose.x == 30 and tokens(game, "p1.1") == {"stress": 1}


def _purple_boost(blocked: bool, force: int = 1):
    """An Inquisitor whose only action is (arranged) a purple boost."""
    game = solo("inquisitor", EMPIRE, enemy=squad(REBEL, "cavernangelszealot"),
                enemy_at=(800, 800, 180))
    ship = game.state.ships["p1.1"]
    ship.actions = (ActionSpec("boost", "purple"),)
    ship.force = force
    ship.force_recurring = 0          # so that the End Phase doesn't hide the cost
    plan(game, {"p1.1": "2FB", "p2.1": "1FB"})
    d = drive(game, lambda d: d.ship == "p1.1" or game.state.round > 1)
    if blocked:
        arrange(game, {"p2.1": (400, 400, 180)})      # arranged: a ship in the way
    return game, d


def test_a_purple_action_costs_one_force():
    game, d = _purple_boost(blocked=False)
    assert labels(d)["boost"] == "purple boost"
    game.answer("boost")
    game.answer("straight")
    ship = game.state.ships["p1.1"]
    assert ship.force == 0 and tokens(game, "p1.1") == {}


def test_a_purple_action_that_fails_still_costs_its_force():
    """FAQ / ACTIONS: a purple action's Force is a cost to attempt it: paid even when the
    action fails."""
    game, _d = _purple_boost(blocked=True)
    game.answer("boost")
    game.answer("straight")
    ship = game.state.ships["p1.1"]
    assert ship.force == 0
    assert failed(game, "p1.1")


def test_a_purple_action_needs_a_force():
    """ACTIONS: as a cost to attempt a purple action the ship spends 1 Force: without Force
    the (only) purple boost is not offered, so there is no Perform Action decision."""
    _game, d = _purple_boost(blocked=False, force=0)
    assert d is None or d.kind != "perform_action"


# ------------------------------------------------------------------ linked
def test_a_linked_action_may_follow_its_action():
    """LINKED ACTION: after performing the action, the ship may perform the linked action
    (B-wing: focus > red barrel roll): it gains the stress of the red linked action."""
    game, _d = solo_at_action("bluesquadronpilot", code="2FB", enemy_at=(400, 800, 180))
    game.answer("focus")
    d = game.decision
    assert (d.kind, d.ship) == ("linked_action", "p1.1")
    assert labels(d)["barrel_roll"] == "red barrel roll"
    game.answer("barrel_roll")
    game.answer("left")
    game.answer("back")
    assert tokens(game, "p1.1") == {"focus": 1, "stress": 1}
    assert actions_of(game, "p1.1") == ["focus", "barrel_roll"]


def test_a_linked_action_may_be_declined():
    game, _d = solo_at_action("bluesquadronpilot", code="2FB", enemy_at=(400, 800, 180))
    game.answer("focus")
    game.answer("decline")
    assert tokens(game, "p1.1") == {"focus": 1}


def test_no_linked_action_after_a_failed_action():
    """FAIL: if an action fails the ship cannot perform its linked action (Belbullab:
    boost > red focus, the boost blocked by a ship)."""
    game = solo("skakoanace", SEPARATIST, enemy=squad(REBEL, "cavernangelszealot"),
                enemy_at=(400, 400, 180))
    to_action(game, "p1.1", {"p1.1": "2FB", "p2.1": "2TW"})
    arrange(game, {"p2.1": (400, 420, 180)})          # arranged: a ship ahead
    refresh(game)
    game.answer("boost")
    game.answer("straight")
    assert game.decision is None or game.decision.ship != "p1.1" or \
        game.decision.kind != "linked_action"
    assert tokens(game, "p1.1") == {}


def test_no_linked_action_of_a_kind_already_performed():
    """ACTIONS: the linked action is still an action: a ship that already focused this round
    is not offered a linked focus (Belbullab: barrel roll > red focus)."""
    game, _d = solo_at_action("skakoanace", SEPARATIST, "2FB",
                              enemy=squad(REBEL, "cavernangelszealot"),
                              enemy_at=(800, 800, 180))
    game.state.ships["p1.1"].actions_done.add("focus")    # arranged: focused before
    refresh(game)
    game.answer("barrel_roll")
    game.answer("right")
    game.answer("middle")
    d = game.decision
    assert d is None or not (d.ship == "p1.1" and d.kind == "linked_action")


def test_a_linked_action_does_not_link_further():
    """LINKED ACTION: after a ship performs a linked action it cannot use that action to
    add another linked action (arranged bar: focus > boost, boost > evade)."""
    game = solo("cavernangelszealot", enemy_at=(800, 800, 180))
    game.state.ships["p1.1"].actions = (
        ActionSpec("focus", linked=ActionSpec("boost")),
        ActionSpec("boost", linked=ActionSpec("evade")))
    refresh(game)
    to_action(game, "p1.1", {"p1.1": "2FB"})
    game.answer("focus")
    assert game.decision.kind == "linked_action"
    game.answer("boost")
    game.answer("straight")
    d = game.decision
    assert d is None or not (d.ship == "p1.1" and d.kind == "linked_action")
    assert tokens(game, "p1.1") == {"focus": 1}


def test_the_linked_bar_is_not_the_action_bar():
    """UPGRADE CARDS / LINKED ACTION: a linked action is not an action on the bar: the B-wing
    (focus > barrel roll) is offered its own white barrel roll in the Perform Action step,
    and the HWK-290's red rotate linked to focus and lock doesn't replace its white
    rotate."""
    _game, d = solo_at_action("rebelscout", code="2FB", enemy_at=(800, 800, 180))
    assert labels(d)["rotate"] == "rotate"
    assert labels(d)["focus"] == "focus > red rotate"
