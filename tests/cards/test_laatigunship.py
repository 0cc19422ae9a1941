"""LAAT/i Gunship pilots and the ship ability Fire Convergence: each card in a scene built
for it, compared with the same scene without the card (or where it must not trigger).

Player 1 sits at y = 0 facing +y; player 2 at y = 914.4 facing -y. A range band is 100 mm.
The gunship's double turret indicator pointing right also selects its left arc."""

from __future__ import annotations

from tallon.engine.rounds import InitiativeSevenDone, StartEndPhase
from tallon.engine.state import Token
from tallon.scene import Scene, start_at
from tests.cards.helpers import (
    Give,
    Hurt,
    activation,
    finish,
    offers,
    pass_all,
    rolled,
    skip_dice,
    skip_to,
)

FC = "Fire Convergence"


def ship(game, ship_id):
    return game.state.ships[ship_id]


def test_generic_pilot_fields_and_fights_with_its_double_turret():
    """The 212th Battalion Pilot (no ability text) attacks a TIE in its left arc with its
    double turret pointed right (it also selects the left arc): 2 hits deal 2 damage."""
    sc = Scene()
    laat = sc.ship("212thbattalionpilot", at=(400, 300, 0), turret="right")
    tie = sc.ship("academypilot", player=2, at=(200, 300, 90))
    game = sc.attack(laat, tie, dice=["hit", "hit"], defense=["blank"] * 3)
    finish(game)
    assert rolled(game, laat) == ["hit", "hit"]
    assert len(ship(game, tie).damage) == 2


# ------------------------------------------------------------------ Fire Convergence
class TestFireConvergence:
    def scene(self, turret="right", charges=2, upgrades=(), weapon=None):
        sc = Scene()
        laat = sc.ship("212thbattalionpilot", at=(200, 400, 0), turret=turret,
                       charges={"212thbattalionpilot": charges})
        friend = sc.ship("7thskycorpspilot", at=(450, 200, 0), upgrades=upgrades)
        tie = sc.ship("academypilot", player=2, at=(450, 400, 180))
        game = sc.attack(friend, tie, dice=["blank", "blank", "blank"],
                         defense=["blank"] * 3, weapon=weapon,
                         then=[])
        skip_dice(game, "modify_attack_dice", friend)
        return game, laat, friend

    def test_friend_attacking_into_the_turret_arc_rerolls(self):
        """A friendly Z-95 attacks a TIE that is in the gunship's right (turret) arc: the
        gunship may spend 1 charge and the attacker rerolls up to 2 attack dice."""
        game, laat, _ = self.scene()
        assert offers(game, FC)
        option = next(o for o in game.decision.options
                      if (o.info or {}).get("source") == FC)
        game.answer(option.key)
        assert ship(game, laat).charges["212thbattalionpilot"].active == 1

    def test_not_outside_the_turret_arc_nor_without_charges(self):
        """The turret indicator pointing front (the TIE beside the gunship is outside it),
        or no charge left: nothing is offered."""
        assert not offers(self.scene(turret="front")[0], FC)
        assert not offers(self.scene(charges=0)[0], FC)


# ---------------------------------------------------------- "Hawk" and "Warthog"
def test_hawk_lets_a_fast_friend_strain_to_barrel_roll():
    """"Hawk" (LAAT/i): at the start of the End Phase a friend at range 1 that revealed a
    speed 3 maneuver may gain 1 strain token to barrel roll; one with speed 2 may not."""
    for code, offered in (("3FW", True), ("2FB", False)):
        sc = Scene()
        sc.ship("hawk", at=(300, 300, 0))
        friend = sc.ship("7thskycorpspilot", at=(420, 300, 0))
        sc.ship("academypilot", player=2, at=(400, 800, 180))
        game = sc.game()
        game.state.ships[friend].dial_set = code
        game.state.ships[friend].dial_revealed = True
        start_at(game, StartEndPhase(), phase="end")
        asked = game.decision is not None and game.decision.ship == friend
        assert asked == offered
        if asked:
            game.answer("barrel_roll")
            pass_all(game)
            assert ship(game, friend).has(Token.STRAIN)


def test_warthog_keeps_a_destroyed_friend_in_play():
    """"Warthog" (LAAT/i): a friendly non-limited Z-95 at range 1 destroyed in the
    Engagement Phase is not removed after the initiative step; with a limited friend it
    is."""
    for pilot, kept in (("7thskycorpspilot", True), ("drift", False)):
        sc = Scene()
        sc.ship("warthog", at=(300, 300, 0))
        friend = sc.ship(pilot, at=(420, 300, 0))
        sc.ship("academypilot", player=2, at=(400, 800, 180))
        game = sc.at(Hurt(friend, hits=4), InitiativeSevenDone(), phase="engagement")
        pass_all(game)
        assert ship(game, friend).removed != kept


# -------------------------------------------------------------------------- "Hound"
class TestHound:
    def scene(self, friend_at=(420, 300, 0), hound_strain=0, token="strain"):
        sc = Scene()
        hound = sc.ship("hound", at=(300, 300, 0), turret="right", strain=hound_strain)
        friend = sc.ship("7thskycorpspilot", at=friend_at)
        sc.ship("academypilot", player=2, at=(400, 800, 180))
        game = sc.at(Give(friend, token), phase="activation")
        return game, hound, friend

    def test_takes_a_friends_strain_token(self):
        """A friendly Z-95 in Hound's right (turret) arc gains a strain token; Hound has
        none: he may take it, leaving the Z-95 without it."""
        game, hound, friend = self.scene()
        skip_to(game, "use_ability", hound)
        game.answer("use")
        assert ship(game, hound).has(Token.STRAIN)
        assert not ship(game, friend).has(Token.STRAIN)

    def test_deplete_tokens_too(self):
        """The same with a deplete token."""
        game, hound, friend = self.scene(token="deplete")
        skip_to(game, "use_ability", hound)
        game.answer("use")
        assert ship(game, hound).has(Token.DEPLETE)
        assert not ship(game, friend).has(Token.DEPLETE)

    def test_not_if_he_has_one_nor_outside_the_turret_arc(self):
        """Hound already strained, or the friend in front of him (outside his left and
        right turret arcs): nothing is offered and the friend keeps its token."""
        for kw in ({"hound_strain": 1}, {"friend_at": (300, 450, 0)}):
            game, _, friend = self.scene(**kw)
            assert game.decision is None
            assert ship(game, friend).has(Token.STRAIN)

    def test_not_a_stress_token(self):
        """A stress token is neither deplete nor strain: nothing is offered."""
        game, _, friend = self.scene(token="stress")
        assert game.decision is None and ship(game, friend).has(Token.STRESS)


# -------------------------------------------------------------------------- "Sicko"
class TestSicko:
    def test_basic_maneuver_may_assign_the_condition(self):
        """After Sicko executes a blue 2 straight, he may assign himself the Sickening
        Maneuver condition; it stays on him after this maneuver."""
        sc = Scene()
        sicko = sc.ship("sicko", at=(400, 200, 0))
        sc.ship("academypilot", player=2, at=(400, 800, 180))
        game = activation(sc, sicko, "2FB")
        skip_to(game, "use_ability", sicko)
        game.answer("use")
        pass_all(game)
        assert [c.card for c in ship(game, sicko).conditions] == ["sickeningmaneuver"]

    def test_not_after_a_stationary_maneuver(self):
        """The red [0 stop] is not a basic maneuver: nothing is offered."""
        sc = Scene()
        sicko = sc.ship("sicko", at=(400, 200, 0))
        sc.ship("academypilot", player=2, at=(400, 800, 180))
        game = activation(sc, sicko, "0OR")
        pass_all(game)
        assert not ship(game, sicko).conditions
