"""Crew upgrades of tallon.cards.upgrades.crew_g: General Hux, IG-88D, Cikatro Vizago and
Sabine Wren. Player 1 sits at y = 0 facing +y; 40 / 150 mm between bases are ranges 1 / 2."""

from __future__ import annotations

from tallon.engine.actions import PerformAction, card_actions
from tallon.engine.effects import remove_ship
from tallon.engine.payloads import Detonate
from tallon.engine.queue import FireWindow
from tallon.engine.state import Token
from tallon.scene import Scene, stack_deck, start_at
from tests.cards.helpers import pass_all, values
from tests.rules.device_helpers import put

TIE = "academypilot"


# ------------------------------------------------------------------ General Hux
class TestGeneralHux:
    """A First Order Courier (Xi-class shuttle, red coordinate on its bar; Tactical Officer
    adds a white one) with three TIE/fo fighters at range 1 and another Xi-class shuttle at
    range 1."""

    def scene(self, crew=("generalhux", "tacticalofficer")):
        sc = Scene()
        courier = sc.ship("firstordercourier", at=(400, 300, 0), upgrades=list(crew))
        ties = [sc.ship("zetasquadronpilot", at=at)
                for at in ((400, 420, 0), (300, 420, 0), (500, 420, 0))]
        shuttle = sc.ship("firstordercourier", at=(250, 300, 0))
        sc.ship(TIE, player=2, at=(400, 850, 180))
        game = sc.at(PerformAction(courier, during_activation=True), phase="activation")
        game.answer("coordinate")
        return game, courier, ties, shuttle

    def test_three_ships_of_one_type_perform_the_same_red_action(self):
        """Treating the white coordinate as red, the courier coordinates two more TIE/fo
        (not the other shuttle); each TIE focuses as a red action (focus and stress) and
        the courier gains a stress token."""
        game, courier, (a, b, c), shuttle = self.scene()
        game.answer(a)
        assert values(game) == ["use", "decline"]
        game.answer("use")
        assert set(values(game)) == {b, c, "none"}
        game.answer(b)
        game.answer(c)
        game.answer("focus")
        assert values(game) == ["focus", "pass"]  # the same action only
        game.answer("focus")
        game.answer("focus")
        ships = game.state.ships
        for tie in (a, b, c):
            assert ships[tie].has(Token.FOCUS) and ships[tie].stressed, tie
        assert ships[courier].stressed and not ships[shuttle].has(Token.FOCUS)

    def test_declined_it_is_a_plain_white_coordinate(self):
        """Keeping the action white: one TIE focuses, unstressed, and nobody else acts."""
        game, courier, (a, b, _), _ = self.scene()
        game.answer(a)
        game.answer("decline")
        game.answer("focus")
        ships = game.state.ships
        assert ships[a].has(Token.FOCUS) and not ships[a].stressed
        assert not ships[b].has(Token.FOCUS) and not ships[courier].stressed

    def test_not_for_a_red_coordinate(self):
        """Without Tactical Officer the courier's coordinate is red: Hux offers nothing and
        the chosen TIE simply acts."""
        game, _, (a, _, _), _ = self.scene(crew=("generalhux",))
        game.answer(a)
        assert game.decision.kind == "perform_action" and game.decision.ship == a


# ------------------------------------------------------------------------ IG-88D
class TestIG88D:
    """An Outer Rim Enforcer (ST-70, crew slot) carries IG-88D; Old Teroch (Fang fighter)
    is given the IG-2000 title in play (no Aggressor pilot is playable yet)."""

    def test_a_calculate_action_gives_a_second_calculate_token(self):
        """IG-88D adds a calculate action; performing it yields 2 calculate tokens."""
        sc = Scene()
        me = sc.ship("outerrimenforcer", at=(400, 300, 0), upgrades=["ig88d"])
        sc.ship(TIE, player=2, at=(400, 850, 180))
        game = sc.at(PerformAction(me, during_activation=True), phase="activation")
        game.answer("calculate")
        assert game.state.ships[me].count(Token.CALCULATE) == 2

    def test_not_after_another_action(self):
        """A focus action gives no calculate token."""
        sc = Scene()
        me = sc.ship("outerrimenforcer", at=(400, 300, 0), upgrades=["ig88d"])
        sc.ship(TIE, player=2, at=(400, 850, 180))
        game = sc.at(PerformAction(me, during_activation=True), phase="activation")
        game.answer("focus")
        assert not game.state.ships[me].has(Token.CALCULATE)

    def scene(self, ig2000=True):
        """The enforcer faces a focused TIE at range 1 (in the TIE's front arc); Old Teroch
        sits far from it. Setup's "gather forces" abilities are run, then the Engagement
        Phase starts."""
        sc = Scene()
        me = sc.ship("outerrimenforcer", at=(400, 300, 0), upgrades=["ig88d"])
        cards = (("pilot", "oldteroch", 0),) + ((("upgrade", "ig2000", 0),) if ig2000 else ())
        teroch = sc.ship("oldteroch", at=(100, 100, 0), cards=cards)
        enemy = sc.ship(TIE, player=2, at=(400, 400, 180), tokens={"focus": 1})
        game = sc.at(FireWindow.of("gather_forces"), phase="setup")
        return game, me, teroch, enemy

    def test_it_has_the_pilot_ability_of_a_ship_with_ig2000(self):
        """At the start of the Engagement Phase the enforcer uses Old Teroch's ability: the
        TIE at range 1 with it in its front arc removes its focus token."""
        game, me, _, enemy = self.scene()
        start_at(game, FireWindow.of("start_engagement"))
        assert game.decision.ship == me and values(game) == [enemy, "decline"]
        game.answer(enemy)
        assert not game.state.ships[enemy].has(Token.FOCUS)

    def test_not_without_ig2000_nor_once_that_ship_is_gone(self):
        """Old Teroch without IG-2000, or removed from the game: nothing is offered and the
        TIE keeps its focus token."""
        game, *_ = self.scene(ig2000=False)
        start_at(game, FireWindow.of("start_engagement"))
        assert game.decision is None
        game, me, teroch, enemy = self.scene()
        remove_ship(game, game.state.ships[teroch], "destroyed")
        assert ("pilot", "oldteroch", 0) not in game.state.ships[me].cards
        start_at(game, FireWindow.of("start_engagement"))
        assert game.decision is None and game.state.ships[enemy].has(Token.FOCUS)


# ---------------------------------------------------------------- Cikatro Vizago
class TestCikatroVizago:
    """An Outer Rim Enforcer (ST-70, medium) with Cikatro Vizago and a Cloaking Device
    (1 of its 2 charges left), a Black Sun Soldier (Z-95, small) 40 mm beside it (range 1)
    with Contraband Cybernetics; the End Phase's abilities."""

    def scene(self, mine="cloakingdevice", z95_at=(520, 300, 0)):
        sc = Scene()
        me = sc.ship("outerrimenforcer", at=(400, 300, 0), upgrades=["cikatrovizago", mine])
        z95 = sc.ship("blacksunsoldier", at=z95_at, upgrades=["contrabandcybernetics"])
        sc.ship(TIE, player=2, at=(400, 850, 180))
        game = sc.game()
        game.state.ships[me].charges[mine].active = 1
        start_at(game, FireWindow.of("end_phase"), phase="end")
        return game, me, z95

    def test_the_two_ships_exchange_their_illicit_upgrades(self):
        """Exchanged: the Z-95 now holds the Cloaking Device with its 1 charge and its
        action, the enforcer the Contraband Cybernetics with its charge."""
        game, me, z95 = self.scene()
        key = f"{me}:cloakingdevice|{z95}:contrabandcybernetics"
        assert values(game) == [key, "decline"]
        game.answer(key)
        ships = game.state.ships
        assert "cloakingdevice" in ships[z95].upgrades and \
            "contrabandcybernetics" in ships[me].upgrades
        assert ships[z95].charges["cloakingdevice"].active == 1
        assert ships[me].charges["contrabandcybernetics"].active == 1
        assert "cloakingdevice" not in ships[me].charges
        assert any(s.source == "cloakingdevice" for s in card_actions(game, ships[z95]))
        assert not any(s.source == "cloakingdevice" for s in card_actions(game, ships[me]))

    def test_not_to_a_ship_the_card_is_restricted_from(self):
        """Rigged Cargo Chute (medium or large ships only) can't go to the small Z-95:
        nothing is offered."""
        game, *_ = self.scene(mine="riggedcargochute")
        assert game.decision is None

    def test_not_beyond_range_1(self):
        """The Z-95 at range 2: nothing is offered."""
        game, *_ = self.scene(z95_at=(620, 300, 0))
        assert game.decision is None


# ------------------------------------------------------------------- Sabine Wren
class TestSabineWren:
    """A Mandalorian Resistance Pilot (Gauntlet fighter) with Sabine Wren far away; a bomb
    at (400, 500) facing 180 detonates with an enemy TIE at range 1 of it."""

    def scene(self, card="protonbombs", owner=1, memory=()):
        sc = Scene()
        me = sc.ship("mandalorianresistancepilot", at=(100, 100, 0), upgrades=["sabinewren"],
                     card_memory=memory)
        enemy = sc.ship(TIE, player=2, at=(400, 560, 0))
        game = sc.game()
        stack_deck(game, 2, ["structuraldamage"])
        bomb = put(game, card, (400, 500, 180), owner=owner)
        start_at(game, Detonate(bomb, enemy if card == "proximitymines" else ""),
                 phase="activation")
        return game, me, enemy

    def test_the_bombed_ship_gains_a_token_from_the_card(self):
        """After the friendly proton bomb's critical damage, Sabine moves the stress token
        from her card onto the TIE; the other three stay."""
        game, me, enemy = self.scene()
        assert set(values(game)) == {"ion", "jam", "stress", "tractor", "decline"}
        game.answer("stress")
        pass_all(game)
        assert game.state.ships[enemy].stressed and len(game.state.ships[enemy].damage) == 1
        assert game.state.ships[me].card_memory == (("sabinewren:tokens",
                                                     ("ion", "jam", "tractor")),)

    def test_a_used_token_is_gone(self):
        """Only her ion token left on the card: only it is offered."""
        game, _, _ = self.scene(memory=(("sabinewren:tokens", ("ion",)),))
        assert values(game) == ["ion", "decline"]

    def test_not_for_an_enemy_bomb_nor_a_mine(self):
        """The bomb is the opponent's, or the device is a friendly mine: nothing is
        offered and the TIE gains no token."""
        for card, owner in (("protonbombs", 2), ("proximitymines", 1)):
            game, _, enemy = self.scene(card, owner)
            pass_all(game)
            assert not game.state.ships[enemy].stressed
            assert all(e["kind"] != "ability" or "Sabine" not in e["text"]
                       for e in game.log)
