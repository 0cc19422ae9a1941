"""First edition, wave 8 (first half): the upgrades of the ARC-170, Special Forces TIE,
Protectorate Starfighter, Shadow Caster and Sabine's TIE Fighter expansion packs. Scenes on a
first-edition table (``Scene(ruleset="1e")``): player 1 at y = 0 facing +y, player 2 facing
it; a small ship at (400, 300) has a small enemy ahead at Range 1 / 2 / 3 at y = 380 / 490 /
550."""

from __future__ import annotations

from tallon.engine.actions import PerformAction
from tallon.engine.attack import Engage
from tallon.engine.queue import FireWindow
from tallon.engine.rounds import Activate
from tallon.engine.state import Token
from tallon.scene import Scene, declare, load_dice, start_at
from tests.cards.first_edition.test_pilots_w8a import offered_to, pass_all_once, pool
from tests.cards.helpers import (
    activation,
    engage,
    modify_with,
    pass_all,
    pass_until,
    rolled,
    skip_dice,
    values,
)

SMALL_Y = {1: 380.0, 2: 490.0, 3: 550.0}
ACADEMY = "1e-tiefighter-academypilot"
ROOKIE = "1e-xwing-rookiepilot"
ARC = "1e-arc170-thanekyrell"
ZETA = "1e-tiesffighter-zetaspecialist"
VETERAN = "1e-protectoratestarfighter-concorddawnveteran"
LANCER = "1e-lancerclasspursuitcraft-shadowporthunter"
REX = "1e-tiefighter-captainrex"
SCYK = "1e-m3ainterceptor-cartelspacer"


def duel(pilot, defender=ACADEMY, range_=2, upgrades=(), **setup):
    sc = Scene(ruleset="1e")
    a = sc.ship(pilot, at=(400, 300, 0), upgrades=list(upgrades), **setup)
    d = sc.ship(defender, player=2, at=(400, SMALL_Y[range_], 180))
    return sc, a, d


def behind(pilot, defender=ACADEMY, upgrades=(), **setup):
    """The pilot at (400, 500) facing +y, an enemy 190 mm behind it (Range 2, inside its
    rear arc) facing the same way."""
    sc = Scene(ruleset="1e")
    a = sc.ship(pilot, at=(400, 500, 0), upgrades=list(upgrades), **setup)
    d = sc.ship(defender, player=2, at=(400, 310, 0))
    return sc, a, d


def attack_dice(sc, a, d, answer="use") -> int:
    game = engage(sc, a, ["blank"] * 6, ["blank"] * 4)
    declare(game, a, d)
    while game.decision is not None and game.decision.kind == "use_ability":
        game.answer(answer)
    skip_dice(game)
    return len(rolled(game, a))


# ------------------------------------------------------------ Alliance Overhaul
class TestAllianceOverhaul:
    CARD = "1e-allianceoverhaul"

    def test_extra_die_from_the_primary_arc(self):
        """A front-arc primary attack at Range 2: 3 attack dice instead of 2."""
        assert attack_dice(*duel(ARC, upgrades=[self.CARD])) == 3
        assert attack_dice(*duel(ARC)) == 2

    def test_no_extra_die_from_the_auxiliary_arc(self):
        """A rear-arc attack rolls its 2 dice only."""
        assert attack_dice(*behind(ARC, upgrades=[self.CARD])) == 2

    def test_focus_to_crit_from_the_auxiliary_arc(self):
        """From the rear arc a focus result may become a critical hit; from the front arc it
        is not offered."""
        sc, a, d = behind(ARC, upgrades=[self.CARD])
        game = engage(sc, a, ["focus", "blank"], ["blank"] * 3)
        declare(game, a, d)
        assert offered_to(game, a, self.CARD)
        modify_with(game, self.CARD)
        assert pool(game).count("crit") == 1
        sc, a, d = duel(ARC, upgrades=[self.CARD])
        game = engage(sc, a, ["focus", "blank", "blank"], ["blank"] * 3)
        declare(game, a, d)
        pass_until(game, "use_ability", a)
        game.answer("use")
        assert not offered_to(game, a, self.CARD)


# -------------------------------------------------------- Special Ops Training
class TestSpecialOpsTraining:
    CARD = "1e-specialopstraining"

    def _scene(self):
        """A TIE/sf with an enemy ahead (Range 2) and another behind (Range 2)."""
        sc = Scene(ruleset="1e")
        a = sc.ship(ZETA, at=(400, 500, 0), upgrades=[self.CARD])
        ahead = sc.ship(ACADEMY, player=2, at=(400, 690, 180))
        back = sc.ship(ACADEMY, player=2, at=(400, 310, 0))
        game = engage(sc, a, ["blank"] * 4, ["blank"] * 6, then=[])
        declare(game, a, ahead)
        return game, a, ahead, back

    def test_extra_die(self):
        """Taking the extra die: 3 attack dice, and no attack from the auxiliary arc."""
        game, a, _ahead, _back = self._scene()
        pass_until(game, "use_ability", a)
        game.answer("use")
        kinds = []
        while game.decision is not None:
            kinds.append(game.decision.kind)
            pass_all_once(game)
        assert len(rolled(game, a)) == 3
        assert "bonus_attack" not in kinds

    def test_declining_gives_a_rear_attack(self):
        """Declining the extra die: after the attack it may attack from its rear arc, at the
        ship behind it."""
        game, a, _ahead, back = self._scene()
        pass_until(game, "use_ability", a)
        game.answer("decline")
        pass_until(game, "use_ability", a)
        game.answer("use")
        pass_until(game, "bonus_attack", a)
        assert any(k == f"primary:rear@{back}" for k in values(game))

    def test_not_after_a_rear_attack(self):
        """An attack from the rear arc offers neither the die nor a follow-up."""
        sc, a, d = behind(ZETA, upgrades=[self.CARD])
        game = engage(sc, a, ["blank"] * 4, ["blank"] * 6)
        declare(game, a, d)
        kinds = pass_all(game)
        assert "use_ability" not in kinds and "bonus_attack" not in kinds


# ----------------------------------------------------- Concord Dawn Protector
class TestConcordDawnProtector:
    CARD = "1e-concorddawnprotector"

    def _defend(self, range_, upgrades=(CARD,)):
        sc = Scene(ruleset="1e")
        v = sc.ship(VETERAN, at=(400, 300, 0), upgrades=list(upgrades))
        t = sc.ship(ACADEMY, player=2, at=(400, SMALL_Y[range_], 180))
        game = engage(sc, t, ["hit", "hit"], ["blank"] * 4)
        declare(game, t, v)
        pass_all(game)
        return len(game.state.ships[v].damage)

    def test_adds_an_evade_face_to_face_at_range_1(self):
        """Two hits at Range 1, face to face: the added evade leaves 1 damage; without the
        title 2."""
        assert self._defend(1) == 1
        assert self._defend(1, upgrades=()) == 2

    def test_not_at_range_2(self):
        """At Range 2 nothing is added: 2 damage."""
        assert self._defend(2) == 2


# ---------------------------------------------------------------- R3 Astromech
class TestR3Astromech:
    CARD = "1e-r3astromech"

    def test_cancels_a_focus_for_an_evade_token(self):
        """A primary attack with a focus result: it cancels the focus and gains an evade
        token."""
        sc, a, d = duel(ARC, upgrades=[self.CARD])
        game = engage(sc, a, ["focus", "hit"], ["blank"] * 3)
        declare(game, a, d)
        assert offered_to(game, a, self.CARD)
        modify_with(game, self.CARD)
        assert pool(game) == ["hit"]
        assert game.state.ships[a].has(Token.EVADE)

    def test_once_per_round(self):
        """Used once this round, it is not offered in a second attack."""
        sc, a, d = duel(ARC, upgrades=[self.CARD])
        game = engage(sc, a, ["focus", "hit"], ["blank"] * 3)
        game.state.ships[a].remember(f"{self.CARD}:round", game.state.round)
        declare(game, a, d)
        assert not offered_to(game, a, self.CARD)


# ------------------------------------------------------------------ Tail Gunner
class TestTailGunner:
    CARD = "1e-tailgunner"

    def _defense_dice(self, upgrades, where):
        sc, a, d = where(ARC, upgrades=upgrades)
        game = engage(sc, a, ["hit", "hit"], ["blank"] * 4)
        declare(game, a, d)
        skip_dice(game)
        return len(rolled(game, d))

    def test_rear_arc_attack_lowers_agility(self):
        """Attacking from the rear arc the TIE rolls 2 defense dice instead of 3."""
        assert self._defense_dice([self.CARD], behind) == 2
        assert self._defense_dice([], behind) == 3

    def test_not_from_the_front(self):
        """From the front arc the TIE rolls its 3 dice."""
        assert self._defense_dice([self.CARD], duel) == 3


# --------------------------------------------------------------- Sensor Cluster
class TestSensorCluster:
    CARD = "1e-sensorcluster"

    def _defending(self, focus=1):
        sc = Scene(ruleset="1e")
        z = sc.ship(ZETA, at=(400, 300, 0), upgrades=[self.CARD],
                    tokens={"focus": focus} if focus else None)
        t = sc.ship(ACADEMY, player=2, at=(400, 490, 180))
        game = engage(sc, t, ["hit", "hit"], ["blank", "blank"])
        declare(game, t, z)
        return game, z

    def test_focus_changes_a_blank_to_an_evade(self):
        """Defending with a focus token and two blanks: one blank becomes an evade and the
        focus token is spent."""
        game, z = self._defending()
        assert offered_to(game, z, self.CARD)
        modify_with(game, self.CARD)
        assert pool(game).count("evade") == 1
        assert not game.state.ships[z].has(Token.FOCUS)

    def test_not_without_focus(self):
        """Without a focus token it is not offered."""
        game, z = self._defending(focus=0)
        assert not offered_to(game, z, self.CARD)


# ------------------------------------------------------------------ Fearlessness
class TestFearlessness:
    CARD = "1e-fearlessness"

    def test_adds_a_hit_face_to_face_at_range_1(self):
        """At Range 1, each inside the other's arc: it may add a hit result."""
        sc, a, d = duel(VETERAN, range_=1, upgrades=[self.CARD])
        game = engage(sc, a, ["blank"] * 4, ["blank"] * 3)
        declare(game, a, d)
        assert offered_to(game, a, self.CARD)
        modify_with(game, self.CARD)
        assert pool(game).count("hit") == 1

    def test_not_when_the_defender_faces_away(self):
        """The defender at Range 1 facing away (the attacker outside its arc): nothing."""
        sc = Scene(ruleset="1e")
        a = sc.ship(VETERAN, at=(400, 300, 0), upgrades=[self.CARD])
        d = sc.ship(ACADEMY, player=2, at=(400, 390, 0))
        game = engage(sc, a, ["blank"] * 4, ["blank"] * 3)
        declare(game, a, d)
        assert not offered_to(game, a, self.CARD)


# ------------------------------------------------------------------ Latts Razzi
class TestLattsRazzi:
    CARD = "1e-lattsrazzi"

    def _defending(self, stress):
        sc = Scene(ruleset="1e")
        lancer = sc.ship(LANCER, at=(400, 300, 0), upgrades=[self.CARD])
        t = sc.ship(ACADEMY, player=2, at=(400, 520, 180), stress=stress)
        game = engage(sc, t, ["hit", "hit"], ["blank", "blank"])
        declare(game, t, lancer)
        return game, lancer, t

    def test_attackers_stress_buys_an_evade(self):
        """The attacker's stress token is removed and an evade result added."""
        game, lancer, t = self._defending(1)
        assert offered_to(game, lancer, self.CARD)
        modify_with(game, self.CARD)
        assert pool(game).count("evade") == 1
        assert not game.state.ships[t].stressed

    def test_not_against_an_unstressed_attacker(self):
        """An unstressed attacker: nothing offered."""
        game, lancer, _t = self._defending(0)
        assert not offered_to(game, lancer, self.CARD)


# ------------------------------------------------------------ Captain Rex (crew)
class TestCaptainRexCrew:
    CARD = "1e-captainrex"

    def _after(self, dice, upgrades=(CARD,)):
        sc, a, d = duel(ARC, upgrades=list(upgrades))
        game = engage(sc, a, dice, ["blank"] * 3)
        declare(game, a, d)
        if game.decision is not None and game.decision.kind == "use_ability":
            game.answer("use")
        pass_all(game)
        return game.state.ships[a].has(Token.FOCUS)

    def test_focus_after_a_miss(self):
        """A missed attack gives a focus token; without the card none."""
        assert self._after(["blank"] * 2)
        assert not self._after(["blank"] * 2, upgrades=())

    def test_not_after_a_hit(self):
        """An attack that hits gives nothing."""
        assert not self._after(["hit"] * 2)


# -------------------------------------------------------- Black Market Slicer Tools
class TestBlackMarketSlicerTools:
    CARD = "1e-blackmarketslicertools"
    ACTION = f"{CARD}:slice"

    def _acting(self, stress=1, face="hit"):
        sc = Scene(ruleset="1e")
        lancer = sc.ship(LANCER, at=(400, 300, 0), upgrades=[self.CARD])
        t = sc.ship(ACADEMY, player=2, at=(400, 520, 180), stress=stress)
        game = sc.at(PerformAction(lancer, during_activation=True), phase="activation")
        load_dice(game, [face])
        return game, lancer, t

    def test_hit_removes_stress_and_deals_a_card(self):
        """On a hit the stressed enemy loses its stress token and is dealt a facedown
        card."""
        game, _lancer, t = self._acting()
        assert self.ACTION in values(game)
        game.answer(self.ACTION)
        while game.decision is not None:
            game.answer(t if t in values(game) else values(game)[0])
        ship = game.state.ships[t]
        assert not ship.stressed and [c.faceup for c in ship.damage] == [False]

    def test_blank_does_nothing(self):
        """On a blank the enemy keeps its stress token and is dealt nothing."""
        game, _lancer, t = self._acting(face="blank")
        game.answer(self.ACTION)
        while game.decision is not None:
            game.answer(t if t in values(game) else values(game)[0])
        ship = game.state.ships[t]
        assert ship.stressed and not ship.damage

    def test_not_without_a_stressed_enemy(self):
        """No stressed enemy at Range 1-2: the action is not offered."""
        game, _lancer, _t = self._acting(stress=0)
        assert self.ACTION not in values(game)


# ------------------------------------------------------------------ EMP Device
class TestEmpDevice:
    CARD = "1e-empdevice"

    def _engaging(self):
        sc = Scene(ruleset="1e")
        lancer = sc.ship(LANCER, at=(400, 300, 0), upgrades=[self.CARD])
        near = sc.ship(ACADEMY, player=2, at=(400, 430, 180))
        far = sc.ship(ACADEMY, player=2, at=(400, 650, 180))
        game = sc.at(Engage(lancer))
        return game, lancer, near, far

    def test_faq_ions_instead_of_attacking(self):
        """Used as it engages: 2 ion tokens on the ship at Range 1 and on itself (FAQ (1e):
        Range 1 of itself), none on the ship at Range 3; it attacks no more and the card
        leaves at the end of the phase."""
        game, lancer, near, far = self._engaging()
        pass_until(game, "use_ability", lancer)
        game.answer("use")
        ships = game.state.ships
        assert ships[near].count(Token.ION) == 2 and ships[lancer].count(Token.ION) == 2
        assert ships[far].count(Token.ION) == 0
        assert game.decision is None or game.decision.kind != "declare_attack"
        start_at(game, FireWindow.of("end_engagement"), phase="engagement")
        assert self.CARD not in game.state.ships[lancer].upgrades

    def test_declining_attacks_as_usual(self):
        """Declined, the Lancer declares its attack as usual and no ions are assigned."""
        game, lancer, near, _far = self._engaging()
        pass_until(game, "use_ability", lancer)
        game.answer("decline")
        assert game.decision.kind == "declare_attack"
        assert game.state.ships[near].count(Token.ION) == 0


# ------------------------------------------------------------------ Captured TIE
class TestCapturedTie:
    CARD = "1e-capturedtie"

    def _targets(self, upgrades, attacker=ACADEMY):
        sc = Scene(ruleset="1e")
        r = sc.ship(REX, at=(400, 300, 0), upgrades=list(upgrades))
        sc.ship("1e-tiefighter-zeborrelios", at=(700, 100, 0))
        t = sc.ship(attacker, player=2, at=(400, 490, 180))
        game = sc.at(Engage(t))
        return game, r, [k for k in (values(game) if game.decision else [])
                         if k != "none"]

    def test_lower_pilot_skill_cannot_target(self):
        """An Academy Pilot (pilot skill 1) cannot declare Rex (4) as its target."""
        _game, r, keys = self._targets([self.CARD])
        assert not any(k.endswith(f"@{r}") for k in keys)
        _game, r, keys = self._targets([])
        assert any(k.endswith(f"@{r}") for k in keys)

    def test_higher_pilot_skill_can(self):
        """"Night Beast" (pilot skill 5) can."""
        _game, r, keys = self._targets([self.CARD], attacker="1e-tiefighter-nightbeast")
        assert any(k.endswith(f"@{r}") for k in keys)

    def test_discarded_after_attacking(self):
        """After Rex attacks, the card is discarded."""
        sc, a, d = duel(REX, upgrades=[self.CARD])
        game = engage(sc, a, ["blank"] * 2, ["blank"] * 3)
        declare(game, a, d)
        pass_all(game)
        assert self.CARD not in game.state.ships[a].upgrades


class TestCapturedTieAlone:
    CARD = "1e-capturedtie"

    def test_discarded_when_the_last_friend_is_destroyed(self):
        """Its only friendly companion is destroyed: the card is discarded; while the
        companion lives, it stays."""
        from tests.cards.helpers import Hurt

        sc = Scene(ruleset="1e")
        r = sc.ship(REX, at=(400, 300, 0), upgrades=[self.CARD])
        z = sc.ship("1e-tiefighter-zeborrelios", at=(700, 100, 0))
        sc.ship(ACADEMY, player=2, at=(400, 850, 180))
        game = sc.game()
        start_at(game, Hurt(z, hits=1))
        pass_all(game)
        assert self.CARD in game.state.ships[r].upgrades
        start_at(game, Hurt(z, hits=3))
        pass_all(game)
        assert self.CARD not in game.state.ships[r].upgrades


# --------------------------------------------------------- Gyroscopic Targeting
class TestGyroscopicTargeting:
    CARD = "1e-gyroscopictargeting"

    def _round(self, dial):
        sc = Scene(ruleset="1e")
        lancer = sc.ship(LANCER, at=(400, 100, 0), upgrades=[self.CARD], turret="front")
        sc.ship(ACADEMY, player=2, at=(700, 850, 180))
        game = activation(sc, lancer, dial)
        pass_all(game)
        start_at(game, FireWindow.of("end_engagement"), phase="engagement")
        return game, lancer

    def test_rotates_after_a_fast_maneuver(self):
        """After a 3 straight, at the end of the Combat phase it may point its mobile arc
        left."""
        game, lancer = self._round("3FB")
        assert game.decision is not None and "left" in values(game)
        game.answer("left")
        from tallon.geometry import Arc

        assert game.state.ships[lancer].turret == (Arc.LEFT,)

    def test_not_after_a_slow_one(self):
        """After a 2 straight nothing is offered."""
        game, _lancer = self._round("2FB")
        assert game.decision is None


# ------------------------------------------------------------ Collision Detector
class TestCollisionDetector:
    CARD = "1e-collisiondetector"
    ROCK = "core2asteroid5"

    def _onto_rock(self, upgrades, face):
        """A TIE/sf flies a 2 straight onto an asteroid; its die shows ``face``."""
        sc = Scene(ruleset="1e")
        a = sc.ship(ZETA, at=(400, 200, 0), upgrades=list(upgrades))
        sc.ship(ACADEMY, player=2, at=(700, 850, 180))
        sc.obstacle(self.ROCK, 400, 350)
        game = sc.game()
        game.state.ships[a].dial_set = "2FB"
        load_dice(game, [face])
        start_at(game, Activate(a), phase="activation")
        pass_all(game)
        s = game.state.ships[a]
        return s.shield_limit - s.shields + len(s.damage)

    def test_ignores_the_obstacle_crit(self):
        """The asteroid's die shows a critical hit: ignored with the card (no damage), a
        critical damage without it."""
        assert self._onto_rock([self.CARD], "crit") == 0
        assert self._onto_rock([], "crit") == 1

    def test_hit_still_damages(self):
        """A hit result is not ignored: 1 damage."""
        assert self._onto_rock([self.CARD], "hit") == 1

    def test_barrel_roll_onto_an_obstacle(self):
        """An asteroid just to its right: the barrel roll right is offered only with the
        card."""
        from tallon.engine.actions import PerformAction

        for upgrades, offered in (([self.CARD], True), ([], False)):
            sc = Scene(ruleset="1e")
            a = sc.ship(ZETA, at=(400, 300, 0), upgrades=upgrades)
            sc.ship(ACADEMY, player=2, at=(400, 850, 180))
            sc.obstacle(self.ROCK, 490, 300)
            game = sc.at(PerformAction(a, during_activation=True), phase="activation")
            game.answer("barrel_roll")
            sides = values(game) if game.decision.kind == "barrel_roll_direction" else []
            assert ("right" in sides) is offered
