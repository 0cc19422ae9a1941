"""First-edition upgrades of :mod:`tallon.cards.first_edition.upgrades_w10_2`: Dorsal Turret,
Snap Shot, Trick Shot, Thermal Detonators, Sabine Wren (crew) and ARC Caster. Player 1 at
(400, 300) facing +y; a small ship ahead at y = 380 / 490 / 550 is at Range 1 / 2 / 3."""

from __future__ import annotations

from tallon.engine.attack import Engage
from tallon.engine.payloads import DetonateBombs, PlacedDevice, outline_of
from tallon.engine.rounds import StartEngagement
from tallon.engine.state import Token
from tallon.engine.weapons import cannot_attack
from tallon.geometry import Pose
from tallon.scene import Scene, start_at
from tests.cards.first_edition.test_pilots_wave1 import declare
from tests.cards.helpers import (
    activation,
    dice_count,
    engage,
    pass_all,
    pass_until,
    skip_dice,
    values,
)

Y = {1: 380.0, 2: 490.0, 3: 550.0}
ROOKIE, ACADEMY = "1e-xwing-rookiepilot", "1e-tiefighter-academypilot"
BLACK = "1e-tiefighter-blacksquadronpilot"
SHUTTLE = "1e-attackshuttle-zeborrelios"
SCIMITAR = "1e-tiebomber-scimitarsquadronpilot"
M3A = "1e-m3ainterceptor-cartelspacer"


def _bomb(game, owner: int, x: float, y: float, card: str, kind: str) -> str:
    device = PlacedDevice(f"d{owner}.{len(game.state.devices) + 1}", card, kind, "bomb",
                          owner, Pose(x, y, 0.0), outline_of(card))
    game.state.devices = [*game.state.devices, device]
    game.state.moved()
    return device.id


# ------------------------------------------------------------------- Dorsal Turret
class TestDorsalTurret:
    def dice(self, range_: int) -> int:
        sc = Scene(ruleset="1e")
        a = sc.ship(SHUTTLE, at=(400, 300, 0), upgrades=["1e-dorsalturret"])
        sc.ship(ACADEMY, player=2, at=(400, Y[range_], 180))
        game = engage(sc, a, ["blank"] * 3, ["blank"] * 3)
        declare(game, weapon="1e-dorsalturret")
        skip_dice(game)
        return dice_count(game, 0)

    def test_three_dice_at_range_1(self):
        """At Range 1 the turret rolls 3 dice (its 2 and 1 more)."""
        assert self.dice(1) == 3

    def test_two_at_range_2(self):
        assert self.dice(2) == 2


# ----------------------------------------------------------------------- Snap Shot
class TestSnapShot:
    def move(self, up=("1e-snapshot",), focus: int = 0):
        sc = Scene(ruleset="1e")
        snap = sc.ship(BLACK, at=(400, 300, 0), upgrades=list(up), focus=focus)
        enemy = sc.ship(ROOKIE, player=2, at=(400, 500, 180))
        game = activation(sc, enemy, "1FW")
        return game, snap, enemy

    def test_attacks_the_ship_that_moved(self):
        """The X-wing ends its [1 straight] at Range 1 in front of the TIE: the TIE may
        attack it with Snap Shot; afterwards it cannot attack again this phase."""
        game, snap, enemy = self.move()
        pass_until(game, "use_ability", snap)
        game.answer("use")
        assert game.decision.kind == "bonus_attack"
        assert f"1e-snapshot@{enemy}" in values(game)
        game.answer(f"1e-snapshot@{enemy}")
        pass_all(game)
        ship = game.state.ships[snap]
        assert cannot_attack(game, ship) is not None

    def test_not_without_the_card(self):
        """Without Snap Shot: nothing offered as the X-wing moves."""
        game, _snap, _enemy = self.move(up=())
        assert "use_ability" not in pass_all(game)

    def test_its_own_dice_are_not_modified(self):
        """The TIE has a focus token: it is not offered on the Snap Shot's dice."""
        game, snap, enemy = self.move(focus=1)
        pass_until(game, "use_ability", snap)
        game.answer("use")
        game.answer(f"1e-snapshot@{enemy}")
        seen = []
        while game.decision is not None:
            d = game.decision
            if d.kind == "modify_attack_dice" and d.ship == snap:
                seen.extend(values(game))
            pass_all(game, limit=1)
        assert not any(k.startswith("focus") for k in seen)


# ---------------------------------------------------------------------- Trick Shot
class TestTrickShot:
    def attack(self, obstacle: bool, up=("1e-trickshot",)):
        sc = Scene(ruleset="1e")
        a = sc.ship(BLACK, at=(400, 300, 0), upgrades=list(up))
        sc.ship(ROOKIE, player=2, at=(400, 560, 180))
        if obstacle:
            sc.obstacle("core2asteroid5", 400, 430)
        game = engage(sc, a, ["blank"] * 3, ["blank"] * 3)
        declare(game)
        return game, a

    def test_one_more_die_when_obstructed(self):
        """An asteroid obstructs the attack: Trick Shot adds a third attack die."""
        game, a = self.attack(True)
        pass_until(game, "use_ability", a)
        game.answer("use")
        skip_dice(game)
        assert dice_count(game, 0) == 3

    def test_not_when_clear(self):
        game, _a = self.attack(False)
        assert "use_ability" not in pass_all(game)
        assert dice_count(game, 0) == 2


# -------------------------------------------------------------- Thermal Detonators
class TestThermalDetonators:
    def test_drop_on_reveal(self):
        """Revealing its dial the bomber may discard the card to drop the token."""
        sc = Scene(ruleset="1e")
        s = sc.ship(SCIMITAR, at=(400, 300, 0), upgrades=["1e-thermaldetonators"])
        sc.ship(ROOKIE, player=2, at=(400, 850, 180))
        game = activation(sc, s, "2FW")
        assert game.decision.kind in ("launch_device", "use_ability")
        assert game.decision.ship == s

    def test_damage_and_stress_at_range_1(self):
        """The token detonates: the X-wing touching it suffers 1 damage and receives 1
        stress token; the TIE far away nothing."""
        sc = Scene(ruleset="1e")
        sc.ship(SCIMITAR, at=(100, 100, 0), upgrades=["1e-thermaldetonators"])
        near = sc.ship(ROOKIE, player=2, at=(400, 300, 180))
        far = sc.ship(ROOKIE, player=2, at=(800, 800, 180))
        game = sc.game()
        _bomb(game, 1, 400, 360, "1e-thermaldetonators", "1ethermaldetonator")
        start_at(game, DetonateBombs(), phase="activation")
        pass_all(game)
        ship = game.state.ships[near]
        assert ship.shields == 1 and ship.stressed
        assert game.state.ships[far].shields == 2 and not game.state.ships[far].stressed


# ------------------------------------------------------------- Sabine Wren (crew)
class TestSabineWrenCrew:
    def detonate(self, up):
        sc = Scene(ruleset="1e")
        sc.ship("1e-vcx100-lothalrebel", at=(100, 100, 0), upgrades=up)
        enemy = sc.ship(ACADEMY, player=2, at=(400, 300, 180))
        game = sc.game()
        _bomb(game, 1, 400, 370, "1e-thermaldetonators", "1ethermaldetonator")
        start_at(game, DetonateBombs(), phase="activation")
        pass_all(game)
        return game.state.ships[enemy]

    def test_one_more_damage_to_an_enemy_near_the_token(self):
        """A friendly bomb token at Range 1 of a TIE detonates: Sabine deals it 1 more
        damage (2 cards with the bomb's; 1 without her)."""
        assert len(self.detonate(["1e-sabinewren"]).damage) == 2
        assert len(self.detonate([]).damage) == 1


# ---------------------------------------------------------------------- ARC Caster
class TestArcCaster:
    def attack(self, dice, other_x: float = 440.0):
        sc = Scene(ruleset="1e")
        a = sc.ship(M3A, at=(400, 300, 0), upgrades=["1e-arccaster"])
        d = sc.ship(ROOKIE, player=2, at=(400, Y[1], 180))
        other = sc.ship(ROOKIE, player=2, at=(other_x, 470, 180))
        game = engage(sc, a, dice, ["blank"] * 2)
        declare(game, d, "1e-arccaster")
        return game, a, d, other

    def test_a_hit_damages_another_ship_then_flips(self):
        """The attack hits: the other X-wing at Range 1 of the defender suffers 1 damage,
        then the card flips to its recharging side."""
        game, a, _d, other = self.attack(["hit", "blank", "blank", "blank"])
        pass_until(game, "use_ability", a)
        game.answer(other)
        pass_all(game)
        assert game.state.ships[other].shields == 1
        assert ("upgrade", "1e-arccaster", 1) in game.state.ships[a].cards

    def test_a_miss_only_flips(self):
        game, a, _d, other = self.attack(["blank"] * 4)
        pass_all(game)
        assert game.state.ships[other].shields == 2
        assert ("upgrade", "1e-arccaster", 1) in game.state.ships[a].cards

    def test_recharging_side_flips_back_for_a_weapons_disabled_token(self):
        """Recharging, at the start of the Combat phase it may receive a weapons disabled
        token to flip the card back."""
        sc = Scene(ruleset="1e")
        a = sc.ship(M3A, at=(400, 300, 0), upgrades=["1e-arccaster"])
        sc.ship(ROOKIE, player=2, at=(400, 800, 180))
        game = sc.game()
        from tallon.engine.effects import flip_upgrade

        flip_upgrade(game, game.state.ships[a], "1e-arccaster", 1)
        start_at(game, StartEngagement())
        pass_until(game, "use_ability", a)
        game.answer("use")
        ship = game.state.ships[a]
        assert ship.has(Token.DISARM) and ("upgrade", "1e-arccaster", 0) in ship.cards


class TestSnapShotInCombat:
    def test_not_the_ships_combat_attack(self):
        """In the Combat phase the TIE's own attack offers only its primary weapon, not
        Snap Shot (ruling: the card's attack comes only after an enemy's maneuver)."""
        sc = Scene(ruleset="1e")
        a = sc.ship(BLACK, at=(400, 300, 0), upgrades=["1e-snapshot"])
        sc.ship(ROOKIE, player=2, at=(400, Y[1], 180))
        game = engage(sc, a, [], [])
        assert values(game) == ["primary:front@p2.1", "none"]


class TestArcCasterRecharging:
    def test_no_attack_while_recharging(self):
        """Flipped to its recharging side, the ARC Caster offers no attack."""
        from tallon.engine.effects import flip_upgrade

        sc = Scene(ruleset="1e")
        a = sc.ship(M3A, at=(400, 300, 0), upgrades=["1e-arccaster"])
        sc.ship(ROOKIE, player=2, at=(400, Y[1], 180))
        game = engage(sc, a, [], [])
        assert any(k.startswith("1e-arccaster") for k in values(game))
        flip_upgrade(game, game.state.ships[a], "1e-arccaster", 1)
        start_at(game, Engage(a))
        assert not any(k.startswith("1e-arccaster") for k in values(game))


class TestHotshotCopilot:
    YT = "1e-yt1300-outerrimsmuggler"

    def test_the_defender_must_spend_its_focus_token(self):
        """The YT-1300 with Hotshot Co-pilot attacks an X-wing holding a focus token: the
        X-wing cannot just be done - it must spend the token (its focus result becomes an
        evade). Without the card it may keep the token."""
        sc = Scene(ruleset="1e")
        a = sc.ship(self.YT, at=(400, 300, 0), upgrades=["1e-hotshotcopilot"])
        d = sc.ship(ROOKIE, player=2, at=(400, 560, 180), focus=1)
        game = engage(sc, a, ["hit", "hit"], ["focus", "blank"])
        declare(game, d, "primary:all")
        skip_dice(game, "modify_defense_dice", d)
        assert "done" not in values(game)
        game.answer(next(k for k in values(game) if "hotshot" in k))
        pass_all(game)
        assert not game.state.ships[d].has(Token.FOCUS)
        assert "1 hit(s)" in [e["text"] for e in game.log if e["kind"] == "neutralize"][-1]

        sc = Scene(ruleset="1e")
        a = sc.ship(self.YT, at=(400, 300, 0))
        d = sc.ship(ROOKIE, player=2, at=(400, 560, 180), focus=1)
        game = engage(sc, a, ["hit", "hit"], ["focus", "blank"])
        declare(game, d, "primary:all")
        skip_dice(game, "modify_defense_dice", d)
        assert "done" in values(game)

    def test_the_attacker_must_spend_when_it_defends(self):
        """An X-wing with a focus token attacks the YT-1300: it must spend the token."""
        sc = Scene(ruleset="1e")
        d = sc.ship(self.YT, at=(400, 300, 0), upgrades=["1e-hotshotcopilot"])
        a = sc.ship(ROOKIE, player=2, at=(400, 560, 180), focus=1)
        game = engage(sc, a, ["blank", "blank", "blank"], ["blank"])
        declare(game, d)
        skip_dice(game, "modify_attack_dice", a)
        assert "done" not in values(game)

    def test_not_without_a_focus_token(self):
        """The X-wing has no focus token: nothing to spend, nothing asked."""
        sc = Scene(ruleset="1e")
        a = sc.ship(self.YT, at=(400, 300, 0), upgrades=["1e-hotshotcopilot"])
        d = sc.ship(ROOKIE, player=2, at=(400, 560, 180))
        game = engage(sc, a, ["hit", "hit"], ["focus", "blank"])
        declare(game, d, "primary:all")
        assert "modify_defense_dice" not in pass_all(game)
