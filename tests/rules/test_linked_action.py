"""RR: LINKED ACTION - after performing an action from its action bar, a ship may perform the
action linked to it; a linked action does not link further, and the linked bar is not the
action bar.

The ships are played through the engine: p1.1 flies its dial, then is at its Perform
Action step (``solo_at_action``); its lone enemy waits far away."""

from __future__ import annotations

from tallon.engine.state import ActionSpec
from tallon.geometry import Arc
from tests.rules.game_helpers import (
    REBEL,
    actions_of,
    labels,
    refresh,
    solo,
    solo_at_action,
    to_action,
    tokens,
)


def test_a_linked_action_may_follow_its_action():
    """A B-wing (focus > red barrel roll) focuses. RR: LINKED ACTION - after performing the
    action, the ship may perform the attached linked action. It is offered the red barrel
    roll, performs it and gains its stress: a focus and a stress token, two actions in the
    log."""
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
    """The same B-wing focuses, then declines its linked barrel roll. RR: LINKED ACTION -
    the ship *can* perform the linked action. It keeps just its focus token (no stress)."""
    game, _d = solo_at_action("bluesquadronpilot", code="2FB", enemy_at=(400, 800, 180))
    game.answer("focus")
    game.answer("decline")
    assert tokens(game, "p1.1") == {"focus": 1}


def test_a_linked_action_does_not_link_further():
    """A T-65 with an arranged bar (focus > boost, boost > evade) focuses, then performs the
    linked boost. RR: LINKED ACTION - after a ship performs a linked action, it cannot use
    that action to add another linked action. No linked evade follows the boost."""
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
    """A B-wing (focus > barrel roll) and an HWK-290 (a white rotate; focus and lock each
    linked to a red rotate) at their Perform Action steps. RR: LINKED ACTION,
    RR: UPGRADE CARDS - the linked action bar is beside the action bar, not part of it. The
    HWK-290 is offered its white rotate, and its focus is labelled with the red rotate
    linked to it."""
    _game, d = solo_at_action("rebelscout", code="2FB", enemy_at=(800, 800, 180))
    assert labels(d)["rotate"] == "rotate"
    assert labels(d)["focus"] == "focus > red rotate"


def test_a_red_rotate_linked_to_focus():
    """An HWK-290 focuses, then performs the red rotate linked to its focus, pointing its
    turret to the rear. RR: LINKED ACTION, RR: ROTATE. The turret points rear and the ship
    has a focus and a stress token."""
    game, _d = solo_at_action("rebelscout", REBEL)
    game.answer("focus")
    assert game.decision.kind == "linked_action"
    game.answer("rotate")
    game.answer("rear")
    assert game.state.ships["p1.1"].turret == (Arc.REAR,)
    assert tokens(game, "p1.1") == {"focus": 1, "stress": 1}
