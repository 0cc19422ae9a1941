"""RR: MINE - a mine detonates after a ship moves through or overlaps it; RR: DEVICE - a mine
placed under a ship's base detonates at once (under several, the placing player chooses
the ship). Cluster mines (RR: OBJECTS: BOMBS AND MINES): a set of three, each detonating
on its own."""

from __future__ import annotations

from tallon.engine.rounds import Activate, SystemTurn
from tallon.engine.state import Token
from tallon.geometry import Pose
from tallon.scene import Scene, load_dice, stack_deck, start_at
from tests.rules.device_helpers import answer_all, put


def _damage(game, ship_id):
    ship = game.state.ships[ship_id]
    return ship.shield_limit - ship.shields + len(ship.damage)


def test_a_ship_moving_through_a_mine_sets_it_off():
    """A TIE flies a [3 straight] over a proximity mine. RR: MINE - after a ship moves
    through it, it detonates: the TIE rolls 2 dice (hit, blank) and suffers 1 damage plus
    1 per hit: 2 damage; the mine is removed."""
    sc = Scene()
    tie = sc.ship("academypilot", at=(400, 300, 0))
    sc.ship("academypilot", player=2, at=(100, 800, 180))
    game = sc.game()
    mine = put(game, "proximitymines", (400, 360, 0), owner=2)
    stack_deck(game, 1, ["structuraldamage", "structuraldamage", "weaponsfailure"])
    load_dice(game, ["hit", "blank"])
    game.state.ships[tie].dial_set = "3F"
    start_at(game, Activate(tie), phase="activation")
    answer_all(game, ("pass",))
    assert _damage(game, tie) == 2
    assert mine not in [d.id for d in game.state.devices]


def test_a_mine_beside_the_path_stays():
    """The same [3 straight] with the mine 80 mm to the side. RR: MINE - no ship moved
    through or overlapped it: it stays and the TIE is unharmed."""
    sc = Scene()
    tie = sc.ship("academypilot", at=(400, 300, 0))
    sc.ship("academypilot", player=2, at=(100, 800, 180))
    game = sc.game()
    mine = put(game, "proximitymines", (480, 360, 0), owner=2)
    game.state.ships[tie].dial_set = "3F"
    start_at(game, Activate(tie), phase="activation")
    answer_all(game, ("pass",))
    assert _damage(game, tie) == 0
    assert [d.id for d in game.state.devices] == [mine]


def test_a_mine_dropped_under_a_ship_detonates_at_once():
    """A Scum Z-95 drops a Conner Net onto an enemy TIE right behind it. RR: DEVICE - a
    device placed overlapping a ship is placed under it; RR: MINE - a mine a ship overlaps
    detonates: the TIE suffers 1 damage and gains 3 ion tokens, at once."""
    sc = Scene()
    dropper = sc.ship("bountyhunter", at=(400, 300, 0), upgrades=["connernets"])
    tie = sc.ship("academypilot", player=2, at=(400, 230, 0))
    game = sc.at(SystemTurn(dropper), phase="system")
    stack_deck(game, 2, ["structuraldamage"])
    game.answer("1F")
    answer_all(game)
    assert _damage(game, tie) == 1
    assert game.state.ships[tie].count(Token.ION) == 3
    assert game.state.devices == []


def test_a_mine_under_two_ships_affects_the_one_its_placer_chooses():
    """A Conner Net dropped under two enemy TIEs. RR: DEVICE - "if a device that detonates
    when overlapped is placed under more than one ship's base, it detonates instantly and
    the player placing the device chooses which ship it affects": player 1 chooses the
    second TIE, which alone suffers the effect."""
    sc = Scene()
    dropper = sc.ship("bountyhunter", at=(400, 300, 0), upgrades=["connernets"])
    left = sc.ship("academypilot", player=2, at=(372, 225, 0))
    right = sc.ship("academypilot", player=2, at=(428, 225, 0))
    game = sc.at(SystemTurn(dropper), phase="system")
    game.answer("1F")
    assert game.decision.kind == "device_target"
    assert game.decision.player == 1
    assert set(game.decision.option_keys()) == {left, right}
    game.answer(right)
    answer_all(game)
    assert game.state.ships[right].count(Token.ION) == 3
    assert game.state.ships[left].count(Token.ION) == 0


def test_a_cluster_mine_set_is_three_mines_each_detonating_alone():
    """A cluster mine set dropped by a Scum Z-95, then a TIE flying over the left one
    only. RR: OBJECTS: BOMBS AND MINES (Cluster Mine) - three devices are placed; only the
    one moved through detonates (2 dice: hit, crit -> 2 damage), the others stay."""
    sc = Scene()
    dropper = sc.ship("bountyhunter", at=(400, 300, 0), upgrades=["clustermines"])
    tie = sc.ship("academypilot", player=2, at=(600, 700, 180))
    game = sc.at(SystemTurn(dropper), phase="system")
    game.answer("1F")
    answer_all(game)
    mines = list(game.state.devices)
    assert len(mines) == 3 and {d.kind for d in mines} == {"clustermine"}
    left = min(mines, key=lambda d: d.pose.x)
    # the TIE crosses the left mine only: from below it, flying straight up, its base
    # reaching 5 mm past the left mine's centre (the middle mine starts 11.5 mm past it)
    game.state.set_pose(game.state.ships[tie], Pose(left.pose.x - 15, 150, 0))
    game.state.ships[tie].dial_set = "3F"
    stack_deck(game, 2, ["structuraldamage", "structuraldamage", "weaponsfailure"])
    load_dice(game, ["hit", "crit"])
    start_at(game, Activate(tie), phase="activation")
    answer_all(game, ("pass",))
    assert _damage(game, tie) == 2
    assert len(game.state.devices) == 2 and left not in game.state.devices


def test_a_ship_on_a_fused_mine_sets_it_off_when_it_moves_through_it_again():
    """A TIE sits on a proximity mine that a fuse marker kept from detonating; it flies a
    [1 straight]. RR: FAQ ("if a ship is physically on top of a mine that did not detonate
    because of the effect of a fuse marker, and it moves through and/or overlaps that mine
    again during a later move, the mine detonates as normal"): the marker is spent, and
    then the mine detonates on the next move: 1 damage plus its dice (2 blanks)."""
    sc = Scene()
    tie = sc.ship("academypilot", at=(400, 300, 0))
    sc.ship("academypilot", player=2, at=(100, 800, 180))
    game = sc.game()
    mine = put(game, "proximitymines", (400, 370, 0), owner=2, fuses=1)  # under the end
    game.state.ships[tie].dial_set = "1F"
    start_at(game, Activate(tie), phase="activation")
    answer_all(game, ("pass",))
    assert [d.id for d in game.state.devices] == [mine] and mine not in game.state.fuses
    stack_deck(game, 1, ["structuraldamage"])
    load_dice(game, ["blank", "blank"])
    game.state.ships[tie].dial_set = "1F"
    game.state.ships[tie].activated = False
    start_at(game, Activate(tie), phase="activation")
    answer_all(game, ("pass",))
    assert game.state.devices == [] and _damage(game, tie) == 1
