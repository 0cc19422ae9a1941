"""The Gauntlet Fighter's Rebel title Nightbrother, in scenes built for it.

Player 1 sits at y = 0 facing +y; player 2 at y = 914.4 facing -y."""

from __future__ import annotations

from tallon.engine.rounds import Activate
from tallon.engine.state import Token
from tallon.scene import Scene
from tests.cards.helpers import answer


def reveal(dial: str, stress: int = 1, charges: int = 2):
    sc = Scene()
    ship = sc.ship("mandalorianresistancepilot", at=(400, 300, 0), upgrades=["nightbrother"],
                   dial_set=dial, tokens={"stress": stress}, charges={"nightbrother": charges})
    sc.ship("academypilot", player=2, at=(400, 850, 180))
    return sc.at(Activate(ship), phase="activation"), ship


class TestNightbrother:
    def test_stressed_white_maneuver_gains_an_evade_token(self):
        """Stressed, the Gauntlet reveals a white 2 turn: it spends both charges to gain an
        evade token; declining, it has none."""
        game, ship = reveal("2TW")
        assert sorted(game.decision.option_keys()) == ["decline", "evade", "focus"]
        answer(game, "use_ability", "evade", ship)
        s = game.state.ships[ship]
        assert s.count(Token.EVADE) == 1 and s.charges["nightbrother"].active == 0
        game, ship = reveal("2TW")
        answer(game, "use_ability", "decline", ship)
        assert not game.state.ships[ship].has(Token.EVADE)

    def test_not_after_a_blue_maneuver(self):
        """A blue maneuver revealed: no offer (the maneuver then clears the stress)."""
        game, _ship = reveal("2BB")
        assert game.decision is None or game.decision.kind != "use_ability"

    def test_not_while_unstressed(self):
        """Unstressed, a white maneuver gives no offer."""
        game, _ship = reveal("2TW", stress=0)
        assert game.decision is None or game.decision.kind != "use_ability"

    def test_not_with_one_charge(self):
        """With 1 charge left the 2-charge cost can't be paid: no offer."""
        game, _ship = reveal("2TW", charges=1)
        assert game.decision is None or game.decision.kind != "use_ability"
