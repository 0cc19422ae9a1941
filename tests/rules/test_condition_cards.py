"""RR: CONDITION CARDS - assigning conditions, with RR: LIMITED CONDITIONS (a limited
condition counted per player) and RR: SECRET CONDITIONS (one per marker per ship, assigned
facedown, hidden from the opponent). Zam Wesell's two secret conditions (limited 1,
sharing her marker) are the cards used."""

from __future__ import annotations

from tallon.engine.conditions import AssignCondition, has_condition
from tallon.scene import Scene, start_at

BUSINESS, THANKS = "youdbettermeanbusiness", "youshouldthankme"


def scene():
    sc = Scene()
    zam = sc.ship("zamwesell", at=(400, 300, 0))
    mate = sc.ship("separatistracketeer", at=(600, 300, 0))
    enemy = sc.ship("redsquadronveteran", player=2, at=(400, 600, 180))
    return sc.game(), zam, mate, enemy


def assign(game, ship_id: str, card: str, player: int = 1) -> None:
    start_at(game, AssignCondition(ship_id, card, player), phase="system")


def test_an_assigned_condition_stays_with_the_ship():
    """"You'd Better Mean Business" is assigned to Zam Wesell. RR: CONDITION CARDS - a
    condition card is assigned to a ship and stays with it. Zam has the condition."""
    game, zam, _, _ = scene()
    assign(game, zam, BUSINESS)
    assert has_condition(game.state.ships[zam], BUSINESS)


def test_limited_condition_assigning_another_instance_removes_the_first():
    """The same limited condition assigned to Zam, then to a friendly ship.
    RR: LIMITED CONDITIONS - limited 1 per player: assigning it to a second ship removes the
    first instance. Only the second ship has it."""
    game, zam, mate, _ = scene()
    assign(game, zam, BUSINESS)
    assign(game, mate, BUSINESS)
    assert not has_condition(game.state.ships[zam], BUSINESS)
    assert has_condition(game.state.ships[mate], BUSINESS)


def test_limited_counts_per_player():
    """Player 1 assigns the condition to Zam, player 2 to their own ship.
    RR: LIMITED CONDITIONS - the limit is per player: another player's instance does not
    count. Both ships keep it."""
    game, zam, _, enemy = scene()
    assign(game, zam, BUSINESS, player=1)
    assign(game, enemy, BUSINESS, player=2)
    assert has_condition(game.state.ships[zam], BUSINESS)
    assert has_condition(game.state.ships[enemy], BUSINESS)


def test_secret_conditions_sharing_a_marker_one_per_ship():
    """Zam is assigned "You'd Better Mean Business", then "You Should Thank Me" (same
    marker). RR: SECRET CONDITIONS - a ship can't have two secret conditions of one marker.
    The new one replaces the old, which is removed without being revealed."""
    game, zam, _, _ = scene()
    assign(game, zam, BUSINESS)
    assign(game, zam, THANKS)
    ship = game.state.ships[zam]
    assert [c.card for c in ship.conditions] == [THANKS]
    removal = [e for e in game.log if e["kind"] == "condition" and "removed" in e["text"]]
    assert removal and BUSINESS not in removal[-1]["text"]


def test_a_secret_condition_is_facedown_and_hidden_from_the_opponent():
    """A secret condition assigned to Zam, seen by each player. RR: SECRET CONDITIONS -
    assigned facedown; the other player doesn't know which; the player who assigned it may
    look at it. Player 1's view names it; player 2's shows one secret condition, no name,
    and its log names none."""
    game, zam, _, _ = scene()
    assign(game, zam, BUSINESS)
    mine = next(s for s in game.view(1)["ships"] if s["id"] == zam)
    theirs = next(s for s in game.view(2)["ships"] if s["id"] == zam)
    assert mine["secret_conditions_known"] == [BUSINESS]
    assert theirs["secret_conditions"] == 1 and "secret_conditions_known" not in theirs
    assert theirs["conditions"] == []
    opponent_log = [e for e in game.view(2)["log"] if e["kind"] == "condition"]
    assert opponent_log and all("secret" not in e and BUSINESS not in e["text"]
                                for e in opponent_log)
