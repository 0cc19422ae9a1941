"""Configuration upgrades: Servomotor S-foils, a two-sided card (side 0 closed, side 1
open), in scenes compared side against side."""

from __future__ import annotations

from tallon.cards import CARDS
from tallon.engine.actions import PerformAction
from tallon.engine.attack import Engage
from tallon.engine.effects import flip_upgrade
from tallon.engine.game import Game, GameSetup
from tallon.engine.rounds import Activate
from tallon.engine.state import Token
from tallon.scene import Scene, declare, load_dice, start_at
from tallon.squads import build_squad
from tests.cards.helpers import answer, rolled

FOILS = "servomotorsfoils"


def side(game, ship: str) -> int:
    return next(s for kind, xws, s in game.state.ships[ship].cards if xws == FOILS)


def attack_dice_rolled(open_foils: bool) -> int:
    """A T-65 attacks a TIE at range 2 with its S-foils closed (or open)."""
    sc = Scene()
    xwing = sc.ship("redsquadronveteran", at=(400, 300, 0), upgrades=[FOILS])
    tie = sc.ship("academypilot", player=2, at=(400, 500, 180))
    game = sc.game()
    if open_foils:
        flip_upgrade(game, game.state.ships[xwing], FOILS)
    start_at(game, Engage(xwing))
    load_dice(game, ["hit"] * 3, ["blank"] * 3)
    declare(game, xwing, tie)
    return len(rolled(game, xwing))


def test_closed_foils_roll_one_fewer_primary_die():
    """Closed S-foils: the primary attack rolls 2 dice instead of 3; open, all 3."""
    assert attack_dice_rolled(open_foils=False) == 2
    assert attack_dice_rolled(open_foils=True) == 3


def test_closed_foils_add_boost_and_a_linked_boost():
    """Closed, the card adds [boost] and [focus] > red [boost] to the bar: after a focus
    action the ship may perform the linked red boost. Open, it adds nothing."""
    sc = Scene()
    xwing = sc.ship("redsquadronveteran", at=(400, 300, 0), upgrades=[FOILS])
    sc.ship("academypilot", player=2, at=(400, 850, 180))
    game = sc.at(PerformAction(xwing, during_activation=True), phase="activation")
    assert "boost" in game.decision.option_keys()
    answer(game, "perform_action", "focus", xwing)
    answer(game, "linked_action", "boost", xwing)  # the linked red boost
    answer(game, "boost_direction", "straight", xwing)
    s = game.state.ships[xwing]
    assert s.has(Token.FOCUS) and s.stressed and s.pose.y > 300

    opened = Scene()
    xwing2 = opened.ship("redsquadronveteran", at=(400, 300, 0), upgrades=[FOILS])
    opened.ship("academypilot", player=2, at=(400, 850, 180))
    game2 = opened.game()
    flip_upgrade(game2, game2.state.ships[xwing2], FOILS)
    start_at(game2, PerformAction(xwing2, during_activation=True), phase="activation")
    assert "boost" not in game2.decision.option_keys()
    answer(game2, "perform_action", "focus", xwing2)
    assert game2.decision is None  # no linked boost


def test_foils_may_flip_before_activating():
    """Before activating the ship may flip the card (closed to open, then back)."""
    sc = Scene()
    xwing = sc.ship("redsquadronveteran", at=(400, 300, 0), upgrades=[FOILS],
                    dial_set="2FB")
    sc.ship("academypilot", player=2, at=(400, 850, 180))
    game = sc.at(Activate(xwing), phase="activation")
    assert side(game, xwing) == 0
    answer(game, "use_ability", "use", xwing)
    assert side(game, xwing) == 1
    assert not any(a.kind == "boost" for a in game.state.ships[xwing].actions)

    again = sc.at(Activate(xwing), phase="activation")
    flip_upgrade(again, again.state.ships[xwing], FOILS)  # start open this time
    answer(again, "use_ability", "use", xwing)
    assert side(again, xwing) == 0


def test_declining_keeps_the_side():
    sc = Scene()
    xwing = sc.ship("redsquadronveteran", at=(400, 300, 0), upgrades=[FOILS],
                    dial_set="2FB")
    sc.ship("academypilot", player=2, at=(400, 850, 180))
    game = sc.at(Activate(xwing), phase="activation")
    answer(game, "use_ability", "decline", xwing)
    assert side(game, xwing) == 0


def test_the_owner_chooses_the_starting_side_at_placement():
    squads = (build_squad("rebelalliance", [("redsquadronveteran", [FOILS])]),
              build_squad("galacticempire", [("academypilot", [])]))
    game = Game(GameSetup(squads=squads, seed=3, cards=CARDS))
    for _ in range(40):
        d = game.decision
        if d.kind == "upgrade_side":
            assert [o.label for o in d.options] == ["Servomotor S-foils (Closed)",
                                                    "Servomotor S-foils (Open)"]
            game.answer("back")
            break
        game.answer(d.options[0].key)
    assert side(game, "p1.1") == 1
    assert not any(a.kind == "boost" for a in game.state.ships["p1.1"].actions)
