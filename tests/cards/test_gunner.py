"""Gunner upgrades that attack again or aim the turret (tallon.cards.upgrades.gunner).
Scenes: the attacker at (400, 300) facing +y (player 1): a Gray Squadron Bomber (Rebel
Y-wing, front arc, initiative 2) with a Dorsal Turret (a special turret weapon, range
1-2), a Contracted Scout (JumpMaster 5000, a primary single turret weapon), or a 104th
Battalion Pilot (ARC-170, primary front and rear arcs). Enemies are Academy Pilots (TIE/ln,
initiative 1, agility 3, hull 3). A small base centred at y 380 / 490 / 550 is at range
1 / 2 / 3 of the attacker; one at (400, 200) is behind it at range 1."""

from __future__ import annotations

from tallon.dice import DieKind
from tallon.engine.attack import Engage
from tallon.engine.queue import FireWindow
from tallon.engine.rounds import StartEngagement, Sweep, SystemTurn
from tallon.engine.state import Token
from tallon.geometry import Arc
from tallon.scene import Scene, faces, load_dice, stack_deck, start_at
from tests.cards.helpers import dice_count, engage, logged, modify_with, offers, pass_all

Y = {1: 380.0, 2: 490.0, 3: 550.0}
BLANKS = ["blank"] * 3
DECK = ["structuraldamage"] * 2 + ["weaponsfailure"] * 2


def declare(game, defender="p2.1", weapon="primary:front"):
    assert game.decision.kind in ("declare_attack", "bonus_attack"), game.decision.prompt
    game.answer(f"{weapon}@{defender}")


def bonus_keys(game):
    assert game.decision is not None and game.decision.kind == "bonus_attack", \
        game.decision and game.decision.kind
    return game.decision.option_keys()


def asked(game, kind="use_ability"):
    """Pass dice decisions; whether a decision of ``kind`` comes before the end."""
    while game.decision is not None:
        d = game.decision
        if d.kind == kind:
            return True
        if not d.kind.startswith(("modify_", "cancel_")):
            return False
        game.answer("done" if "done" in d.option_keys() else d.options[0].key)
    return False


def ywing(upgrades, tokens=None, **setup):
    sc = Scene()
    a = sc.ship("graysquadronbomber", at=(400, 300, 0), upgrades=["dorsalturret", *upgrades],
                tokens=tokens or {}, **setup)
    return sc, a


# ---------------------------------------------------------------- Agile Gunner
class TestAgileGunner:
    def _end_phase(self, upgrades, pilot="contractedscout"):
        sc = Scene()
        a = sc.ship(pilot, at=(400, 300, 0), upgrades=upgrades)
        sc.ship("academypilot", player=2, at=(400, 800, 180))
        return sc.at(FireWindow.of("end_phase"), phase="end"), a

    def test_rotates_the_turret_in_the_end_phase(self):
        """End Phase, a JumpMaster with its turret to the front: Agile Gunner may rotate the
        indicator; turned to the left arc, the turret points left (without the card the End
        Phase asks nothing and the turret stays in front)."""
        game, a = self._end_phase(["agilegunner"])
        assert game.decision.option_keys() == ["rotate:rear", "rotate:left", "rotate:right",
                                               "decline"]
        game.answer("rotate:left")
        assert game.state.ships[a].turret == (Arc.LEFT,)
        game, a = self._end_phase([])
        assert game.decision is None and game.state.ships[a].turret == (Arc.FRONT,)

    def test_not_without_a_turret_indicator(self):
        """A TIE/ln has no turret arc indicator: nothing to rotate, nothing asked."""
        game, _ = self._end_phase(["agilegunner"], pilot="academypilot")
        assert game.decision is None

    def test_a_double_indicator_turns_to_the_other_pair(self):
        """A YT-1300 (double turret, front and rear) rotates to the side pair (RR: ROTATE)."""
        game, a = self._end_phase(["agilegunner"], pilot="outerrimsmuggler")
        assert game.decision.option_keys() == ["rotate:left", "decline"]
        game.answer("rotate:left")
        assert game.state.ships[a].turret == (Arc.LEFT, Arc.RIGHT)


# -------------------------------------------------------------- Luke Skywalker
class TestLukeSkywalker:
    def _start(self, force=1):
        sc = Scene()
        a = sc.ship("contractedscout", at=(400, 300, 0), upgrades=["lukeskywalker"],
                    force=force)
        sc.ship("academypilot", player=2, at=(400, 800, 180))
        return sc.at(StartEngagement()), a

    def test_force_and_a_deplete_token_rotate_the_turret(self):
        """Start of the Engagement Phase: Luke spends 1 Force and the ship gains a deplete
        token to turn the turret to the rear arc."""
        game, a = self._start()
        game.answer("rotate:rear")
        ship = game.state.ships[a]
        assert ship.turret == (Arc.REAR,) and ship.force == 0 and ship.has(Token.DEPLETE)

    def test_not_without_force(self):
        """Without Force the cost can't be paid: nothing is asked, the turret stays."""
        game, a = self._start(force=0)
        assert game.decision is None and game.state.ships[a].turret == (Arc.FRONT,)


# ------------------------------------------------------------------ Bistan
class TestBistan:
    def _scene(self, tokens):
        sc, a = ywing(["bistan"], tokens)
        sc.ship("academypilot", player=2, at=(400, Y[2], 180))
        sc.ship("academypilot", player=2, at=(470, Y[2], 180))
        game = engage(sc, a, ["blank", "blank"], BLANKS)
        declare(game, "p2.1")
        return game, a

    def test_focused_a_bonus_turret_attack_on_another_ship(self):
        """A primary attack on the first TIE while focused: Bistan offers a bonus turret
        attack, which can't target the TIE already attacked this round, only the other."""
        game, _ = self._scene({"focus": 1})
        assert asked(game)
        game.answer("use")
        assert bonus_keys(game) == ["dorsalturret@p2.2", "none"]

    def test_not_unfocused(self):
        """Without a focus token nothing is offered after the attack."""
        game, _ = self._scene({})
        assert not asked(game)


# ------------------------------------------------------- Veteran Turret Gunner
class TestVeteranTurretGunner:
    def _scene(self, pilot):
        sc = Scene()
        a = sc.ship(pilot, at=(400, 300, 0), upgrades=["veteranturretgunner"])
        sc.ship("academypilot", player=2, at=(400, Y[2], 180))
        sc.ship("academypilot", player=2, at=(400, 150, 0))
        game = engage(sc, a, ["blank"] * 3, BLANKS)
        weapon = next(w for w in game.decision.option_keys() if "turret" in w)
        game.answer(weapon.replace(weapon.rpartition("@")[2], "p2.1"))
        return game

    def test_a_bonus_attack_from_the_other_turret_arc(self):
        """A YT-1300 (double turret: front and rear) attacks the TIE ahead from its front
        turret arc: Veteran Turret Gunner's bonus turret attack may come only from the rear
        turret arc, at the TIE behind (the TIE ahead, in the arc already used, is not
        offered)."""
        game = self._scene("outerrimsmuggler")
        assert asked(game)
        game.answer("use")
        assert bonus_keys(game) == ["primary:double_turret@p2.2", "none"]

    def test_not_from_the_turret_arc_already_attacked_from(self):
        """A JumpMaster's single turret points front, the arc it attacked from: no bonus
        turret attack is offered."""
        assert not asked(self._scene("contractedscout"))

    def test_front_arc_primary_attack_then_turret_in_front(self):
        """FAQ (ARCS): a primary front-arc attack is not an attack from the turret arc:
        a Y-wing that attacked with its front arc may make the bonus Dorsal Turret attack
        with the turret pointing front."""
        sc, a = ywing(["veteranturretgunner"])
        sc.ship("academypilot", player=2, at=(400, Y[2], 180))
        game = engage(sc, a, ["blank", "blank"], BLANKS)
        declare(game)
        assert asked(game)
        game.answer("use")
        assert bonus_keys(game) == ["dorsalturret@p2.1", "none"]


# ------------------------------------------------------------------ Ezra Bridger
class TestEzraBridger:
    def _scene(self, force=1, stress=0):
        sc, a = ywing(["ezrabridger"], {"stress": stress} if stress else {}, force=force)
        sc.ship("academypilot", player=2, at=(400, Y[2], 180))
        game = engage(sc, a, ["blank", "blank"], BLANKS,
                      then=faces(DieKind.ATTACK, ["blank", "blank", "hit"])
                      + faces(DieKind.DEFENSE, BLANKS))
        declare(game)
        return game, a

    def test_force_for_a_bonus_turret_attack_and_a_reroll_while_stressed(self):
        """After the front-arc primary attack Ezra spends 1 Force for a bonus Dorsal Turret
        attack; being stressed, the Y-wing may reroll 1 attack die in it (a blank becomes a
        hit)."""
        game, a = self._scene(stress=1)
        assert asked(game)
        game.answer("use")
        assert game.state.ships[a].force == 0
        declare(game, weapon="dorsalturret")
        assert game.decision.kind == "modify_attack_dice"
        modify_with(game, "ezrabridger")
        assert "1 hit(s)" in [e["text"] for e in game.log if e["kind"] == "neutralize"][-1]

    def test_no_reroll_unstressed(self):
        """Unstressed, the bonus attack gets no reroll from Ezra."""
        game, _ = self._scene()
        assert asked(game)
        game.answer("use")
        declare(game, weapon="dorsalturret")
        assert not offers(game, "ezrabridger")

    def test_not_without_force(self):
        """Without Force, no bonus attack is offered."""
        game, _ = self._scene(force=0)
        assert not asked(game)



# ---------------------------------------------------------------------- Han Solo
class TestHanSolo:
    def _scene(self, upgrades=("hansolo",), enemy="academypilot"):
        sc = Scene()
        a = sc.ship("contractedscout", at=(400, 300, 0), upgrades=list(upgrades))
        sc.ship(enemy, player=2, at=(400, Y[2], 180))
        game = sc.at(StartEngagement(), Sweep("engagement"))
        load_dice(game, ["hit", "hit"], BLANKS)
        stack_deck(game, 2, DECK)
        return game, a

    def test_a_turret_attack_at_initiative_7(self):
        """At initiative 7 (before any ship engages), Han Solo lets the JumpMaster perform a
        bonus turret attack: the TIE takes 2 damage before anyone engages."""
        game, a = self._scene()
        assert game.decision.kind == "use_ability"
        game.answer("use")
        declare(game, weapon="primary:single_turret")
        pass_all(game, limit=6)
        assert len(game.state.ships["p2.1"].damage) == 2
        assert game.state.ships[a].bonus_attack_done

    def test_not_again_from_that_turret_arc_this_round(self):
        """After Han's attack from the front turret arc, the JumpMaster's own engagement
        offers no attack from that arc: the TIE ahead can't be declared."""
        game, a = self._scene()
        game.answer("use")
        declare(game, weapon="primary:single_turret")
        pass_all(game, limit=8)
        assert logged(game, "no_attack", f"({a}) has no target")

    def test_a_ship_destroyed_at_initiative_7_leaves_before_initiative_1(self):
        """Han's attack at initiative 7 destroys a Black Squadron Ace (initiative 3, hull 1
        for the scene): it is removed when that step ends (simultaneous fire spares only
        ships of the same initiative), so at initiative 3, the first step, it does not
        engage."""
        game, _ = self._scene(enemy="blacksquadronace")
        game.state.ships["p2.1"].hull = 1
        game.answer("use")
        declare(game, weapon="primary:single_turret")
        pass_all(game, limit=8)
        tie = game.state.ships["p2.1"]
        assert tie.removed
        assert not any(e["kind"] == "engage" and "(p2.1)" in e["text"] for e in game.log)

    def test_without_han_no_attack_at_initiative_7(self):
        """Without the card the phase starts with the ships engaging in order: the first
        decision is the JumpMaster's own attack."""
        game, a = self._scene(())
        assert game.decision.kind == "declare_attack" and game.decision.ship == a


# -------------------------------------------------------------------------- Bossk
class TestBossk:
    def _scene(self, dice, stress=0):
        sc = Scene()
        a = sc.ship("contractedscout", at=(400, 300, 0), upgrades=["bossk"],
                    tokens={"stress": stress} if stress else {})
        sc.ship("academypilot", player=2, at=(400, Y[2], 180))
        game = engage(sc, a, dice, BLANKS)
        declare(game, weapon="primary:single_turret")
        return game, a

    def test_a_miss_must_gain_stress_and_attack_the_same_target_again(self):
        """A primary attack that misses: Bossk is not optional; the JumpMaster gains 1
        stress token and must attack the same TIE again ("no attack" is not offered)."""
        game, a = self._scene(["blank", "blank"])
        while game.decision.kind != "bonus_attack":
            game.answer("done")
        assert game.state.ships[a].count(Token.STRESS) == 1
        assert bonus_keys(game) == ["primary:single_turret@p2.1"]

    def test_not_after_a_hit(self):
        """The attack hits: no bonus attack, no stress."""
        game, a = self._scene(["hit", "hit"])
        pass_all(game, limit=5)
        assert not game.state.ships[a].stressed

    def test_not_while_stressed(self):
        """Already stressed: the miss brings no bonus attack (and no more stress)."""
        game, a = self._scene(["blank", "blank"], stress=1)
        assert not asked(game, "bonus_attack")
        assert game.state.ships[a].count(Token.STRESS) == 1


# ------------------------------------------------------------ Veteran Tail Gunner
class TestVeteranTailGunner:
    def _scene(self, weapon, upgrades=("veterantailgunner",)):
        sc = Scene()
        a = sc.ship("104thbattalionpilot", at=(400, 300, 0), upgrades=list(upgrades))
        sc.ship("academypilot", player=2, at=(400, Y[2], 180))
        sc.ship("academypilot", player=2, at=(400, 150, 0))
        game = engage(sc, a, ["blank"] * 3, BLANKS)
        declare(game, "p2.1" if weapon == "primary:front" else "p2.2", weapon)
        return game

    def test_after_a_front_arc_attack_a_bonus_rear_arc_attack(self):
        """The ARC-170 attacks the TIE ahead with its front arc: Veteran Tail Gunner offers
        a bonus primary rear arc attack at the TIE behind."""
        game = self._scene("primary:front")
        assert asked(game)
        game.answer("use")
        assert bonus_keys(game) == ["primary:rear@p2.2", "none"]

    def test_not_after_a_rear_arc_attack(self):
        """After a rear arc attack nothing is offered."""
        assert not asked(self._scene("primary:rear"))

    def test_not_without_the_card(self):
        """The same front arc attack without the card: no bonus rear arc attack."""
        assert not asked(self._scene("primary:front", ()))


# --------------------------------------------------------- Special Forces Gunner
class TestSpecialForcesGunner:
    def _scene(self, turret, dice):
        sc = Scene()
        a = sc.ship("graysquadronbomber", at=(400, 300, 0), upgrades=["specialforcesgunner"],
                    attacks=(("front", 2), ("single_turret", 2)), turret=turret)
        sc.ship("academypilot", player=2, at=(400, Y[2], 180))
        sc.ship("academypilot", player=2, at=(400, 150, 0))
        game = engage(sc, a, dice, BLANKS)
        declare(game)
        return game

    def test_turret_in_front_one_more_attack_die(self):
        """A primary front-arc attack with the turret pointing front: the Y-wing (given a
        primary turret weapon for the scene) may roll 3 dice instead of 2."""
        game = self._scene("front", ["hit", "hit", "hit"])
        assert game.decision.kind == "use_ability"
        game.answer("use")
        assert dice_count(game, 0) == 3

    def test_turret_in_rear_a_bonus_turret_attack(self):
        """The turret pointing to the rear: no extra die, but after the front-arc attack a
        bonus primary turret attack at the TIE behind."""
        game = self._scene("rear", ["blank", "blank"])
        assert dice_count(game, 0) == 2
        assert asked(game) and "bonus" in game.decision.prompt
        game.answer("use")
        assert bonus_keys(game) == ["primary:single_turret@p2.2", "none"]

    def test_turret_to_the_side_nothing(self):
        """The turret pointing left: neither the extra die nor the bonus attack."""
        game = self._scene("left", ["blank", "blank"])
        assert not asked(game)


# ---------------------------------------------------------------- Migs Mayfeld
class TestMigsMayfeld:
    def _scene(self, tokens):
        sc = Scene()
        a = sc.ship("104thbattalionpilot", at=(400, 300, 0), upgrades=["migsmayfeld"])
        sc.ship("academypilot", player=2, at=(400, Y[2], 180))
        sc.ship("academypilot", player=2, at=(400, 150, 0), tokens=tokens)
        game = engage(sc, a, ["blank"] * 3, BLANKS)
        declare(game)
        return game

    def test_rear_arc_bonus_attack_on_a_target_with_a_red_token(self):
        """After the front arc attack, the TIE behind has a stress token: Mayfeld offers a
        rear arc attack on it as a bonus attack."""
        game = self._scene({"stress": 1})
        assert asked(game)
        game.answer("use")
        assert bonus_keys(game) == ["primary:rear@p2.2", "none"]

    def test_not_on_a_target_without_red_or_orange_tokens(self):
        """The TIE behind has only a focus token (green): no bonus attack is offered."""
        game = self._scene({"focus": 1})
        assert not asked(game)


# ---------------------------------------------------------------- Airen Cracken
class TestAirenCracken:
    def _scene(self, dice):
        sc = Scene()
        sc.ship("academypilot", player=1, at=(400, 300, 0))
        d = sc.ship("104thbattalionpilot", player=2, at=(400, Y[2], 180),
                    upgrades=["airencracken-battleoverendor"])
        game = engage(sc, "p1.1", dice, ["blank"])
        declare(game, d)
        return game, d

    def test_after_a_hit_deplete_for_a_bonus_attack_on_the_attacker(self):
        """The ARC-170 is hit: it may gain a deplete token to attack the TIE back as a bonus
        attack."""
        game, d = self._scene(["hit", "blank"])
        assert asked(game)
        game.answer("use")
        assert game.state.ships[d].has(Token.DEPLETE)
        assert bonus_keys(game) == ["primary:front@p1.1", "none"]

    def test_not_after_a_miss(self):
        """The attack misses the ARC-170: Airen Cracken offers nothing."""
        game, _ = self._scene(["blank", "blank"])
        assert not asked(game)


# ---------------------------------------------------------------- Hotshot Gunner
class TestHotshotGunner:
    def _scene(self, weapon, tokens):
        sc, a = ywing(["hotshotgunner"])
        sc.ship("academypilot", player=2, at=(400, Y[2], 180), tokens=tokens)
        game = engage(sc, a, ["hit", "blank"], BLANKS)
        declare(game, weapon=weapon)
        return game

    def test_a_turret_attack_makes_the_defender_remove_a_focus_token(self):
        """A Dorsal Turret attack: after the Modify Defense Dice step the defender removes
        its focus token (it chose not to spend it)."""
        game = self._scene("dorsalturret", {"focus": 1})
        while game.decision is not None:
            game.answer("done")
        assert not game.state.ships["p2.1"].has(Token.FOCUS)

    def test_the_defender_chooses_between_focus_and_calculate(self):
        """The defender has a focus and a calculate token: its player chooses which one
        goes; it keeps the other."""
        game = self._scene("dorsalturret", {"focus": 1, "calculate": 1})
        while game.decision.kind != "use_ability":
            game.answer("done")
        assert game.decision.player == 2
        assert game.decision.option_keys() == ["focus", "calculate"]
        game.answer("calculate")
        tie = game.state.ships["p2.1"]
        assert tie.has(Token.FOCUS) and not tie.has(Token.CALCULATE)

    def test_not_in_a_front_arc_attack(self):
        """A primary front arc attack is not a turret attack: the defender keeps its focus
        token."""
        game = self._scene("primary:front", {"focus": 1})
        while game.decision is not None:
            game.answer("done")
        assert game.state.ships["p2.1"].has(Token.FOCUS)


# ------------------------------------------------------------- Skilled Bombardier
class TestSkilledBombardier:
    def _turn(self, upgrades):
        sc = Scene()
        me = sc.ship("graysquadronbomber", at=(400, 300, 0), upgrades=upgrades)
        sc.ship("academypilot", player=2, at=(400, 800, 180))
        game = sc.game()
        start_at(game, SystemTurn(me), phase="system")
        return game

    def test_a_template_one_speed_higher(self):
        """Proton Bombs drop with the [1 straight] template; Skilled Bombardier adds the [2
        straight] (there is no speed 0 template): dropped with it, the bomb lies 80 mm
        behind."""
        game = self._turn(["protonbombs", "skilledbombardier"])
        assert game.decision.option_keys() == ["1F", "2F", "decline"]
        game.answer("2F")
        assert game.state.devices[0].pose.y == 300 - 20 - 80

    def test_without_the_card_only_the_cards_template(self):
        """Without Skilled Bombardier only the card's own [1 straight] template is offered."""
        game = self._turn(["protonbombs"])
        assert game.decision.option_keys() == ["1F", "decline"]


# ---------------------------------------------------------------------- Paige Tico
class TestPaigeTico:
    def _scene(self, weapon="primary:front"):
        sc = Scene()
        a = sc.ship("graysquadronbomber", at=(400, 300, 0),
                    upgrades=["dorsalturret", "protonbombs", "paigetico"])
        sc.ship("academypilot", player=2, at=(400, Y[2], 180))
        game = engage(sc, a, ["blank", "blank"], BLANKS)
        declare(game, weapon=weapon)
        return game, a

    def test_after_a_primary_attack_drop_a_bomb(self):
        """After its primary attack the Y-wing may drop a proton bomb (paying its charge)."""
        game, a = self._scene()
        assert asked(game)
        assert "protonbombs@1F" in game.decision.option_keys()
        assert "rotate:rear" in game.decision.option_keys()
        game.answer("protonbombs@1F")
        assert len(game.state.devices) == 1
        assert game.state.ships[a].charges["protonbombs"].active == 1

    def test_or_rotate_the_turret(self):
        """Paige may rotate the turret instead: it points right and no bomb is dropped."""
        game, a = self._scene()
        asked(game)
        game.answer("rotate:right")
        assert game.state.ships[a].turret == (Arc.RIGHT,) and not game.state.devices

    def test_not_after_a_special_attack(self):
        """After a Dorsal Turret (special) attack Paige offers nothing."""
        game, _ = self._scene("dorsalturret")
        assert not asked(game)

    def test_when_destroyed_drop_a_bomb(self):
        """Destroyed by an attack, before it is removed the Y-wing may drop a bomb."""
        sc = Scene()
        sc.ship("academypilot", at=(400, 100, 0))
        me = sc.ship("graysquadronbomber", player=2, at=(400, 300, 180),
                     upgrades=["protonbombs", "paigetico"], shields=0)
        game = sc.at(Engage("p1.1"))
        game.state.ships[me].hull = 1
        load_dice(game, ["hit", "hit"], ["blank"])
        declare(game, me)
        assert asked(game, "launch_device")
        game.answer(game.decision.option_keys()[0])
        assert len(game.state.devices) == 1
