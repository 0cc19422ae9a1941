"""Condition cards: Suppressive Fire (assigned by Captain Rex, TIE/ln fighter)."""

from __future__ import annotations

from tallon.engine.attack import Engage
from tallon.engine.conditions import has_condition
from tallon.engine.queue import FireWindow
from tallon.engine.state import ConditionCard, DamageCard
from tallon.scene import Scene, declare, load_dice, start_at
from tests.cards.helpers import Hurt, answer, pass_all, rolled

SF = "suppressivefire"


def scene():
    """Rex and a Rebel wingman face an Imperial TIE that carries Suppressive Fire (assigned
    by Rex's player, as a judge would set the table)."""
    sc = Scene()
    rex = sc.ship("captainrex", at=(400, 300, 0))
    wing = sc.ship("sabinewren-tielnfighter", at=(250, 300, 0))
    tie = sc.ship("academypilot", player=2, at=(400, 500, 180))
    return sc, rex, wing, tie


def suppress(game, ship: str) -> None:
    game.state.ships[ship].conditions += (ConditionCard(SF, 1),)
def tie_attacks(sc, tie, target, dice, suppressed=True):
    game = sc.at(Engage(tie))
    if suppressed:
        suppress(game, tie)
    load_dice(game, ["blank"] * dice, ["blank"] * 3)
    declare(game, tie, target)
    return game


def test_suppressed_ship_rolls_one_fewer_die_against_others_than_rex():
    """Suppressive Fire: while the ship attacks a ship other than Captain Rex it rolls 1
    fewer attack die (at range 2 a TIE rolls 1 die instead of 2)."""
    sc, _, wing, tie = scene()
    game = tie_attacks(sc, tie, wing, 1)
    assert len(rolled(game, tie)) == 1
    sc, _, wing, tie = scene()
    game = tie_attacks(sc, tie, wing, 2, suppressed=False)
    assert len(rolled(game, tie)) == 2


def test_suppressed_ship_attacks_rex_at_full_strength_and_the_card_leaves():
    """... but attacking Captain Rex it rolls its full dice, and after Rex defends the
    card is removed."""
    sc, rex, _, tie = scene()
    game = tie_attacks(sc, tie, rex, 2)
    assert len(rolled(game, tie)) == 2
    pass_all(game)
    assert not has_condition(game.state.ships[tie], SF)


def test_the_card_leaves_at_the_end_of_an_engagement_phase_rex_did_not_attack_in():
    """At the end of the Engagement Phase, if Rex did not attack in it, the card is
    removed; if he did, it stays."""
    sc, rex, _, tie = scene()
    game = sc.at(Engage(rex), FireWindow.of("end_engagement"))
    suppress(game, tie)
    answer(game, "declare_attack", "none", rex)
    assert not has_condition(game.state.ships[tie], SF)

    sc, rex, _, tie = scene()
    game = sc.at(Engage(rex), FireWindow.of("end_engagement"))
    load_dice(game, ["blank", "blank"], ["blank"] * 3)
    declare(game, rex, tie)  # Rex attacks: he assigns (again) the condition
    pass_all(game)
    assert has_condition(game.state.ships[tie], SF)


def test_an_attack_by_rex_before_the_engagement_phase_does_not_count():
    """"this phase": an attack Rex made earlier in the round (a bonus attack in the
    Activation Phase) doesn't keep the card."""
    sc, rex, _, tie = scene()
    game = sc.game()
    suppress(game, tie)
    game.state.ships[rex].last_attack = (game.state.round, "activation")
    game.state.ships[rex].attacked = True
    start_at(game, FireWindow.of("end_engagement"))
    assert not has_condition(game.state.ships[tie], SF)


def test_the_card_leaves_when_rex_is_destroyed():
    """After Captain Rex is destroyed the card is removed (a suppressed ship elsewhere)."""
    sc, rex, _, tie = scene()
    game = sc.game()
    suppress(game, tie)
    game.state.ships[rex].damage = (DamageCard("directhit", False, 90),
                                    DamageCard("directhit", False, 91))
    start_at(game, Hurt(rex), phase="activation")
    assert game.state.ships[rex].removed
    assert not has_condition(game.state.ships[tie], SF)


def test_suppressive_fire_is_limited_to_one_per_player():
    """Suppressive Fire is limited 1: when Rex attacks a second ship, the instance on the
    first is removed as the new one is assigned (RR: LIMITED CONDITIONS)."""
    sc = Scene()
    rex = sc.ship("captainrex", at=(400, 300, 0))
    first = sc.ship("academypilot", player=2, at=(250, 500, 180))
    second = sc.ship("academypilot", player=2, at=(400, 500, 180))
    game = sc.at(Engage(rex))
    suppress(game, first)
    load_dice(game, ["blank", "blank"], ["blank"] * 3)
    declare(game, rex, second)
    pass_all(game)
    assert not has_condition(game.state.ships[first], SF)
    assert has_condition(game.state.ships[second], SF)
