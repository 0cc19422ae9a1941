"""RR: DOCK (and DEPLOY): docked ships in reserve, starting the game docked, deploying and
docking in the System Phase, emergency deploying when the carrier is destroyed. Scenes: a
Trandoshan Slaver (YV-666, large base) with the Hound's Tooth title carries a Binayre
Pirate (Z-95, small base); the carrier sits at (400, 300) facing +y, its front edge at
y 340 and its rear edge at y 260."""

from __future__ import annotations

from tallon.cards import CARDS
from tallon.engine import Game, GameSetup
from tallon.engine.docking import EmergencyDeploy, carrier_of
from tallon.engine.rounds import SystemTurn
from tallon.engine.state import ConditionCard, Token
from tallon.scene import Scene, stack_deck, start_at
from tallon.squads import build_squad
from tallon.squads.xws import read_xws_file
from tests.rules.device_helpers import answer_all


def _docked_scene(enemy_at=(400, 800, 180), carrier_at=(400, 300, 0)):
    sc = Scene()
    carrier = sc.ship("trandoshanslaver", at=carrier_at, upgrades=["houndstooth"])
    pup = sc.ship("binayrepirate", at=(700, 100, 0))
    enemy = sc.ship("academypilot", player=2, at=enemy_at)
    game = sc.game()
    game.state.ships[carrier].docked = (pup,)
    game.state.ships[pup].body = None
    game.state.moved()
    return game, carrier, pup, enemy


def test_a_ship_can_start_the_game_docked():
    """A squad with the Hound's Tooth (on a generic YV-666: the setup does not check slots)
    and a Z-95. RR: DOCK - "ships capable of docking can start the game docked; before the
    Place Forces step of setup, that player must declare which ships are docked": the
    Z-95's player is asked before any ship is placed; docked, it is never placed, sets no
    dial and is not in play."""
    squad = build_squad("scumandvillainy", [("trandoshanslaver", ["houndstooth"]),
                                            ("binayrepirate", [])])
    other = read_xws_file("tests/lists/rebel-y-wing-bombers.json").squad
    game = Game(GameSetup((squad, other), seed=5, cards=CARDS))
    while game.decision.kind != "start_docked":
        assert game.decision.kind == "place_obstacle"
        game.answer(game.decision.option_keys()[0])
    assert game.decision.player == 1
    assert game.decision.option_keys() == ["none", "p1.1"]
    carrier = "p1.1"
    game.answer(carrier)
    placed = []
    while game.decision.kind in ("place_ship", "upgrade_side"):
        placed.append(game.decision.ship)
        game.answer(game.decision.option_keys()[0])
    pup = next(s for s in game.state.ships_of(1) if s.ship_type == "z95af4headhunter")
    assert pup.id not in placed and not pup.in_play
    assert game.state.ships[carrier].docked == (pup.id,)
    dials = []
    while game.decision.kind == "set_dial":
        dials.append(game.decision.ship)
        game.answer(game.decision.option_keys()[0])
    assert pup.id not in dials


def test_deploying_executes_a_maneuver_from_the_carrier_guides():
    """The docked Z-95 in the System Phase deploys with a [2 straight] from the front
    guides. RR: DOCK - it executes the maneuver as if the carrier's front guides were its
    own start (its front edge there, at y 340): it ends 120 mm further, at y 440 (centre),
    may perform one action, and does not activate this round."""
    game, carrier, pup, _ = _docked_scene()
    start_at(game, SystemTurn(pup), phase="system")
    assert game.decision.kind == "dock_or_deploy"
    keys = game.decision.option_keys()
    assert "stay" in keys and "rear:2FB" in keys
    assert not [k for k in keys if k.endswith(("O", "A", "S", "D")) or k[-2] in "OASD"]
    game.answer("front:2FB")
    ship = game.state.ships[pup]
    assert ship.in_play and ship.body.pose.y == 340 - 20 + 40 + 80
    assert game.decision.kind == "perform_action"
    assert ship.activated and game.state.ships[carrier].docked == ()


def test_a_deploy_that_would_overlap_a_ship_is_not_offered():
    """An enemy TIE right in front of the carrier. RR: DOCK - "if the ship would partially
    execute the maneuver and cannot be placed without overlapping another ship, the ship
    fails to deploy": the short front deploys that would end on the TIE are not offered,
    the rear ones are."""
    game, _, pup, _ = _docked_scene(enemy_at=(400, 400, 180))
    start_at(game, SystemTurn(pup), phase="system")
    keys = game.decision.option_keys()
    assert "front:1FB" not in keys and "rear:1FB" in keys


def test_a_ship_at_range_0_of_its_carrier_may_dock_and_then_not_activate():
    """A Z-95 touching the carrier's side in the System Phase. RR: DOCK - "a ship at range 0
    of its carrier ship can dock with it and be placed in reserve": it docks, leaves the
    table, and will not activate; it can't deploy in the same System Phase."""
    sc = Scene()
    carrier = sc.ship("trandoshanslaver", at=(400, 300, 0), upgrades=["houndstooth"])
    pup = sc.ship("binayrepirate", at=(460, 300, 0))
    sc.ship("academypilot", player=2, at=(400, 800, 180))
    game = sc.game()
    start_at(game, SystemTurn(pup), phase="system")
    assert game.decision.kind == "dock_or_deploy"
    game.answer(f"dock:{carrier}")
    ship = game.state.ships[pup]
    assert not ship.in_play and ship.activated
    assert carrier_of(game, ship).id == carrier
    start_at(game, SystemTurn(pup), phase="system")
    assert game.decision is None


def test_an_allied_ship_may_not_dock():
    """The same Z-95 touching the carrier, with Broken Trust (its ship and its player's
    other ships are allied, not friendly: RR: ALLIED). RR: DOCK - a ship rides inside
    "another friendly ship": nothing is offered."""
    sc = Scene()
    sc.ship("trandoshanslaver", at=(400, 300, 0), upgrades=["houndstooth"])
    pup = sc.ship("binayrepirate", at=(460, 300, 0),
                  conditions=(ConditionCard("brokentrust", 2),))
    sc.ship("academypilot", player=2, at=(400, 800, 180))
    game = sc.game()
    start_at(game, SystemTurn(pup), phase="system")
    assert game.decision is None or game.decision.kind != "dock_or_deploy"


def test_a_ship_beyond_range_0_may_not_dock():
    """The same Z-95 50 mm away (range 1). RR: DOCK - only at range 0: no docking is
    offered."""
    sc = Scene()
    sc.ship("trandoshanslaver", at=(400, 300, 0), upgrades=["houndstooth"])
    pup = sc.ship("binayrepirate", at=(510, 300, 0))
    sc.ship("academypilot", player=2, at=(400, 800, 180))
    game = sc.game()
    start_at(game, SystemTurn(pup), phase="system")
    assert game.decision is None


def test_emergency_deploy_suffers_a_critical_damage_and_takes_no_action():
    """The carrier is destroyed with the Z-95 docked. RR: DOCK - before the carrier is
    removed the docked ship may emergency deploy: it first suffers 1 critical damage (a
    faceup card, or a shield), then deploys, without an action."""
    game, carrier, pup, _ = _docked_scene()
    stack_deck(game, 1, ["structuraldamage"])
    start_at(game, EmergencyDeploy(pup, carrier), phase="engagement")
    assert game.decision.kind == "dock_or_deploy"
    game.answer("front:2FB")
    answer_all(game)
    ship = game.state.ships[pup]
    assert ship.in_play and ship.shields == ship.shield_limit - 1  # a shield takes it
    assert any("emergency deploy" in e["text"] for e in game.log)
    assert not any(e["kind"] == "action" for e in game.log)


def test_a_docked_ship_not_deployed_is_destroyed_with_its_carrier():
    """The docked Z-95 stays in its destroyed carrier. RR: DOCK (ruling, docs/rulings.md):
    it is destroyed with the carrier; its points go to the opponent."""
    game, carrier, pup, _ = _docked_scene()
    start_at(game, EmergencyDeploy(pup, carrier), phase="engagement")
    game.answer("stay")
    ship = game.state.ships[pup]
    assert ship.removed and ship.destroyed
    assert game.state.player(2).mission_points >= ship.cost


def test_a_fleeing_carrier_takes_its_docked_ship_along():
    """The carrier flees the play area with the Z-95 docked. RR: DOCK (ruling): the docked
    ship leaves the game with it."""
    from tallon.engine.effects import remove_ship

    game, carrier, pup, _ = _docked_scene()
    remove_ship(game, game.state.ships[carrier], "fled")
    assert game.state.ships[pup].removed


def test_a_docked_ship_is_no_target_and_holds_no_tokens():
    """A docked ship is off the table: it is not in play (no attack can target it, no
    effect reaches it) and the view shows its carrier's docked list."""
    game, carrier, pup, _ = _docked_scene()
    assert pup not in {s.id for s in game.state.in_play()}
    view = game.view(1, log=False)
    assert next(s for s in view["ships"] if s["id"] == carrier)["docked"] == [pup]
    assert game.state.ships[pup].count(Token.STRESS) == 0


def test_a_ship_bumping_its_carrier_may_dock_instead():
    """A Z-95 flies a [2 straight] into the carrier ahead of it. RR: DOCK - "after a ship
    that can dock partially executes a maneuver and overlaps a friendly carrier ship, it
    may be placed in reserve. If it is, do not resolve the effects of the overlap": it
    docks and rolls no die for the friendly bump."""
    from tallon.engine.rounds import Activate

    sc = Scene()
    carrier = sc.ship("trandoshanslaver", at=(400, 400, 0), upgrades=["houndstooth"])
    pup = sc.ship("binayrepirate", at=(400, 300, 0))
    sc.ship("academypilot", player=2, at=(400, 800, 180))
    game = sc.game()
    game.state.ships[pup].dial_set = "2FB"
    start_at(game, Activate(pup), phase="activation")
    assert game.decision.kind == "dock_or_deploy"
    game.answer(f"dock:{carrier}")
    answer_all(game)
    assert game.state.ships[carrier].docked == (pup,)
    assert not any(e["kind"] == "roll" for e in game.log)


def test_a_bump_into_a_ship_that_is_no_carrier_asks_nothing():
    """The same bump into a YV-666 without the title: no docking question; the friendly
    bump's die is rolled."""
    from tallon.engine.rounds import Activate

    sc = Scene()
    sc.ship("trandoshanslaver", at=(400, 400, 0))
    pup = sc.ship("binayrepirate", at=(400, 300, 0))
    sc.ship("academypilot", player=2, at=(400, 800, 180))
    game = sc.game()
    game.state.ships[pup].dial_set = "2FB"
    start_at(game, Activate(pup), phase="activation")
    assert game.decision is None or game.decision.kind != "dock_or_deploy"
