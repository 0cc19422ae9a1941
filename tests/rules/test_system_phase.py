"""RR: SYSTEM PHASE - the ships resolve their System Phase abilities in ascending initiative.
(That only ships with such an ability are asked is tested with the decloak, in
test_cloak.)"""

from __future__ import annotations

from tallon.engine.state import Token
from tests.rules.game_helpers import EMPIRE, REBEL, give, plan, refresh, squad, start


def test_cloaked_ships_decloak_in_ascending_initiative():
    """Two cloaked T-65s, initiative 1 and 3, in the System Phase. RR: SYSTEM PHASE - the
    sequence starts with the lowest initiative and continues in ascending order. The
    initiative 1 ship is asked to decloak first; after it passes, the initiative 3 ship."""
    game = start(squad(REBEL, "cavernangelszealot", "redsquadronveteran"),
                 squad(EMPIRE, "blacksquadronace"),
                 poses={"p1.1": (300, 300, 0), "p1.2": (600, 300, 0), "p2.1": (800, 850, 180)})
    give(game, "p1.1", Token.CLOAK)
    give(game, "p1.2", Token.CLOAK)
    refresh(game)
    plan(game)
    assert game.decision.ship == "p1.1"
    game.answer("pass")
    assert (game.decision.kind, game.decision.ship) == ("decloak", "p1.2")
