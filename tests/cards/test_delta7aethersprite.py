"""Delta-7 Aethersprite pilots and the Fine-tuned Controls ship ability: each test sets a
scene, states the card's rule and shows the ability changing the outcome (the same scene
without it, or the state before and after), and where it must not act.

Player 1's ships face +y, player 2's face -y; small bases are 40 mm wide and range bands
100 mm, so ships whose centres are 100 mm apart on a line are at range 1, 200 mm at range
2."""

from __future__ import annotations

from dataclasses import dataclass

from tallon.engine.decisions import Decision
from tallon.engine.game import Game
from tallon.engine.queue import FireWindow
from tallon.engine.state import Token
from tallon.engine.steps import Step
from tallon.scene import Scene
from tests.cards.helpers import (
    activation,
    answer,
    finish,
    modify_with,
    offers,
    pass_on,
    pass_until,
    rolled,
    skip_to,
    values,
)


def offered_ever(game: Game, card: str) -> bool:
    """Pass on everything to the end of the scene: whether a dice option of ``card`` was
    ever offered."""
    while game.decision is not None:
        if offers(game, card):
            return True
        pass_on(game)
    return False


def _y(game: Game, ship: str) -> float:
    return game.state.ships[ship].body.pose.y


def _heading(game: Game, ship: str) -> float:
    return game.state.ships[ship].body.pose.heading


@dataclass(frozen=True)
class Delta7SpendToken(Step):
    """A ship spends one of its tokens (as a dice modification or a cost would)."""

    ship_id: str
    token: str

    def run(self, game: Game) -> Decision | None:
        from tallon.engine.effects import spend_token

        spend_token(game, game.state.ships[self.ship_id], Token(self.token))
        return None


# ------------------------------------------------------------ Fine-tuned Controls
class TestFineTunedControls:
    @staticmethod
    def maneuver(force: int = 1, friend_y: float | None = None):
        sc = Scene()
        jedi = sc.ship("jediknight", at=(400, 200, 0), force=force)
        if friend_y is not None:
            sc.ship("jediknight", at=(400, friend_y, 0))
        sc.ship("academypilot", player=2, at=(100, 800, 180))
        return activation(sc, jedi, "2FB"), jedi

    def test_boost_after_a_full_maneuver(self):
        """Jedi Knight fully executes a blue [2 straight]: he may spend his Force to boost;
        he boosts straight (80 mm further than declining: base and template) and has no
        Force left."""
        game, jedi = self.maneuver()
        assert values(game) == ["boost", "barrel_roll", "decline"]
        answer(game, "use_ability", "boost", jedi)
        answer(game, "boost_direction", "straight", jedi)
        boosted = _y(game, jedi)
        assert game.state.ships[jedi].force == 0
        game, jedi = self.maneuver()
        answer(game, "use_ability", "decline", jedi)
        assert boosted - _y(game, jedi) == 80
        assert game.state.ships[jedi].force == 1

    def test_not_without_force(self):
        """With no Force the ability is not offered: the ship goes on to its Perform Action
        step."""
        game, _jedi = self.maneuver(force=0)
        assert game.decision.kind == "perform_action"

    def test_not_after_a_partial_maneuver(self):
        """A friendly ship in the way: the maneuver is only partially executed (a bump), so
        no boost or barrel roll is offered."""
        game, jedi = self.maneuver(friend_y=300)
        assert game.decision is None or game.decision.kind != "use_ability"
        assert game.state.ships[jedi].force == 1


# ------------------------------------------------------------------ Obi-Wan Kenobi
class TestObiWanKenobi:
    @staticmethod
    def spend(friend_x: float, token: str = "focus"):
        sc = Scene()
        obi = sc.ship("obiwankenobi", at=(400, 200, 0))
        friend = sc.ship("jediknight", at=(friend_x, 200, 0), tokens={token: 1})
        sc.ship("academypilot", player=2, at=(100, 800, 180))
        return sc.at(Delta7SpendToken(friend, token)), obi, friend

    def test_friend_regains_a_focus_token(self):
        """A friendly ship at range 1 spends its focus token: Obi-Wan spends 1 Force and the
        ship gains 1 focus token back (declining, it has none)."""
        game, obi, friend = self.spend(500)
        answer(game, "use_ability", "use", obi)
        assert game.state.ships[friend].count(Token.FOCUS) == 1
        assert game.state.ships[obi].force == 2
        game, obi, friend = self.spend(500)
        answer(game, "use_ability", "decline", obi)
        assert game.state.ships[friend].count(Token.FOCUS) == 0

    def test_not_beyond_range_2(self):
        """The friendly ship is at range 3: nothing is offered."""
        game, _obi, friend = self.spend(680)
        assert game.decision is None
        assert game.state.ships[friend].count(Token.FOCUS) == 0

    def test_not_for_an_evade_token(self):
        """An evade token spent: the card speaks only of focus tokens."""
        game, _obi, _friend = self.spend(500, "evade")
        assert game.decision is None


# ------------------------------------------------------------------------ Plo Koon
class TestPloKoon:
    @staticmethod
    def start(friend_x: float):
        sc = Scene()
        plo = sc.ship("plokoon", at=(400, 200, 0), tokens={"focus": 1})
        friend = sc.ship("jediknight", at=(friend_x, 200, 0), tokens={"disarm": 1})
        sc.ship("academypilot", player=2, at=(100, 800, 180))
        return sc.at(FireWindow.of("start_engagement")), plo, friend

    def test_gives_focus_or_takes_disarm(self):
        """A friend at range 1 with a disarm token: Plo Koon may give it his focus token
        or take its disarm token; giving the focus token moves it and costs 1 Force."""
        game, plo, friend = self.start(500)
        assert set(values(game)) == {f"give:{friend}:focus", f"take:{friend}:disarm", "decline"}
        answer(game, "use_ability", f"give:{friend}:focus", plo)
        assert game.state.ships[friend].count(Token.FOCUS) == 1
        assert game.state.ships[plo].count(Token.FOCUS) == 0
        assert game.state.ships[plo].force == 1

    def test_takes_the_orange_token(self):
        """Taking the disarm token: Plo Koon has it, the friend no longer does."""
        game, plo, friend = self.start(500)
        answer(game, "use_ability", f"take:{friend}:disarm", plo)
        assert game.state.ships[plo].count(Token.DISARM) == 1
        assert game.state.ships[friend].count(Token.DISARM) == 0

    def test_not_beyond_range_2(self):
        """The friend is at range 3: nothing is offered, the tokens stay."""
        game, plo, _friend = self.start(680)
        assert game.decision is None
        assert game.state.ships[plo].count(Token.FOCUS) == 1


# --------------------------------------------------------------------- Saesee Tiin
class TestSaeseeTiin:
    @staticmethod
    def reveal(owner: int = 1, friend_x: float = 500):
        sc = Scene()
        saesee = sc.ship("saeseetiin", at=(400, 200, 0))
        other = sc.ship("jediknight", player=owner, at=(friend_x, 200 if owner == 1 else 700,
                                                         0 if owner == 1 else 180))
        if owner == 1:
            sc.ship("academypilot", player=2, at=(100, 800, 180))
        return activation(sc, other, "2BB"), saesee, other

    def test_sets_the_friends_dial(self):
        """A friend at range 1 reveals a blue [2 bank left]: Saesee Tiin may spend 1 Force to
        set it to the other blue speed-2 maneuvers; choosing [2 straight], the ship keeps
        its heading (the bank would turn it 45 degrees)."""
        game, saesee, friend = self.reveal()
        assert set(values(game)) == {"2FB", "2NB", "decline"}
        answer(game, "use_ability", "2FB", saesee)
        pass_until(game, "use_ability", friend)
        assert _heading(game, friend) == 0
        assert game.state.ships[saesee].force == 1
        game, saesee, friend = self.reveal()
        answer(game, "use_ability", "decline", saesee)
        pass_until(game, "use_ability", friend)
        assert _heading(game, friend) == 315

    def test_not_for_an_enemy(self):
        """An enemy ship reveals its dial: Saesee Tiin is not asked."""
        game, saesee, _enemy = self.reveal(owner=2)
        assert game.decision is None or game.decision.ship != saesee

    def test_not_beyond_range_2(self):
        """The friend is at range 3: Saesee Tiin is not asked."""
        game, saesee, _friend = self.reveal(friend_x=680)
        assert game.decision is None or game.decision.ship != saesee


# ---------------------------------------------------------------------- Mace Windu
class TestMaceWindu:
    @staticmethod
    def maneuver(dial: str):
        sc = Scene()
        mace = sc.ship("macewindu", at=(400, 200, 0), force=1)
        sc.ship("academypilot", player=2, at=(100, 800, 180))
        return activation(sc, mace, dial), mace

    def test_recovers_force_after_a_red_maneuver(self):
        """Mace Windu fully executes a red [4 Koiogran turn]: he recovers 1 Force (1 -> 2),
        and gains the stress token of the red maneuver."""
        game, mace = self.maneuver("4KR")
        ship = game.state.ships[mace]
        assert ship.force == 2 and ship.count(Token.STRESS) == 1

    def test_not_after_a_white_maneuver(self):
        """A white [4 straight]: no Force recovered."""
        game, mace = self.maneuver("4FW")
        assert game.state.ships[mace].force == 1


# ---------------------------------------------------------------- Anakin Skywalker
class TestAnakinSkywalker:
    @staticmethod
    def maneuver(enemy: tuple[float, float, float]):
        sc = Scene()
        anakin = sc.ship("anakinskywalker", at=(400, 100, 0), stress=1)
        sc.ship("academypilot", player=2, at=enemy)
        return activation(sc, anakin, "4FW"), anakin

    def test_removes_stress_with_an_enemy_in_the_bullseye(self):
        """After a white [4 straight] an enemy is in his bullseye arc at range 3: he may
        spend 1 Force to remove his stress token (declining, he keeps it)."""
        game, anakin = self.maneuver((400, 600, 180))
        answer(game, "use_ability", "use", anakin)
        ship = game.state.ships[anakin]
        assert not ship.stressed and ship.force == 2
        game, anakin = self.maneuver((400, 600, 180))
        answer(game, "use_ability", "decline", anakin)
        assert game.state.ships[anakin].stressed

    def test_not_with_the_enemy_outside_the_bullseye_beyond_range_1(self):
        """The enemy is in his front arc at range 2 but outside the bullseye arc: nothing is
        offered."""
        game, anakin = self.maneuver((560, 480, 180))
        assert game.decision is None or game.decision.ship != anakin
        assert game.state.ships[anakin].stressed


# --------------------------------------------------------------------- Ahsoka Tano
class TestAhsokaTano:
    @staticmethod
    def maneuver(friend_x: float):
        sc = Scene()
        ahsoka = sc.ship("ahsokatano", at=(400, 200, 0), stress=1)
        friend = sc.ship("jediknight", at=(friend_x, 300, 0), stress=1)
        sc.ship("academypilot", player=2, at=(100, 800, 180))
        return activation(sc, ahsoka, "2FW"), ahsoka, friend

    def test_stressed_friend_performs_an_action(self):
        """After a white [2 straight] Ahsoka Tano spends 1 Force: the stressed friend at range
        1 performs a focus action even while stressed."""
        game, ahsoka, friend = self.maneuver(500)
        assert friend in values(game)
        answer(game, "use_ability", friend, ahsoka)
        answer(game, "perform_action", "focus", friend)
        assert game.state.ships[friend].count(Token.FOCUS) == 1
        assert game.state.ships[ahsoka].force == 1

    def test_not_a_friend_beyond_range_1(self):
        """The friend is at range 2 of her: only she herself may be chosen."""
        game, ahsoka, _friend = self.maneuver(620)
        assert values(game) == [ahsoka, "decline"]


# ------------------------------------------------------------------- Barriss Offee
class TestBarrissOffee:
    @staticmethod
    def attack(friend_x: float, enemy_x: float):
        sc = Scene()
        barriss = sc.ship("barrissoffee", at=(400, 200, 0))
        friend = sc.ship("jediknight", at=(friend_x, 200, 0))
        tie = sc.ship("academypilot", player=2, at=(enemy_x, 450, 180))
        game = sc.attack(friend, tie, dice=["focus", "blank"], defense=["blank"] * 4)
        skip_to(game, "modify_attack_dice", friend)
        return game, barriss, friend

    def test_friend_changes_a_focus_to_a_hit(self):
        """A friend at range 1 attacks a TIE in its bullseye arc: Barriss spends her Force to
        change its focus result to a hit; the TIE suffers 1 damage."""
        game, barriss, _friend = self.attack(500, 500)
        assert offers(game, "barrissoffee")
        modify_with(game, "barrissoffee")
        finish(game)
        assert game.state.ships[barriss].force == 0
        assert len(game.state.ships["p2.1"].damage) == 1
        game, barriss, _friend = self.attack(500, 500)
        finish(game)
        assert not game.state.ships["p2.1"].damage

    def test_not_outside_the_bullseye(self):
        """The TIE is in the friend's front arc but not its bullseye arc: not offered."""
        game, _barriss, _friend = self.attack(500, 620)
        assert not offers(game, "barrissoffee")

    def test_not_beyond_range_2(self):
        """The attacking friend is at range 3 of Barriss: not offered."""
        game, _barriss, _friend = self.attack(680, 680)
        assert not offers(game, "barrissoffee")


# ----------------------------------------------------------------- Luminara Unduli
class TestLuminaraUnduli:
    @staticmethod
    def attack(tie_x: float):
        sc = Scene()
        luminara = sc.ship("luminaraunduli", at=(300, 200, 0))
        friend = sc.ship("jediknight", at=(400, 200, 0))
        tie = sc.ship("academypilot", player=2, at=(tie_x, 420, 180))
        game = sc.attack(tie, friend, dice=["hit", "blank"], defense=["blank"] * 3)
        return game, luminara, friend, tie

    def test_turns_the_hit_into_a_focus(self):
        """A TIE attacks a friend at range 1 of Luminara that is in its front arc but not its
        bullseye arc: she spends 1 Force to change the hit into a focus result; the attack
        misses (it would hit without her)."""
        game, luminara, friend, _tie = self.attack(460)
        skip_to(game, "modify_attack_dice", friend)
        modify_with(game, "luminaraunduli", "")
        finish(game)
        ship = game.state.ships[friend]
        assert game.state.ships[luminara].force == 1
        assert ship.shields == ship.shield_limit and not ship.damage
        game, luminara, friend, _tie = self.attack(460)
        finish(game)
        ship = game.state.ships[friend]
        assert ship.shields == ship.shield_limit - 1

    def test_not_in_the_attackers_bullseye(self):
        """The friend is in the TIE's bullseye arc: Luminara's option is not offered."""
        game, _luminara, _friend, _tie = self.attack(400)
        assert not offered_ever(game, "luminaraunduli")


# ---------------------------------------------------------------------- Adi Gallia
class TestAdiGallia:
    @staticmethod
    def defend(use: str, tie_y: float = 330):
        sc = Scene()
        adi = sc.ship("adigallia", at=(400, 200, 0))
        tie = sc.ship("academypilot", player=2, at=(400, tie_y, 180))
        game = sc.attack(tie, adi, dice=["blank"] * 4, defense=["blank"] * 4)
        if use:
            answer(game, "use_ability", use, adi)
        finish(game)
        return len(rolled(game, tie)), game.state.ships[adi].force

    def test_attacker_loses_the_range_1_bonus(self):
        """A TIE attacks Adi Gallia at attack range 1: spending 1 Force, the TIE rolls 2
        attack dice instead of 3."""
        assert self.defend("use") == (2, 1)
        assert self.defend("decline") == (3, 2)

    def test_not_at_range_2(self):
        """At attack range 2 there is no range bonus to deny: nothing is offered."""
        assert self.defend("", tie_y=430) == (2, 2)

    @staticmethod
    def attack(use: str, tie_y: float = 520):
        sc = Scene()
        adi = sc.ship("adigallia", at=(400, 200, 0))
        tie = sc.ship("academypilot", player=2, at=(400, tie_y, 180))
        game = sc.attack(adi, tie, dice=["blank"] * 3, defense=["blank"] * 4)
        if use:
            skip_to(game, "use_ability", adi)
            answer(game, "use_ability", use, adi)
        finish(game)
        return len(rolled(game, tie))

    def test_defender_loses_the_range_3_bonus(self):
        """Adi Gallia attacks a TIE at attack range 3: spending 1 Force, the TIE rolls 3
        defense dice instead of 4."""
        assert self.attack("use") == 3
        assert self.attack("decline") == 4

    def test_not_at_range_2_attacking(self):
        """Attacking at range 2: nothing to deny, the TIE rolls its 3 dice."""
        assert self.attack("", tie_y=430) == 3
