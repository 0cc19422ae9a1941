"""RR: DAMAGE CARDS - each player deals from their own damage deck; an empty deck is rebuilt
from the cards of destroyed ships, and if there are still not enough, from the facedown
cards in play.

The first tests give damage through the engine's damage effect to player 1's T-65 at its
action decision (hull 4, 2 shields); the others through attacks with loaded dice."""

from __future__ import annotations

from collections import Counter

from tallon.engine.attack import Engage
from tallon.engine.state import MARKER, DamageCard
from tallon.scene import Scene, declare, load_dice, stack_deck, start_at
from tests.rules.attack_helpers import HERE, R2, TIE, XWING, finish
from tests.rules.game_helpers import events, hurt, wingmen_at_action


def test_damage_cards_come_from_the_owners_deck():
    """Player 1's unshielded T-65 suffers a hit and a crit. RR: DAMAGE CARDS - when a ship
    is dealt damage cards, the player uses their own damage deck. Its two cards are the top
    of player 1's deck, which loses them; player 2's deck is untouched."""
    game = wingmen_at_action()
    game.state.ships["p1.1"].shields = 0
    stack_deck(game, 1, ["consolefire", "structuraldamage"])  # no card text in the way
    decks = [list(p.deck) for p in game.state.players]
    hurt(game, "p1.1", hits=1, crits=1)
    assert [d.card for d in game.state.ships["p1.1"].damage] == decks[0][-1:-3:-1]
    assert game.state.players[0].deck == decks[0][:-2]
    assert game.state.players[1].deck == decks[1]


def test_an_empty_deck_is_rebuilt_from_the_cards_of_destroyed_ships():
    """Player 1's deck is empty when its unshielded T-65 suffers a hit; player 1's other
    T-65 was destroyed with 4 cards. RR: DAMAGE CARDS - if a damage deck is empty when a
    card must be dealt, all damage cards of destroyed ships (faceup ones flipped facedown)
    are shuffled into a new deck. The card dealt and the new deck are the wreck's four
    cards; the wreck keeps four markers in their place; the log tells of the rebuild."""
    game = wingmen_at_action()
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
    """Player 1's deck is empty, no ship is destroyed, and its unshielded T-65 has a
    facedown and a faceup card when it suffers a hit. RR: DAMAGE CARDS - if there are still
    not enough cards, the facedown cards each ship has are recorded and shuffled into a new
    deck; faceup cards stay. The facedown card is dealt again, a marker keeps the count (3
    cards in all), the faceup card stays, and the deck is empty again."""
    game = wingmen_at_action()
    s = game.state
    ship = s.ships["p1.1"]
    ship.shields = 0
    ship.damage = (DamageCard("directhit", False), DamageCard("blindedpilot", True))
    s.players[0].deck = []
    hurt(game, "p1.1", hits=1)
    assert [(d.card, d.faceup) for d in ship.damage] == [
        (MARKER, False), ("blindedpilot", True), ("directhit", False)]
    assert ship.damage_count == 3 and s.players[0].deck == []


class TestDamageCards:
    """RR: DAMAGE CARDS, in an attack: the defender's player deals from their own deck, and
    an empty deck is rebuilt from destroyed ships. A T-65 attacks a TIE/ln at range 2 with
    loaded dice."""

    def test_the_defenders_player_deals_from_their_own_deck(self):
        """Player 1's deck has Console Fire on top, player 2's Blinded Pilot; the T-65 rolls
        a crit. RR: DAMAGE CARDS ("the player uses their own damage deck"). The TIE is dealt
        Blinded Pilot, the top card of its owner's (player 2's) deck; player 1's deck still
        has Console Fire on top."""
        sc = Scene()
        a = sc.ship(XWING, at=HERE)
        d = sc.ship(TIE, player=2, at=R2)
        game = sc.game()
        stack_deck(game, 1, ["consolefire"])
        stack_deck(game, 2, ["blindedpilot"])
        start_at(game, Engage(a))
        load_dice(game, ["crit", "blank", "blank"], ["blank"] * 3)
        declare(game, a, d)
        finish(game)
        assert [c.card for c in game.state.ships[d].damage] == ["blindedpilot"]
        assert game.state.players[0].deck[-1] == "consolefire"

    def test_an_empty_deck_is_rebuilt_from_destroyed_ships(self):
        """Player 2's damage deck is empty; a destroyed, removed TIE of theirs holds 3 Hull
        Breach cards; the T-65 rolls a hit. RR: DAMAGE CARDS ("If a damage deck is empty
        when a damage card must be dealt ..., remove all damage cards from destroyed ships,
        flip them facedown, and shuffle them to create a new damage deck"). The hit deals a
        Hull Breach, 2 are left in the deck, and the destroyed ship keeps its count (ruling
        Game engine 9: markers)."""
        sc = Scene()
        a = sc.ship(XWING, at=HERE)
        d = sc.ship(TIE, player=2, at=R2)
        wreck = sc.ship(TIE, player=2, at=(700, 800, 180), destroyed=True, removed=True,
                        damage=[DamageCard("hullbreach", False, 900 + k) for k in range(3)])
        game = sc.game()
        game.state.players[1].deck = []
        start_at(game, Engage(a))
        load_dice(game, ["hit", "blank", "blank"], ["blank"] * 3)
        declare(game, a, d)
        finish(game)
        assert [c.card for c in game.state.ships[d].damage] == ["hullbreach"]
        assert len(game.state.players[1].deck) == 2
        assert len(game.state.ships[wreck].damage) == 3
