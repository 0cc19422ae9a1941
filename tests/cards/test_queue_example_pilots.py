"""The pilots of the RR's two ability queue examples, card by card: Jake Farrell and
Vectored Thrusters (RZ-1 A-wing), "Chopper" and Tail Gun (VCX-100), Kyle Katarn (HWK-290),
Old Teroch and Concordia Faceoff (Fang fighter). Their interplay is in
tests/rules/test_ability_queue.py."""

from __future__ import annotations

from tallon.engine.actions import PerformAction
from tallon.engine.attack import Engage
from tallon.engine.rounds import StartEngagement
from tallon.engine.state import Token
from tallon.engine.weapons import valid_targets, weapons_of
from tallon.scene import Scene, load_dice


# ------------------------------------------------------------- vectored thrusters
def test_vectored_thrusters_after_an_action_a_red_boost():
    sc = Scene()
    awing = sc.ship("phoenixsquadronpilot", at=(400, 300, 0))
    sc.ship("academypilot", player=2, at=(400, 850, 180))
    game = sc.at(PerformAction(awing, during_activation=True), phase="activation")
    game.answer("focus")
    assert game.decision.kind == "use_ability"
    game.answer("boost")
    game.answer("boost")
    game.answer("straight")
    ship = game.state.ships[awing]
    assert ship.pose.y > 300 + 79 and ship.count(Token.STRESS) == 1   # moved; red: stress


def test_vectored_thrusters_no_boost_after_boosting_this_round():
    sc = Scene()
    awing = sc.ship("phoenixsquadronpilot", at=(400, 300, 0))
    sc.ship("academypilot", player=2, at=(400, 850, 180))
    game = sc.at(PerformAction(awing, during_activation=True), phase="activation")
    game.answer("boost")
    game.answer("straight")
    assert game.decision is None      # boost done already: the ability has nothing to do


# ------------------------------------------------------------------- jake farrell
def test_jake_farrell_after_a_boost_a_friend_may_focus():
    sc = Scene()
    jake = sc.ship("jakefarrell", at=(400, 300, 0))
    friend = sc.ship("phoenixsquadronpilot", at=(480, 380, 0))
    sc.ship("academypilot", player=2, at=(400, 850, 180))
    game = sc.at(PerformAction(jake, during_activation=True), phase="activation")
    game.answer("boost")
    game.answer("straight")
    game.answer(next(o.key for o in game.decision.options if "jakefarrell" in o.label))
    assert friend in game.decision.option_keys()
    game.answer(friend)
    game.answer("focus")
    assert game.state.ships[friend].count(Token.FOCUS) == 1


def test_jake_farrell_a_focus_action_does_not_trigger_him():
    sc = Scene()
    jake = sc.ship("jakefarrell", at=(400, 300, 0))
    sc.ship("academypilot", player=2, at=(400, 850, 180))
    game = sc.at(PerformAction(jake, during_activation=True), phase="activation")
    game.answer("focus")
    d = game.decision            # only Vectored Thrusters triggers
    assert d.kind == "use_ability" and "boost" in d.prompt


# ------------------------------------------------------------------------ chopper
def chopper_scene(enemy_at):
    sc = Scene()
    chopper = sc.ship("chopper", at=(400, 400, 0))
    enemy = sc.ship("academypilot", player=2, at=enemy_at, tokens={"focus": 1})
    return sc.at(StartEngagement()), chopper, enemy


def test_chopper_enemies_at_range_0_gain_two_jam_tokens():
    game, _, enemy = chopper_scene((400, 460, 180))       # touching his front edge
    ship = game.state.ships[enemy]
    assert not ship.has(Token.FOCUS)                       # the first jam took its focus
    assert ship.count(Token.JAM) == 1


def test_chopper_no_effect_on_ships_not_touching():
    game, _, enemy = chopper_scene((400, 470, 180))
    ship = game.state.ships[enemy]
    assert ship.count(Token.FOCUS) == 1 and not ship.has(Token.JAM)


# ----------------------------------------------------------------------- tail gun
def test_tail_gun_gives_a_rear_weapon_only_with_a_docked_ship():
    sc = Scene()
    chopper = sc.ship("chopper", at=(400, 400, 0))
    awing = sc.ship("phoenixsquadronpilot", at=(100, 100, 0))
    enemy = sc.ship("academypilot", player=2, at=(400, 250, 0))     # behind Chopper
    game = sc.game()
    ship = game.state.ships[chopper]
    assert [w.arc for w in weapons_of(game, ship)] == ["front"]
    assert valid_targets(game, ship) == []
    ship.docked = (awing,)          # docking itself is not supported: arranged here
    weapons = weapons_of(game, ship)
    assert [(w.arc, w.value) for w in weapons] == [("front", 4), ("rear", 2)]
    assert [t.defender for t in valid_targets(game, ship)] == [enemy]


# --------------------------------------------------------------------- kyle katarn
def test_kyle_katarn_gives_a_focus_token_to_a_friend_in_his_turret_arc():
    sc = Scene()
    kyle = sc.ship("kylekatarn", at=(400, 300, 0), tokens={"focus": 1}, turret="right")
    friend = sc.ship("phoenixsquadronpilot", at=(550, 300, 0))
    sc.ship("academypilot", player=2, at=(400, 850, 180))
    game = sc.at(StartEngagement())
    game.answer(friend)
    assert game.state.ships[friend].count(Token.FOCUS) == 1
    assert not game.state.ships[kyle].has(Token.FOCUS)


def test_kyle_katarn_not_in_his_arc_no_transfer():
    sc = Scene()
    sc.ship("kylekatarn", at=(400, 300, 0), tokens={"focus": 1}, turret="left")
    sc.ship("phoenixsquadronpilot", at=(550, 300, 0))
    sc.ship("academypilot", player=2, at=(400, 850, 180))
    game = sc.at(StartEngagement())
    assert game.decision is None


# ---------------------------------------------------------------------- old teroch
def teroch_scene(enemy_heading: float):
    sc = Scene()
    teroch = sc.ship("oldteroch", player=2, at=(400, 500, 180))
    enemy = sc.ship("redsquadronveteran", at=(400, 380, enemy_heading),
                    tokens={"focus": 1, "evade": 1})
    return sc.at(StartEngagement()), teroch, enemy


def test_old_teroch_in_the_enemys_front_arc_strips_its_green_tokens():
    game, _, enemy = teroch_scene(0)             # the X-wing faces Teroch
    game.answer(enemy)
    ship = game.state.ships[enemy]
    assert not ship.has(Token.FOCUS) and not ship.has(Token.EVADE)


def test_old_teroch_outside_its_front_arc_no_effect():
    game, _, enemy = teroch_scene(180)           # the X-wing faces away
    game.answer(enemy)
    ship = game.state.ships[enemy]
    assert ship.has(Token.FOCUS) and ship.has(Token.EVADE)


# -------------------------------------------------------------- concordia faceoff
def test_concordia_faceoff_at_range_1_in_the_attackers_front_arc_adds_an_evade():
    def defend(at_y: float) -> list[str]:
        sc = Scene()
        xwing = sc.ship("redsquadronveteran", at=(400, 300, 0))
        fang = sc.ship("zealousrecruit", player=2, at=(400, at_y, 180), tokens={"focus": 1})
        game = sc.at(Engage(xwing))
        load_dice(game, ["hit", "hit", "hit", "hit"], ["focus", "blank", "blank", "blank"])
        game.answer(f"primary:front@{fang}")
        while game.decision is not None and game.decision.kind != "modify_defense_dice":
            game.answer("done")
        d = game.decision
        if d is None:
            return []
        return [o.info["source"] if o.info else o.key for o in d.options]
    near = defend(380)           # range 1
    assert "Concordia Faceoff" in near
    assert "done" not in near    # mandatory: no "done" while it can be used
    far = defend(560)            # range 2: only the focus token is offered
    assert "Concordia Faceoff" not in far and "focus" in far
