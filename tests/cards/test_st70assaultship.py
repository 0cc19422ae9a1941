"""ST-70 Assault Ship pilots: each card in a scene built for it, compared with the same
scene without the card or outside its conditions.

Player 1 sits at y = 0 facing +y; player 2 at y = 914.4 facing -y. A range band is
100 mm; the ST-70 has a medium base (60 mm), the TIEs small ones (40 mm)."""

from __future__ import annotations

from tallon.engine.state import Token
from tallon.scene import Scene
from tests.cards.helpers import (
    activation,
    attack,
    finish,
    modify_with,
    offers,
    pass_all,
    pass_until,
    skip_dice,
    values,
)


def modified(game) -> str:
    """The text of the last dice modification logged."""
    return [e["text"] for e in game.log if e["kind"] == "modify"][-1]


# -------------------------------------------------------------- The Mandalorian
class TestTheMandalorian:
    def game(self, second_at):
        sc = Scene()
        mando = sc.ship("themandalorian", at=(400, 300, 0))
        tie = sc.ship("academypilot", player=2, at=(400, 480, 180))
        sc.ship("academypilot", player=2, at=second_at)
        game = attack(sc, tie, mando, ["hit", "hit"], ["blank", "evade"])
        return game, mando

    def test_defending_in_two_enemy_front_arcs(self):
        """Defending in the front arcs of 2 TIEs at range 2 each: he may change his blank
        result to a focus result."""
        game, mando = self.game((330, 470, 180))
        skip_dice(game, "modify_defense_dice", mando)
        assert offers(game, "themandalorian")
        modify_with(game, "themandalorian")
        assert modified(game).endswith("-> focus, evade")

    def test_not_in_one_enemy_front_arc_only(self):
        """The second TIE faces away from him: only 1 enemy has him in its front arc, so
        nothing is offered and the blank stays."""
        game, mando = self.game((330, 470, 0))
        skip_dice(game, "modify_defense_dice", mando)
        assert not offers(game, "themandalorian")


# -------------------------------------------------------------------------- Q9-0
class TestQ90:
    def test_calculates_while_stressed_after_a_koiogran_turn(self):
        """Q9-0 fully executes a red 5 Koiogran turn (an advanced maneuver) and gains a
        stress token; he may still perform a calculate action, and then gains 1 strain
        token."""
        sc = Scene()
        q90 = sc.ship("q90", at=(400, 150, 0))
        sc.ship("academypilot", player=2, at=(100, 850, 180))
        game = activation(sc, q90, "5KR")
        pass_until(game, "use_ability", q90)
        assert set(values(game)) == {"calculate", "barrel_roll", "decline"}
        game.answer("calculate")
        ship = game.state.ships[q90]
        assert ship.count(Token.CALCULATE) == 1 and ship.count(Token.STRAIN) == 1
        assert ship.count(Token.STRESS) == 1

    def test_not_after_a_basic_maneuver(self):
        """After a 3 straight (a basic maneuver) he is not asked; he gains no strain."""
        sc = Scene()
        q90 = sc.ship("q90", at=(400, 150, 0))
        sc.ship("academypilot", player=2, at=(100, 850, 180))
        game = activation(sc, q90, "3FB")
        assert "use_ability" not in pass_all(game)
        assert not game.state.ships[q90].has(Token.STRAIN)


# ----------------------------------------------------------- Guild Bounty Hunter
class TestGuildBountyHunter:
    def game(self, tie_y: float, upgrades=("contrabandcybernetics",)):
        sc = Scene()
        gbh = sc.ship("guildbountyhunter", at=(400, 300, 0), upgrades=list(upgrades))
        tie = sc.ship("academypilot", player=2, at=(400, tie_y, 180))
        game = attack(sc, gbh, tie, ["focus", "hit", "blank"], ["blank"] * 3,
                      deck=["loosestabilizer", "structuraldamage"])
        return game, gbh, tie

    def test_spends_an_illicit_charge_for_a_critical_hit(self):
        """At attack range 2 he may spend Contraband Cybernetics's charge to change his
        focus result to a critical hit."""
        game, gbh, tie = self.game(480)
        skip_dice(game, "modify_attack_dice", gbh)
        modify_with(game, "guildbountyhunter")
        assert modified(game).endswith("-> crit, hit, blank")
        assert game.state.ships[gbh].charges["contrabandcybernetics"].active == 0
        finish(game)
        assert len(game.state.ships[tie].damage) == 2

    def test_once_per_attack_with_two_illicit_upgrades(self):
        """With two charged Illicit upgrades he still changes only 1 focus result: after
        one use neither upgrade is offered again."""
        sc = Scene()
        gbh = sc.ship("guildbountyhunter", at=(400, 300, 0),
                      upgrades=["contrabandcybernetics", "falsetranspondercodes"])
        tie = sc.ship("academypilot", player=2, at=(400, 480, 180))
        game = attack(sc, gbh, tie, ["focus", "focus", "blank"], ["blank"] * 3,
                      deck=["loosestabilizer"])
        skip_dice(game, "modify_attack_dice", gbh)
        modify_with(game, "guildbountyhunter")
        assert not offers(game, "guildbountyhunter")
        finish(game)
        assert len(game.state.ships[tie].damage) == 1

    def test_not_at_attack_range_3(self):
        """At attack range 3 nothing is offered; the charge stays."""
        game, gbh, tie = self.game(600)
        pass_all(game)
        assert game.state.ships[gbh].charges["contrabandcybernetics"].active == 1
        assert len(game.state.ships[tie].damage) == 1

    def test_not_without_a_charged_illicit_upgrade(self):
        """No Illicit upgrade equipped: nothing is offered; only the hit deals damage."""
        game, _, tie = self.game(480, upgrades=())
        assert not [k for k in pass_all(game) if k == "modify_attack_dice"]
        assert len(game.state.ships[tie].damage) == 1
