"""Firespray-class patrol craft: Zam Wesell and her secret conditions "You'd Better Mean
Business" and "You Should Thank Me"."""

from __future__ import annotations

from tallon.engine.attack import Engage
from tallon.engine.queue import FireWindow
from tallon.engine.rounds import Sweep
from tallon.scene import Scene, load_dice, start_at

BUSINESS, THANKS = "youdbettermeanbusiness", "youshouldthankme"


def scene(enemy_at=(400, 500, 180)):
    sc = Scene()
    zam = sc.ship("zamwesell", at=(400, 300, 0))
    enemy = sc.ship("redsquadronveteran", player=2, at=enemy_at)
    return sc.game(), zam, enemy


def system_phase(game):
    start_at(game, FireWindow.of("start_system"), Sweep("system"), phase="system")


def secret(game, zam: str, card: str) -> None:
    system_phase(game)
    assert game.decision.kind == "use_ability" and game.decision.ship == zam
    game.answer(card)


def charges(game, zam: str) -> int:
    return game.state.ships[zam].charges["zamwesell"].active


# ------------------------------------------------------------------------ zam wesell
def test_zam_loses_two_charges_at_setup():
    game, zam, _ = scene()
    assert charges(game, zam) == 2       # 4 printed


def test_zam_may_assign_herself_a_secret_condition_in_the_system_phase():
    game, zam, _ = scene()
    system_phase(game)
    d = game.decision
    assert set(d.option_keys()) == {BUSINESS, THANKS, "decline"}
    # the opponent sees only that Zam is deciding
    assert game.view(2, log=False)["decision"] == {"player": 1, "kind": "use_ability",
                                                   "ship": zam}
    game.answer(THANKS)
    cond = game.state.ships[zam].conditions
    assert [(c.card, c.faceup) for c in cond] == [(THANKS, False)]


def test_the_conditions_are_removed_at_the_start_of_the_system_phase():
    game, zam, _ = scene()
    secret(game, zam, BUSINESS)
    game.state.ships[zam].system_done = False   # a new round
    system_phase(game)          # removed first, then she may choose again
    assert game.state.ships[zam].conditions == ()
    assert game.decision.kind == "use_ability"


# ------------------------------------------------------------ you'd better mean business
def attacked(game, zam: str, enemy: str, dice=("hit",), defense=("blank", "blank")):
    start_at(game, Engage(enemy))
    load_dice(game, list(dice), list(defense))
    game.answer(f"primary:front@{zam}")


def test_business_revealed_after_defending_and_bonus_attack_on_the_attacker():
    game, zam, enemy = scene()
    secret(game, zam, BUSINESS)
    game.state.ships[zam].charges["zamwesell"].active = 4
    attacked(game, zam, enemy)
    assert game.state.ships[zam].conditions[0].faceup      # revealed after defending
    d = game.decision
    assert d.kind == "use_ability" and "bonus attack" in d.prompt
    game.answer("use")
    assert charges(game, zam) == 2
    d = game.decision
    assert d.kind == "bonus_attack"
    assert {o.info["defender"] for o in d.options if o.info} == {enemy}


def test_business_without_two_charges_no_bonus_attack():
    game, zam, enemy = scene()
    secret(game, zam, BUSINESS)
    game.state.ships[zam].charges["zamwesell"].active = 1
    attacked(game, zam, enemy)
    assert game.decision is None and not game.state.ships[zam].bonus_attack_done


def test_business_revealed_at_end_of_engagement_recovers_two_charges():
    """Facedown at the end of the Engagement Phase, in an enemy's firing arc: may reveal it
    for Zam to recover 2 charges."""
    game, zam, _ = scene()
    secret(game, zam, BUSINESS)
    assert charges(game, zam) == 2
    start_at(game, FireWindow.of("end_engagement"))
    game.answer("use")
    assert charges(game, zam) == 4
    assert game.state.ships[zam].conditions[0].faceup


def test_business_not_in_an_enemy_arc_nothing_at_end_of_engagement():
    game, zam, _ = scene(enemy_at=(800, 800, 0))     # the enemy faces away
    secret(game, zam, BUSINESS)
    start_at(game, FireWindow.of("end_engagement"))
    assert game.decision is None and charges(game, zam) == 2


# ------------------------------------------------------------------ you should thank me
def test_thanks_after_defending_recovers_a_charge_and_may_lock_the_attacker():
    game, zam, enemy = scene()
    secret(game, zam, THANKS)
    attacked(game, zam, enemy)
    d = game.decision            # two abilities of hers at once: she orders them
    assert d.kind == "order_abilities"
    game.answer(next(o.key for o in d.options if "revealed" in o.label))
    assert game.state.ships[zam].conditions[0].faceup
    assert charges(game, zam) == 3
    d = game.decision
    assert d.kind == "use_ability" and d.option_keys() == ["lock", "decline"]
    game.answer("lock")
    assert game.state.ships[zam].locks == [enemy]


def test_thanks_at_end_of_engagement_spends_two_charges_for_a_bonus_attack():
    game, zam, _enemy = scene()
    secret(game, zam, THANKS)
    start_at(game, FireWindow.of("end_engagement"))
    game.answer("use")
    assert charges(game, zam) == 0
    assert game.decision.kind == "bonus_attack"
