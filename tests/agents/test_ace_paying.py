"""The ace's choice of a deplete or a strain token (RR: DEPLETE, RR: STRAIN): the one that
costs its own ship least (Fine-Tuned Thrusters), the one that costs an enemy most (ISB
Jingoist) (src/tallon/agents/paying.py)."""

from __future__ import annotations

import pytest

from tallon.agents.ace import AceAgent
from tallon.engine.attack import Engage
from tallon.engine.movement import ExecuteManeuver
from tallon.scene import Scene, start_at


@pytest.mark.parametrize(("foe_at", "expected"), [((400, 520, 0), "strain"),
                                                   ((400, 160, 0), "deplete")])
def test_fine_tuned_thrusters_pay_with_the_die_the_ship_needs_least(foe_at, expected):
    """Situation: a First Order Provocateur (TIE/ba) fully executes a [1 straight] and uses
    Fine-Tuned Thrusters for a lock, paying with a deplete token (one attack die fewer next
    attack) or a strain token (one defense die fewer next defense). An X-wing is either
    ahead of it facing away (it shoots, it is not shot at) or behind it facing it (it is
    shot at, no shot of its own). Expected: strain in the first case, deplete in the
    second (the ace took deplete, the first offered, either way)."""
    sc = Scene()
    me = sc.ship("firstorderprovocateur", at=(400, 300, 0))
    sc.ship("redsquadronveteran", player=2, at=foe_at, activated=True)
    game = sc.game()
    start_at(game, ExecuteManeuver(me, "1FW"), phase="activation")
    assert game.decision.kind == "use_ability"
    game.answer("lock")
    decision = game.decision
    assert decision.kind == "jingoist_token" and decision.option_keys() == ["deplete",
                                                                             "strain"]
    assert AceAgent(1).choose(game.view(1), decision) == expected


@pytest.mark.parametrize(("engaged", "expected"), [(False, "deplete"), (True, "strain")])
def test_isb_jingoist_gives_the_token_that_costs_the_enemy_most(engaged, expected):
    """Situation: before the ISB Jingoist engages, Luke Skywalker faces it at range 1 in its
    front arc; the Jingoist's player chooses the token Luke gains. Expected: a deplete
    token while Luke has yet to engage (his shot this round loses a die); a strain token
    once he has engaged (the Jingoist's own shot at him, now, gains)."""
    sc = Scene()
    isb = sc.ship("isbjingoist", at=(400, 300, 0))
    luke = sc.ship("lukeskywalker", player=2, at=(400, 400, 180), engaged=engaged)
    game = sc.at(Engage(isb))
    game.answer(luke)
    decision = game.decision
    assert decision.kind == "jingoist_token"
    assert AceAgent(1).choose(game.view(1), decision) == expected


@pytest.mark.parametrize(("friend", "expected"), [(False, "use"), (True, "decline")])
def test_feedback_array_is_used_on_enemies_at_range_0_only(friend, expected):
    """Situation: before our Z-95 engages, another ship overlaps its base (range 0): an
    enemy TIE, or a friendly Z-95 (the enemy then far away). Feedback Array: gain an ion
    and a disarm token (no attack this round) so that every other ship at range 0 suffers
    1 damage. Expected: used on the enemy; declined when only a friend would suffer (it
    was always used)."""
    sc = Scene()
    me = sc.ship("binayrepirate", at=(400, 300, 0), upgrades=["feedbackarray"])
    if friend:
        sc.ship("binayrepirate", at=(400, 340, 180))
    sc.ship("academypilot", player=2, at=(400, 800 if friend else 340, 180))
    game = sc.at(Engage(me))
    decision = game.decision
    assert decision.kind == "use_ability" and decision.options[0].label.startswith(
        "gain 1 ion and 1 disarm token")
    assert AceAgent(1).choose(game.view(1), decision) == {
        "use": decision.options[0].key, "decline": "decline"}[expected]
