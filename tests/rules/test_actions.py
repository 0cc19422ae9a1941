"""RR: ACTIONS - the Perform Action step, the action bar and the bars upgrades add, once per
round, no actions while stressed, no second try of a failed action, and the white, red
and purple difficulties (with RR: PURPLE ACTIONS).

The ships are played through the engine: p1.1 flies its dial, then is at its Perform
Action step (``solo_at_action``); its lone enemy waits far away."""

from __future__ import annotations

from tallon.engine.state import ActionSpec, Token
from tests.rules.game_helpers import (
    EMPIRE,
    REBEL,
    SEPARATIST,
    actions_of,
    arrange,
    at,
    drive,
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


# ---------------------------------------------------------------- perform action
def test_the_perform_action_step_offers_the_action_bar():
    """A T-65 at its Perform Action step. RR: ACTIONS - during the Perform Action step the
    ship may perform one action of its action bar, or none. It is offered focus, lock and
    barrel roll (its bar) and pass, by its own player."""
    _game, d = solo_at_action("cavernangelszealot", enemy_at=(400, 600, 180))
    assert offered(d) == {"focus", "lock", "barrel_roll", "pass"}
    assert d.player == 1


def test_an_upgrade_action_bar_adds_actions():
    """A T-65 with Engine Upgrade at its Perform Action step. RR: ACTIONS - an upgrade's
    action bar adds its actions to the ship's. Boost is offered."""
    _game, d = solo_at_action(("cavernangelszealot", ["engineupgrade"]),
                              enemy_at=(400, 600, 180))
    assert "boost" in offered(d)


def test_a_ship_performs_one_action_in_its_perform_action_step():
    """A T-65 focuses in its Perform Action step. RR: ACTIONS - the ship may perform an
    action (one) during that step. No further action is offered in its activation; the log
    shows the focus alone."""
    game, _d = solo_at_action("cavernangelszealot", enemy_at=(400, 600, 180))
    game.answer("focus")
    assert next_for(game, "p1.1") is None
    assert actions_of(game, "p1.1") == ["focus"]


def test_a_stressed_ship_can_not_perform_actions():
    """A T-65 with two stress tokens flies a blue maneuver (one stress left). RR: ACTIONS,
    RR: STRESS - a ship cannot perform actions while stressed. Its Perform Action step
    offers nothing and it performs no action."""
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
    """A T-65 focuses in its activation; later in the round a UT-60D coordinates it.
    RR: ACTIONS - a ship cannot perform the same action more than once during a round. The
    coordinated action offers lock, barrel roll and pass, not focus."""
    game = _coordinated((400, 200, 0), (520, 150, 0), "focus", [])
    d = game.decision
    assert (d.kind, d.ship) == ("perform_action", "p1.1")
    assert offered(d) == {"lock", "barrel_roll", "pass"}


def test_a_failed_action_can_not_be_performed_again_that_round():
    """A T-65 at the left edge barrel rolls left over the edge; later a UT-60D coordinates
    it. RR: ACTIONS - a ship cannot perform an action it has failed this round; RR: FAIL.
    The roll fails (the ship stays, it does not flee), and the coordinated action offers
    focus, lock and pass, not the barrel roll."""
    game = _coordinated((30, 200, 0), (150, 150, 0), "barrel_roll", ["left"])
    ship = game.state.ships["p1.1"]
    assert ship.in_play and ship.pose.x == 30
    assert failed(game, "p1.1")
    assert offered(game.decision) == {"focus", "lock", "pass"}


def test_the_action_may_be_performed_again_next_round():
    """A T-65 focuses in round 1. RR: ACTIONS - the limit is one of each action per round.
    In round 2 its Perform Action step offers focus again."""
    game, _d = solo_at_action("cavernangelszealot", enemy_at=(400, 800, 180))
    game.answer("focus")
    drive(game, lambda d: game.state.round == 2)
    assert "focus" in offered(to_action(game, "p1.1", {"p1.1": "1FB"}))


# ------------------------------------------------------------------ difficulty
def test_a_red_action_gives_a_stress_token():
    """A Z-95 (red barrel roll) barrel rolls right. RR: ACTIONS - as a cost to attempt a red
    action, a ship gains 1 stress token. The option is labelled red; the ship moves and
    gains one stress token."""
    game, d = solo_at_action("banditsquadronpilot", code="2FB", enemy_at=(400, 800, 180))
    assert labels(d)["barrel_roll"] == "red barrel roll"
    game.answer("barrel_roll")
    game.answer("right")
    game.answer("middle")
    assert tokens(game, "p1.1") == {"stress": 1}
    assert game.state.ships["p1.1"].pose.x == 480


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
    """An Inquisitor whose only action is (arranged) a purple boost boosts straight.
    RR: ACTIONS, RR: PURPLE ACTIONS - as a cost to attempt a purple action the ship spends 1
    Force. The option is labelled purple; the ship ends with no Force and no token."""
    game, d = _purple_boost(blocked=False)
    assert labels(d)["boost"] == "purple boost"
    game.answer("boost")
    game.answer("straight")
    ship = game.state.ships["p1.1"]
    assert ship.force == 0 and tokens(game, "p1.1") == {}


def test_a_purple_action_that_fails_still_costs_its_force():
    """The same Inquisitor boosts into a ship in its way. RR: ACTIONS (the Force is a cost
    to attempt the action), RR: FAQ. The boost fails and the Force is spent all the same."""
    game, _d = _purple_boost(blocked=True)
    game.answer("boost")
    game.answer("straight")
    ship = game.state.ships["p1.1"]
    assert ship.force == 0
    assert failed(game, "p1.1")


def test_a_purple_action_needs_a_force():
    """The same Inquisitor without Force. RR: ACTIONS - a purple action costs 1 Force to
    attempt. Its only action is not offered, so it has no Perform Action decision."""
    _game, d = _purple_boost(blocked=False, force=0)
    assert d is None or d.kind != "perform_action"


def test_no_linked_action_of_a_kind_already_performed():
    """A Belbullab (barrel roll > red focus) that focused earlier this round (arranged)
    barrel rolls. RR: ACTIONS - the same action only once per round, RR: LINKED ACTION - a
    linked action is an action too. No linked focus is offered."""
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
