"""First-edition crew and illicit upgrades of the Punishing One and Mist Hunter expansion
packs (:mod:`tallon.cards.first_edition.upgrades_w7_3`). Scenes as in
:mod:`tests.cards.first_edition.test_upgrades_w7`."""

from __future__ import annotations

from tallon.dice import DieKind
from tallon.engine.actions import PerformAction
from tallon.engine.queue import FireWindow
from tallon.engine.state import Token
from tallon.scene import Scene, declare, faces, load_dice, start_at
from tests.cards.first_edition.helpers_1e import has_card
from tests.cards.first_edition.test_upgrades_w7 import (
    FREELANCER,
    NOVICE,
    ROOKIE,
    SCOUT,
    answer_rest,
    duel,
    sources,
)
from tests.cards.helpers import (
    engage,
    pass_all,
)


# -------------------------------------------------------------- Zuckuss (crew)
class TestZuckussCrew:
    def test_stress_for_defense_rerolls(self):
        """Attacking, he receives 2 stress tokens to make the defender reroll its 2 evade
        results: they come up blank and his 2 hits land."""
        sc, a, d = duel(FREELANCER, upgrades=["1e-zuckuss"])
        # the 2 rerolled defense dice come up blank
        game = engage(sc, a, ["hit", "hit", "blank"], ["evade", "evade"],
                      then=faces(DieKind.DEFENSE, ["blank", "blank"]))
        declare(game, a, d)

        def use(dec):
            if dec.ship == a and dec.kind == "modify_defense_dice":
                for o in dec.options:
                    if (o.info or {}).get("source") == "1e-zuckuss" and "2 dice" in o.label:
                        return o.key
            return None

        answer_rest(game, use)
        assert game.state.ships[a].count(Token.STRESS) == 2
        assert game.state.ships[d].shields == 1

    def test_not_while_stressed(self):
        """Stressed, he is not offered the rerolls."""
        sc, a, d = duel(FREELANCER, upgrades=["1e-zuckuss"], stress=1)
        game = engage(sc, a, ["hit", "hit", "blank"], ["evade", "evade"])
        declare(game, a, d)
        assert "1e-zuckuss" not in sources(game, "modify_defense_dice", a)


# ---------------------------------------------------------------- 4-LOM (crew)
class TestFourLomCrew:
    def _attack(self, use: bool, focus: int = 1):
        sc, a, d = duel(FREELANCER, upgrades=["1e-4lom"], d_setup={"focus": focus})
        game = engage(sc, a, ["hit", "hit", "blank"], ["focus", "focus"])
        declare(game, a, d)
        offered = set()

        def choose(dec):
            if dec.kind == "modify_attack_dice" and dec.ship == a:
                for o in dec.options:
                    if "1e-4lom" in o.key:
                        offered.add(o.key)
                        if use:
                            return o.key
            if dec.kind == "modify_defense_dice" and dec.ship == d:
                offered.update("defender:" + str((o.info or {}).get("source"))
                               for o in dec.options)
            return None

        answer_rest(game, choose)
        return game, a, d, offered

    def test_defender_cannot_spend_the_chosen_focus(self):
        """He receives 1 ion token to choose the defender's focus token: the defender
        cannot spend it and his 2 hits land; declining, the defender spends it."""
        game, a, d, offered = self._attack(True)
        assert game.state.ships[a].has(Token.ION)
        assert "defender:focus" not in offered and game.state.ships[d].shields == 1
        game, a, d, offered = self._attack(False)
        assert "defender:focus" in offered and not game.state.ships[a].has(Token.ION)

    def test_only_one_of_two_tokens(self):
        """With 2 focus tokens, the chosen one stays: the defender may still spend the
        other."""
        _game, _a, _d, offered = self._attack(True, focus=2)
        assert "defender:focus" in offered

    def test_nothing_to_choose(self):
        """The defender has no focus or evade token: nothing is offered."""
        _game, _a, _d, offered = self._attack(True, focus=0)
        assert not any("1e-4lom" in k for k in offered)


# ------------------------------------------------------------ Boba Fett (crew)
BOBA = "1e-bobafett"


class TestBobaFettCrew:
    def _attack(self, dice, d_pilot=NOVICE, d_upgrades=("1e-shieldupgrade",), answer=None,
                **d_setup):
        sc, a, d = duel(SCOUT, d_pilot, upgrades=[BOBA], d_upgrades=list(d_upgrades),
                        d_setup={"shields": 0, **d_setup})
        game = engage(sc, a, dice, ["blank"] * 3)
        declare(game, a, d)
        asked = answer_rest(game, lambda dec: answer if dec.kind == "use_ability"
                            and dec.ship == a else None)
        return game, a, d, asked

    def test_faceup_card_lets_him_discard_an_upgrade(self):
        """A critical hit deals the defender a faceup card: Boba Fett is discarded to
        discard its Shield Upgrade."""
        game, a, d, _ = self._attack(["crit", "blank"], answer="1e-shieldupgrade")
        assert not has_card(game, d, "1e-shieldupgrade") and not has_card(game, a, BOBA)
        assert game.state.ships[d].shield_limit == 3  # 4 with the card, the T-70 alone 3

    def test_not_without_a_faceup_card(self):
        """Only a hit (facedown card): nothing is offered."""
        game, a, d, asked = self._attack(["hit", "blank"])
        assert ("use_ability", a) not in asked and has_card(game, d, "1e-shieldupgrade")

    def test_faq_only_as_attacker(self):
        """FAQ (1e), Boba Fett: his ship must be the attacker: defending and dealt faceup
        cards itself, nothing happens."""
        sc, a, d = duel(NOVICE, SCOUT, d_upgrades=[BOBA], d_setup={"shields": 0})
        game = engage(sc, a, ["crit", "crit"], ["blank"] * 2)
        declare(game, a, d)
        asked = answer_rest(game)
        assert ("use_ability", d) not in asked

    def test_faq_cards_equipped_thanks_to_it_stay(self):
        """FAQ (1e), Boba Fett: discarding a card that allowed another (Royal Guard TIE's
        extra modification), the other card stays."""
        game, _a, d, _ = self._attack(
            ["crit", "blank"], "1e-tieinterceptor-royalguardpilot",
            d_upgrades=("1e-royalguardtie", "1e-hullupgrade", "1e-shieldupgrade"),
            answer="1e-royalguardtie")
        assert not has_card(game, d, "1e-royalguardtie")
        assert has_card(game, d, "1e-hullupgrade") and has_card(game, d, "1e-shieldupgrade")

    def test_faq_only_cards_dealt_during_his_attack(self):
        """FAQ (1e), Boba Fett: a faceup card dealt during his ship's attack counts; a
        faceup card the defender already had before the attack does not: his hit deals a
        facedown card, nothing is offered."""
        from tallon.engine.state import DamageCard

        _game, a, _d, asked = self._attack(
            ["hit", "blank"], damage=[DamageCard("1e-core-directhit", True, 90)])
        assert ("use_ability", a) not in asked


# ---------------------------------------------------------------------- "Gonk"
GONK = "1e-gonk"


class TestGonk:
    def _act(self, key_part: str, **setup):
        sc = Scene(ruleset="1e")
        a = sc.ship(SCOUT, at=(400, 300, 0), upgrades=[GONK], **setup)
        sc.ship(ROOKIE, player=2, at=(400, 850, 180))
        game = sc.at(PerformAction(a, during_activation=True), phase="activation")
        return game, a

    def test_place_then_recover(self):
        """The first action places a shield token on the card; the second, with a shield
        lost, recovers it (3 of 4 shields -> 4)."""
        game, a = self._act("place", shields=3)
        keys = game.decision.option_keys()
        assert "1e-gonk:place" in keys and "1e-gonk:recover" not in keys
        game.answer("1e-gonk:place")
        pass_all(game)
        start_at(game, PerformAction(a, during_activation=True))
        assert "1e-gonk:recover" in game.decision.option_keys()
        game.answer("1e-gonk:recover")
        pass_all(game)
        assert game.state.ships[a].shields == 4

    def test_no_recovery_at_full_shields(self):
        """With a token on the card but all shields up, the recover action is not
        offered."""
        game, a = self._act("place")
        game.state.ships[a].remember("1e-gonk:shields", 1)
        start_at(game, PerformAction(a, during_activation=True))
        assert "1e-gonk:recover" not in game.decision.option_keys()

    def test_faq_two_different_actions(self):
        """FAQ (1e), "Gonk": the two actions are different actions: having placed a token
        this round, he may still recover (as a second action of the round)."""
        game, a = self._act("place", shields=3)
        game.answer("1e-gonk:place")
        pass_all(game)
        start_at(game, PerformAction(a, during_activation=True))
        keys = game.decision.option_keys()
        assert "1e-gonk:recover" in keys and "1e-gonk:place" not in keys


# -------------------------------------------------------------- Dengar (crew)
class TestDengarCrew:
    def test_reroll_counts(self):
        """Against a generic pilot he may reroll 1 attack die; against a unique pilot up
        to 2."""
        for defender, label in ((NOVICE, "reroll 1 attack die"), ("1e-t70xwing-redace",
                                                                   "up to 2")):
            sc, a, d = duel(SCOUT, defender, upgrades=["1e-dengar"])
            game = engage(sc, a, ["blank", "blank", "blank"], ["blank"] * 3)
            declare(game, a, d)
            labels = set()

            def look(dec, labels=labels, a=a):
                if dec.kind == "modify_attack_dice" and dec.ship == a:
                    labels.update(o.label for o in dec.options
                                  if (o.info or {}).get("source") == "1e-dengar")
                return None

            answer_rest(game, look)
            assert any(label in x for x in labels)

    def test_not_when_defending(self):
        """Defending, nothing is offered."""
        sc, a, d = duel(NOVICE, SCOUT, d_upgrades=["1e-dengar"])
        game = engage(sc, a, ["hit"] * 3, ["blank"] * 2)
        declare(game, a, d)
        assert "1e-dengar" not in sources(game, "modify_defense_dice", d)


# ---------------------------------------------------------- Cloaking Device
CLOAK = "1e-cloakingdevice"


class TestCloakingDevice:
    def test_action_cloaks(self):
        """The card's action performs a cloak action: he has a cloak token."""
        sc = Scene(ruleset="1e")
        a = sc.ship(FREELANCER, at=(400, 300, 0), upgrades=[CLOAK])
        sc.ship(ROOKIE, player=2, at=(400, 850, 180))
        game = sc.at(PerformAction(a, during_activation=True), phase="activation")
        game.answer("1e-cloakingdevice:cloak")
        pass_all(game)
        assert game.state.ships[a].cloaked

    def _end_of_round(self, face: str, cloaked: bool, upgrades=(CLOAK,), answer="discard"):
        sc = Scene(ruleset="1e")
        a = sc.ship(FREELANCER, at=(400, 300, 0), upgrades=list(upgrades),
                    cloak=1 if cloaked else 0)
        sc.ship(ROOKIE, player=2, at=(400, 850, 180))
        game = sc.game()
        load_dice(game, [face])
        start_at(game, FireWindow.of("end_phase_end"), phase="end")
        asked = answer_rest(game, lambda d: answer if d.kind == "cloaking_device"
                            else "evade" if "evade" in d.option_keys() else None)
        return game, a, asked

    def test_focus_discards_and_decloaks(self):
        """At the end of the round he rolls a focus: the card is discarded and he discards
        his cloak token (or decloaks)."""
        game, a, asked = self._end_of_round("focus", True)
        assert not has_card(game, a, CLOAK) and not game.state.ships[a].cloaked
        assert ("cloaking_device", a) in asked

    def test_other_result_keeps_it(self):
        """A hit: the card and the cloak token stay."""
        game, a, _ = self._end_of_round("hit", True)
        assert has_card(game, a, CLOAK) and game.state.ships[a].cloaked

    def test_rolls_even_uncloaked(self):
        """Not cloaked, he still rolls at the end of each round: a focus discards the card
        (no decloak question)."""
        game, a, asked = self._end_of_round("focus", False)
        assert not has_card(game, a, CLOAK) and ("cloaking_device", a) not in asked

    def test_faq_stygium_evade_stays(self):
        """FAQ (1e), Stygium Particle Accelerator: forced to decloak at the end of the
        round, the free evade action's evade token is not discarded (the End phase has
        removed tokens already)."""
        game, a, _ = self._end_of_round(
            "focus", True, upgrades=(CLOAK, "1e-stygiumparticleaccelerator"),
            answer="boost")
        ship = game.state.ships[a]
        assert not ship.cloaked and ship.has(Token.EVADE)
