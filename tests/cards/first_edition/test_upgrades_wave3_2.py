"""First-edition wave 3 upgrades (src/tallon/cards/first_edition/upgrades_wave3_2.py): the
maneuver cards, the titles, Anti-Pursuit Lasers and Proton Bombs. Scenes on a
first-edition table (``Scene(ruleset="1e")``): player 1 at y = 0 facing +y."""

from __future__ import annotations

from tallon.engine.actions import PerformAction
from tallon.engine.payloads import DetonateBombs
from tallon.engine.rounds import Activate, EndPhase
from tallon.engine.state import DamageCard, Token
from tallon.scene import Scene, load_dice, start_at
from tests.cards.helpers import activation, pass_all, pass_until, values

ROOKIE = "1e-xwing-rookiepilot"
ACADEMY = "1e-tiefighter-academypilot"
BLUE = "1e-bwing-bluesquadronpilot"
TEN_NUMB = "1e-bwing-tennumb"
SCIMITAR = "1e-tiebomber-scimitarsquadronpilot"
OPERATIVE = "1e-hwk290-rebeloperative"
OMICRON = "1e-lambdaclassshuttle-omicrongrouppilot"


def solo(pilot: str, upgrades=(), enemy_at=(400, 880, 180), **setup):
    sc = Scene(ruleset="1e")
    a = sc.ship(pilot, at=(400, 200, 0), upgrades=list(upgrades), **setup)
    e = sc.ship(ACADEMY, player=2, at=enemy_at)
    return sc, a, e


def kinds(game) -> list[str]:
    return pass_all(game)


def activation_rolling(sc, ship: str, dial: str, dice: list[str]):
    """The ship's activation with ``dial`` revealed, the next attack dice loaded."""
    game = sc.game()
    game.state.ships[ship].dial_set = dial
    load_dice(game, dice)
    start_at(game, Activate(ship), phase="activation")
    return game


# --------------------------------------------------------------- Adrenaline Rush
class TestAdrenalineRush:
    AR = "1e-adrenalinerush"

    def test_red_maneuver_treated_as_white(self):
        """Ten Numb reveals a red [2 K-turn] and discards Adrenaline Rush: he executes it as
        white, receiving no stress token; the card is gone."""
        sc, a, _ = solo(TEN_NUMB, [self.AR])
        game = activation(sc, a, "2KR")
        pass_until(game, "use_ability", a)
        game.answer("use")
        pass_all(game)
        ship = game.state.ships[a]
        assert not ship.stressed and self.AR not in ship.upgrades
        assert round(ship.pose.heading) % 360 == 180

    def test_declined_the_stress_stays(self):
        """Declining: the red K-turn gives its stress token."""
        sc, a, _ = solo(TEN_NUMB, [self.AR])
        game = activation(sc, a, "2KR")
        pass_all(game)
        assert game.state.ships[a].stressed

    def test_not_for_a_white_maneuver(self):
        """A white [2 straight]: nothing is offered."""
        sc, a, _ = solo(TEN_NUMB, [self.AR])
        game = activation(sc, a, "2FB")
        assert "use_ability" not in kinds(game)

    def test_faq_stressed_ship_may_use_it(self):
        """FAQ (1e), Adrenaline Rush / Revealing Red Maneuvers: a stressed ship revealing a
        red maneuver may use it first: Ten Numb executes his K-turn. Declining, he executes
        a white [2 straight] (FAQ errata, Rules Reference (Stress)); nobody else chooses."""
        sc, a, _ = solo(TEN_NUMB, [self.AR], stress=1)
        game = activation(sc, a, "2KR")
        pass_until(game, "use_ability", a)
        game.answer("use")
        asked = pass_all(game)
        assert round(game.state.ships[a].pose.heading) % 360 == 180
        assert "choose_maneuver" not in asked
        sc, a, _ = solo(TEN_NUMB, [self.AR], stress=1)
        game = activation(sc, a, "2KR")
        pass_until(game, "use_ability", a)
        game.answer("decline")
        assert "choose_maneuver" not in pass_all(game)
        moved = [e for e in game.log if e["kind"] == "move" and e.get("ship") == a]
        assert moved and moved[-1]["maneuver"] == "2FW"

    def test_faq_not_for_damaged_engine_turns(self):
        """FAQ (1e), Adrenaline Rush / Damaged Engine: a white turn made red by a faceup
        Damaged Engine can't be treated as white: nothing is offered, the turn stresses."""
        sc, a, _ = solo(TEN_NUMB, [self.AR],
                        damage=[DamageCard("1e-core-damagedengine", True, 1)])
        game = activation(sc, a, "2TW")
        asked = pass_all(game)
        assert "use_ability" not in asked
        assert game.state.ships[a].stressed


# -------------------------------------------------------------- Advanced Sensors
class TestAdvancedSensors:
    SENSORS = "1e-advancedsensors"

    def test_free_action_before_revealing_then_no_action_step(self):
        """Before revealing its dial the B-wing performs a free focus action; it then skips
        its Perform Action step (no action is asked after the maneuver)."""
        sc, a, _ = solo(BLUE, [self.SENSORS])
        game = activation(sc, a, "2FB")
        assert game.decision.kind == "use_ability" and "focus" in values(game)
        assert not any(e["kind"] == "reveal" for e in game.log)
        game.answer("focus")
        asked = pass_all(game)
        assert game.state.ships[a].has(Token.FOCUS)
        assert "perform_action" not in asked

    def test_declined_the_action_step_stays(self):
        """Declining: the Perform Action step comes as usual."""
        sc, a, _ = solo(BLUE, [self.SENSORS])
        game = activation(sc, a, "2FB")
        game.answer("decline")
        assert "perform_action" in pass_all(game)

    def test_faq_not_while_ionized(self):
        """FAQ (1e), Advanced Sensors: a ship without a dial to reveal (ionized) can't use
        it: nothing is asked before the ion maneuver."""
        sc, a, _ = solo(BLUE, [self.SENSORS], ion=1)
        game = activation(sc, a, "2FB")
        assert game.decision is None or game.decision.kind != "use_ability"


# --------------------------------------------------------------------- Navigator
class TestNavigator:
    NAV = "1e-navigator"

    def test_rotates_to_another_straight(self):
        """The HWK reveals [2 straight]; Navigator offers the other straights of its dial
        and it rotates to [3 straight]: it moves 3, not 2."""
        sc, a, _ = solo(OPERATIVE, [self.NAV])
        game = activation(sc, a, "2FB")
        pass_until(game, "use_ability", a)
        assert set(values(game)) == {"1FB", "3FW", "4FR", "decline"}
        game.answer("3FW")
        pass_all(game)
        moved = game.state.ships[a].pose.y - 200
        sc, b, _ = solo(OPERATIVE)
        game = activation(sc, b, "2FB")
        pass_all(game)
        assert moved > game.state.ships[b].pose.y - 200 + 30

    def test_stressed_no_red(self):
        """Stressed, the red [4 straight] is not offered."""
        sc, a, _ = solo(OPERATIVE, [self.NAV], stress=1)
        game = activation(sc, a, "2FB")
        pass_until(game, "use_ability", a)
        assert "4FR" not in values(game)

    def test_no_other_maneuver_of_that_bearing(self):
        """A [2 left turn] (the HWK's only left turn): nothing to rotate to, nothing asked."""
        sc, a, _ = solo(OPERATIVE, [self.NAV])
        game = activation(sc, a, "2TW")
        assert "use_ability" not in kinds(game)

    def test_faq_not_while_ionized(self):
        """FAQ (1e), Navigator: an ionized ship reveals no maneuver and can't change the
        ion maneuver: nothing is asked."""
        sc, a, _ = solo(OPERATIVE, [self.NAV], ion=1)
        game = activation(sc, a, "2FB")
        assert "use_ability" not in kinds(game)


# -------------------------------------------------------------------- Moldy Crow
class TestMoldyCrow:
    def end_phase(self, upgrades):
        sc, a, _ = solo(OPERATIVE, upgrades, tokens={"focus": 2, "evade": 1})
        game = sc.at(EndPhase(), phase="end")
        pass_all(game)
        return game.state.ships[a]

    def test_focus_tokens_kept(self):
        """End phase: with Moldy Crow the HWK keeps its 2 focus tokens (its evade token
        goes); without it they are removed."""
        ship = self.end_phase(["1e-moldycrow"])
        assert ship.count(Token.FOCUS) == 2 and not ship.has(Token.EVADE)
        assert not self.end_phase([]).has(Token.FOCUS)


# ------------------------------------------------------------------------ ST-321
class TestST321:
    def lock_options(self, upgrades) -> list[str]:
        sc = Scene(ruleset="1e")
        a = sc.ship(OMICRON, at=(100, 100, 0), upgrades=list(upgrades))
        sc.ship(ACADEMY, at=(850, 100, 0))
        sc.ship(ACADEMY, player=2, at=(850, 850, 180))
        game = sc.at(PerformAction(a, during_activation=True), phase="activation")
        game.answer("lock")
        return values(game) if game.decision else []

    def test_locks_an_enemy_anywhere(self):
        """The Lambda locks the Academy Pilot across the table (beyond Range 3) with ST-321;
        without it the lock action has no target."""
        assert self.lock_options(["1e-st321"]) == ["p2.1"]
        assert self.lock_options([]) == []

    def test_not_a_friendly_ship(self):
        """The friendly TIE beyond Range 3 is not offered."""
        assert "p1.2" not in self.lock_options(["1e-st321"])


# ------------------------------------------------------------ Anti-Pursuit Lasers
class TestAntiPursuitLasers:
    APL = "1e-antipursuitlasers"

    def scene(self, mover_player: int = 2, lambda_y: float = 500.0, upgrades=(APL,)):
        sc = Scene(ruleset="1e")
        shuttle = sc.ship(OMICRON, at=(400, lambda_y, 0), upgrades=list(upgrades))
        mover = sc.ship(ACADEMY, player=mover_player, at=(400, 400, 0))
        if mover_player == 1:
            sc.ship(ACADEMY, player=2, at=(850, 880, 180))
        return sc, shuttle, mover

    def test_enemy_bumping_rolls_a_die(self):
        """An enemy TIE flies [2 straight] into the Lambda and ends touching it: the die is
        a hit, the TIE suffers 1 damage. Without the card it suffers none."""
        for upgrades, damaged in (((self.APL,), 1), ((), 0)):
            sc, _shuttle, tie = self.scene(upgrades=upgrades)
            game = activation_rolling(sc, tie, "2FB", ["hit"])
            pass_all(game)
            assert len(game.state.ships[tie].damage) == damaged

    def test_blank_no_damage(self):
        """The die a blank: no damage."""
        sc, _shuttle, tie = self.scene()
        game = activation_rolling(sc, tie, "2FB", ["blank"])
        pass_all(game)
        assert not game.state.ships[tie].damage

    def test_not_a_friendly_ship(self):
        """A friendly TIE bumping into it: no roll, no damage."""
        sc, _shuttle, tie = self.scene(mover_player=1)
        game = activation_rolling(sc, tie, "2FB", ["hit"])
        pass_all(game)
        assert not game.state.ships[tie].damage
        assert not any(e["kind"] == "roll" for e in game.log)

    def test_faq_template_over_the_ship_is_no_overlap(self):
        """FAQ (1e), Anti-Pursuit Lasers: only a ship ending its maneuver touching it; an
        enemy TIE flying [5 straight] whose template crosses the Lambda but whose base ends
        beyond it: no roll."""
        sc, _shuttle, tie = self.scene(lambda_y=500.0)
        game = activation_rolling(sc, tie, "5FW", ["hit"])
        pass_all(game)
        assert game.state.ships[tie].pose.y > 560
        assert not any(e["kind"] == "roll" for e in game.log)


    def test_faq_r2d2_shield_before_the_roll(self):
        """FAQ (1e), R2-D2: a ship with R2-D2 executing a green maneuver that overlaps a
        ship with Anti-Pursuit Lasers recovers its shield before rolling for the damage."""
        sc = Scene(ruleset="1e")
        shuttle = sc.ship(OMICRON, player=2, at=(400, 500, 180), upgrades=[self.APL])
        rookie = sc.ship(ROOKIE, at=(400, 400, 0), upgrades=["1e-r2d2"], shields=1)
        game = activation_rolling(sc, rookie, "2FB", ["hit"])
        assert game.decision.kind == "use_ability" and game.decision.ship == rookie
        assert not any("antipursuitlasers" in e["text"] for e in game.log)
        game.answer("use")
        pass_all(game)
        texts = [e["text"] for e in game.log]
        shield = next(i for i, t in enumerate(texts) if "recovers 1 shield" in t)
        roll = next(i for i, t in enumerate(texts) if "rolls hit for 1e-antipursuitlasers" in t)
        assert shield < roll
        # recovered (2), then 1 lost to the lasers' damage
        assert game.state.ships[rookie].shields == 1
        assert game.state.ships[shuttle].shields == 5


# ------------------------------------------------------------------ Proton Bombs
class TestProtonBombs:
    BOMBS = "1e-protonbombs"

    def scene(self, **setup):
        sc = Scene(ruleset="1e")
        bomber = sc.ship(SCIMITAR, at=(400, 300, 0), upgrades=[self.BOMBS], **setup)
        rookie = sc.ship(ROOKIE, player=2, at=(480, 250, 180))
        return sc, bomber, rookie

    def test_drop_then_faceup_card_at_range_1(self):
        """Revealing its dial the bomber discards Proton Bombs to drop the token behind it;
        at the end of the Activation phase it detonates: the rookie at Range 1 is dealt 1
        faceup damage card although it has shields."""
        sc, bomber, rookie = self.scene()
        game = activation(sc, bomber, "2FB")
        assert game.decision.kind == "launch_device"
        game.answer("1F")
        pass_all(game)
        assert self.BOMBS not in game.state.ships[bomber].upgrades
        assert len(game.state.devices) == 1
        start_at(game, DetonateBombs(), phase="activation")
        pass_all(game)
        ship = game.state.ships[rookie]
        assert [c.faceup for c in ship.damage] == [True] and ship.shields == 2
        assert not game.state.devices

    def test_declined_nothing(self):
        """Declining: no token, the card stays."""
        sc, bomber, _rookie = self.scene()
        game = activation(sc, bomber, "2FB")
        game.answer("decline")
        pass_all(game)
        assert not game.state.devices
        assert self.BOMBS in game.state.ships[bomber].upgrades

    def test_faq_one_bomb_drop_a_round(self):
        """FAQ (1e) Q&A: a ship drops one bomb a round: having dropped one this round
        already, it is not offered Proton Bombs."""
        sc, bomber, _rookie = self.scene(device_placed=(1, "activation"))
        game = activation(sc, bomber, "2FB")
        assert game.decision is None or game.decision.kind != "launch_device"
