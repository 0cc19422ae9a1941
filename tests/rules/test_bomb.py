"""RR: BOMB - bombs are devices dropped (or launched) during the System Phase that detonate
at the end of the Activation Phase; RR: DEVICE - the device's effects resolve, then it is
removed; RR: FUSE MARKER - a fused device that would detonate loses a fuse marker instead.
Measured with the exact geometry (range from the token, guides included)."""

from __future__ import annotations

from tallon.engine.payloads import Detonate, DetonateBombs
from tallon.engine.rounds import Sweep, SystemTurn
from tallon.engine.state import Token
from tallon.geometry.constants import GUIDE_DEPTH
from tallon.scene import Scene, load_dice, stack_deck, start_at
from tests.rules.device_helpers import answer_all, put


def test_a_dropped_bomb_detonates_at_the_end_of_the_activation_phase():
    """A B-wing drops a proton bomb in the System Phase, behind it a TIE. RR: BOMB -
    bombs detonate at the end of the Activation Phase: once every ship has activated, the
    bomb detonates (the TIE at range 0-1 suffers a critical damage) and is removed."""
    sc = Scene()
    bomber = sc.ship("graysquadronbomber", at=(400, 300, 0), upgrades=["protonbombs"])
    tie = sc.ship("academypilot", player=2, at=(400, 190, 0))
    game = sc.at(SystemTurn(bomber), phase="system")
    stack_deck(game, 2, ["structuraldamage"])
    assert game.decision.kind == "launch_device"
    game.answer("1F")
    assert [d.kind for d in game.state.devices] == ["protonbomb"]
    assert game.state.ships[bomber].charges["protonbombs"].active == 1
    for ship in game.state.ships.values():
        ship.activated = True  # every ship has activated: the phase ends
    start_at(game, Sweep("activation"), phase="activation")
    answer_all(game)
    assert game.state.devices == []
    assert len(game.state.ships[tie].damage) == 1
    assert any("protonbomb-1 detonates" in e["text"] for e in game.log)


def test_no_bomb_no_step():
    """The same end of the Activation Phase with no bomb in play. RR: BOMB. Nothing
    detonates and no step is added (games without bombs keep their state hashes)."""
    sc = Scene()
    sc.ship("graysquadronbomber", at=(400, 300, 0))
    sc.ship("academypilot", player=2, at=(400, 600, 180))
    game = sc.game()
    for ship in game.state.ships.values():
        ship.activated = True
    start_at(game, Sweep("activation"), phase="activation")
    assert not any(e["kind"] == "device" for e in game.log)


def test_range_is_measured_from_the_token_exactly():
    """A proton bomb (its guides' edge at y 500, the token below it, the guides above it)
    and two TIEs, one whose base is 99 mm from the guides, one 101 mm. RR: BOMB, RR: RANGE
    and RR: DEVICE (the guides count for range) - range 0-1 is at most 100 mm: only the
    nearer one suffers damage."""
    sc = Scene()
    sc.ship("graysquadronbomber", at=(100, 100, 0))
    near = sc.ship("academypilot", player=2, at=(400, 500 + GUIDE_DEPTH + 99 + 20, 0))
    far = sc.ship("academypilot", player=2, at=(700, 500 + GUIDE_DEPTH + 101 + 20, 0))
    game = sc.game()
    stack_deck(game, 2, ["structuraldamage"] * 2)
    put(game, "protonbombs", (400, 500, 180))
    put(game, "protonbombs", (700, 500, 180))
    start_at(game, DetonateBombs(), phase="activation")
    answer_all(game)
    assert len(game.state.ships[near].damage) == 1
    assert len(game.state.ships[far].damage) == 0


def test_bombs_detonate_in_player_order_then_in_the_order_placed():
    """Player 2's bomb was placed first, then two of player 1's; player 1 is first player.
    RR: BOMB (ruling in docs/rulings.md, Devices): player 1's bombs detonate first, in the
    order placed, then player 2's."""
    sc = Scene()
    sc.ship("graysquadronbomber", at=(100, 100, 0))
    sc.ship("academypilot", player=2, at=(800, 800, 0))
    game = sc.game()
    game.state.first_player = 1
    second = put(game, "protonbombs", (400, 400, 0), owner=2)
    first = put(game, "protonbombs", (500, 400, 0), owner=1)
    third = put(game, "ionbombs", (600, 400, 0), owner=1)
    start_at(game, DetonateBombs(), phase="activation")
    answer_all(game)
    order = [e["device"] for e in game.log if e["kind"] == "device"
             and e["text"].endswith("detonates")]
    assert order == [first, third, second]


def test_a_fused_bomb_loses_a_fuse_marker_instead():
    """An electro-proton bomb with its fuse marker next to a TIE. RR: FUSE MARKER - a
    fused device that would detonate loses a fuse marker instead: the first time it stays
    and the TIE gains nothing; the next time it detonates."""
    sc = Scene()
    sc.ship("graysquadronbomber", at=(100, 100, 0))
    tie = sc.ship("academypilot", player=2, at=(400, 550, 0))
    game = sc.game()
    bomb = put(game, "electroprotonbomb", (400, 500, 180), fuses=1)
    start_at(game, Detonate(bomb), phase="activation")
    answer_all(game)
    assert [d.id for d in game.state.devices] == [bomb] and bomb not in game.state.fuses
    assert not game.state.ships[tie].tokens
    load_dice(game, ["focus", "hit", "crit", "blank"])
    start_at(game, Detonate(bomb), phase="activation")
    answer_all(game)
    assert game.state.devices == []
    ship = game.state.ships[tie]
    assert (ship.count(Token.ION), ship.count(Token.DISARM)) == (2, 1)
