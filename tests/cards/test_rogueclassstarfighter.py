"""Rogue-class Starfighter pilots (Scum and Villainy, Separatist Alliance) and the Xanadu
Blood title: each test sets a scene, states the card's rule and shows the ability changing
the outcome (the same scene without it, or the state before and after).

Geometry: player 1's ships face +y, player 2's face -y. A ship straight ahead (same x) is
in the bullseye arc; 80 mm to the side at range 2 it is in the front arc only. A range band
is 100 mm: a small ship 200 mm ahead is at range 2, 300 mm ahead at range 3."""

from __future__ import annotations

import pytest

from tallon.engine.actions import PerformAction
from tallon.engine.conditions import has_condition
from tallon.engine.queue import FireWindow
from tallon.engine.rounds import StartEngagement, Sweep
from tallon.engine.state import DamageCard, Token
from tallon.scene import Scene, stack_deck, start_at
from tests.cards.helpers import (
    Hurt,
    answer,
    attack,
    modify_with,
    offers,
    pass_all,
    pass_on,
    rolled,
    values,
)

TIE = "academypilot"


def pass_noting(game, card: str) -> bool:
    """Pass on everything to the end; whether ``card`` was ever offered a dice
    modification."""
    seen = False
    while game.decision is not None:
        seen = seen or offers(game, card)
        pass_on(game)
    return seen


def until_ship(game, ship: str) -> None:
    """Pass on decisions until one is asked of ``ship``."""
    while game.decision is not None and game.decision.ship != ship:
        pass_on(game)
    assert game.decision is not None, f"nothing was asked of {ship}"


# ---------------------------------------------------------------- generic pilots
@pytest.mark.parametrize("pilot", ["outerrimhunter", "magnaguardexecutioner"])
def test_generic_pilots_field_and_fight(pilot):
    """A generic Rogue-class (no ability text) is set up and attacks with its 2-dice
    primary weapon at range 2; 2 hits against blank defense dice deal 2 damage (the TIE
    has no shields)."""
    sc = Scene()
    rogue = sc.ship(pilot, at=(400, 300, 0))
    tie = sc.ship(TIE, player=2, at=(400, 500, 180))
    game = attack(sc, rogue, tie, ["hit", "hit"], ["blank"] * 3)
    pass_all(game)
    assert len(game.state.ships[tie].damage) == 2
    assert len(rolled(game, rogue)) == 2


# ----------------------------------------------------------------- Xanadu Blood
class TestXanaduBlood:
    def actions(self, upgrades: list[str]) -> list[str]:
        sc = Scene()
        cad = sc.ship("cadbane", at=(400, 300, 0), upgrades=upgrades)
        sc.ship(TIE, player=2, at=(400, 800, 180))
        game = sc.at(PerformAction(cad, during_activation=True), phase="activation")
        return values(game)

    def test_adds_a_red_cloak_action(self):
        """Cad Bane with Xanadu Blood may perform a (red) cloak action; without the
        title his action bar has none."""
        assert any("cloak" in key for key in self.actions(["xanadublood"]))
        assert not any("cloak" in key for key in self.actions([]))

    def test_the_cloak_is_red(self):
        """Performing the granted cloak action gives him a cloak token and, the action
        being red, a stress token."""
        sc = Scene()
        cad = sc.ship("cadbane", at=(400, 300, 0), upgrades=["xanadublood"])
        sc.ship(TIE, player=2, at=(400, 800, 180))
        game = sc.at(PerformAction(cad, during_activation=True), phase="activation")
        game.answer(next(k for k in values(game) if "cloak" in k))
        pass_all(game)
        ship = game.state.ships[cad]
        assert ship.has(Token.CLOAK) and ship.has(Token.STRESS)

    def test_adds_crew_and_device_slots(self):
        """The title's grants add a Crew and a Device slot: Cad Bane fields a crew
        (Freelance Slicer) and a bomb (Blazer Bomb) with it."""
        sc = Scene()
        cad = sc.ship("cadbane", at=(400, 300, 0),
                      upgrades=["xanadublood", "freelanceslicer", "blazerbomb"])
        sc.ship(TIE, player=2, at=(400, 800, 180))
        game = sc.game()
        held = {card[1] for card in game.state.ships[cad].cards}
        assert {"xanadublood", "freelanceslicer", "blazerbomb"} <= held


# -------------------------------------------------------------- Cad Bane (Scum)
class TestCadBane:
    def scene(self, dice, tokens=None, charges=2):
        sc = Scene()
        cad = sc.ship("cadbane", at=(400, 300, 0), tokens=tokens or {"stress": 1},
                      charges={"cadbane": charges})
        tie = sc.ship(TIE, player=2, at=(400, 500, 180))
        game = attack(sc, cad, tie, dice, ["blank"] * 3)
        return game, cad, tie

    def test_a_hit_moves_his_stress_to_the_defender(self):
        """His attack hits: he spends 2 charges to transfer his stress token to the
        defender (declining, he keeps it)."""
        game, cad, tie = self.scene(["hit", "blank"])
        until_ship(game, cad)
        assert set(values(game)) == {"stress", "decline"}
        answer(game, "use_ability", "stress", cad)
        pass_all(game)
        me, it = game.state.ships[cad], game.state.ships[tie]
        assert (me.has(Token.STRESS), it.has(Token.STRESS)) == (False, True)
        assert me.charges["cadbane"].active == 0
        game, cad, tie = self.scene(["hit", "blank"])
        until_ship(game, cad)
        answer(game, "use_ability", "decline", cad)
        pass_all(game)
        assert game.state.ships[cad].has(Token.STRESS)
        assert not game.state.ships[tie].has(Token.STRESS)

    def test_orange_tokens_too_but_no_green(self):
        """His jam (orange) token may be transferred; his focus token (green) may not."""
        game, cad, _ = self.scene(["hit", "blank"], tokens={"jam": 1, "focus": 1})
        until_ship(game, cad)
        assert set(values(game)) == {"jam", "decline"}

    def test_not_after_a_miss(self):
        """His attack misses: nothing is offered, he keeps his stress token."""
        game, cad, _ = self.scene(["blank", "blank"])
        pass_all(game)
        assert game.state.ships[cad].has(Token.STRESS)

    def test_not_with_one_charge(self):
        """With 1 charge left he can't pay 2: not offered."""
        game, cad, tie = self.scene(["hit", "blank"], charges=1)
        pass_all(game)
        assert game.state.ships[cad].has(Token.STRESS)
        assert not game.state.ships[tie].has(Token.STRESS)


# ------------------------------------------------------------------ Viktor Hel
class TestViktorHel:
    def scene(self, pilot: str, y: float):
        sc = Scene()
        viktor = sc.ship(pilot, at=(400, y, 0))
        tie = sc.ship(TIE, player=2, at=(400, 500, 180))
        game = attack(sc, tie, viktor, ["hit", "hit"], ["blank"] * 3)
        pass_all(game)
        return game, viktor, tie

    def test_three_defense_dice_stress_the_attacker(self):
        """At range 3 Viktor rolls 3 defense dice (agility 2 + range bonus): after he
        defends the attacker gains 1 stress token; an Outer Rim Hunter's attacker
        doesn't."""
        game, viktor, tie = self.scene("viktorhel-rogueclassstarfighter", 200)
        assert len(rolled(game, viktor)) == 3
        assert game.state.ships[tie].has(Token.STRESS)
        base, _, base_tie = self.scene("outerrimhunter", 200)
        assert not base.state.ships[base_tie].has(Token.STRESS)

    def test_exactly_two_dice_spare_the_attacker(self):
        """At range 2 he rolls exactly 2 defense dice: the attacker gains no stress."""
        game, viktor, tie = self.scene("viktorhel-rogueclassstarfighter", 300)
        assert len(rolled(game, viktor)) == 2
        assert not game.state.ships[tie].has(Token.STRESS)


# -------------------------------------------------------------------- Nom Lumb
class TestNomLumb:
    def scene(self, x: float = 400):
        sc = Scene()
        nom = sc.ship("nomlumb-rogueclassstarfighter", at=(400, 300, 0))
        mauler = sc.ship("maulermithel", player=2, at=(x, 500, 180))
        return sc.at(StartEngagement()), nom, mauler

    def test_takes_the_initiative_of_an_enemy_in_his_front_arc(self):
        """Start of the Engagement Phase: Nom Lumb (initiative 1) chooses Mauler Mithel
        (initiative 5) in his front arc and has initiative 5 for the round; declining,
        he keeps 1."""
        game, nom, mauler = self.scene()
        assert set(values(game)) == {mauler, "decline"}
        answer(game, "use_ability", mauler, nom)
        assert game.state.ships[nom].current_initiative == 5
        game, nom, _ = self.scene()
        answer(game, "use_ability", "decline", nom)
        assert game.state.ships[nom].current_initiative == 1

    def test_he_engages_at_the_borrowed_initiative(self):
        """With initiative 5 he engages first (player 1 wins the tie with Mauler Mithel),
        before his initiative-3 wingman; declining, he engages last."""
        def order(use: bool) -> list[str]:
            sc = Scene()
            nom = sc.ship("nomlumb-rogueclassstarfighter", at=(400, 300, 0))
            sc.ship("cartelexecutioner", at=(200, 300, 0))
            mauler = sc.ship("maulermithel", player=2, at=(400, 500, 180))
            game = sc.at(StartEngagement(), Sweep("engagement"))
            found = []
            while game.decision is not None:
                d = game.decision
                if d.kind == "use_ability" and d.ship == nom:
                    game.answer(mauler if use else "decline")
                    continue
                if d.kind == "declare_attack":
                    found.append(d.ship)
                pass_on(game)
            return found

        assert order(True) == ["p1.1", "p2.1", "p1.2"]
        assert order(False) == ["p2.1", "p1.2", "p1.1"]

    def test_not_outside_his_front_arc(self):
        """Mauler Mithel behind him (out of his front arc): no question."""
        sc = Scene()
        nom = sc.ship("nomlumb-rogueclassstarfighter", at=(400, 300, 0))
        sc.ship("maulermithel", player=2, at=(400, 150, 180))
        game = sc.at(StartEngagement())
        assert game.decision is None or game.decision.ship != nom
        assert game.state.ships[nom].current_initiative == 1


# ---------------------------------------------------------------- Durge (Scum)
class TestDurge:
    def scene(self, pilot: str, dice, shields: int = 2):
        sc = Scene()
        durge = sc.ship(pilot, at=(400, 300, 0), shields=shields)
        xwing = sc.ship("redsquadronveteran", player=2, at=(400, 500, 180))
        game = attack(sc, xwing, durge, dice, ["blank", "blank"])
        return game, durge

    def test_three_hits_become_one_crit(self):
        """3 hits against his 2 shields: he changes 1 hit to a crit and cancels another;
        the hit and the crit take his 2 shields, no damage card. Without the ability
        (Outer Rim Hunter) the third hit deals a damage card."""
        game, durge = self.scene("durge", ["hit"] * 3)
        until_ship(game, durge)
        answer(game, "use_ability", "use", durge)
        pass_all(game)
        ship = game.state.ships[durge]
        assert (ship.shields, len(ship.damage)) == (0, 0)
        base, hunter = self.scene("outerrimhunter", ["hit"] * 3)
        pass_all(base)
        assert len(base.state.ships[hunter].damage) == 1

    def test_not_when_the_shields_hold(self):
        """2 hits against 2 active shields: not more results than shields, no question."""
        game, durge = self.scene("durge", ["hit", "hit", "blank"])
        assert pass_all(game).count("use_ability") == 0
        assert game.state.ships[durge].shields == 0

    def test_needs_two_hit_results(self):
        """Ruling: 1 hit and 1 crit against 1 shield - changing the hit leaves no hit to
        cancel, and both parts are one effect: no question."""
        game, durge = self.scene("durge", ["hit", "crit", "blank"], shields=1)
        assert pass_all(game).count("use_ability") == 0
        assert len(game.state.ships[durge].damage) == 1


# --------------------------------------------------- Cad Bane (Separatist Alliance)
class TestCadBaneSeparatist:
    CAD = "cadbane-separatistalliance"

    def scene(self, charges: int = 1):
        sc = Scene()
        cad = sc.ship(self.CAD, at=(400, 300, 0), tokens={"stress": 1},
                      charges={self.CAD: charges})
        tie = sc.ship(TIE, player=2, at=(400, 500, 180),
                      damage=[DamageCard("(marker)", False, 90 + k) for k in range(2)])
        game = attack(sc, cad, tie, ["hit", "hit"], ["blank"] * 3)
        return game, cad, tie

    def test_acts_while_stressed_after_a_ship_is_destroyed(self):
        """He destroys the TIE at range 2 in the Engagement Phase: stressed, he spends his
        charge to perform a focus action."""
        game, cad, tie = self.scene()
        until_ship(game, cad)
        assert game.state.ships[tie].destroyed
        answer(game, "use_ability", "act", cad)
        assert game.decision.kind == "perform_action"
        game.answer(next(k for k in values(game) if "focus" in k))
        pass_all(game)
        ship = game.state.ships[cad]
        assert ship.has(Token.FOCUS) and ship.charges[self.CAD].active == 0

    def test_not_without_a_charge(self):
        """No charge left: no question, no action."""
        game, cad, tie = self.scene(charges=0)
        pass_all(game)
        assert game.state.ships[tie].destroyed
        assert not game.state.ships[cad].has(Token.FOCUS)

    def test_not_outside_the_engagement_phase(self):
        """The TIE is destroyed by damage in the Activation Phase: no question."""
        sc = Scene()
        cad = sc.ship(self.CAD, at=(400, 300, 0))
        tie = sc.ship(TIE, player=2, at=(400, 500, 180),
                      damage=[DamageCard("(marker)", False, 90 + k) for k in range(2)])
        game = sc.at(Hurt(tie, 1), phase="activation")
        assert game.state.ships[tie].destroyed
        assert game.decision is None or game.decision.ship != cad


# ---------------------------------------------------------------------- IG-101
class TestIG101:
    def scene(self, faceup: bool = True):
        sc = Scene()
        ig = sc.ship("ig101", at=(400, 100, 0),
                     damage=[DamageCard("consolefire", faceup, 90),
                             DamageCard("structuraldamage", False, 91)])
        sc.ship(TIE, player=2, at=(400, 800, 180))
        return sc.at(FireWindow.of("start_system"), phase="system"), ig

    def test_repairs_a_faceup_damage_card(self):
        """Start of the System Phase: he repairs his faceup Console Fire (it is flipped
        facedown); declining leaves it faceup."""
        game, ig = self.scene()
        assert set(values(game)) == {"90", "decline"}
        answer(game, "use_ability", "90", ig)
        assert not any(c.faceup for c in game.state.ships[ig].damage)
        game, ig = self.scene()
        answer(game, "use_ability", "decline", ig)
        assert game.state.ships[ig].damage[0].faceup

    def test_not_without_a_faceup_card(self):
        """Only facedown damage cards: no question."""
        game, ig = self.scene(faceup=False)
        assert game.decision is None
        assert len(game.state.ships[ig].damage) == 2


# -------------------------------------------------------- MagnaGuard Protector
class TestMagnaGuardProtector:
    def scene(self, friends: int = 2):
        sc = Scene()
        guard = sc.ship("magnaguardprotector", at=(400, 100, 0))
        others = [sc.ship("magnaguardexecutioner", at=(200 + 400 * k, 100, 0))
                  for k in range(friends)]
        sc.ship(TIE, player=2, at=(400, 800, 180))
        return sc, guard, others

    def test_guards_another_friendly_ship(self):
        """After placing forces he assigns the Guarded condition to a friendly ship of his
        player's choice, never himself; the enemy is not offered."""
        sc, guard, (first, second) = self.scene()
        game = sc.at(FireWindow.of("after_place_forces"), phase="setup")
        assert set(values(game)) == {first, second}
        answer(game, "use_ability", second, guard)
        ships = game.state.ships
        assert has_condition(ships[second], "guarded")
        assert not has_condition(ships[first], "guarded")
        assert not has_condition(ships[guard], "guarded")

    def test_setup_assigns_it(self):
        """Played from the start, the game's setup assigns the condition to his one
        friend."""
        sc, guard, (friend,) = self.scene(friends=1)
        game = sc.game()
        assert has_condition(game.state.ships[friend], "guarded")
        assert not has_condition(game.state.ships[guard], "guarded")

    def test_alone_nothing_is_assigned(self):
        """With no other friendly ship there is nobody to guard: no condition."""
        sc, _, _ = self.scene(friends=0)
        game = sc.game()
        assert not any(c for s in game.state.ships.values() for c in s.conditions)


# ---------------------------------------------------------------------- IG-102
class TestIG102:
    def scene(self, attacker: str):
        sc = Scene()
        ig = sc.ship("ig102", at=(400, 300, 0))
        enemy = sc.ship(attacker, player=2, at=(400, 500, 180))
        game = attack(sc, enemy, ig, ["hit", "hit", "hit"], ["blank", "blank"])
        return game, ig

    def test_blank_to_focus_against_an_equal_or_higher_initiative(self):
        """Mauler Mithel (initiative 5) attacks IG-102 (initiative 4): he may change a
        blank defense result to a focus result."""
        game, _ = self.scene("maulermithel")
        assert pass_noting(game, "ig102")

    def test_not_against_a_lower_initiative(self):
        """An Academy Pilot (initiative 1) attacks: the change is not offered."""
        game, _ = self.scene(TIE)
        assert not pass_noting(game, "ig102")

    def test_the_change_is_made(self):
        """IG-102 (no shields, 1 focus token) rolls 2 blanks against 2 hits: changing a
        blank to a focus result lets his focus token turn it into an evade, so he is dealt
        1 damage card instead of 2."""
        def damage(use: bool) -> int:
            sc = Scene()
            ig = sc.ship("ig102", at=(400, 300, 0), shields=0, tokens={"focus": 1})
            enemy = sc.ship("maulermithel", player=2, at=(400, 500, 180))
            game = attack(sc, enemy, ig, ["hit", "hit"], ["blank", "blank"])
            while game.decision is not None:
                if offers(game, "ig102") and use:
                    modify_with(game, "ig102")
                elif offers(game, "focus"):
                    modify_with(game, "focus")
                else:
                    pass_on(game)
            return len(game.state.ships[ig].damage)

        assert (damage(True), damage(False)) == (1, 2)


# ---------------------------------------------------------------------- IG-111
class TestIG111:
    def scene(self, dice):
        sc = Scene()
        ig = sc.ship("ig111", at=(400, 300, 0))
        target = sc.ship(TIE, player=2, at=(400, 500, 180))
        aside = sc.ship(TIE, player=2, at=(480, 500, 180))
        game = attack(sc, ig, aside, dice, ["blank"] * 3)
        return game, ig, target, aside

    def test_a_miss_hurts_the_enemy_in_the_bullseye(self):
        """His attack on the TIE aside misses: he gains a deplete token and the TIE in
        his bullseye arc suffers 1 hit damage (the one aside is not offered)."""
        game, ig, target, aside = self.scene(["blank", "blank"])
        until_ship(game, ig)
        assert set(values(game)) == {target, "decline"}
        answer(game, "use_ability", target, ig)
        pass_all(game)
        ships = game.state.ships
        assert ships[ig].has(Token.DEPLETE)
        assert (len(ships[target].damage), len(ships[aside].damage)) == (1, 0)

    def test_not_after_a_hit(self):
        """His attack hits: no question, no deplete token, the TIE ahead is unharmed."""
        game, ig, target, _ = self.scene(["hit", "hit"])
        assert pass_all(game).count("use_ability") == 0
        assert not game.state.ships[ig].has(Token.DEPLETE)
        assert not game.state.ships[target].damage


# ------------------------------------------------------ Durge (Separatist Alliance)
class TestDurgeSeparatist:
    DURGE = "durge-separatistalliance"

    def scene(self, cards, dealt: str = "woundedpilot", charges: int = 1):
        """Durge (hull 5, no shields) with these facedown damage cards suffers 1 hit
        damage in the Activation Phase; the card he is dealt is ``dealt``."""
        sc = Scene()
        durge = sc.ship(self.DURGE, at=(400, 300, 0), shields=0, charges={self.DURGE: charges},
                        damage=[DamageCard(card, False, 90 + k) for k, card in enumerate(cards)])
        sc.ship(TIE, player=2, at=(400, 800, 180))
        game = sc.game()
        stack_deck(game, 1, [dealt])
        start_at(game, Hurt(durge, 1), phase="activation")
        return game, durge

    MIXED = ("consolefire", "blindedpilot", "directhit", "structuraldamage")

    def test_sheds_pilot_cards_and_direct_hits_to_survive(self):
        """His 5th damage card would destroy him: he spends his charge, reveals his cards,
        discards Blinded Pilot, Direct Hit! and the Wounded Pilot just dealt; Console Fire
        and Structural Damage stay facedown, and he is not destroyed. Declining, he is."""
        game, durge = self.scene(self.MIXED)
        answer(game, "replacement", "use", durge)
        pass_all(game)
        ship = game.state.ships[durge]
        assert not ship.destroyed and ship.in_play
        assert sorted(c.card for c in ship.damage) == ["consolefire", "structuraldamage"]
        assert not any(c.faceup for c in ship.damage)
        assert ship.charges[self.DURGE].active == 0
        assert {"blindedpilot", "directhit", "woundedpilot"} <= set(
            game.state.player(1).discard)
        game, durge = self.scene(self.MIXED)
        answer(game, "replacement", "decline", durge)
        pass_all(game)
        assert game.state.ships[durge].destroyed

    def test_still_destroyed_when_enough_cards_remain(self):
        """All 5 of his cards are Ship cards other than Direct Hit!: using the ability
        discards nothing, and he is destroyed all the same."""
        game, durge = self.scene(["consolefire", "structuraldamage", "hullbreach",
                                  "fuelleak"], dealt="damagedengine")
        answer(game, "replacement", "use", durge)
        pass_all(game)
        assert game.state.ships[durge].destroyed

    def test_not_without_his_charge(self):
        """His one charge (not recurring) is spent: no question, he is destroyed."""
        game, durge = self.scene(self.MIXED, charges=0)
        assert game.decision is None or game.decision.kind != "replacement"
        pass_all(game)
        assert game.state.ships[durge].destroyed

    def test_not_before_he_would_be_destroyed(self):
        """With 2 damage cards a third does not destroy him: nothing is asked, his cards
        stay as they are."""
        game, durge = self.scene(["consolefire", "blindedpilot"])
        assert game.decision is None or game.decision.kind != "replacement"
        pass_all(game)
        assert len(game.state.ships[durge].damage) == 3
