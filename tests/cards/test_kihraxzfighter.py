"""Kihraxz fighter pilots (Scum and Villainy): each card in a scene built for it, compared
with the same scene without the card (or where it must not trigger).

Player 1 sits at y = 0 facing +y; player 2 at y = 914.4 facing -y. A range band is 100 mm;
small bases are 40 mm wide, so small ships whose centres are 200 mm apart on a line are at
range 2."""

from __future__ import annotations

from tallon.cards import CARDS
from tallon.engine.abilities import CardRegistry, Triggered
from tallon.engine.effects import suffer_damage
from tallon.engine.state import Token
from tallon.scene import Scene, start_at
from tests.cards.helpers import Hurt, answer, attack, finish, pass_all, rolled


def asked(game) -> list[tuple[str, str]]:
    """Pass on every decision to the end; the (kind, ship) of each one asked."""
    found = []
    while game.decision is not None:
        found.append((game.decision.kind, game.decision.ship))
        pass_all(game, 1)
    return found


def reach(game, kind: str, ship: str) -> None:
    """Pass on everything until a ``kind`` decision for ``ship``, or the end."""
    while game.decision is not None and not (game.decision.kind == kind
                                             and game.decision.ship == ship):
        pass_all(game, 1)


# --------------------------------------------------------------- Captain Jostero
#: a stand-in card: after the dice, the defender's card hurts the attacker (an enemy of
#: Jostero damaged during an attack it is not defending in)
STANDINS = CardRegistry("a card that hurts the attacker", base=CARDS)
STANDINS.register(
    "pilot", "spicerunner",
    Triggered("the attacker suffers 1 damage", window="after_neutralize", optional=False,
              requirement=lambda ctx: ctx.event["defender"] == ctx.ship.id,
              effect=lambda ctx, choice: suffer_damage(
                  ctx.game, ctx.other(ctx.event["attacker"]), hits=1, cause="a stand-in")),
    description="test stand-in: the attacker suffers 1 damage after the dice")


class TestCaptainJostero:
    def scene(self, pilot: str = "captainjostero", tie_at=(400, 500, 180), cards=CARDS):
        sc = Scene(cards=cards)
        me = sc.ship(pilot, at=(400, 300, 0))
        tie = sc.ship("academypilot", player=2, at=tie_at)
        return sc, me, tie

    def test_an_enemy_hurt_outside_an_attack_is_attacked(self):
        """The TIE in his front arc suffers 1 damage outside any attack (as an obstacle
        would deal it): Jostero may perform a bonus attack against it."""
        sc, me, tie = self.scene()
        game = sc.game()
        start_at(game, Hurt(tie))
        answer(game, "use_ability", "use", me)
        assert game.decision.kind == "bonus_attack" and game.decision.ship == me
        assert tie in [o.info["defender"] for o in game.decision.options if o.info]

    def test_another_pilot_does_not(self):
        sc, _me, tie = self.scene(pilot="cartelmarauder")
        game = sc.game()
        start_at(game, Hurt(tie))
        assert game.decision is None

    def test_not_when_no_weapon_reaches_it(self):
        """The TIE hurt behind him, outside his front arc: nothing is offered."""
        sc, _me, tie = self.scene(tie_at=(400, 100, 0))
        game = sc.game()
        start_at(game, Hurt(tie))
        assert game.decision is None

    def test_not_the_defender(self):
        """He attacks the TIE and his hit damages it: it is defending, so no bonus attack
        follows."""
        sc, me, tie = self.scene()
        game = attack(sc, me, tie, ["hit", "hit", "hit"], ["blank"] * 3)
        found = asked(game)
        assert len(game.state.ships[tie].damage) == 3
        assert ("use_ability", me) not in found and ("bonus_attack", me) not in found

    def test_an_attacker_hurt_during_its_attack_is_attacked_afterwards(self):
        """An enemy TIE attacks a friendly HWK whose (stand-in) card then hurts the TIE: the
        TIE is not defending, so once that attack is over (its Aftermath step) Jostero may
        perform a bonus attack against it (ruling)."""
        sc = Scene(cards=STANDINS)
        me = sc.ship("captainjostero", at=(400, 300, 0))
        hwk = sc.ship("spicerunner", at=(600, 300, 0))
        tie = sc.ship("academypilot", player=2, at=(500, 500, 180))
        game = attack(sc, tie, hwk, ["hit", "hit"], ["blank", "blank"])
        reach(game, "use_ability", me)
        assert game.decision is not None, "Jostero was not offered his bonus attack"
        assert len(game.state.ships[tie].damage) == 1
        assert game.state.attack is not None and game.state.attack.step == "aftermath"
        answer(game, "use_ability", tie, me)
        assert game.decision.kind == "bonus_attack" and game.decision.ship == me


# -------------------------------------------------------------------------- Graz
class TestGraz:
    def attack_dice(self, pilot: str = "graz", tie_heading: float = 0) -> int:
        sc = Scene()
        me = sc.ship(pilot, at=(400, 300, 0))
        tie = sc.ship("academypilot", player=2, at=(400, 500, tie_heading))
        game = attack(sc, me, tie, ["hit"] * 5, ["blank"] * 3)
        finish(game)
        return len(rolled(game, me))

    def defense_dice(self, pilot: str = "graz", hwk_heading: float = 0) -> int:
        sc = Scene()
        me = sc.ship(pilot, at=(400, 300, 0))
        # the HWK's turret points at its rear arc: Graz behind it, or in front of it
        hwk = sc.ship("spicerunner", player=2, at=(400, 500, hwk_heading),
                      turret="rear" if hwk_heading == 0 else "front")
        game = attack(sc, hwk, me, ["hit", "hit"], ["blank"] * 4)
        finish(game)
        return len(rolled(game, me))

    def test_behind_the_defender_he_rolls_one_more_attack_die(self):
        """The TIE faces away from Graz at range 2: he is behind it and rolls 4 dice; a
        Cartel Marauder there rolls 3."""
        assert self.attack_dice() == 4
        assert self.attack_dice(pilot="cartelmarauder") == 3

    def test_not_in_front_of_the_defender(self):
        """The TIE faces him: 3 dice."""
        assert self.attack_dice(tie_heading=180) == 3

    def test_behind_the_attacker_he_rolls_one_more_defense_die(self):
        """An HWK ahead of him, facing away, attacks him with its turret: Graz is behind it
        and rolls 3 defense dice instead of 2."""
        assert self.defense_dice() == 3
        assert self.defense_dice(pilot="cartelmarauder") == 2

    def test_not_in_front_of_the_attacker(self):
        """The HWK faces him: 2 defense dice."""
        assert self.defense_dice(hwk_heading=180) == 2


# --------------------------------------------------------------- Talonbane Cobra
class TestTalonbaneCobra:
    def attack_dice(self, pilot: str = "talonbanecobra", y: float = 420) -> int:
        sc = Scene()
        me = sc.ship(pilot, at=(400, 300, 0))
        tie = sc.ship("academypilot", player=2, at=(400, y, 180))
        game = attack(sc, me, tie, ["hit"] * 6, ["blank"] * 4)
        finish(game)
        return len(rolled(game, me))

    def defense_dice(self, pilot: str = "talonbanecobra", y: float = 600) -> int:
        sc = Scene()
        me = sc.ship(pilot, at=(400, 300, 0))
        tie = sc.ship("academypilot", player=2, at=(400, y, 180))
        game = attack(sc, tie, me, ["hit"] * 3, ["blank"] * 4)
        finish(game)
        return len(rolled(game, me))

    def test_attacking_at_range_1_one_more_die(self):
        """At attack range 1 he rolls 5 dice (3, the range bonus, his ability); a Cartel
        Marauder rolls 4."""
        assert self.attack_dice() == 5
        assert self.attack_dice(pilot="cartelmarauder") == 4

    def test_not_attacking_at_range_2(self):
        assert self.attack_dice(y=500) == 3

    def test_defending_at_range_3_one_more_die(self):
        """Defending at attack range 3 he rolls 4 defense dice (2, the range bonus, his
        ability); a Cartel Marauder rolls 3."""
        assert self.defense_dice() == 4
        assert self.defense_dice(pilot="cartelmarauder") == 3

    def test_not_defending_at_range_2(self):
        assert self.defense_dice(y=500) == 2


# -------------------------------------------------------------------- Viktor Hel
class TestViktorHel:
    def stress(self, pilot: str = "viktorhel", y: float = 600) -> int:
        sc = Scene()
        me = sc.ship(pilot, at=(400, 300, 0))
        tie = sc.ship("academypilot", player=2, at=(400, y, 180))
        game = attack(sc, tie, me, ["hit", "hit"], ["blank"] * 3)
        finish(game)
        return game.state.ships[tie].count(Token.STRESS)

    def test_three_defense_dice_stress_the_attacker(self):
        """Defending at range 3 he rolls 3 defense dice, not exactly 2: the attacking TIE
        gains 1 stress token. Against a Cartel Marauder it gains none."""
        assert self.stress() == 1
        assert self.stress(pilot="cartelmarauder") == 0

    def test_exactly_two_dice_do_not(self):
        """At range 2 he rolls exactly 2 defense dice: no stress."""
        assert self.stress(y=500) == 0
