"""Nimbus-class V-wing pilots, the ship abilities Twin Ion Engines and Born for This, and the
configurations Alpha-3B "Besh" and Alpha-3E "Esk": each test sets a scene, states the
card's rule and shows the ability changing the outcome (the same scene without the card, or
where it must not trigger).

Geometry: player 1's ships face +y, player 2's face -y (a ship facing +y has its right arc
towards +x); small bases are 40 mm wide and range bands 100 mm."""

from __future__ import annotations

import pytest

from tallon.cards import CARDS
from tallon.cards.acting import granted
from tallon.data import load_cards
from tallon.engine.abilities import CardRegistry
from tallon.engine.actions import PerformAction
from tallon.engine.rounds import SystemTurn
from tallon.engine.state import Token
from tallon.scene import Scene
from tallon.squads import fit_upgrades
from tests.cards.helpers import (
    activation,
    answer,
    finish,
    modify_with,
    offers,
    option_with,
    skip_to,
    values,
)
from tests.rules.attack_helpers import rolls


# ---------------------------------------------------------------- Born for This
def born_scene(lender: str = "klick-siegeofcoruscant", at=(300, 300, 0), **setup):
    """An Academy Pilot attacks a Shadow Squadron Escort (2 hits against a focus and 2
    blanks) with a Born for This ship of the defender's side at ``at``."""
    sc = Scene()
    friend = sc.ship(lender, at=at, **setup)
    defender = sc.ship("shadowsquadronescort", at=(400, 300, 0))
    tie = sc.ship("academypilot", player=2, at=(400, 500, 180))
    game = sc.attack(tie, defender, dice=["hit", "hit"], defense=["focus", "blank", "blank"])
    return game, friend, defender


def shields_lost(game, ship_id: str) -> int:
    ship = game.state.ships[ship_id]
    return ship.shield_limit - ship.shields


class TestBornForThis:
    def test_the_defender_spends_the_friends_focus_token(self):
        """Born for This: another friendly ship at range 0-2 defends and the card's ship is
        not strained: the defender spends the lender's focus token (its focus result becomes
        an evade) and the lender gains 1 strain token. 1 of the 2 hits is canceled: 1 shield
        lost instead of 2."""
        game, friend, defender = born_scene(tokens={"focus": 1})
        skip_to(game, "modify_defense_dice", defender)
        modify_with(game, "Born for This", "focus token")
        finish(game)
        lender = game.state.ships[friend]
        assert shields_lost(game, defender) == 1
        assert not lender.has(Token.FOCUS) and lender.count(Token.STRAIN) == 1

        game, friend, defender = born_scene(tokens={"focus": 1})
        finish(game)
        assert shields_lost(game, defender) == 2
        assert game.state.ships[friend].count(Token.FOCUS) == 1

    def test_the_evade_token_and_only_once(self):
        """The lender has a focus and an evade token: the defender spends the evade token
        (a blank becomes an evade); the lender is then strained, so its focus token is no
        longer offered."""
        game, friend, defender = born_scene(tokens={"focus": 1, "evade": 1})
        skip_to(game, "modify_defense_dice", defender)
        modify_with(game, "Born for This", "evade token")
        assert not offers(game, "Born for This")
        finish(game)
        lender = game.state.ships[friend]
        assert shields_lost(game, defender) == 1
        assert lender.count(Token.FOCUS) == 1 and not lender.has(Token.EVADE)
        assert lender.count(Token.STRAIN) == 1

    @pytest.mark.parametrize(("at", "setup"), [((300, 300, 0), {"strain": 1}),
                                                ((140, 300, 0), {})])
    def test_not_while_strained_nor_beyond_range_2(self, at, setup):
        """The lender already has a strain token, or is at range 3 of the defender: the
        defender (with no token of its own) is asked nothing, and both hits take a
        shield; the lender keeps its focus token."""
        game, friend, defender = born_scene(at=at, tokens={"focus": 1}, **setup)
        assert game.decision is None
        assert shields_lost(game, defender) == 2
        assert game.state.ships[friend].count(Token.FOCUS) == 1

    def test_not_for_its_own_defense(self):
        """Born for This lends to another ship: the lender defending spends its own focus
        token by the rules (the 'focus' option), with no strain token."""
        sc = Scene()
        klick = sc.ship("klick-siegeofcoruscant", at=(400, 300, 0), tokens={"focus": 1})
        tie = sc.ship("academypilot", player=2, at=(400, 500, 180))
        game = sc.attack(tie, klick, dice=["hit", "blank"], defense=["focus", "blank", "blank"])
        skip_to(game, "modify_defense_dice", klick)
        assert not offers(game, "Born for This")
        game.answer(option_with(game, "focus"))
        finish(game)
        assert not game.state.ships[klick].has(Token.STRAIN)


# ------------------------------------------------------------- Twin Ion Engines
class TestTwinIonEngines:
    def test_a_tie_talent_on_tarkin_plays(self):
        """Twin Ion Engines lets Wilhuff Tarkin equip Ion Limiter Override (TIE only); the
        engine plays the ship: after a red maneuver the talent offers its barrel roll."""
        sc = Scene()
        tarkin = sc.ship("wilhufftarkin", at=(400, 200, 0), upgrades=["ionlimiteroverride"])
        sc.ship("academypilot", player=2, at=(400, 850, 180))
        game = activation(sc, tarkin, "1BR")
        assert game.decision.kind == "use_ability"
        assert values(game) == ["barrel_roll", "decline"]

    def test_without_the_ship_ability_the_pilot_is_refused(self):
        """A registry without Twin Ion Engines refuses the generic Nimbus pilots at setup
        (a card is never played without its ability)."""
        mine = CardRegistry("no engines", base=CARDS)
        mine.unregister("ship_ability", "Twin Ion Engines")
        sc = Scene(cards=mine)
        sc.ship("loyalistvolunteer", at=(400, 200, 0))
        sc.ship("academypilot", player=2, at=(400, 850, 180))
        with pytest.raises(Exception, match="Twin Ion Engines"):
            sc.game()
        sc = Scene()
        ship = sc.ship("loyalistvolunteer", at=(400, 200, 0))
        sc.ship("academypilot", player=2, at=(400, 850, 180))
        assert sc.game().state.ships[ship].in_play


# ------------------------------------------------------------------ "Odd Ball"
def red_action_scene(pilot: str, colour: str, enemy_at=(400, 550, 180)):
    """The ship performs a focus action granted as ``colour`` with an enemy ahead."""
    sc = Scene()
    ship = sc.ship(pilot, at=(400, 300, 0))
    enemy = sc.ship("academypilot", player=2, at=enemy_at)
    game = sc.at(PerformAction(ship, during_activation=True,
                               grant=(granted("focus", colour, "test"),), only=("focus",)),
                 phase="activation")
    if game.decision is not None and game.decision.kind == "perform_action":
        game.answer("focus")
    return game, ship, enemy


class TestOddBall:
    def test_red_action_locks_the_enemy_in_the_bullseye(self):
        """"Odd Ball" (Nimbus) performs a red action with an enemy ship in his bullseye arc:
        he may acquire a lock on it."""
        game, ship, enemy = red_action_scene("oddball-nimbusclassvwing", "red")
        assert game.decision.kind == "use_ability"
        assert enemy in values(game)
        game.answer(enemy)
        assert game.state.ships[ship].locks == [enemy]

    def test_white_action_or_enemy_off_the_bullseye(self):
        """A white action does not trigger it; nor does a red one with the enemy outside the
        bullseye arc (still in the front arc)."""
        game, ship, _ = red_action_scene("oddball-nimbusclassvwing", "white")
        assert game.decision is None or game.decision.kind != "use_ability"
        assert game.state.ships[ship].locks == []
        game, ship, _ = red_action_scene("oddball-nimbusclassvwing", "red",
                                         enemy_at=(520, 550, 180))
        assert game.decision is None or game.decision.kind != "use_ability"
        assert game.state.ships[ship].locks == []

    def test_red_maneuver(self):
        """A fully executed red 2 Koiogran turn leaves the enemy behind him in his bullseye
        arc: he may lock it. A blue 2 straight towards an enemy ahead in the bullseye does
        not trigger it: his Perform Action step comes at once."""
        def run(dial: str, enemy_y: float):
            sc = Scene()
            ship = sc.ship("oddball-nimbusclassvwing", at=(400, 400, 0))
            enemy = sc.ship("academypilot", player=2, at=(400, enemy_y, 0))
            return activation(sc, ship, dial), ship, enemy

        game, ship, enemy = run("2KR", 250)
        assert game.decision.kind == "use_ability"
        game.answer(enemy)
        assert game.state.ships[ship].locks == [enemy]
        game, ship, _enemy = run("2FB", 750)
        assert game.decision.kind == "perform_action"
        assert game.state.ships[ship].locks == []


# ------------------------------------------------------------- Wilhuff Tarkin
def tarkin_scene(friend_at=(300, 300, 0), locks=("p2.1",)):
    sc = Scene()
    tarkin = sc.ship("wilhufftarkin", at=(400, 300, 0), locks=list(locks))
    friend = sc.ship("loyalistvolunteer", at=friend_at)
    enemy = sc.ship("academypilot", player=2, at=(400, 550, 180))
    game = sc.at(SystemTurn(tarkin), phase="system")
    return game, tarkin, friend, enemy


class TestWilhuffTarkin:
    def test_a_friend_locks_his_locked_object(self):
        """System Phase: Tarkin has the enemy (range 2) locked; another friendly ship at
        range 1 acquires a lock on it. Declining, the friend has no lock."""
        game, _tarkin, friend, enemy = tarkin_scene()
        assert game.decision.kind == "use_ability"
        game.answer(f"{enemy}>{friend}")
        assert game.state.ships[friend].locks == [enemy]
        game, _tarkin, friend, enemy = tarkin_scene()
        game.answer("decline")
        assert game.state.ships[friend].locks == []

    def test_nothing_locked_or_no_friend_in_range(self):
        """Without a lock, or with the only friend beyond range 3, the ability has nothing
        to offer."""
        game, _tarkin, friend, _enemy = tarkin_scene(locks=())
        assert game.decision is None
        game, _tarkin, friend, _enemy = tarkin_scene(friend_at=(20, 20, 0))
        assert game.decision is None
        assert game.state.ships[friend].locks == []


# ------------------------------------------------------------------- "Contrail"
def contrail_scene(mine: str, theirs: str, pilot: str = "contrail", revealed: bool = True):
    sc = Scene()
    contrail = sc.ship(pilot, at=(400, 300, 0), dial_set=mine, dial_revealed=True)
    tie = sc.ship("academypilot", player=2, at=(400, 500, 180), dial_set=theirs,
                  dial_revealed=revealed)
    game = sc.attack(tie, contrail, dice=["focus", "hit"], defense=["blank"] * 3)
    return game, contrail, tie


class TestContrail:
    @pytest.mark.parametrize("pilot", ["contrail", "contrail-siegeofcoruscant"])
    def test_same_bearing_turns_a_focus_to_blank(self, pilot):
        """Contrail defends; both revealed maneuvers are straights: he changes the
        attacker's focus result to a blank, and the attacker's focus token then has
        nothing to change: 1 damage instead of 2."""
        def lost(use: bool) -> int:
            sc = Scene()
            contrail = sc.ship(pilot, at=(400, 300, 0), dial_set="2FB", dial_revealed=True)
            tie = sc.ship("academypilot", player=2, at=(400, 500, 180), dial_set="3FW",
                          dial_revealed=True, tokens={"focus": 1})
            game = sc.attack(tie, contrail, dice=["focus", "hit"], defense=["blank"] * 3)
            skip_to(game, "modify_attack_dice", contrail)
            if use:
                modify_with(game, pilot)
            else:
                game.answer("done")
            # the attacker spends its focus token on whatever focus result is left
            if game.decision is not None and game.decision.ship == tie and \
                    any(str(o.key).startswith("focus") for o in game.decision.options):
                game.answer(option_with(game, "focus"))
            finish(game)
            return shields_lost(game, contrail)

        assert lost(True) == 1
        assert lost(False) == 2

    def test_attacking_too(self):
        """Contrail attacks; both revealed maneuvers are left banks: he changes the
        defender's focus result to a blank, so its focus token changes nothing: 1 damage
        (2 hits, 1 evade) instead of none."""
        def damage(use: bool) -> int:
            sc = Scene()
            contrail = sc.ship("contrail", at=(400, 300, 0), dial_set="2BB",
                               dial_revealed=True)
            tie = sc.ship("academypilot", player=2, at=(400, 500, 180), dial_set="2BW",
                          dial_revealed=True, tokens={"focus": 1})
            game = sc.attack(contrail, tie, dice=["hit", "hit"],
                             defense=["focus", "evade", "blank"])
            # the attacker modifies the defense dice first, then the defender
            skip_to(game, "modify_defense_dice", contrail)
            if use:
                modify_with(game, "contrail")
            else:
                game.answer("done")
            if game.decision is not None and game.decision.ship == tie and \
                    any(str(o.key).startswith("focus") for o in game.decision.options):
                game.answer(option_with(game, "focus"))
            finish(game)
            return len(game.state.ships[tie].damage)

        assert damage(True) == 1
        assert damage(False) == 0

    def test_other_bearing_or_dial_not_revealed(self):
        """A bank against a straight, a left bank against a right bank, or an attacker that
        has not revealed its dial: nothing is offered."""
        for mine, theirs, revealed in (("2BB", "3FW", True), ("2BB", "2NW", True),
                                       ("2FB", "3FW", False)):
            game, contrail, _ = contrail_scene(mine, theirs, revealed=revealed)
            if game.decision is not None and game.decision.ship == contrail:
                assert not offers(game, "contrail")


# ---------------------------------------------------------------------- "Klick"
def klick_scene(pilot="klick", locks=("p2.1",), tie_at=(400, 420, 180), charge=1):
    """An Academy Pilot attacks a Loyalist Volunteer at range 1; Klick is 100 mm to the
    side."""
    sc = Scene()
    klick = sc.ship(pilot, at=(250, 300, 0), locks=list(locks), charges={pilot: charge})
    target = sc.ship("loyalistvolunteer", at=(400, 300, 0))
    tie = sc.ship("academypilot", player=2, at=tie_at)
    game = sc.attack(tie, target, dice=["hit", "hit", "hit"], defense=["blank"] * 3)
    return game, klick, target, tie


class TestKlick:
    @pytest.mark.parametrize("pilot", ["klick", "klick-siegeofcoruscant"])
    def test_spending_the_charge_cancels_the_range_bonus(self, pilot):
        """The TIE Klick has locked attacks at range 1: Klick spends his charge so the
        range 1 bonus is not applied: 2 attack dice are rolled instead of 3."""
        game, klick, _target, tie = klick_scene(pilot)
        assert game.decision.kind == "use_ability" and game.decision.ship == klick
        game.answer("use")
        finish(game)
        assert game.state.ships[klick].charges[pilot].active == 0
        assert len(rolls(game, tie)[0]) == 2
        game, klick, _target, tie = klick_scene(pilot)
        game.answer("decline")
        finish(game)
        assert len(rolls(game, tie)[0]) == 3

    def test_not_without_a_lock_a_charge_or_a_bonus(self):
        """No lock on either ship, no charge left, or an attack at range 2 (no range bonus):
        nothing is asked and the dice are rolled as usual."""
        for kwargs in ({"locks": ()}, {"charge": 0}, {"tie_at": (400, 520, 180)}):
            game, klick, _t, _tie = klick_scene(**kwargs)
            assert game.decision is None or game.decision.ship != klick


# ------------------------------------------------------------- Alpha-3B "Besh"
class TestAlpha3BBesh:
    def test_spend_the_lock_to_make_a_blank_a_hit(self):
        """A Nimbus with Besh attacks with a lock on the defender: spending the lock turns
        a blank into a hit: 2 damage instead of 1."""
        def damage(use: bool) -> int:
            sc = Scene()
            ship = sc.ship("shadowsquadronescort", at=(400, 300, 0), upgrades=["alpha3bbesh"],
                           locks=["p2.1"])
            tie = sc.ship("academypilot", player=2, at=(400, 500, 180))
            game = sc.attack(ship, tie, dice=["hit", "blank"], defense=["blank"] * 3)
            skip_to(game, "modify_attack_dice", ship)
            if use:
                modify_with(game, "alpha3bbesh")
                assert game.state.ships[ship].locks == []
            finish(game)
            return len(game.state.ships[tie].damage)

        assert damage(True) == 2
        assert damage(False) == 1

    @pytest.mark.parametrize(("config", "fits"), [("alpha3bbesh", True),
                                                   ("alpha3eesk", False), (None, False)])
    def test_it_adds_a_device_slot(self, config, fits):
        """Besh adds a device slot (its text; the card data has no such grant): a Shadow
        Squadron Escort fits proton bombs with Besh, not with Esk nor with none."""
        db = load_cards()
        upgrades = [db.upgrade(u) for u in (config, "protonbombs") if u]
        assert fit_upgrades(db.pilot("shadowsquadronescort"), upgrades).fits is fits

    def test_no_lock_nothing_offered(self):
        """Without a lock on the defender Besh offers nothing."""
        sc = Scene()
        ship = sc.ship("shadowsquadronescort", at=(400, 300, 0), upgrades=["alpha3bbesh"])
        tie = sc.ship("academypilot", player=2, at=(400, 500, 180))
        game = sc.attack(ship, tie, dice=["hit", "blank"], defense=["blank"] * 3)
        assert not offers(game, "alpha3bbesh")


# -------------------------------------------------------------- Alpha-3E "Esk"
class TestAlpha3EEsk:
    def test_crits_become_ion_tokens(self):
        """A primary attack: spending Esk's 2 charges before the dice, the critical hit
        inflicts an ion token instead of damage (1 damage card, not 2)."""
        def run(use: bool):
            sc = Scene()
            ship = sc.ship("shadowsquadronescort", at=(400, 300, 0), upgrades=["alpha3eesk"])
            tie = sc.ship("academypilot", player=2, at=(400, 500, 180))
            game = sc.attack(ship, tie, dice=["hit", "crit"], defense=["blank"] * 3)
            answer(game, "use_ability", "use" if use else "decline", ship)
            finish(game)
            return game.state.ships[tie], game.state.ships[ship]

        tie, ship = run(True)
        assert len(tie.damage) == 1 and tie.count(Token.ION) == 1
        assert ship.charges["alpha3eesk"].active == 0
        tie, ship = run(False)
        assert len(tie.damage) == 2 and not tie.has(Token.ION)

    def test_not_with_one_charge(self):
        """With 1 charge left Esk can't be used: nothing is asked before the dice."""
        sc = Scene()
        ship = sc.ship("shadowsquadronescort", at=(400, 300, 0), upgrades=["alpha3eesk"],
                       charges={"alpha3eesk": 1})
        tie = sc.ship("academypilot", player=2, at=(400, 500, 180))
        game = sc.attack(ship, tie, dice=["hit", "crit"], defense=["blank"] * 3)
        assert game.decision is None or game.decision.kind != "use_ability"
