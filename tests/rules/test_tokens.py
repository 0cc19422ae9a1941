"""RR: TOKENS - gaining, spending or removing, and transferring tokens. (Their colours and
shapes: test_token_colors_and_shapes; each token's effects with its entry.)

Two T-65s of player 1 at p1.1's action decision (``pair``)."""

from __future__ import annotations

from tallon.engine.effects import remove_token, transfer_token
from tallon.engine.state import Token
from tests.rules.game_helpers import EMPIRE, REBEL, give, inject, squad, start, to_action, tokens


def pair():
    game = start(squad(REBEL, "cavernangelszealot", "redsquadronveteran"),
                 squad(EMPIRE, "blacksquadronace"),
                 poses={"p1.1": (400, 200, 0), "p1.2": (600, 200, 0), "p2.1": (800, 850, 180)})
    to_action(game, "p1.1", {"p1.1": "1FB"})
    return game


def test_removing_a_token_returns_one_of_that_kind():
    """A T-65 with two focus tokens removes one, then is asked to remove five. RR: TOKENS -
    to spend or remove a token, one token of that type is returned to the supply. One focus
    token is left after the first; the second removes only the one it has."""
    game = pair()
    give(game, "p1.1", Token.FOCUS, 2)
    ship = game.state.ships["p1.1"]
    assert remove_token(game, ship, Token.FOCUS) == 1
    assert tokens(game, "p1.1") == {"focus": 1}
    assert remove_token(game, ship, Token.FOCUS, 5) == 1
    assert tokens(game, "p1.1") == {}


def test_a_transferred_token_moves_from_one_ship_to_the_other():
    """A T-65 transfers its focus token to the other. RR: TOKENS - a transferred token is
    removed from one ship and assigned to the other. The transfer happens: the giver has
    none, the receiver one."""
    game = pair()
    give(game, "p1.1", Token.FOCUS)
    done = []
    inject(game, lambda g: done.append(transfer_token(
        g, g.state.ships["p1.1"], g.state.ships["p1.2"], Token.FOCUS)))
    assert done == [True]
    assert tokens(game, "p1.1") == {} and tokens(game, "p1.2") == {"focus": 1}


def test_a_transfer_that_either_ship_can_not_make_does_not_happen():
    """Two cloaked T-65s; one transfers a focus token it lacks, then its cloak token.
    RR: TOKENS - if a ship involved in a transfer can't remove or gain the token, the
    transfer cannot take place; RR: CLOAK - a cloaked ship can't gain a second cloak token.
    Neither transfer happens, and each keeps its one cloak token."""
    game = pair()
    give(game, "p1.1", Token.CLOAK)
    give(game, "p1.2", Token.CLOAK)
    done = []
    inject(game, lambda g: done.append((
        transfer_token(g, g.state.ships["p1.1"], g.state.ships["p1.2"], Token.FOCUS),
        transfer_token(g, g.state.ships["p1.1"], g.state.ships["p1.2"], Token.CLOAK))))
    assert done == [(False, False)]
    assert tokens(game, "p1.1") == {"cloak": 1} and tokens(game, "p1.2") == {"cloak": 1}
