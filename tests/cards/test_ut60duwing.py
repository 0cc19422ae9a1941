"""UT-60D U-wing pilots: each card in a scene built for it, compared with the same scene
without the card (a generic Blue Squadron Scout in its place) or outside its conditions.

Player 1 (index 0) sits at y = 0 facing +y; player 2 at y = 914.4 facing -y. A range band
is 100 mm; the U-wing has a medium base (60 mm), the X-wing and TIE small ones (40 mm)."""

from __future__ import annotations

from tallon.engine.actions import PerformAction
from tallon.engine.rounds import StartActivation
from tallon.engine.state import DamageCard, Token
from tallon.scene import Scene, declare
from tests.cards.helpers import (
    Give,
    activation,
    answer,
    engage,
    logged,
    modify_with,
    offers,
    pass_all,
    skip_dice,
)


class TestBenthicTwoTubes:
    @staticmethod
    def focus_action(friend_at: tuple[float, float, float]):
        """Benthic performs a focus action with a friendly X-wing at ``friend_at``."""
        sc = Scene()
        benthic = sc.ship("benthictwotubes", at=(400, 300, 0))
        friend = sc.ship("redsquadronveteran", at=friend_at)
        sc.ship("academypilot", player=2, at=(400, 850, 180))
        game = sc.at(PerformAction(benthic, during_activation=True), phase="activation")
        answer(game, "perform_action", "focus", benthic)
        return game, benthic, friend

    def test_passes_the_focus_token_to_a_friend_at_range_2(self):
        """After his focus action, Benthic may transfer the focus token to a friendly ship
        at range 1-2: the X-wing has it and he doesn't; declining keeps it."""
        game, benthic, friend = self.focus_action((250, 300, 0))
        answer(game, "use_ability", friend, benthic)
        assert game.state.ships[friend].count(Token.FOCUS) == 1
        assert not game.state.ships[benthic].has(Token.FOCUS)
        kept, benthic2, friend2 = self.focus_action((250, 300, 0))
        answer(kept, "use_ability", "decline", benthic2)
        assert kept.state.ships[benthic2].count(Token.FOCUS) == 1
        assert not kept.state.ships[friend2].has(Token.FOCUS)

    def test_no_friend_in_range(self):
        """The only friend is at range 3 (about 250 mm away): nothing to choose; Benthic
        keeps the focus token."""
        game, benthic, friend = self.focus_action((60, 300, 0))
        assert game.decision is None
        assert game.state.ships[benthic].count(Token.FOCUS) == 1
        assert not game.state.ships[friend].has(Token.FOCUS)


class TestBodhiRook:
    @staticmethod
    def lock_targets(uwing: str) -> list[str]:
        """A friendly X-wing at (400, 300) performs a lock action; the enemy at (400, 800)
        is at range 5 of it but at range 2 of the U-wing at (400, 600)."""
        sc = Scene()
        xwing = sc.ship("redsquadronveteran", at=(400, 300, 0))
        sc.ship(uwing, at=(400, 600, 0))
        sc.ship("academypilot", player=2, at=(400, 800, 180))
        game = sc.at(PerformAction(xwing, during_activation=True), phase="activation")
        answer(game, "perform_action", "lock", xwing)
        if game.decision is None or game.decision.kind != "lock_target":
            return []
        return game.decision.option_keys()

    def test_friends_lock_from_his_range(self):
        """With Bodhi Rook, the X-wing may lock the enemy (range 0-3 of a friendly ship);
        with a generic U-wing it may not."""
        assert "p2.1" in self.lock_targets("bodhirook")
        assert "p2.1" not in self.lock_targets("bluesquadronscout")

    def test_enemy_ships_get_nothing(self):
        """An enemy X-wing performing a lock action does not measure from Bodhi (he helps
        friendly ships only): Bodhi, beyond range 3 of it, stays out of reach."""
        sc = Scene()
        sc.ship("bodhirook", at=(400, 100, 0))
        sc.ship("redsquadronveteran", at=(400, 600, 0))
        tie = sc.ship("bluesquadronescort", player=2, at=(400, 880, 180))
        game = sc.at(PerformAction(tie, during_activation=True), phase="activation")
        answer(game, "perform_action", "lock", tie)
        assert game.decision.kind == "lock_target"
        assert game.decision.option_keys() == ["p1.2"]


class TestCassianAndor:
    @staticmethod
    def start(friend_at: tuple[float, float, float]):
        sc = Scene()
        cassian = sc.ship("cassianandor", at=(400, 300, 0))
        friend = sc.ship("redsquadronveteran", at=friend_at, tokens={"stress": 1})
        sc.ship("academypilot", player=2, at=(400, 850, 180))
        return sc.at(StartActivation(), phase="activation"), cassian, friend

    def test_removes_a_friends_stress(self):
        """At the start of the Activation Phase Cassian picks the stressed X-wing at range
        1-3: it removes its stress token; declining leaves it stressed."""
        game, cassian, friend = self.start((250, 300, 0))
        answer(game, "use_ability", friend, cassian)
        assert not game.state.ships[friend].stressed
        kept, cassian2, friend2 = self.start((250, 300, 0))
        answer(kept, "use_ability", "decline", cassian2)
        assert kept.state.ships[friend2].stressed

    def test_not_beyond_range_3(self):
        """The stressed X-wing is at range 4 (about 350 mm away): Cassian can't choose it
        and it stays stressed."""
        game, _, friend = self.start((400, 750, 0))
        pass_all(game)
        assert game.state.ships[friend].stressed


class TestHeffTobber:
    @staticmethod
    def enemy_moves(heff_pilot: str, heff_y: float):
        """A TIE at (400, 500) facing -y executes a [2 straight]; the U-wing sits ahead of
        it at ``heff_y``."""
        sc = Scene()
        heff = sc.ship(heff_pilot, at=(400, heff_y, 0))
        tie = sc.ship("academypilot", player=2, at=(400, 500, 180))
        game = activation(sc, tie, "2FB")
        return game, heff, tie

    def test_acts_when_an_enemy_ends_at_range_0(self):
        """The TIE bumps into Heff Tobber (range 0): he may perform an action and takes a
        focus action; a generic U-wing in his place is offered nothing."""
        game, heff, tie = self.enemy_moves("hefftobber", 380)
        # the bump's own focus offer to the TIE comes first (RR: MANEUVER)
        answer(game, "perform_action", "pass", tie)
        answer(game, "use_ability", "use", heff)
        answer(game, "perform_action", "focus", heff)
        assert game.state.ships[heff].has(Token.FOCUS)
        plain, scout, _ = self.enemy_moves("bluesquadronscout", 380)
        kinds = pass_all(plain)
        assert "use_ability" not in kinds and not plain.state.ships[scout].has(Token.FOCUS)

    def test_not_when_the_enemy_stops_short(self):
        """Heff sits further away (the TIE ends at range 1 of him): no action."""
        game, heff, _ = self.enemy_moves("hefftobber", 150)
        kinds = pass_all(game)
        assert "use_ability" not in kinds
        assert not game.state.ships[heff].has(Token.FOCUS)


class TestMagvaYarro:
    @staticmethod
    def lock_rerolls(defender_pilot: str, magva_at: tuple[float, float, float] | None = None,
                     howlrunner: bool = False) -> list[str]:
        """An enemy X-wing at (400, 500) with a lock on the U-wing at (400, 300) rolls
        blank, blank, hit against it; Magva Yarro sits at ``magva_at`` (or is the
        defender). The lock rerolls the attacker is offered."""
        sc = Scene()
        target = sc.ship(defender_pilot, at=(400, 300, 0))
        if magva_at is not None:
            sc.ship("magvayarro", at=magva_at)
        attacker = sc.ship("redsquadronveteran", player=2, at=(400, 500, 180),
                           locks=[target])
        game = engage(sc, attacker, ["blank", "blank", "hit"], ["blank"] * 2,
                      rerolls=["blank"] * 3)
        declare(game, attacker, target)
        skip_dice(game, "modify_attack_dice", attacker)
        return [k for k in game.decision.option_keys() if k.startswith("lock:")]

    def test_attacker_rerolls_one_die_at_most(self):
        """Magva defends: the lock may reroll 1 die only (a blank or the hit); against a
        generic U-wing it may reroll up to all 3."""
        assert sorted(self.lock_rerolls("magvayarro")) == ["lock:reroll=blank",
                                                          "lock:reroll=hit"]
        assert "lock:reroll=blank,blank" in self.lock_rerolls("bluesquadronscout")

    def test_guards_a_friend_at_range_2_not_at_range_3(self):
        """The generic U-wing defends with Magva at range 2 of it: 1 die at most; with her
        at range 3, the 2-dice reroll is offered again."""
        near = self.lock_rerolls("bluesquadronscout", magva_at=(200, 300, 0))
        assert "lock:reroll=blank,blank" not in near and "lock:reroll=blank" in near
        far = self.lock_rerolls("bluesquadronscout", magva_at=(60, 100, 0))
        assert "lock:reroll=blank,blank" in far

    def test_no_second_reroll(self):
        """Howlrunner offers the attacker a further reroll; once it has rerolled 1 die with
        its lock, no reroll is offered any more (Magva: 1 attack die in all)."""
        sc = Scene()
        magva = sc.ship("magvayarro", at=(400, 300, 0))
        attacker = sc.ship("redsquadronveteran", player=2, at=(400, 500, 180),
                           locks=[magva])
        sc.ship("howlrunner", player=2, at=(520, 520, 180))
        game = engage(sc, attacker, ["blank", "blank", "hit"], ["blank"] * 2,
                      rerolls=["blank"] * 3)
        declare(game, attacker, magva)
        skip_dice(game, "modify_attack_dice", attacker)
        assert any(k.startswith("howlrunner") for k in game.decision.option_keys())
        answer(game, "modify_attack_dice", "lock:reroll=blank", attacker)
        assert game.decision is None or not any(
            "reroll" in k for k in game.decision.option_keys())
        rerolled = [e for e in game.log if e["kind"] == "modify" and "reroll" in e["text"]]
        assert len(rerolled) == 1


class TestSawGerrera:
    @staticmethod
    def attack(damaged: bool, saw_at: tuple[float, float, float] = (250, 300, 0)):
        """A friendly X-wing (damaged or not) attacks a TIE at range 2; Saw Gerrera sits at
        ``saw_at``."""
        sc = Scene()
        extra = {"damage": (DamageCard("directhit", False, 1),)} if damaged else {}
        xwing = sc.ship("redsquadronveteran", at=(400, 300, 0), tokens={"focus": 1},
                        **extra)
        sc.ship("sawgerrera", at=saw_at)
        tie = sc.ship("academypilot", player=2, at=(400, 500, 180))
        # the rerolled die shows a hit
        game = engage(sc, xwing, ["blank", "focus", "hit"], ["blank"] * 3, rerolls=["hit"])
        declare(game, xwing, tie)
        skip_dice(game, "modify_attack_dice", xwing)
        return game, xwing

    def test_damaged_friend_rerolls_a_die(self):
        """The damaged X-wing may reroll 1 attack die with Saw's ability: its blank
        becomes a hit, and the attack lands 2 hits instead of 1."""
        game, _ = self.attack(damaged=True)
        modify_with(game, "sawgerrera", "blank")
        skip_dice(game)
        assert logged(game, "neutralize", "2 hit(s), 0 critical")
        base, _ = self.attack(damaged=False)
        skip_dice(base)
        assert logged(base, "neutralize", "1 hit(s), 0 critical")

    def test_undamaged_friend_gets_nothing(self):
        """The X-wing has no damage card: Saw's reroll is not offered."""
        game, _ = self.attack(damaged=False)
        assert game.decision.kind == "modify_attack_dice"
        assert not offers(game, "sawgerrera")

    def test_not_beyond_range_3(self):
        """Saw is at range 4 of the damaged X-wing: no reroll."""
        game, _ = self.attack(damaged=True, saw_at=(850, 40, 0))
        assert game.decision.kind == "modify_attack_dice"
        assert not offers(game, "sawgerrera")


class TestK2SO:
    @staticmethod
    def stressed(pilot: str, token: str = "stress"):
        sc = Scene()
        ship = sc.ship(pilot, at=(400, 300, 0))
        sc.ship("academypilot", player=2, at=(400, 850, 180))
        game = sc.at(Give(ship, token), phase="activation")
        pass_all(game)
        return game.state.ships[ship]

    def test_gains_a_calculate_token_with_stress(self):
        """K-2SO gains a stress token, then a calculate token; a generic U-wing gains no
        calculate token."""
        assert self.stressed("k2so").count(Token.CALCULATE) == 1
        assert not self.stressed("bluesquadronscout").has(Token.CALCULATE)

    def test_not_for_other_tokens(self):
        """A focus token gained: no calculate token."""
        assert not self.stressed("k2so", "focus").has(Token.CALCULATE)
