"""RR: DAMAGE (shields first, one at a time, regular before critical, facedown and faceup
cards, dealing a card vs suffering damage, excess cards), RR: HULL, RR: DESTROYING SHIPS (removed
at once outside the Engagement Phase; simultaneous fire within it), RR: SIMULTANEOUS FIRE,
RR: DAMAGE CARDS (the owner's deck; an empty deck is rebuilt).

Without attacks (not in the engine yet), damage reaches ships through obstacles and bumps
(tested in their files) and here through the engine's damage effect itself."""

from __future__ import annotations

from collections import Counter

from tallon.engine.effects import deal_damage_card, suffer_damage
from tallon.engine.state import MARKER, DamageCard
from tallon.scene import stack_deck
from tests.engine.conftest import (
    EMPIRE,
    REBEL,
    at,
    drive,
    events,
    inject,
    plan,
    squad,
    start,
    to_action,
)


def scene():
    """Player 1's T-65 p1.1 (hull 4, 2 shields) at its action decision; a second T-65
    p1.2 and a TIE p2.1 far away."""
    game = start(squad(REBEL, "cavernangelszealot", "redsquadronveteran"),
                 squad(EMPIRE, "blacksquadronace"),
                 poses={"p1.1": (400, 200, 0), "p1.2": (100, 60, 0), "p2.1": (800, 850, 180)})
    to_action(game, "p1.1", {"p1.1": "1FB"})
    return game


def hurt(game, ship_id: str, hits: int = 0, crits: int = 0) -> None:
    inject(game, lambda g: suffer_damage(g, g.state.ships[ship_id], hits=hits, crits=crits))


def faces(game, ship_id: str = "p1.1") -> list[bool]:
    return [d.faceup for d in game.state.ships[ship_id].damage]


def test_damage_is_taken_on_shields_first():
    """DAMAGE: for each damage the ship loses an active shield; only without one is it
    dealt a damage card."""
    game = scene()
    hurt(game, "p1.1", hits=1)
    ship = game.state.ships["p1.1"]
    assert (ship.shields, ship.damage) == (1, [])
    hurt(game, "p1.1", hits=2)
    assert ship.shields == 0 and faces(game) == [False]


def test_regular_damage_is_suffered_before_critical_damage():
    """DAMAGE: all regular damage is suffered before critical damage: with one shield left,
    a hit and a crit cost the shield and a faceup card (not a facedown one)."""
    game = scene()
    game.state.ships["p1.1"].shields = 1
    hurt(game, "p1.1", hits=1, crits=1)
    assert game.state.ships["p1.1"].shields == 0
    assert faces(game) == [True]


def test_regular_damage_deals_facedown_cards_and_critical_faceup():
    game = scene()
    game.state.ships["p1.1"].shields = 0
    hurt(game, "p1.1", hits=2, crits=1)
    assert faces(game) == [False, False, True]


def test_damage_cards_come_from_the_owners_deck():
    """DAMAGE CARDS: the player uses their own damage deck: the cards dealt to player 1's
    ship are the top of player 1's deck; player 2's deck is untouched."""
    game = scene()
    game.state.ships["p1.1"].shields = 0
    stack_deck(game, 0, ["consolefire", "structuraldamage"])  # no card text in the way
    decks = [list(p.deck) for p in game.state.players]
    hurt(game, "p1.1", hits=1, crits=1)
    assert [d.card for d in game.state.ships["p1.1"].damage] == decks[0][-1:-3:-1]
    assert game.state.players[0].deck == decks[0][:-2]
    assert game.state.players[1].deck == decks[1]


def test_dealing_a_damage_card_ignores_shields():
    """DAMAGE: an effect that deals a damage card is not suffering damage: the card is
    dealt even to a shielded ship."""
    game = scene()
    inject(game, lambda g: deal_damage_card(g, g.state.ships["p1.1"], faceup=False))
    ship = game.state.ships["p1.1"]
    assert ship.shields == 2 and faces(game) == [False]


def test_a_ship_is_destroyed_when_its_cards_reach_its_hull():
    """DESTROYING SHIPS / HULL: a ship is destroyed when its damage cards equal or exceed
    its hull: three cards on a hull of 4 is not destroyed, the fourth destroys it."""
    game = scene()
    game.state.ships["p1.1"].shields = 0
    hurt(game, "p1.1", hits=3)
    ship = game.state.ships["p1.1"]
    assert not ship.destroyed and ship.hull_remaining == 1
    hurt(game, "p1.1", hits=1)
    assert ship.destroyed


def test_excess_damage_cards_are_still_dealt():
    """DAMAGE: damage that would exceed the hull still deals its cards."""
    game = scene()
    ship = game.state.ships["p1.1"]
    ship.shields = 0
    stack_deck(game, 0, ["consolefire", "consolefire", "damagedengine", "damagedengine",
                         "weaponsfailure", "structuraldamage"])  # no card text in the way
    hurt(game, "p1.1", hits=5, crits=1)
    assert len(ship.damage) == 6 and ship.destroyed


def test_a_ship_destroyed_outside_the_engagement_phase_is_removed_at_once():
    """DESTROYING SHIPS: destroyed in a phase other than the Engagement Phase, a ship is
    removed from the game immediately; the opponent scores its squad points (ruling). Its
    damage cards stay on it."""
    game = scene()
    ship = game.state.ships["p1.1"]
    ship.shields = 0
    points = game.state.players[1].mission_points
    hurt(game, "p1.1", hits=4)
    assert ship.destroyed and ship.removed and not ship.in_play
    assert len(ship.damage) == 4
    assert game.state.players[1].mission_points == points + ship.cost


def test_simultaneous_fire_a_ship_destroyed_in_the_engagement_phase_still_engages():
    """SIMULTANEOUS FIRE / ENGAGEMENT PHASE: a ship destroyed during the Engagement Phase is
    removed after all ships of the engaged initiative have engaged: destroyed while
    player 1's initiative 3 ships engage, the initiative 3 TIE still engages, and is
    removed before the initiative 1 TIE engages."""
    game = start(squad(REBEL, "redsquadronveteran", "redsquadronveteran"),
                 squad(EMPIRE, "blacksquadronace", "academypilot"),
                 poses={"p1.1": (100, 100, 0), "p1.2": (300, 100, 0),
                        "p2.1": (500, 800, 180), "p2.2": (700, 800, 180)})
    plan(game, first_player=0)
    d = drive(game, at("engagement_order"))
    assert d.player == 0
    hurt(game, "p2.1", hits=3)                        # a TIE: hull 3, no shields
    tie = game.state.ships["p2.1"]
    assert tie.destroyed and not tie.removed and tie.in_play
    drive(game, lambda d: game.state.round == 2)
    log = [(e["kind"], e.get("ship")) for e in game.log if e["round"] == 1
           and e["kind"] in ("engage", "removed")]
    assert log[2:] == [("engage", "p2.1"), ("removed", "p2.1"), ("engage", "p2.2")]
    assert tie.removed


def test_a_destroyed_ship_in_the_engagement_phase_is_removed_by_the_end_phase():
    game = start(squad(REBEL, "redsquadronveteran", "redsquadronveteran"),
                 squad(EMPIRE, "blacksquadronace"),
                 poses={"p1.1": (100, 100, 0), "p1.2": (300, 100, 0), "p2.1": (500, 800, 180)})
    plan(game, first_player=1)
    drive(game, at("engagement_order"))
    hurt(game, "p2.1", hits=3)
    drive(game)
    assert game.over and game.state.winner == 0 and game.state.round == 1
    assert game.state.ships["p2.1"].removed


# ------------------------------------------------------------ empty damage deck
def test_an_empty_deck_is_rebuilt_from_the_cards_of_destroyed_ships():
    """DAMAGE CARDS: if a damage deck is empty when a card must be dealt, all damage cards
    of destroyed ships (faceup ones flipped facedown) are shuffled into a new deck."""
    game = scene()
    s = game.state
    wreck = s.ships["p1.2"]
    hurt(game, "p1.2", hits=2)                 # its shields
    hurt(game, "p1.2", hits=3, crits=1)        # destroyed, removed
    assert wreck.destroyed
    cards = [d.card for d in wreck.damage]
    s.players[0].deck = []
    s.ships["p1.1"].shields = 0
    hurt(game, "p1.1", hits=1)
    dealt = s.ships["p1.1"].damage[0].card
    assert Counter([dealt, *s.players[0].deck]) == Counter(cards)
    assert [d.card for d in wreck.damage] == [MARKER] * 4     # they left the wreck
    assert len(wreck.damage) == 4
    assert any("rebuilt" in e["text"] for e in events(game, "damage"))


def test_without_destroyed_ships_the_deck_is_rebuilt_from_facedown_cards_in_play():
    """DAMAGE CARDS: if there are still not enough cards, the number of facedown cards each
    ship has is recorded, and those facedown cards are shuffled into a new deck; faceup
    cards stay where they are."""
    game = scene()
    s = game.state
    ship = s.ships["p1.1"]
    ship.shields = 0
    ship.damage = [DamageCard("directhit", False), DamageCard("blindedpilot", True)]
    s.players[0].deck = []
    hurt(game, "p1.1", hits=1)
    assert [(d.card, d.faceup) for d in ship.damage] == [
        (MARKER, False), ("blindedpilot", True), ("directhit", False)]
    assert ship.damage_count == 3 and s.players[0].deck == []
