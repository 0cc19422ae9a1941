"""The prices the ace pays for abilities (src/tallon/agents/paying.py): a deplete or a
strain token (RR: DEPLETE, RR: STRAIN), the one that costs its own ship least (Fine-Tuned
Thrusters), the one that costs an enemy most (ISB Jingoist); Feedback Array's ion and
disarm tokens; Electronic Baffle's damage; Heightened Perception's Force; Deuterium Power
Cells' stress token; Rook Kast's strain token; Coaxium Hyperfuel's SLAM; the order of
abilities queued together, by what they cost (RR: ABILITY QUEUE)."""

from __future__ import annotations

import pytest

import tallon.agents.paying as paying
from tallon.agents.ace import AceAgent
from tallon.engine.attack import Engage
from tallon.engine.movement import ExecuteManeuver
from tallon.engine.queue import FireWindow
from tallon.engine.rounds import EndPhase
from tallon.engine.state import DamageCard, Token
from tallon.scene import Scene, start_at
from tests.cards.helpers import Give, load_dice
from tests.rules.test_ability_queue import plo_koon_with_patience


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


@pytest.mark.parametrize("share", [0.25, 0.35, 0.5])
@pytest.mark.parametrize(("engaged", "expected"), [(False, "deplete"), (True, "strain")])
def test_isb_jingoist_gives_the_token_that_costs_the_enemy_most(engaged, expected, share,
                                                                 monkeypatch):
    """Situation: before the ISB Jingoist engages, Luke Skywalker faces it at range 1 in its
    front arc; the Jingoist's player chooses the token Luke gains. Expected: a deplete
    token while Luke has yet to engage (his shot this round loses a die); a strain token
    once he has engaged (the Jingoist's own shot at him, now, gains), whatever share of
    an enemy's damage the ace counts against a position (``share``): our shot follows at
    once (counted by that share, 0.25 gave deplete)."""
    monkeypatch.setattr(paying, "THREAT_SHARE", share)
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


@pytest.mark.parametrize(("tokens", "shields"), [({"stress": 1}, 2), ({"strain": 1}, 2),
                                                 ({"stress": 2}, 0)])
def test_electronic_baffle_keeps_a_red_token_rather_than_suffer_a_damage(tokens, shields):
    """Situation: End Phase; a TIE Advanced with Electronic Baffle (may suffer 1 damage to
    remove 1 red token) holds a stress or a strain token, an enemy X-wing ahead at range
    2; or it has two stress tokens and no shields left. The ace values a stress token at
    STRESS_COST (0.45) and a strain token at the defense die it costs where the ship
    stands, a damage at 1. Expected: declined each time (it was always used, 34 times in
    120 random games)."""
    sc = Scene()
    tie = sc.ship("stormsquadronace", at=(400, 300, 0), upgrades=["electronicbaffle"],
                  tokens=tokens)
    sc.ship("redsquadronveteran", player=2, at=(400, 550, 180))
    game = sc.at(FireWindow.of("end_phase"), EndPhase(), phase="end")
    game.state.ships[tie].shields = shields
    decision = game.decision
    assert decision.kind == "use_ability" and decision.options[0].info["card"] == \
        "electronicbaffle"
    assert AceAgent(1).choose(game.view(1), decision) == "decline"


@pytest.mark.parametrize(("soontir_hull", "expected"), [(1, "use"), (3, "decline")])
def test_heightened_perception_buys_the_first_shot_when_it_may_destroy_the_shooter(
        soontir_hull, expected):
    """Situation: start of the Engagement Phase; Luke Skywalker (initiative 5, 2 Force,
    Heightened Perception: spend 1 Force to engage at initiative 7) faces Soontir Fel
    (initiative 6) at range 1, each in the other's front arc. Soontir has 1 hull left,
    or 3 (no shields either way). Expected: Luke engages first when his shot may destroy
    Soontir before Soontir shoots; with 3 hull left that chance is small and the Force is
    kept for his dice (it was always spent, 31 times in 120 random games)."""
    sc = Scene()
    luke = sc.ship("lukeskywalker", at=(400, 300, 0), upgrades=["heightenedperception"],
                   activated=True)
    sc.ship("soontirfel", player=2, at=(400, 420, 180), hull=soontir_hull, shields=0,
            activated=True)
    game = sc.at(FireWindow.of("start_engagement"), phase="engagement")
    decision = game.decision
    assert decision.kind == "use_ability" and decision.ship == luke
    assert decision.options[0].info["card"] == "heightenedperception"
    answer = AceAgent(1).choose(game.view(1), decision)
    assert answer == {"use": decision.options[0].key, "decline": "decline"}[expected]


@pytest.mark.parametrize(("token", "expected"), [("focus", "decline"), ("disarm", "use")])
def test_deuterium_power_cells_swap_only_a_token_worse_than_stress(token, expected):
    """Situation: an unstressed TIE Advanced with Deuterium Power Cells (about to gain 1
    token other than a lock: may spend 1 charge to gain a stress token instead), Luke
    Skywalker ahead in its arc at range 1, neither has engaged. It is about to gain a focus token
    (its own focus action), or a disarm token (no attack this round). Expected: the focus
    is kept; the disarm token is swapped for a stress token. The ace swapped every token,
    its focus actions' tokens most often (16 of 19 swaps in 60 random games)."""
    sc = Scene()
    me = sc.ship("tempestsquadronpilot", at=(400, 300, 0), upgrades=["deuteriumpowercells"],
                 activated=True)
    sc.ship("lukeskywalker", player=2, at=(400, 420, 180), activated=True)
    game = sc.game()
    start_at(game, Give(me, token, 1, applier=1), phase="activation")
    decision = game.decision
    assert decision.kind == "replacement" and decision.options[0].info == {
        "token": token, "card": "deuteriumpowercells"}
    assert AceAgent(1).choose(game.view(1), decision) == expected


@pytest.mark.parametrize(("enemy_at", "expected"), [((400, 560, 180), "use"),
                                                    ((620, 300, 270), "decline")])
def test_rook_kast_takes_strain_only_for_a_shot(enemy_at, expected):
    """Situation: before Rook Kast (Gauntlet fighter) engages, an X-wing is ahead of him in
    his front arc at range 2, or off his side, in neither his front nor his rear arc. His
    ability: may gain 1 strain token (one defense die fewer next time he defends);
    attacking while strained, may change 1 blank or focus result to a hit. Expected: the
    token is taken for the shot, not without one (it was always taken)."""
    sc = Scene()
    rook = sc.ship("rookkast", at=(400, 300, 0), activated=True)
    sc.ship("redsquadronveteran", player=2, at=enemy_at, activated=True)
    game = sc.at(Engage(rook))
    decision = game.decision
    assert decision.kind == "use_ability" and decision.options[0].info["card"] == "rookkast"
    answer = AceAgent(1).choose(game.view(1), decision)
    assert answer == {"use": decision.options[0].key, "decline": "decline"}[expected]


@pytest.mark.parametrize(("enemies", "expected"), [(1, "decline"), (3, "expose")])
def test_coaxium_hyperfuel_buys_a_slam_only_where_it_is_worth_the_price(enemies, expected):
    """Situation: an Academy Pilot with Coaxium Hyperfuel and one facedown damage card
    bumps a friendly TIE with its [3 straight] (a partial maneuver): it may expose a
    damage card or suffer a critical damage to perform a SLAM action. One Black Squadron
    Ace sits behind it, or three, each with it in its front arc; it has no shot at them.
    Expected: with three, the SLAM out of their arcs is worth an exposed card (the cheaper
    price); with one it is not, and the ship stays (it always paid, exposing first)."""
    sc = Scene()
    me = sc.ship("academypilot", at=(400, 300, 0), upgrades=["coaxiumhyperfuel"],
                 damage=[DamageCard("directhit", False, 1)], dial_set="3FW",
                 dial_revealed=True)
    sc.ship("academypilot", at=(400, 420, 180))
    for x, y in [(400, 150), (360, 140), (440, 140)][:enemies]:
        sc.ship("blacksquadronace", player=2, at=(x, y, 0), activated=True)
    game = sc.game()
    load_dice(game, ["blank"])
    start_at(game, ExecuteManeuver(me, "3FW"), phase="activation")
    decision = game.decision
    assert decision.option_keys() == ["expose", "crit", "decline"]
    assert AceAgent(1).choose(game.view(1), decision) == expected


@pytest.mark.parametrize(("heading", "expected"), [(0, "gain"), (180, "remove:evade")])
def test_a_green_token_is_spared_only_when_the_token_offered_costs_more(heading, expected):
    """Situation: Engagement Phase, every ship activated; the ISB Jingoist makes Luke
    Skywalker (holding an evade token, in its front arc at range 1) gain a deplete token
    unless he removes 1 green token. Luke either faces away (no shot this round: a deplete,
    one attack die fewer, costs him nothing now) or faces the Jingoist (his shot loses a
    die). Expected: the deplete token while he faces away, the evade token spent while he
    faces it (the first option, removing the evade token, was always taken)."""
    sc = Scene()
    isb = sc.ship("isbjingoist", at=(400, 300, 0), activated=True)
    luke = sc.ship("lukeskywalker", player=2, at=(400, 400, heading), tokens={"evade": 1},
                   activated=True)
    game = sc.at(Engage(isb))
    game.answer(luke)
    game.answer("deplete")
    decision = game.decision
    assert decision.kind == "jingoist_refusal" and decision.player == 2
    assert decision.option_keys() == ["remove:evade", "gain"]
    assert AceAgent(2).choose(game.view(2), decision) == expected


def test_queued_abilities_resolve_what_gains_before_what_spends():
    """Situation: at the start of the Engagement Phase Plo Koon (Force 1 of 2, a focus
    token, a friendly Plo Koon at range 1, an enemy in his front arc) has two abilities
    queued: his own (spend 1 Force: give a friend a green token) and Patience (gain a
    deplete token to recover 1 Force); the queue lists his first. RR: ABILITY QUEUE - his
    player chooses the order. Expected: the ace resolves Patience first (a price paid in a
    token gained before a price paid in Force: the Force it recovers is there to spend),
    uses it, and Plo Koon's own ability then still finds 1 Force (the ace took the queue's
    first, the Force spent before it was recovered)."""
    game, plo = plo_koon_with_patience()
    ace = AceAgent(1)
    decision = game.decision
    assert decision.kind == "order_abilities"
    assert decision.options[0].key.startswith(f"{plo}:plokoon")
    choice = ace.choose(game.view(1), decision)
    assert choice == f"{plo}:patience#0"
    game.answer(choice)
    assert game.decision.kind == "use_ability"
    game.answer(ace.choose(game.view(1), game.decision))
    ship = game.state.ships[plo]
    assert ship.force == 2 and ship.count(Token.DEPLETE) == 1
