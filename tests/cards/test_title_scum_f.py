"""Scum and Villainy titles (the Virago, the Razor Crest): each card in a scene built for
it, compared with the same scene without the card or outside its conditions.

Player 1 sits at y = 0 facing +y; player 2 at y = 914.4 facing -y."""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field, replace

from tallon.agents.ace import AceAgent
from tallon.agents.simple import SimpleAgent
from tallon.cards import CARDS
from tallon.data import load_cards
from tallon.engine.abilities import Ctx, Event
from tallon.engine.facedown import candidates, facedown_upgrades
from tallon.engine.game import Game, GameSetup
from tallon.engine.queue import FireWindow
from tallon.engine.rounds import SystemTurn
from tallon.engine.state import Token
from tallon.engine.view import full_snapshot, player_view
from tallon.scene import Scene
from tallon.squads import EquippedUpgrade
from tests.cards.helpers import PASS, answer, pass_all, pass_until


# ------------------------------------------------------------------------ Virago
class TestVirago:
    def game(self, charges: int = 2):
        sc = Scene()
        viper = sc.ship("guri", at=(400, 300, 0), upgrades=["virago"],
                        charges={"virago": charges})
        sc.ship("academypilot", player=2, at=(100, 850, 180))
        return sc.at(FireWindow.of("end_phase"), phase="end"), viper

    def test_spends_a_charge_for_a_red_boost(self):
        """During the End Phase the Virago may spend 1 charge to perform a red boost: the
        StarViper moves forward, gains a stress token and has 1 charge left."""
        game, viper = self.game()
        answer(game, "use_ability", "boost", viper)
        game.answer("straight")
        ship = game.state.ships[viper]
        assert ship.pose.y > 300 and ship.count(Token.STRESS) == 1
        assert ship.charges["virago"].active == 1

    def test_not_without_a_charge(self):
        """No charge left: nothing is offered; the ship stays put."""
        game, viper = self.game(charges=0)
        pass_all(game)
        assert game.state.ships[viper].pose.y == 300

    def test_adds_a_shield(self):
        """The title's grant: a StarViper with the Virago has 2 shields instead of 1."""
        sc = Scene()
        viper = sc.ship("guri", at=(400, 300, 0), upgrades=["virago"])
        plain = sc.ship("guri", player=2, at=(400, 800, 180))
        game = sc.game()
        assert game.state.ships[viper].shields == 2
        assert game.state.ships[plain].shields == 1


# ------------------------------------------------------------------- Razor Crest
@dataclass
class FacedownScene(Scene):
    """A scene whose squads also keep upgrades facedown: ship id -> upgrade ids (the
    squad's XWS "facedown" entry)."""

    facedown: dict[str, tuple[str, ...]] = field(default_factory=dict)

    def _squads(self):
        db = load_cards()
        squads = list(super()._squads())
        for ship_id, ids in self.facedown.items():
            player, number = (int(n) for n in ship_id[1:].split("."))
            squad = squads[player - 1]
            ships = list(squad.ships)
            ships[number - 1] = replace(ships[number - 1], facedown=tuple(
                EquippedUpgrade(db.upgrade(x), db.upgrade(x).slot) for x in ids))
            squads[player - 1] = replace(squad, ships=tuple(ships))
        return squads[0], squads[1]


REVEAL = "reveal the facedown Illicit upgrade"


def _pass(game: Game) -> None:
    """Answer the pending decision with its "do nothing" option (else its first)."""
    d = game.decision
    value = PASS.get(d.kind)
    game.answer(value if value in d.option_keys() else d.options[0].key)


class TestRazorCrest:
    def scene(self, facedown=("contrabandcybernetics",), upgrades=("razorcrest",)):
        sc = FacedownScene(facedown={"p1.1": tuple(facedown)} if facedown else {})
        mando = sc.ship("themandalorian", at=(400, 300, 0), upgrades=list(upgrades))
        sc.ship("academypilot", player=2, at=(400, 800, 180))
        return sc, mando

    def at_system(self, **kwargs):
        sc, mando = self.scene(**kwargs)
        return sc.at(SystemTurn(mando), phase="system"), mando

    def test_grants_an_evade_linked_to_a_red_barrel_roll(self):
        """The title's grant: an ST-70 with the Razor Crest has Evade > red Barrel Roll on
        its action bar; without the title it has not."""
        sc = Scene()
        mando = sc.ship("themandalorian", at=(400, 300, 0), upgrades=["razorcrest"])
        plain = sc.ship("themandalorian", player=2, at=(400, 800, 180))
        game = sc.game()
        assert "evade > red barrel roll" in [a.label for a in game.state.ships[mando].actions]
        assert "evade > red barrel roll" not in [a.label for a in
                                                  game.state.ships[plain].actions]

    def test_the_facedown_card_is_not_equipped(self):
        """Setup: the squad's facedown Contraband Cybernetics lies under the title, not
        equipped: not among the ship's upgrades, no charge, and its "before you activate"
        ability is not offered when the ship activates (its reveal declined)."""
        sc, mando = self.scene()
        game = sc.game()
        ship = game.state.ships[mando]
        assert facedown_upgrades(ship) == ("contrabandcybernetics",)
        assert "contrabandcybernetics" not in ship.upgrades
        assert "contrabandcybernetics" not in ship.charges
        pass_until(game, "use_ability", mando)
        assert REVEAL in game.decision.prompt
        game.answer("decline")
        asked = []
        while not (game.decision.ship == mando and REVEAL in game.decision.prompt):
            if game.decision.kind == "use_ability" and game.decision.ship == mando:
                asked.append(game.decision.prompt)
            _pass(game)
        assert game.state.round == 2 and asked == []

    def test_revealed_in_the_system_phase_and_equipped_as_at_setup(self):
        """During the System Phase the ship may reveal the card and equip it as if equipped
        at Setup: Contraband Cybernetics joins its upgrades with its charge full (1/1),
        and its "before you activate" ability is then offered and works."""
        sc, mando = self.scene()
        game = sc.game()
        pass_until(game, "use_ability", mando)
        game.answer("use")
        ship = game.state.ships[mando]
        assert facedown_upgrades(ship) == ()
        assert "contrabandcybernetics" in ship.upgrades
        assert (ship.charges["contrabandcybernetics"].active,
                ship.charges["contrabandcybernetics"].limit) == (1, 1)
        pass_until(game, "use_ability", mando)
        assert game.state.phase == "activation" and "spend 1 charge" in game.decision.prompt
        game.answer("use")
        assert ship.charges["contrabandcybernetics"].active == 0

    def test_a_revealed_system_phase_ability_is_usable_at_once(self):
        """Ruling: revealed Overtuned Modulators (a System Phase ability) may be used in
        the same System Phase: right after the reveal it is offered, and using it gives 3
        calculate tokens for its charge."""
        game, mando = self.at_system(facedown=("overtunedmodulators",))
        game.answer("use")
        assert game.decision.kind == "use_ability" and game.decision.ship == mando
        assert "calculate" in game.decision.prompt
        game.answer("use")
        ship = game.state.ships[mando]
        assert ship.count(Token.CALCULATE) == 3
        assert ship.charges["overtunedmodulators"].active == 0

    def test_a_squad_naming_no_card_places_one_at_setup(self):
        """A squad whose Razor Crest names no facedown card (a builder without Tallon's
        "facedown" entry): as forces are gathered its player chooses one of the cards it
        could be, which then lies facedown; the log does not name it. Without the title
        nothing is asked."""
        sc, mando = self.scene(facedown=())
        game = Game(GameSetup(squads=sc._squads(), seed=sc.seed, cards=CARDS))
        d = game.decision
        assert d.kind == "use_ability" and "facedown" in d.prompt and d.player == 1
        ship = game.state.ships[mando]
        assert [o.key for o in d.options] == candidates(game, ship)
        game.answer("contrabandcybernetics")
        assert facedown_upgrades(ship) == ("contrabandcybernetics",)
        assert not any("ontraband" in e["text"] for e in game.log)
        sc, plain = self.scene(facedown=(), upgrades=())
        game = Game(GameSetup(squads=sc._squads(), seed=sc.seed, cards=CARDS))
        assert not facedown_upgrades(game.state.ships[plain])
        assert game.decision is None or "facedown" not in game.decision.prompt

    def test_nothing_to_reveal_without_a_facedown_card(self):
        """A Razor Crest whose card was revealed has none left under it, so the reveal's
        requirement no longer holds (while one lies there, the reveal is asked)."""
        game, mando = self.at_system()
        assert REVEAL in game.decision.prompt
        game.answer("use")
        ship = game.state.ships[mando]
        assert not facedown_upgrades(ship)
        reveal = next(a for a in CARDS.spec("upgrade", "razorcrest").abilities()
                      if a.window == "system_phase")
        assert not reveal.requirement(Ctx(game, ship, "razorcrest",
                                          Event.of("system_phase", ship=mando), reveal))

    def test_declined_it_is_offered_again_next_round(self):
        """The reveal is a "may" of every System Phase: declined in round 1, it is
        offered again in round 2's System Phase, the card still facedown."""
        sc, mando = self.scene()
        game = sc.game()
        pass_until(game, "use_ability", mando)
        game.answer("decline")
        pass_until(game, "use_ability", mando, limit=300)
        assert game.state.round == 2 and REVEAL in game.decision.prompt
        assert facedown_upgrades(game.state.ships[mando]) == ("contrabandcybernetics",)

    def test_the_opponent_sees_that_a_card_is_there_not_which(self):
        """Hidden information: the opponent's view counts one facedown upgrade and names it
        nowhere; the owner's view names it; once revealed, it is among the ship's upgrades
        in both views and no longer counted facedown."""
        game, mando = self.at_system()
        theirs = player_view(game, 2)
        mine = player_view(game, 1)
        ship = next(s for s in theirs["ships"] if s["id"] == mando)
        assert ship["facedown_upgrades"] == 1 and "facedown_upgrades_known" not in ship
        assert "contrabandcybernetics" not in json.dumps(theirs)
        assert next(s for s in mine["ships"] if s["id"] == mando)[
            "facedown_upgrades_known"] == ["contrabandcybernetics"]
        game.answer("use")
        ship = next(s for s in player_view(game, 2)["ships"] if s["id"] == mando)
        assert "contrabandcybernetics" in ship["stats"]["upgrades"]
        assert "facedown_upgrades" not in ship

    def test_candidates_are_what_the_card_could_be(self):
        """What the facedown card may be to the opponent: non-limited Illicit upgrades
        legal in standard that the ship could equip - not limited Tracking Fob or
        Cloaking Device, not extended-only Inertial Dampeners, not a copy of the Dead
        Man's Switch it has equipped."""
        game, mando = self.at_system(upgrades=("razorcrest", "deadmansswitch"))
        found = candidates(game, game.state.ships[mando])
        assert "contrabandcybernetics" in found and "overtunedmodulators" in found
        for xws in ("trackingfob", "cloakingdevice", "inertialdampeners", "deadmansswitch"):
            assert xws not in found

    def test_a_determinized_copy_draws_it_again(self):
        """Determinization for the opponent: the copy's facedown card is drawn from the
        candidates (not always the real one), and its squads name the drawn card; two
        games differing only in the facedown card give the same copy. The owner's copy
        keeps the real card."""
        game, mando = self.at_system()
        other, _ = self.at_system(facedown=("deadmansswitch",))
        pool = candidates(game, game.state.ships[mando])
        drawn = set()
        for seed in range(12):
            world = game.determinize(2, random.Random(seed))
            card = facedown_upgrades(world.state.ships[mando])
            assert len(card) == 1 and card[0] in pool
            assert [e.xws for e in world.setup.squads[0].ships[0].facedown] == list(card)
            twin = other.determinize(2, random.Random(seed))
            assert full_snapshot(world) == full_snapshot(twin)
            assert world.setup.to_json() == twin.setup.to_json()
            drawn.add(card[0])
        assert len(drawn) > 1
        mine = game.determinize(1, random.Random(0))
        assert facedown_upgrades(mine.state.ships[mando]) == ("contrabandcybernetics",)

    def test_the_agents_reveal_it(self):
        """The built-in agents answer the reveal with "use" (it usually helps)."""
        game, _ = self.at_system()
        for agent in (SimpleAgent(seed=1), AceAgent(1)):
            assert agent.choose(game.view(1), game.decision) == "use"

    def test_the_setup_keeps_the_facedown_card(self):
        """A game's setup (its record) keeps the facedown card in the squad's XWS, and a
        game set up again from it has the card under the title."""
        game, mando = self.at_system()
        data = game.setup.to_json()
        assert data["squads"][0]["pilots"][0]["facedown"] == {
            "illicit": ["contrabandcybernetics"]}
        again = Game(GameSetup.from_json(data, CARDS))
        assert facedown_upgrades(again.state.ships[mando]) == ("contrabandcybernetics",)
