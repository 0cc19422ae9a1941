"""First-edition pilots of the Auzituck Gunship, TIE Aggressor, Scurrg H-6 Bomber, Guns for
Hire and Alpha-class Star Wing expansion packs. Scenes on a first-edition table
(``Scene(ruleset="1e")``): player 1 at y = 300 facing +y, player 2 facing it; with small
bases an enemy at y = 380 / 490 / 550 is at Range 1 / 2 / 3."""

from __future__ import annotations

from tallon.engine.payloads import DetonateBombs, PlacedDevice
from tallon.engine.rounds import Activate
from tallon.engine.state import DamageCard, Token
from tallon.geometry import Pose
from tallon.scene import Scene, declare, load_dice, start_at
from tests.cards.first_edition.helpers_1e import (
    ROOKIE,
    Y,
    attack_to_end,
    duel,
    ever_offers,
    neutralized,
)
from tests.cards.helpers import (
    Give,
    Hurt,
    engage,
    modify_with,
    offers,
    pass_all,
    pass_until,
    values,
)
from tests.rules.attack_helpers import attacks, dice_counts

AGGRESSOR = "1e-tieaggressor-onyxsquadronescort"
KIHRAXZ = "1e-kihraxzfighter-blacksunace"
AUZITUCK = "1e-auzituckgunship-kashyyykdefender"
STARWING = "1e-alphaclassstarwing-rhosquadronveteran"
SCURRG = "1e-scurrgh6bomber-lokrevenant"


# ------------------------------------------------------------- Lieutenant Kestal
class TestLieutenantKestal:
    KESTAL = "1e-tieaggressor-lieutenantkestal"

    def _attack(self, pilot):
        sc = Scene(ruleset="1e")
        a = sc.ship(pilot, at=(400, 300, 0), focus=1)
        d = sc.ship(ROOKIE, player=2, at=(400, Y[2], 180), focus=1)
        return sc, a, d, attack_to_end(sc, a, d, ["hit", "hit"], ["focus", "evade"])

    def test_focus_cancels_the_defenders_focus_and_blanks(self):
        """Kestal's 2 hits against focus + evade; the X-wing has a focus token. Kestal
        spends his focus token to cancel the focus result: the X-wing has no focus result
        left to change, 1 evade is left and 1 hit lands. Against an Onyx Squadron Escort
        the X-wing spends its focus token for 2 evades: a miss."""
        _sc, a, d, game = self._attack(self.KESTAL)
        pass_until(game, "modify_defense_dice", a)
        modify_with(game, self.KESTAL)
        assert not game.state.ships[a].has(Token.FOCUS)
        assert game.decision is None or not offers(game, "focus")
        pass_all(game)
        assert "1 hit(s)" in neutralized(game)
        assert game.state.ships[d].has(Token.FOCUS)  # nothing to spend it on

        _sc, a, d, game = self._attack(AGGRESSOR)
        pass_until(game, "modify_defense_dice", d)
        modify_with(game, "focus")
        pass_all(game)
        assert "0 hit(s)" in neutralized(game) or "miss" in neutralized(game)

    def test_not_without_a_focus_token(self):
        """Kestal has no focus token: his ability is not offered (the X-wing, with a focus
        token, is the only one modifying the defense dice)."""
        sc = Scene(ruleset="1e")
        a = sc.ship(self.KESTAL, at=(400, 300, 0))
        d = sc.ship(ROOKIE, player=2, at=(400, Y[2], 180), focus=1)
        game = attack_to_end(sc, a, d, ["hit", "hit"], ["focus", "blank"])
        pass_until(game, "modify_defense_dice")
        assert game.decision.ship == d and not offers(game, self.KESTAL)

    def test_not_while_defending(self):
        """Kestal defends: his ability is not offered on the attacker's dice."""
        sc = Scene(ruleset="1e")
        a = sc.ship(ROOKIE, at=(400, 300, 0))
        d = sc.ship(self.KESTAL, player=2, at=(400, Y[2], 180), focus=1)
        game = attack_to_end(sc, a, d, ["focus", "blank", "hit"], ["blank"] * 2)
        assert not ever_offers(game, self.KESTAL)


# ------------------------------------------------------------------ "Double Edge"
class TestDoubleEdge:
    DOUBLE_EDGE = "1e-tieaggressor-doubleedge"

    def test_missed_secondary_attack_then_another_weapon(self):
        """Double Edge misses with Unguided Rockets (focus required): he may attack again
        with his primary weapon."""
        sc, a, d = duel(self.DOUBLE_EDGE, upgrades=["1e-unguidedrockets"], focus=1)
        game = engage(sc, a, ["blank"] * 3 + ["hit", "hit"], ["blank"] * 2 + ["blank"] * 2)
        declare(game, a, d, "1e-unguidedrockets")
        pass_until(game, "use_ability", a)
        game.answer("use")
        assert game.decision.kind == "bonus_attack"
        weapons = {(o.info or {}).get("weapon") for o in game.decision.options}
        assert "1e-unguidedrockets" not in weapons and "primary:front" in weapons
        declare(game, a, d, "primary:front")
        pass_all(game)
        assert len(attacks(game, a)) == 2

    def test_not_after_a_primary_attack(self):
        """A primary attack that misses: nothing is offered."""
        sc, a, d = duel(self.DOUBLE_EDGE, upgrades=["1e-unguidedrockets"], focus=1)
        game = engage(sc, a, ["blank"] * 2, ["blank"] * 2)
        declare(game, a, d, "primary:front")
        kinds = pass_all(game)
        assert "use_ability" not in kinds and len(attacks(game, a)) == 1

    def test_not_after_a_hit(self):
        """The rockets hit: nothing is offered."""
        sc, a, d = duel(self.DOUBLE_EDGE, upgrades=["1e-unguidedrockets"], focus=1)
        game = engage(sc, a, ["hit"] * 3, ["blank"] * 2)
        declare(game, a, d, "1e-unguidedrockets")
        kinds = pass_all(game)
        assert "use_ability" not in kinds


# -------------------------------------------------------------------- Viktor Hel
class TestViktorHel:
    VIKTOR = "1e-kihraxzfighter-viktorhel"

    def _defends(self, pilot, range_, count):
        sc = Scene(ruleset="1e")
        a = sc.ship(ROOKIE, at=(400, 300, 0))
        d = sc.ship(pilot, player=2, at=(400, Y[range_], 180))
        game = attack_to_end(sc, a, d, ["blank"] * 3, ["blank"] * count)
        pass_all(game)
        assert dice_counts(game, a, d) == (3, count)
        return game.state.ships[a]

    def test_two_dice_no_stress(self):
        """Viktor (agility 2) defends at Range 2 and rolls exactly 2 dice: no stress."""
        assert not self._defends(self.VIKTOR, 2, 2).stressed

    def test_three_dice_the_attacker_is_stressed(self):
        """At Range 3 Viktor rolls 3 defense dice (range bonus): the attacker receives 1
        stress token; a Black Sun Ace in his place gives none."""
        assert self._defends(self.VIKTOR, 3, 3).count(Token.STRESS) == 1
        assert not self._defends(KIHRAXZ, 3, 3).stressed


# ---------------------------------------------------------------------- Lowhhrick
class TestLowhhrick:
    LOWHHRICK = "1e-auzituckgunship-lowhhrick"

    def _scene(self, friend_x=480.0, reinforce=1):
        sc = Scene(ruleset="1e")
        a = sc.ship(ROOKIE, at=(400, 300, 0))
        d = sc.ship(ROOKIE, player=2, at=(400, Y[2], 180))
        low = sc.ship(self.LOWHHRICK, player=2, at=(friend_x, Y[2] + 40, 180),
                      reinforce_fore=reinforce)
        sc.factions = ("rebelalliance", "rebelalliance")
        return sc, a, d, low

    def test_spends_reinforce_defender_adds_evade(self):
        """Lowhhrick at Range 1 of the defending X-wing spends his reinforce token: the
        defender adds 1 evade, canceling one of the 2 hits."""
        sc, a, d, low = self._scene()
        game = attack_to_end(sc, a, d, ["hit", "hit", "blank"], ["blank", "blank"])
        pass_until(game, "modify_defense_dice", d)
        modify_with(game, self.LOWHHRICK)
        ship = game.state.ships[low]
        assert not ship.has(Token.REINFORCE_FORE)
        pass_all(game)
        assert "1 hit(s)" in neutralized(game)

    def test_not_beyond_range_1(self):
        """Lowhhrick is at Range 3 of the defender: not offered."""
        sc, a, d, _low = self._scene(friend_x=700.0)
        game = attack_to_end(sc, a, d, ["hit", "hit", "blank"], ["blank", "blank"])
        assert not ever_offers(game, self.LOWHHRICK)
        assert "2 hit(s)" in neutralized(game)

    def test_not_without_a_reinforce_token(self):
        """No reinforce token: not offered."""
        sc, a, d, _low = self._scene(reinforce=0)
        game = attack_to_end(sc, a, d, ["hit", "hit", "blank"], ["blank", "blank"])
        assert not ever_offers(game, self.LOWHHRICK)


# -------------------------------------------------------------------- Wullffwarro
class TestWullffwarro:
    WULLFFWARRO = "1e-auzituckgunship-wullffwarro"

    def test_no_shields_and_damaged_one_more_die(self):
        """Without shields and with a damage card Wullffwarro rolls 4 attack dice
        (primary 3 + 1); a Kashyyyk Defender in the same state rolls 3."""
        for pilot, count in ((self.WULLFFWARRO, 4), (AUZITUCK, 3)):
            sc, a, d = duel(pilot, shields=0)
            game = engage(sc, a, ["blank"] * count, ["blank"] * 2)
            game.state.ships[a].damage = (DamageCard("1e-core-directhit", False, 99),)
            declare(game, a, d)
            pass_all(game)
            assert dice_counts(game, a, d) == (count, 2)

    def test_not_with_shields(self):
        """With a shield left, 3 dice."""
        sc, a, d = duel(self.WULLFFWARRO)
        game = engage(sc, a, ["blank"] * 3, ["blank"] * 2)
        game.state.ships[a].damage = (DamageCard("1e-core-directhit", False, 99),)
        declare(game, a, d)
        pass_all(game)
        assert dice_counts(game, a, d) == (3, 2)


# ------------------------------------------------------- Captain Nym (both factions)
def _bomb(game, owner: int, x: float, y: float, card="1e-protonbombs", kind="1eprotonbomb"):
    from tallon.engine.payloads import outline_of

    device = PlacedDevice(f"d{owner}.{len(game.state.devices) + 1}", card, kind, "bomb",
                          owner, Pose(x, y, 0.0), outline_of(card))
    game.state.devices = [*game.state.devices, device]
    game.state.moved()
    return device.id


class TestCaptainNymScum:
    NYM = "1e-scurrgh6bomber-captainnym-scumandvillainy"

    def _scene(self, bomb_owner=2):
        sc = Scene(ruleset="1e")
        a = sc.ship(ROOKIE, at=(400, 300, 0))
        # the closest range line runs from (420, 320) to (480, 500), through the bomb
        d = sc.ship(KIHRAXZ, player=2, at=(500, 520, 180))
        nym = sc.ship(self.NYM, player=2, at=(150, 700, 180))
        game = engage(sc, a, ["hit", "hit", "blank"], ["blank", "blank"])
        _bomb(game, bomb_owner, 450, 410)
        return game, a, d, nym

    def test_range_through_friendly_bomb_defender_adds_evade(self):
        """The X-wing measures range to the Kihraxz through a bomb token of Nym's player:
        the Kihraxz may add 1 evade result."""
        game, a, d, _nym = self._scene()
        declare(game, a, d)
        pass_until(game, "modify_defense_dice", d)
        modify_with(game, self.NYM)
        pass_all(game)
        assert "1 hit(s)" in neutralized(game)

    def test_not_through_an_enemy_bomb(self):
        """The bomb token is the X-wing player's: nothing is offered."""
        game, a, d, _nym = self._scene(bomb_owner=1)
        declare(game, a, d)
        assert not ever_offers(game, self.NYM)
        assert "2 hit(s)" in neutralized(game)

    def test_ignores_friendly_bombs(self):
        """A friendly proton bomb detonates beside Nym and a Kihraxz: the Kihraxz is dealt
        a faceup damage card, Nym ignores it."""
        sc = Scene(ruleset="1e")
        nym = sc.ship(self.NYM, at=(400, 300, 0))
        other = sc.ship(KIHRAXZ, at=(470, 300, 0))
        sc.ship(ROOKIE, player=2, at=(400, 800, 180))
        game = sc.game()
        _bomb(game, 1, 435, 330)
        start_at(game, DetonateBombs(), phase="activation")
        pass_all(game)
        assert not game.state.ships[nym].damage
        assert len(game.state.ships[other].damage) == 1


class TestCaptainNymRebel:
    NYM = "1e-scurrgh6bomber-captainnym-rebelalliance"

    def _scene(self, owner=1):
        sc = Scene(ruleset="1e")
        sc.ship(self.NYM, at=(150, 150, 0))
        victim = sc.ship(ROOKIE, player=2, at=(400, 500, 180))
        game = sc.game()
        bomb = _bomb(game, owner, 400, 440)
        return game, victim, bomb

    def test_prevents_a_friendly_bomb_once_per_round(self):
        """Nym's proton bomb would detonate beside an X-wing: he prevents it; the token
        stays and nothing is dealt. Later the same round he cannot prevent it again."""
        game, victim, bomb = self._scene()
        start_at(game, DetonateBombs(), phase="activation")
        assert game.decision.kind == "replacement"
        game.answer(game.decision.options[0].key)
        pass_all(game)
        assert not game.state.ships[victim].damage
        assert any(dv.id == bomb for dv in game.state.devices)
        start_at(game, DetonateBombs(), phase="activation")
        pass_all(game)
        assert len(game.state.ships[victim].damage) == 1

    def test_declined_the_bomb_detonates(self):
        """Declined: the bomb deals the X-wing a faceup damage card and is removed."""
        game, victim, _bomb_id = self._scene()
        start_at(game, DetonateBombs(), phase="activation")
        game.answer("decline")
        pass_all(game)
        assert len(game.state.ships[victim].damage) == 1
        assert not game.state.devices

    def test_not_an_enemy_bomb(self):
        """An enemy bomb: nothing is offered."""
        game, _victim, _bomb_id = self._scene(owner=2)
        start_at(game, DetonateBombs(), phase="activation")
        kinds = pass_all(game)
        assert "replacement" not in kinds


# ---------------------------------------------------------------------- Sol Sixxa
class TestSolSixxa:
    SOL = "1e-scurrgh6bomber-solsixxa"

    def _drop_options(self, pilot):
        sc = Scene(ruleset="1e")
        s = sc.ship(pilot, at=(400, 300, 0), upgrades=["1e-protonbombs"])
        sc.ship(ROOKIE, player=2, at=(400, 800, 180))
        game = sc.game()
        game.state.ships[s].dial_set = "2FW"
        start_at(game, Activate(s), phase="activation")
        pass_until(game, "launch_device", s)
        return values(game)

    def test_turn_templates_offered(self):
        """Sol Sixxa drops a proton bomb: the [1 turn] templates are offered beside the
        [1 straight]; a Lok Revenant has only the straight."""
        sol = self._drop_options(self.SOL)
        lok = self._drop_options(SCURRG)
        assert any("1T" in str(k) for k in sol) and any("1Y" in str(k) for k in sol)
        assert not any("1T" in str(k) or "1Y" in str(k) for k in lok)


# ------------------------------------------------------------------- Dalan Oberos
class TestDalanOberos:
    DALAN = "1e-starviper-dalanoberos"

    def _activate(self, dial, stress=0):
        sc = Scene(ruleset="1e")
        s = sc.ship(self.DALAN, at=(400, 300, 0), stress=stress)
        sc.ship(ROOKIE, player=2, at=(400, 800, 180))
        game = sc.game()
        game.state.ships[s].dial_set = dial
        start_at(game, Activate(s), phase="activation")
        return game, s

    def _executes(self, dial, answer):
        game, s = self._activate(dial)
        assert game.decision.kind == "choose_maneuver"
        game.answer(answer)
        pass_all(game)
        return game, game.state.ships[s]

    def test_bank_becomes_a_red_tallon_roll_on_the_bank_template(self):
        """Dalan reveals a [2 bank left] and executes a red Tallon Roll left instead, flown
        on the bank template: 45 degrees of the bank and a further 90 (heading 225), and
        he is stressed. Executed as revealed: heading 315, no stress."""
        game, ship = self._executes("2BW", "2ER")
        assert any("on the bank template" in e["text"] for e in game.log)
        assert round(ship.body.pose.heading) == 225 and ship.count(Token.STRESS) == 1
        game, ship = self._executes("2BW", "2BW")
        assert round(ship.body.pose.heading) == 315 and not ship.stressed

    def test_turn_becomes_a_tallon_roll_on_its_turn_template(self):
        """A revealed [1 turn right] becomes a red Tallon Roll right on the turn template:
        90 degrees and a further 90 (heading 180)."""
        game, ship = self._executes("1YW", "1RR")
        assert not any("on the bank template" in e["text"] for e in game.log)
        assert round(ship.body.pose.heading) == 180 and ship.count(Token.STRESS) == 1

    def test_not_while_stressed(self):
        """Stressed, Dalan is offered no Tallon Roll."""
        game, _s = self._activate("2BW", stress=1)
        assert game.decision is None or game.decision.kind != "choose_maneuver"

    def test_not_for_a_straight(self):
        """A straight is not a turn, bank or Segnor's Loop: nothing offered."""
        game, _s = self._activate("2FW")
        assert game.decision is None or game.decision.kind != "choose_maneuver"


# --------------------------------------------------------------- Captain Jostero
class TestCaptainJostero:
    JOSTERO = "1e-kihraxzfighter-captainjostero"

    def _scene(self, pilot):
        sc = Scene(ruleset="1e")
        j = sc.ship(pilot, at=(400, 300, 0))
        e = sc.ship(ROOKIE, player=2, at=(400, Y[2], 180))
        game = sc.game()
        load_dice(game, ["hit"] * 3, ["blank"] * 2)
        start_at(game, Hurt(e), phase="activation")
        return game, j, e

    def test_attacks_a_ship_that_suffered_damage(self):
        """An enemy X-wing suffers damage outside an attack: Jostero may attack it at
        once; a Black Sun Ace may not."""
        game, j, e = self._scene(self.JOSTERO)
        pass_until(game, "use_ability", j)
        game.answer("use")
        assert game.decision.kind == "bonus_attack"
        declare(game, j, e)
        pass_all(game)
        assert len(attacks(game, j)) == 1
        game, j, e = self._scene(KIHRAXZ)
        assert "use_ability" not in pass_all(game)

    def test_not_the_defender_of_an_attack(self):
        """Jostero's friend hits the X-wing in an attack: the defender suffered damage
        while defending, nothing is offered."""
        sc = Scene(ruleset="1e")
        sc.ship(self.JOSTERO, at=(200, 300, 0))
        a = sc.ship(KIHRAXZ, at=(400, 300, 0))
        d = sc.ship(ROOKIE, player=2, at=(400, Y[2], 180))
        game = attack_to_end(sc, a, d, ["hit"] * 3, ["blank"] * 2)
        kinds = pass_all(game)
        assert "use_ability" not in kinds


# ------------------------------------------------------------------- Major Vynder
class TestMajorVynder:
    VYNDER = "1e-alphaclassstarwing-majorvynder"

    def test_weapons_disabled_one_more_defense_die(self):
        """Vynder (agility 2) with a weapons disabled token rolls 3 defense dice; a Rho
        Squadron Veteran with one rolls 2; Vynder without one rolls 2."""
        for pilot, disarm, count in ((self.VYNDER, 1, 3), (STARWING, 1, 2),
                                     (self.VYNDER, 0, 2)):
            sc = Scene(ruleset="1e")
            a = sc.ship(ROOKIE, at=(400, 300, 0))
            d = sc.ship(pilot, player=2, at=(400, Y[2], 180), disarm=disarm)
            game = attack_to_end(sc, a, d, ["blank"] * 3, ["blank"] * count)
            pass_all(game)
            assert dice_counts(game, a, d) == (3, count)


# -------------------------------------------------------------- Lieutenant Karsabi
class TestLieutenantKarsabi:
    KARSABI = "1e-alphaclassstarwing-lieutenantkarsabi"

    def _give(self, stress=0):
        sc = Scene(ruleset="1e")
        k = sc.ship(self.KARSABI, at=(400, 300, 0), stress=stress)
        sc.ship(ROOKIE, player=2, at=(400, 800, 180))
        game = sc.game()
        start_at(game, Give(k, "disarm"), phase="activation")
        return game, k

    def test_stress_instead_of_weapons_disabled(self):
        """Karsabi receives a weapons disabled token: he takes 1 stress to remove it
        (declined: he keeps it)."""
        game, k = self._give()
        pass_until(game, "use_ability", k)
        game.answer("use")
        ship = game.state.ships[k]
        assert not ship.has(Token.DISARM) and ship.count(Token.STRESS) == 1
        game, k = self._give()
        game.answer("decline")
        assert game.state.ships[k].has(Token.DISARM)

    def test_not_while_stressed(self):
        """Already stressed: nothing offered, the token stays."""
        game, k = self._give(stress=1)
        assert game.decision is None or game.decision.kind != "use_ability"
        assert game.state.ships[k].has(Token.DISARM)


# ------------------------------------------------------------------------ "Thweek"
class TestThweek:
    THWEEK = "1e-starviper-thweek"
    LUKE = "1e-xwing-lukeskywalker"

    def _setup(self, answer, enemy=None):
        """A game set up with Thweek's choice ``answer`` (the Scene's own setup answers
        the first option of every other decision)."""
        from tallon.engine.game import Game, GameSetup

        sc = Scene(ruleset="1e")
        t = sc.ship(self.THWEEK, at=(400, 300, 0))
        e = sc.ship(enemy or self.LUKE, player=2, at=(400, Y[2], 180))
        game = Game(GameSetup(squads=sc._squads(), seed=sc.seed, cards=sc.cards,
                              ruleset="1e"))
        asked = False
        while game.decision is not None and game.state.phase == "setup":
            d = game.decision
            if d.kind == "use_ability" and d.ship == t:
                asked = True
                game.answer(answer if answer == "decline" else f"{answer}@{e}")
            else:
                game.answer(d.options[0].key)
        assert asked
        sc._arrange(game)
        return game, t, e

    def test_shadowed_takes_the_pilot_skill_after_setup(self):
        """Thweek (pilot skill 4) shadows Luke Skywalker (8): after setup his pilot skill is
        8. Declined, it stays 4."""
        game, t, e = self._setup("1e-shadowed")
        assert game.state.ships[t].current_initiative == 8
        assert any(c.card == "1e-shadowed" for c in game.state.ships[e].conditions)
        game, t, _e = self._setup("decline")
        assert game.state.ships[t].current_initiative == 4

    def test_mimicked_has_the_pilot_ability_even_once_destroyed(self):
        """Thweek mimics Luke: he has Luke's pilot ability (defending, a focus result may
        become an evade), and keeps it once Luke is removed."""
        from tallon.engine.effects import remove_ship

        game, t, e = self._setup("1e-mimicked")
        assert ("pilot", self.LUKE, 0) in game.state.ships[t].cards
        remove_ship(game, game.state.ships[e], "destroyed")
        assert ("pilot", self.LUKE, 0) in game.state.ships[t].cards
        assert game.state.ships[t].current_initiative == 4

    def test_mimicked_ability_used(self):
        """Mimicking Luke, Thweek defends with a focus result: Luke's change is offered."""
        from tallon.engine.attack import Engage

        game, t, e = self._setup("1e-mimicked")
        # Luke attacks Thweek from the front
        game.state.ships[e].shields = 2
        start_at(game, Engage(e))
        load_dice(game, ["hit", "hit", "blank"], ["focus", "blank", "blank"])
        declare(game, e, t)
        pass_until(game, "modify_defense_dice", t)
        assert offers(game, self.LUKE)

    def test_mimicked_condition_pilot_gives_nothing(self):
        """Ruling: mimicking Captain Rex, whose ability only assigns a condition, gives
        Thweek nothing (he cannot apply a condition with it)."""
        game, t, _e = self._setup("1e-mimicked", enemy="1e-tiefighter-captainrex")
        assert not any(kind == "pilot" and card == "1e-tiefighter-captainrex"
                       for kind, card, _ in game.state.ships[t].cards)
