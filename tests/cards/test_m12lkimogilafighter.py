"""M12-L Kimogila Fighter pilots and the ship ability Dead to Rights: each test sets a
scene, states the card's rule and shows the ability changing the outcome (the same scene
without it, or the state before and after).

Geometry: player 1's ships face +y. A ship straight ahead (same x) is in the bullseye arc;
70 mm to the side at range 2 it is in the front arc only. A range band is 100 mm."""

from __future__ import annotations

from tallon.engine.rounds import StartEngagement
from tallon.engine.state import Token
from tallon.scene import Scene
from tests.cards.helpers import answer, attack, pass_all, pass_on, values
from tests.rules.attack_helpers import sources

KIMOGILA = "cartelexecutioner"


def defense_sources(game) -> list[str] | None:
    """Pass on everything to the end of the attack; the sources of the defender's dice
    modifications when it was offered some (None: never asked)."""
    seen = None
    while game.decision is not None:
        if game.decision.kind == "modify_defense_dice":
            seen = sources(game)
        pass_on(game)
    return seen


# ------------------------------------------------------------------ Dead to Rights
class TestDeadToRights:
    def scene(self, attacker: str, x: float, defender: str = "academypilot", **kw):
        sc = Scene()
        ship = sc.ship(attacker, at=(400, 300, 0))
        enemy = sc.ship(defender, player=2, at=(x, 500, 180),
                        tokens={"focus": 1, "evade": 1}, **kw)
        return attack(sc, ship, enemy, ["hit", "hit", "hit"], ["focus", "blank", "blank"])

    def test_no_green_token_against_a_defender_in_the_bullseye(self):
        """The defender straight ahead is in the Kimogila's bullseye arc: its focus and
        evade tokens can't modify its dice, so it is not even asked; 70 mm aside (front
        arc only) it may spend either."""
        assert defense_sources(self.scene(KIMOGILA, 400)) is None
        assert set(defense_sources(self.scene(KIMOGILA, 470))) == {"focus", "evade"}

    def test_the_same_defender_against_a_ship_without_the_ability(self):
        """A T-65 (no Dead to Rights) attacking the same defender in its bullseye: the
        defender may spend its focus and evade tokens."""
        assert set(defense_sources(self.scene("redsquadronveteran", 400))) == {"focus",
                                                                                "evade"}

    def test_force_is_not_a_green_token(self):
        """Luke Skywalker defends in the bullseye with a focus token and 2 Force: Force
        charges are no tokens, so his Force stays offered while his focus token is not."""
        found = defense_sources(self.scene(KIMOGILA, 400, "lukeskywalker"))
        assert found is not None and "force" in found
        assert "focus" not in found and "evade" not in found

    def test_only_while_the_kimogila_attacks(self):
        """The TIE attacks the Kimogila, which has a focus token and the TIE in its
        bullseye arc: its own defense dice are not restricted (it is not attacking)."""
        sc = Scene()
        kimogila = sc.ship(KIMOGILA, at=(400, 300, 0), tokens={"focus": 1})
        tie = sc.ship("academypilot", player=2, at=(400, 500, 180))
        game = attack(sc, tie, kimogila, ["hit", "hit"], ["focus"])
        assert defense_sources(game) == ["focus"]


# ---------------------------------------------------------------- Dalan Oberos
class TestDalanOberos:
    def scene(self, x: float = 400, shields: int = 1):
        sc = Scene()
        dalan = sc.ship("dalanoberos", at=(400, 300, 0), shields=shields)
        enemy = sc.ship("redsquadronveteran", player=2, at=(x, 500, 180))
        return sc.at(StartEngagement()), dalan, enemy

    def test_drains_a_shield_from_the_ship_in_his_bullseye(self):
        """Start of the Engagement Phase: Dalan (1 of 2 shields) spends 1 charge; the
        X-wing in his bullseye arc loses 1 shield and he recovers 1 (declining changes
        nothing)."""
        game, dalan, enemy = self.scene()
        assert set(values(game)) == {enemy, "decline"}
        answer(game, "use_ability", enemy, dalan)
        d, e = game.state.ships[dalan], game.state.ships[enemy]
        assert (d.shields, e.shields, d.charges["dalanoberos"].active) == (2, 1, 1)
        game, dalan, enemy = self.scene()
        answer(game, "use_ability", "decline", dalan)
        d, e = game.state.ships[dalan], game.state.ships[enemy]
        assert (d.shields, e.shields, d.charges["dalanoberos"].active) == (1, 2, 2)

    def test_not_with_all_his_shields_active(self):
        """Ruling (RR: FAQ, Dalan Oberos): losing and recovering the shield is one effect;
        with both his shields active he can't recover one, so he is not asked."""
        game, dalan, enemy = self.scene(shields=2)
        assert game.decision is None or game.decision.ship != dalan
        assert game.state.ships[enemy].shields == 2

    def test_not_outside_the_bullseye(self):
        """The X-wing 70 mm aside is in his front arc but not his bullseye arc: no
        question, nothing changes."""
        game, dalan, enemy = self.scene(x=470)
        assert game.decision is None or game.decision.ship != dalan
        assert game.state.ships[enemy].shields == 2

    def test_the_charge_does_not_recur(self):
        """Dalan's 2 charges don't recover: with none left he is not asked."""
        sc = Scene()
        dalan = sc.ship("dalanoberos", at=(400, 300, 0), shields=1,
                        charges={"dalanoberos": 0})
        enemy = sc.ship("redsquadronveteran", player=2, at=(400, 500, 180))
        game = sc.at(StartEngagement())
        assert game.decision is None or game.decision.ship != dalan
        assert game.state.ships[enemy].shields == 2


# ---------------------------------------------------------------- Torani Kulda
class TestToraniKulda:
    def scene(self, pilot: str = "toranikulda", tokens=None):
        sc = Scene()
        torani = sc.ship(pilot, at=(400, 300, 0))
        target = sc.ship("academypilot", player=2, at=(400, 500, 180), tokens=tokens or {})
        aside = sc.ship("academypilot", player=2, at=(480, 500, 180))
        friend = sc.ship("cartelexecutioner", at=(400, 420, 0))
        game = attack(sc, torani, aside, ["blank"] * 3, ["blank"] * 3)
        return game, torani, target, aside, friend

    def test_each_enemy_in_the_bullseye_suffers_a_hit(self):
        """After her attack (a miss against the TIE aside), the enemy TIE in her bullseye
        arc, without green tokens, suffers 1 hit damage; the defender aside (front arc
        only) and the friendly Kimogila in the bullseye suffer nothing. A Cartel
        Executioner's attack leaves the TIE unharmed."""
        game, _, target, aside, friend = self.scene()
        pass_all(game)
        ships = game.state.ships
        assert (len(ships[target].damage), len(ships[aside].damage),
                len(ships[friend].damage)) == (1, 0, 0)
        game, _, target, _, _ = self.scene(KIMOGILA)
        pass_all(game)
        assert not game.state.ships[target].damage

    def test_a_green_token_buys_it_off(self):
        """The TIE in her bullseye has a focus token: its player chooses between removing
        it (no damage) and suffering 1 hit damage (keeping the token)."""
        game, _, target, _, _ = self.scene(tokens={"focus": 1})
        while game.decision.ship != target:
            pass_on(game)
        assert set(values(game)) == {"token:focus", "suffer"}
        answer(game, "use_ability", "token:focus", target)
        pass_all(game)
        assert not game.state.ships[target].tokens
        assert not game.state.ships[target].damage
        game, _, target, _, _ = self.scene(tokens={"focus": 1})
        while game.decision.ship != target:
            pass_on(game)
        answer(game, "use_ability", "suffer", target)
        pass_all(game)
        assert len(game.state.ships[target].damage) == 1
        assert game.state.ships[target].tokens


class TestDeadToRightsAgainstNetworkedCalculations:
    def scene(self, x: float):
        sc = Scene()
        kimogila = sc.ship(KIMOGILA, at=(400, 300, 0))
        droid = sc.ship("magnaguardexecutioner", player=2, at=(x, 500, 180))
        friend = sc.ship("magnaguardexecutioner", player=2, at=(x, 600, 180),
                         tokens={"calculate": 1})
        game = attack(sc, kimogila, droid, ["hit", "hit", "hit"], ["focus", "blank", "blank"])
        return game, friend

    def test_a_friends_calculate_token_is_green_too(self):
        """The droid in the bullseye arc can't spend its friend's calculate token through
        Networked Calculations (the token is green), and the friend keeps it; 70 mm aside
        the droid is offered the change."""
        game, friend = self.scene(400)
        assert defense_sources(game) is None
        assert game.state.ships[friend].has(Token.CALCULATE)
        game, _ = self.scene(470)
        assert defense_sources(game) == ["Networked Calculations"]
