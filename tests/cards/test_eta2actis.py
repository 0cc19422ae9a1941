"""Eta-2 Actis pilots and the Intuitive Controls ship ability: each test sets a scene,
states the card's rule and shows the ability changing the outcome (the same scene without
it, or the state before and after), and where it must not act.

Player 1's ships face +y, player 2's face -y; small bases are 40 mm wide and range bands
100 mm, so ships whose centres are 100 mm apart on a line are at range 1."""

from __future__ import annotations

from tallon.engine.actions import PerformAction
from tallon.engine.queue import FireWindow
from tallon.engine.rounds import EndPhase, SystemTurn
from tallon.engine.state import Token
from tallon.scene import Scene
from tests.cards.helpers import (
    activation,
    answer,
    finish,
    modify_with,
    offers,
    pass_all,
    pass_on,
    pass_until,
    skip_to,
    values,
)


def offered_ever(game, card: str) -> bool:
    """Pass on everything to the end of the scene: whether a dice option of ``card`` was
    ever offered."""
    while game.decision is not None:
        if offers(game, card):
            return True
        pass_on(game)
    return False


def _pose(game, ship):
    return game.state.ships[ship].body.pose


# ------------------------------------------------------------- Intuitive Controls
class TestIntuitiveControls:
    @staticmethod
    def system(force: int):
        sc = Scene()
        jedi = sc.ship("jedigeneral", at=(400, 200, 0), force=force)
        sc.ship("academypilot", player=2, at=(100, 800, 180))
        return sc.at(SystemTurn(jedi), phase="system"), jedi

    def test_purple_boost_in_the_system_phase(self):
        """In the System Phase the Jedi General may perform a purple boost: he moves 80 mm
        forward and pays 1 Force for the purple action."""
        game, jedi = self.system(2)
        assert set(values(game)) == {"barrel_roll", "boost", "decline"}
        answer(game, "use_ability", "boost", jedi)
        answer(game, "boost_direction", "straight", jedi)
        assert _pose(game, jedi).y == 280
        assert game.state.ships[jedi].force == 1

    def test_not_without_force(self):
        """Without Force he can't perform a purple action: nothing is offered."""
        game, jedi = self.system(0)
        assert game.decision is None
        assert _pose(game, jedi).y == 200


# --------------------------------------------------------- Anakin Skywalker (Eta-2)
class TestAnakinSkywalkerEta2actis:
    @staticmethod
    def maneuver(friend: bool = False, mover: str = "anakin"):
        sc = Scene()
        anakin = sc.ship("anakinskywalker-eta2actis", at=(400, 200, 0), stress=1)
        obi = sc.ship("obiwankenobi-eta2actis", at=(200, 200, 0), stress=1)
        if friend:
            sc.ship("jedigeneral", at=(500, 440, 0))
        sc.ship("academypilot", player=2, at=(400, 540, 180))
        sc.ship("academypilot", player=2, at=(200, 540, 180))
        who = anakin if mover == "anakin" else obi
        return activation(sc, who, "5FW"), anakin, obi

    def test_removes_his_stress_when_outnumbered(self):
        """After a white [5 straight] an enemy is at range 1 of Anakin and no other friendly
        ship: he spends 1 Force to remove his stress token (declining, he keeps it)."""
        game, anakin, _obi = self.maneuver()
        pass_until(game, "use_ability", anakin)
        assert "token:stress" in values(game)
        answer(game, "use_ability", "token:stress", anakin)
        ship = game.state.ships[anakin]
        assert not ship.stressed and ship.force == 2
        game, anakin, _obi = self.maneuver()
        pass_until(game, "use_ability", anakin)
        answer(game, "use_ability", "decline", anakin)
        assert game.state.ships[anakin].stressed

    def test_for_a_friendly_obiwan(self):
        """Obi-Wan Kenobi, at range 2, executes the maneuver into the same situation: Anakin
        may remove Obi-Wan's stress token."""
        game, anakin, obi = self.maneuver(mover="obi")
        pass_until(game, "use_ability", anakin)
        answer(game, "use_ability", "token:stress", anakin)
        assert not game.state.ships[obi].stressed

    def test_not_when_not_outnumbered(self):
        """Another friendly ship is at range 1 of him too (1 enemy, 1 friend): nothing."""
        game, anakin, _obi = self.maneuver(friend=True)
        assert game.decision is None or game.decision.ship != anakin
        assert game.state.ships[anakin].stressed


# ----------------------------------------------------------- Obi-Wan Kenobi (Eta-2)
class TestObiWanKenobiEta2actis:
    @staticmethod
    def maneuver(friend_pilot: str):
        sc = Scene()
        obi = sc.ship("obiwankenobi-eta2actis", at=(200, 200, 0))
        friend = sc.ship(friend_pilot, at=(400, 200, 0))
        sc.ship("academypilot", player=2, at=(400, 540, 180))
        return activation(sc, friend, "5FW"), obi, friend

    def test_friendly_anakin_gains_focus(self):
        """A friendly Anakin Skywalker at range 2 ends his maneuver with an enemy at range 1
        and no other friend there: Obi-Wan spends 1 Force and Anakin gains 1 focus token."""
        game, obi, anakin = self.maneuver("anakinskywalker-eta2actis")
        pass_until(game, "use_ability", obi)
        answer(game, "use_ability", "use", obi)
        assert game.state.ships[anakin].count(Token.FOCUS) == 1
        assert game.state.ships[obi].force == 2

    def test_not_for_another_pilot(self):
        """The same maneuver by a Jedi General: he is not Anakin Skywalker, nothing."""
        game, obi, general = self.maneuver("jedigeneral")
        while game.decision is not None and game.decision.ship != obi:
            pass_all(game, 1)
        assert game.decision is None
        assert game.state.ships[general].count(Token.FOCUS) == 0


# ------------------------------------------------- Siege of Coruscant: Anakin, Obi-Wan
class TestAnakinSkywalkerSiegeofcoruscant:
    @staticmethod
    def maneuver(dial: str = "5FW"):
        sc = Scene()
        anakin = sc.ship("anakinskywalker-siegeofcoruscant", at=(200, 200, 0))
        obi = sc.ship("obiwankenobi-eta2actis", at=(400, 200, 0))
        sc.ship("academypilot", player=2, at=(400, 540, 180))
        return activation(sc, obi, dial), anakin, obi

    def test_obiwan_barrel_rolls(self):
        """Obi-Wan Kenobi fully executes a maneuver into an enemy at range 1: Anakin spends 1
        Force and Obi-Wan barrel rolls (he moves sideways)."""
        game, anakin, obi = self.maneuver()
        pass_until(game, "use_ability", anakin)
        answer(game, "use_ability", "barrel_roll", anakin)
        while _pose(game, obi).x == 400 and game.decision is not None:
            game.answer(game.decision.option_keys()[0])
        assert _pose(game, obi).x != 400
        assert game.state.ships[anakin].force == 2

    def test_not_when_no_enemy_is_close(self):
        """A [1 turn] leaves Obi-Wan far from the enemy: Anakin is not asked."""
        game, anakin, _obi = self.maneuver("1TW")
        while game.decision is not None and game.decision.ship != anakin:
            pass_all(game, 1)
        assert game.decision is None


class TestObiWanKenobiSiegeofcoruscant:
    def test_anakin_boosts(self):
        """Anakin Skywalker fully executes a maneuver into an enemy at range 1: Obi-Wan
        spends 1 Force and Anakin boosts straight (80 mm further)."""
        sc = Scene()
        obi = sc.ship("obiwankenobi-siegeofcoruscant", at=(200, 200, 0))
        anakin = sc.ship("anakinskywalker-eta2actis", at=(400, 200, 0))
        sc.ship("academypilot", player=2, at=(480, 500, 180))
        game = activation(sc, anakin, "5FW")
        pass_until(game, "use_ability", obi)
        answer(game, "use_ability", "boost", obi)
        answer(game, "boost_direction", "straight", anakin)
        assert _pose(game, anakin).y == 440 + 80
        assert game.state.ships[obi].force == 2

    def test_not_for_a_ship_other_than_anakin(self):
        """The same maneuver by a Jedi General: he is not Anakin Skywalker, Obi-Wan is not
        asked."""
        sc = Scene()
        obi = sc.ship("obiwankenobi-siegeofcoruscant", at=(200, 200, 0))
        general = sc.ship("jedigeneral", at=(400, 200, 0))
        sc.ship("academypilot", player=2, at=(480, 500, 180))
        game = activation(sc, general, "5FW")
        while game.decision is not None and game.decision.ship != obi:
            pass_all(game, 1)
        assert game.decision is None
        assert game.state.ships[obi].force == 3


# --------------------------------------------------------------------- Aayla Secura
class TestAaylaSecura:
    @staticmethod
    def attack(aayla_y: float, use: bool):
        sc = Scene()
        sc.ship("aaylasecura", at=(330, aayla_y, 0))
        friend = sc.ship("jedigeneral", at=(400, 200, 0), force=0, focus=1)
        tie = sc.ship("academypilot", player=2, at=(400, 400, 180))
        game = sc.attack(tie, friend, dice=["hit", "blank"], defense=["blank"] * 3)
        if use:
            skip_to(game, "modify_defense_dice", friend)
            modify_with(game, "aaylasecura")
            modify_with(game, "focus")
        finish(game)
        return game.state.ships[friend]

    def test_defender_turns_a_blank_into_a_focus(self):
        """A TIE in Aayla's front arc at range 1 attacks a friend: the friend changes a
        blank to a focus result and spends its focus token to make it an evade; the hit is
        canceled (without her the blanks stay and the friend is hit)."""
        ship = self.attack(300, use=True)
        assert not ship.damage and ship.shields == ship.shield_limit
        ship = self.attack(300, use=False)
        assert len(ship.damage) == 1

    def test_not_beyond_range_1(self):
        """The TIE is in her front arc but beyond range 1: her option is never offered."""
        sc = Scene()
        sc.ship("aaylasecura", at=(300, 150, 0))
        friend = sc.ship("jedigeneral", at=(400, 200, 0), force=0)
        tie = sc.ship("academypilot", player=2, at=(400, 400, 180))
        game = sc.attack(tie, friend, dice=["hit", "blank"], defense=["blank"] * 3)
        assert not offered_ever(game, "aaylasecura")


# ------------------------------------------------------------------------ Kit Fisto
class TestKitFisto:
    @staticmethod
    def attack(tie_x: float):
        sc = Scene()
        kit = sc.ship("kitfisto", at=(300, 200, 0))
        friend = sc.ship("jedigeneral", at=(400, 200, 0), force=0, focus=1)
        tie = sc.ship("academypilot", player=2, at=(tie_x, 400, 180))
        return sc.attack(tie, friend, dice=["hit", "blank"], defense=["blank"] * 3), kit, friend

    def test_blank_to_focus_for_a_friend(self):
        """A TIE in the defending friend's bullseye arc attacks it: Kit spends 1 Force to
        change a blank to a focus result; the friend's focus token makes it an evade and the
        hit is canceled."""
        game, kit, friend = self.attack(400)
        skip_to(game, "modify_defense_dice", friend)
        modify_with(game, "kitfisto")
        modify_with(game, "focus")
        finish(game)
        assert not game.state.ships[friend].damage
        assert game.state.ships[kit].force == 1

    def test_not_outside_the_defenders_bullseye(self):
        """The TIE is in the friend's front arc but outside its bullseye arc: not offered."""
        game, _kit, _friend = self.attack(470)
        assert not offered_ever(game, "kitfisto")

    def test_not_for_himself(self):
        """Kit Fisto himself defends: "another friendly ship" - not offered."""
        sc = Scene()
        kit = sc.ship("kitfisto", at=(400, 200, 0))
        tie = sc.ship("academypilot", player=2, at=(400, 400, 180))
        game = sc.attack(tie, kit, dice=["hit", "blank"], defense=["blank"] * 3)
        assert not offered_ever(game, "kitfisto")


# ----------------------------------------------------------------------------- Yoda
class TestYoda:
    @staticmethod
    def system(friend_x: float, friend: str = "jedigeneral"):
        sc = Scene()
        yoda = sc.ship("yoda", at=(400, 200, 0))
        other = sc.ship(friend, at=(friend_x, 200, 0))
        sc.ship("academypilot", player=2, at=(100, 800, 180))
        return sc.at(SystemTurn(other), phase="system"), yoda, other

    def test_friend_recovers_the_force_of_its_purple_boost(self):
        """A friend at range 1 spends 1 Force on a purple boost (Intuitive Controls): Yoda
        spends 1 Force and the friend recovers it (declining, it stays at 1)."""
        game, yoda, friend = self.system(500)
        answer(game, "use_ability", "boost", friend)
        answer(game, "use_ability", "use", yoda)
        answer(game, "boost_direction", "straight", friend)
        assert game.state.ships[friend].force == 2
        assert game.state.ships[yoda].force == 2
        game, yoda, friend = self.system(500)
        answer(game, "use_ability", "boost", friend)
        answer(game, "use_ability", "decline", yoda)
        answer(game, "boost_direction", "straight", friend)
        assert game.state.ships[friend].force == 1

    def test_not_beyond_range_3(self):
        """The friend is beyond range 3: Yoda is not asked; the boost goes on."""
        game, _yoda, friend = self.system(800)
        answer(game, "use_ability", "boost", friend)
        assert game.decision.kind == "boost_direction"

    def test_not_for_his_own_force(self):
        """Yoda spends Force on his own purple boost: "another friendly ship" - nothing."""
        sc = Scene()
        yoda = sc.ship("yoda", at=(400, 200, 0))
        sc.ship("academypilot", player=2, at=(100, 800, 180))
        game = sc.at(SystemTurn(yoda), phase="system")
        answer(game, "use_ability", "boost", yoda)
        assert game.decision.kind == "boost_direction"
        assert game.state.ships[yoda].force == 2


# ------------------------------------------------------------------------- Shaak Ti
class TestShaakTi:
    @staticmethod
    def end_phase(friend_x: float = 500):
        sc = Scene()
        shaak = sc.ship("shaakti", at=(400, 200, 0), focus=1)
        friend = sc.ship("jedigeneral", at=(friend_x, 200, 0), evade=1, focus=1)
        sc.ship("academypilot", player=2, at=(100, 800, 180))
        game = sc.at(FireWindow.of("start_end_phase"), EndPhase(), phase="end")
        return game, shaak, friend

    def test_two_ships_keep_a_token(self):
        """Shaak Ti spends her 2 Force: the friend keeps its evade token (its focus token goes)
        and she keeps her focus token (then recovers 1 Force in the End Phase); declining,
        every token is removed."""
        game, shaak, friend = self.end_phase()
        answer(game, "use_ability", f"{friend}:evade", shaak)
        answer(game, "use_ability", f"{shaak}:focus", shaak)
        pass_all(game)
        f, s = game.state.ships[friend], game.state.ships[shaak]
        assert f.count(Token.EVADE) == 1 and not f.has(Token.FOCUS)
        assert s.count(Token.FOCUS) == 1 and s.force == 1
        game, shaak, friend = self.end_phase()
        answer(game, "use_ability", "decline", shaak)
        pass_all(game)
        assert not game.state.ships[friend].has(Token.EVADE)
        assert not game.state.ships[shaak].has(Token.FOCUS)

    def test_one_ship_only_keeps_one_token(self):
        """Choosing only the friend's focus token (then no more ships): it keeps that token
        alone; she spends 1 Force (and recovers it in the End Phase: 2 -> 1 -> 2)."""
        game, shaak, friend = self.end_phase()
        answer(game, "use_ability", f"{friend}:focus", shaak)
        answer(game, "use_ability", "decline", shaak)
        pass_all(game)
        f = game.state.ships[friend]
        assert f.count(Token.FOCUS) == 1 and not f.has(Token.EVADE)
        assert game.state.ships[shaak].force == 2

    def test_not_beyond_range_2(self):
        """The friend is at range 3: only her own token may be chosen."""
        game, shaak, _friend = self.end_phase(friend_x=680)
        assert values(game) == [f"{shaak}:focus", "decline"]


# ------------------------------------------------------ Shaak Ti (Siege of Coruscant)
class TestShaakTiSiegeofcoruscant:
    def test_purple_coordinate_while_stressed(self):
        """At the start of the End Phase the stressed Shaak Ti performs a purple coordinate
        action (1 Force): the friend at range 1 performs a focus action."""
        sc = Scene()
        shaak = sc.ship("shaakti-siegeofcoruscant", at=(400, 200, 0), stress=1)
        friend = sc.ship("jedigeneral", at=(500, 200, 0))
        sc.ship("academypilot", player=2, at=(100, 800, 180))
        game = sc.at(FireWindow.of("start_end_phase"), phase="end")
        answer(game, "use_ability", "coordinate", shaak)
        answer(game, "coordinate_target", friend, shaak)
        answer(game, "perform_action", "focus", friend)
        pass_all(game)
        assert game.state.ships[friend].count(Token.FOCUS) == 1
        assert game.state.ships[shaak].force == 1

    def test_no_purple_coordinate_without_force(self):
        """Without Force she can't perform the purple coordinate: nothing is offered."""
        sc = Scene()
        sc.ship("shaakti-siegeofcoruscant", at=(400, 200, 0), force=0)
        friend = sc.ship("jedigeneral", at=(500, 200, 0))
        sc.ship("academypilot", player=2, at=(100, 800, 180))
        game = sc.at(FireWindow.of("start_end_phase"), phase="end")
        assert game.decision is None
        assert game.state.ships[friend].count(Token.FOCUS) == 0

    def test_one_more_ship_after_a_born_for_this_ship(self):
        """Her coordinate action chooses a ship with Born for This: she may coordinate
        another friendly ship, which performs a focus action too."""
        from tallon.cards.acting import granted

        sc = Scene()
        shaak = sc.ship("shaakti-siegeofcoruscant", at=(400, 200, 0))
        first = sc.ship("wolffe-siegeofcoruscant", at=(500, 200, 0))
        second = sc.ship("jedigeneral", at=(300, 200, 0))
        sc.ship("academypilot", player=2, at=(100, 800, 180))
        grant = (granted("coordinate", "white", "test"),)
        game = sc.at(PerformAction(shaak, during_activation=True, grant=grant),
                     phase="activation")
        answer(game, "perform_action", "coordinate", shaak)
        answer(game, "coordinate_target", first, shaak)
        answer(game, "perform_action", "focus", first)
        pass_until(game, "use_ability", shaak)
        assert values(game) == [second, "decline"]
        answer(game, "use_ability", second, shaak)
        answer(game, "perform_action", "focus", second)
        assert game.state.ships[second].count(Token.FOCUS) == 1

    def test_not_after_another_ship(self):
        """Her coordinate action chooses a Jedi General (no Born for This): nothing more."""
        from tallon.cards.acting import granted

        sc = Scene()
        shaak = sc.ship("shaakti-siegeofcoruscant", at=(400, 200, 0))
        first = sc.ship("jedigeneral", at=(500, 200, 0))
        sc.ship("jedigeneral", at=(300, 200, 0))
        sc.ship("academypilot", player=2, at=(100, 800, 180))
        grant = (granted("coordinate", "white", "test"),)
        game = sc.at(PerformAction(shaak, during_activation=True, grant=grant),
                     phase="activation")
        answer(game, "perform_action", "coordinate", shaak)
        answer(game, "coordinate_target", first, shaak)
        answer(game, "perform_action", "focus", first)
        assert game.decision is None or game.decision.ship != shaak
