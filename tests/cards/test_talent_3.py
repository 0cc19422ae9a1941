"""Talent upgrades of :mod:`tallon.cards.upgrades.talent_3`. Scenes on generic carriers:
Red Squadron Veterans (T-65, initiative 3, 2 shields, focus/lock/barrel roll), Academy
Pilots (TIE/ln, initiative 1, hull 3, focus/evade/barrel roll). Player 1 sits at y = 0
facing +y; a ship straight ahead is in the bullseye arc; 40 / 150 / 210 mm between bases
are ranges 1 / 2 / 3."""

from __future__ import annotations

from tallon.engine.effects import can_lock
from tallon.engine.queue import FireWindow
from tallon.engine.state import Token
from tallon.scene import Scene
from tests.cards.helpers import Give, engage, pick, skip_dice, values
from tests.cards.test_talent_2 import acting, declare, neutralized


# --------------------------------------------------------------------- Treacherous
class TestTreacherous:
    def scene(self, blocker):
        sc = Scene()
        a = sc.ship("redsquadronveteran", at=(400, 300, 0))
        d = sc.ship("academypilot", player=2, at=(400, 550, 180), upgrades=["treacherous"])
        if blocker:
            sc.ship("academypilot", player=2, at=(400, 430, 90))
        game = engage(sc, a, ["hit", "blank", "blank"], ["blank"] * 4)
        declare(game, d)
        return game, d

    def test_a_ship_obstructing_the_attack_takes_the_blame(self):
        """A TIE between attacker and defender: the defender spends its charge to cancel
        the hit, and the obstructing TIE gains a strain token."""
        game, d = self.scene(True)
        skip_dice(game, "cancel_attack_results", d)
        pick(game, "Treacherous")
        ships = game.state.ships
        assert "0 hit(s)" in neutralized(game)
        assert ships["p2.2"].has(Token.STRAIN) and ships[d].charges["treacherous"].active == 0

    def test_not_without_an_obstructing_ship(self):
        """Nothing between the ships: no cancel, the hit lands."""
        game, _ = self.scene(False)
        skip_dice(game)
        assert "1 hit(s)" in neutralized(game)


# ------------------------------------------------------------------------ True Grit
class TestTrueGrit:
    def test_a_strain_token_removes_a_red_token(self):
        """At the end of the Activation Phase the stress token goes for a strain token."""
        sc, ship = acting("truegrit-swz98", tokens={"stress": 1, "jam": 1})
        game = sc.at(FireWindow.of("end_activation"), phase="activation")
        assert set(values(game)) == {"token:stress", "token:jam", "decline"}
        game.answer("token:stress")
        x = game.state.ships[ship]
        assert x.has(Token.STRAIN) and not x.stressed

    def test_not_while_strained(self):
        """Already strained: nothing is offered."""
        sc, _ship = acting("truegrit-swz98", tokens={"stress": 1, "strain": 1})
        game = sc.at(FireWindow.of("end_activation"), phase="activation")
        assert game.decision is None


# ----------------------------------------------------------------- Without a Trace
class TestWithoutATrace:
    def test_gaining_a_cloak_token_removes_a_red_token(self):
        """A stressed TIE gains a cloak token and removes its stress token."""
        sc, ship = acting("withoutatrace-tiephphantom", pilot="academypilot",
                          tokens={"stress": 1})
        game = sc.at(Give(ship, "cloak"), phase="activation")
        game.answer("token:stress")
        assert not game.state.ships[ship].stressed

    def test_cloaked_enemies_cannot_lock_it(self):
        """Cloaked, the enemy can't lock it; uncloaked it can (and without the card)."""
        for upgrade, cloak, allowed in (("withoutatrace-tiephphantom", 1, False),
                                        ("withoutatrace-tiephphantom", 0, True),
                                        (None, 1, True)):
            sc = Scene()
            tie = sc.ship("academypilot", at=(400, 300, 0), upgrades=[upgrade] if upgrade
                          else [], tokens={"cloak": cloak})
            enemy = sc.ship("redsquadronveteran", player=2, at=(400, 500, 180))
            game = sc.game()
            ships = game.state.ships
            assert (can_lock(game, ships[enemy], tie) is None) == allowed, (upgrade, cloak)
