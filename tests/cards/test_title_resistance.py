"""Resistance titles: Rey's Millennium Falcon and Kaz's Fireball, compared with the same
scene without them.

Player 1 sits at y = 0 facing +y; player 2 at y = 914.4 facing -y. A range band is 100 mm."""

from __future__ import annotations

from tallon.cards.upgrades.crew_c import damage_type
from tallon.data import load_cards
from tallon.engine.actions import PerformAction
from tallon.engine.rounds import Activate
from tallon.engine.state import DamageCard
from tallon.scene import Scene, start_at
from tests.cards.helpers import pass_all, values

FALCON = "reysmillenniumfalcon"


class TestReysMillenniumFalcon:
    def fly(self, dial: str, stress: int, titled: bool = True) -> int | None:
        sc = Scene()
        me = sc.ship("rey", at=(400, 300, 0), stress=stress,
                     upgrades=[FALCON] if titled else [])
        sc.ship("academypilot", player=2, at=(400, 850, 180))
        game = sc.game()
        game.state.ships[me].dial_set = dial
        start_at(game, Activate(me), phase="activation")
        pass_all(game)
        return game.state.ships[me].executed_speed

    def test_stressed_red_segnors_loop(self):
        """Stressed (1 token), Rey with the title executes her red [3 Segnor's Loop];
        without it she gets the [2 straight] stress maneuver."""
        assert self.fly("3LR", 1) == 3
        assert self.fly("3LR", 1, titled=False) == 2

    def test_not_other_red_maneuvers_or_three_stress(self):
        """The red [4 straight] is no Segnor's Loop: [2 straight] instead; with 3 stress
        tokens the Segnor's Loop is refused too."""
        assert self.fly("4FR", 1) == 2
        assert self.fly("3LR", 3) == 2

    def offered(self, stress: int, titled: bool = True) -> list[str]:
        sc = Scene()
        me = sc.ship("rey", at=(400, 300, 0), stress=stress,
                     upgrades=[FALCON] if titled else [])
        sc.ship("academypilot", player=2, at=(400, 850, 180))
        game = sc.at(PerformAction(me, during_activation=True), phase="activation")
        return [] if game.decision is None else game.decision.option_keys()

    def test_boost_and_rotate_while_stressed(self):
        """Stressed, she may boost or rotate (not focus); without the title, no action."""
        keys = self.offered(1)
        assert "boost" in keys and "rotate" in keys and "focus" not in keys
        assert self.offered(1, titled=False) == []

    def test_not_with_three_stress_tokens(self):
        """With 3 stress tokens the title gives no action."""
        assert self.offered(3) == []


# --------------------------------------------------------------------- Kaz's Fireball
KAZ = "kazsfireball"


class TestKazsFireball:
    def test_setup_searches_for_a_ship_damage_card(self):
        """With the title, Explosion with Wings' card is one the player picks from the
        deck's Ship damage cards (the scene takes the first offered); the deck loses exactly
        that card. Without it (seed 4) the Fireball is dealt the top card, a Pilot card."""
        def dealt_with(upgrades: list[str]):
            sc = Scene()
            sc.seed = 4
            me = sc.ship("kazudaxiono", at=(400, 300, 0), upgrades=upgrades)
            sc.ship("academypilot", player=2, at=(400, 800, 180))
            game = sc.game()
            return game, game.state.ships[me].damage

        _, plain = dealt_with([])
        assert damage_type(plain[0].card) == "pilot"
        game, dealt = dealt_with([KAZ])
        assert len(dealt) == 1 and not dealt[0].faceup
        assert damage_type(dealt[0].card) == "ship"
        deck = load_cards().damage_deck("core")
        ship_cards = sorted(c.id for c in deck.cards if c.type == "ship")
        assert dealt[0].card == ship_cards[0]
        assert len(game.state.player(1).deck) == deck.size - 1

    def scene(self, titled: bool):
        sc = Scene()
        me = sc.ship("kazudaxiono", at=(400, 300, 0), upgrades=[KAZ] if titled else [],
                     ion=1, damage=(DamageCard("blindedpilot", True, 81),))
        sc.ship("academypilot", player=2, at=(400, 800, 180))
        game = sc.at(PerformAction(me, during_activation=True), phase="activation")
        return game, me

    def test_damage_card_actions_while_ionized(self):
        """Ionized, Kaz with the title may still repair Blinded Pilot with its action;
        without the title only the focus action is offered."""
        game, me = self.scene(True)
        keys = values(game)
        assert "blindedpilot@81:repair" in keys and "boost" not in keys
        game.answer("blindedpilot@81:repair")
        pass_all(game)
        assert not game.state.ships[me].damage[0].faceup
        game, _ = self.scene(False)
        assert "blindedpilot@81:repair" not in values(game)
