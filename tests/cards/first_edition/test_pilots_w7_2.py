"""First-edition pilots of the T-70 X-wing, TIE/fo Fighter, Punishing One, Mist Hunter and
Inquisitor's TIE expansion packs, continued
(:mod:`tallon.cards.first_edition.pilots_w7_2`). Scenes as in
:mod:`tests.cards.first_edition.test_pilots_w7`."""

from __future__ import annotations

from tallon.engine.attack import Engage
from tallon.engine.queue import FireWindow
from tallon.engine.rounds import StartEngagement
from tallon.engine.state import DamageCard, Token
from tallon.scene import Scene, declare, start_at
from tests.cards.first_edition.test_pilots_w7 import (
    ACADEMY,
    FREELANCER,
    NOVICE,
    ROOKIE,
    SCOUT,
    Y,
    duel,
)
from tests.cards.helpers import (
    Hurt,
    activation,
    engage,
    pass_all,
    pass_until,
    rolled,
)
from tests.rules.attack_helpers import rolls

ZETA_LEADER = "1e-tiefofighter-zetaleader"
ELLO = "1e-t70xwing-elloasty"
VALEN = "1e-tieadvprototype-valenrudor"
FOUR_LOM = "1e-g1astarfighter-4lom"
MANAROO = "1e-jumpmaster5000-manaroo"
TEL = "1e-jumpmaster5000-teltrevura"


# ------------------------------------------------------------------- Zeta Leader
class TestZetaLeader:
    def test_stress_for_an_extra_die(self):
        """Not stressed, attacking: he receives 1 stress token and rolls 3 dice instead of
        2; declining, 2 and no stress."""
        for answer, dice, stressed in (("use", 3, True), ("decline", 2, False)):
            sc, a, d = duel(ZETA_LEADER)
            game = engage(sc, a, ["blank"] * 3, ["blank"] * 3)
            declare(game, a, d)
            pass_until(game, "use_ability", a)
            game.answer(answer)
            pass_all(game)
            assert len(rolled(game, a)) == dice and game.state.ships[a].stressed is stressed

    def test_not_while_stressed(self):
        """Stressed: not offered."""
        sc, a, d = duel(ZETA_LEADER, stress=1)
        game = engage(sc, a, ["blank"] * 3, ["blank"] * 3)
        declare(game, a, d)
        kinds = pass_all(game)
        assert "use_ability" not in kinds and len(rolled(game, a)) == 2


# --------------------------------------------------------------------- Ello Asty
class TestElloAsty:
    def _roll(self, pilot: str, answer: str | None, **setup):
        sc = Scene(ruleset="1e")
        e = sc.ship(pilot, at=(400, 300, 0), **setup)
        sc.ship(ACADEMY, player=2, at=(400, 850, 180))
        game = activation(sc, e, "3ER")
        kinds = []
        while game.decision is not None:
            d = game.decision
            kinds.append(d.kind)
            if d.kind == "use_ability" and answer is not None:
                game.answer(answer)
            else:
                keys = d.option_keys()
                game.answer("pass" if "pass" in keys else "decline" if "decline" in keys
                            else keys[0])
        return game, e, kinds

    def test_tallon_roll_white(self):
        """His red 3 Tallon roll left treated as white: no stress token; declining (or a
        Blue Squadron Novice) - 1 stress token."""
        game, e, _ = self._roll(ELLO, "use")
        assert not game.state.ships[e].stressed
        game, e, _ = self._roll(ELLO, "decline")
        assert game.state.ships[e].stressed
        game, e, _ = self._roll(NOVICE, None)
        assert game.state.ships[e].stressed

    def test_not_while_stressed(self):
        """Stressed, he is not offered it (and a stressed ship executes no red maneuver)."""
        _game, _e, kinds = self._roll(ELLO, "use", stress=1)
        assert "use_ability" not in kinds


# ------------------------------------------------------------------- Valen Rudor
class TestValenRudor:
    def test_free_action_after_defending(self):
        """After defending he may perform a free action: he takes a focus action."""
        sc, v, e = duel(VALEN)
        game = engage(sc, e, ["blank"] * 3, ["blank"] * 2)
        declare(game, e, v)
        pass_until(game, "use_ability", v)
        game.answer("act")
        pass_until(game, "perform_action", v)
        game.answer(next(k for k in game.decision.option_keys() if "focus" in k))
        pass_all(game)
        assert game.state.ships[v].has(Token.FOCUS)

    def test_not_after_attacking(self):
        """Attacking, no free action is offered."""
        sc, v, e = duel(VALEN)
        game = engage(sc, v, ["blank"] * 2, ["blank"] * 2)
        declare(game, v, e)
        kinds = pass_all(game)
        assert "use_ability" not in kinds and not game.state.ships[v].has(Token.FOCUS)

    def test_faq_moving_can_prevent_the_gunner_attack(self):
        """FAQ (1e), Valen Rudor: moving by his free action (a barrel roll) before the
        attacker's further attack (Gunner, after a miss), that attack checks range and arc
        again: rolled out of the Rookie Pilot's arc, Gunner is not offered; had he stayed,
        it would be."""
        for roll, gunner in ((True, False), (False, True)):
            sc = Scene(ruleset="1e")
            r = sc.ship(ROOKIE, at=(400, 300, 0), upgrades=["1e-gunner"])
            v = sc.ship(VALEN, player=2, at=(520, 420, 180))
            game = engage(sc, r, ["blank"] * 3, ["blank"] * 3)
            declare(game, r, v)
            asked = []
            while game.decision is not None:
                d = game.decision
                keys = d.option_keys()
                asked.append((d.kind, d.ship))
                if d.kind == "use_ability" and d.ship == v:
                    game.answer("act" if roll else "decline")
                elif d.kind == "perform_action" and d.ship == v:
                    game.answer("barrel_roll")
                elif d.kind in ("barrel_roll_direction", "barrel_roll_position"):
                    game.answer(keys[0])  # left (toward +x): out of the arc
                else:
                    game.answer("done" if "done" in keys else "decline" if "decline" in keys
                                else "none" if "none" in keys else keys[0])
            assert (("use_ability", r) in asked) is gunner

    def test_faq_attack_twice_once_after_the_second(self):
        """FAQ (1e), Valen Rudor: against Cluster Missiles ("perform this attack twice") he
        uses his ability once, after the second attack."""
        sc = Scene(ruleset="1e")
        v = sc.ship(VALEN, at=(400, 300, 0))
        e = sc.ship("1e-bwing-bluesquadronpilot", player=2, at=(400, Y[2], 180),
                    upgrades=["1e-clustermissiles"], locks=["p1.1"])
        game = engage(sc, e, ["blank"] * 6, ["blank"] * 6)
        declare(game, e, v, "1e-clustermissiles")
        asked = []
        while game.decision is not None:
            d = game.decision
            if d.kind == "use_ability" and d.ship == v:
                asked.append(len([r for r in rolls(game, e)]))
                game.answer("decline")
                continue
            keys = d.option_keys()
            game.answer("done" if "done" in keys else "decline" if "decline" in keys
                        else keys[0])
        assert asked == [2]


# ------------------------------------------------------------------------ 4-LOM
class TestFourLom:
    def _scene(self, other_y: float, friendly: bool = False):
        sc = Scene(ruleset="1e")
        lom = sc.ship(FOUR_LOM, at=(400, 300, 0), stress=2)
        other = sc.ship(FREELANCER if friendly else ROOKIE, player=1 if friendly else 2,
                        at=(400 if not friendly else 520, other_y, 180 if not friendly else 0))
        if friendly:
            sc.ship(ROOKIE, player=2, at=(400, 850, 180))
        return sc.at(FireWindow.of("start_end_phase"), phase="end"), lom, other

    def test_gives_a_stress_token_to_an_enemy_at_range_1(self):
        """At the start of the End phase he assigns 1 of his 2 stress tokens to an enemy
        at Range 1."""
        game, lom, other = self._scene(Y[1])
        pass_until(game, "use_ability", lom)
        game.answer(other)
        assert game.state.ships[lom].count(Token.STRESS) == 1
        assert game.state.ships[other].count(Token.STRESS) == 1

    def test_not_beyond_range_1(self):
        """The enemy at Range 2: nothing is offered."""
        game, lom, _other = self._scene(Y[2])
        kinds = pass_all(game)
        assert "use_ability" not in kinds and game.state.ships[lom].count(Token.STRESS) == 2


# ----------------------------------------------------------------------- Manaroo
class TestManaroo:
    def _scene(self, friend_x: float):
        sc = Scene(ruleset="1e")
        m = sc.ship(MANAROO, at=(400, 300, 0), focus=1, evade=1, locks=["p2.1"])
        f = sc.ship(SCOUT, at=(friend_x, 300, 0))
        sc.ship(ROOKIE, player=2, at=(400, 700, 180))
        sc.ship(ROOKIE, player=2, at=(200, 700, 180))
        return sc.at(StartEngagement()), m, f

    def test_gives_all_her_tokens_to_a_friend_at_range_1(self):
        """At the start of the Combat phase she assigns her focus, evade and target lock
        tokens to a friend at Range 1: it has them, she has none."""
        game, m, f = self._scene(520)
        pass_until(game, "use_ability", m)
        game.answer(f)
        ships = game.state.ships
        assert ships[f].has(Token.FOCUS) and ships[f].has(Token.EVADE)
        assert ships[f].locks == ["p2.1"]
        assert not ships[m].has(Token.FOCUS) and not ships[m].locks

    def test_her_lock_replaces_the_friends(self):
        """Ruling: a ship keeps 1 target lock (rulebook (1e)): the friend's own lock on
        another enemy is replaced by hers."""
        game, m, f = self._scene(520)
        game.state.ships[f].locks = ["p2.2"]
        pass_until(game, "use_ability", m)
        game.answer(f)
        assert game.state.ships[f].locks == ["p2.1"]

    def test_not_beyond_range_1(self):
        """The friend at Range 2: she keeps her tokens."""
        game, m, _f = self._scene(600)
        pass_all(game)
        assert game.state.ships[m].has(Token.FOCUS) and game.state.ships[m].locks


# ------------------------------------------------------------------- Tel Trevura
class TestTelTrevura:
    def _killing_blow(self, pilot: str, **setup):
        sc = Scene(ruleset="1e")
        t = sc.ship(pilot, at=(400, 300, 0), shields=0,
                    damage=[DamageCard("1e-core-directhit", False, 80 + k) for k in range(4)],
                    **setup)
        e = sc.ship(ROOKIE, player=2, at=(400, Y[2], 180))
        game = engage(sc, e, ["hit"] * 3, ["blank"] * 2)
        declare(game, e, t)
        pass_all(game)
        return game, t

    def test_survives_the_first_destruction(self):
        """With 4 damage cards (hull 5) he suffers 3 hits: instead of being destroyed, the
        remaining damage is canceled, his cards discarded and 4 facedown cards dealt. A
        Contracted Scout is destroyed."""
        game, t = self._killing_blow(TEL)
        ship = game.state.ships[t]
        assert not ship.destroyed and len(ship.damage) == 4
        assert not any(card.faceup for card in ship.damage)
        game, s = self._killing_blow(SCOUT)
        assert game.state.ships[s].destroyed

    def test_only_the_first_time(self):
        """Having used it, the next destruction destroys him."""
        game, t = self._killing_blow(TEL)
        start_at(game, Hurt(t, hits=1))
        pass_all(game)
        assert game.state.ships[t].destroyed

    def test_faq_before_after_attacking_abilities(self):
        """FAQ (1e), Tel Trevura: the ability resolves in the Deal Damage step, before the
        "after attacking" abilities: an after-attacking ability of the attacker (a test
        card) already finds him not destroyed, with his 4 new facedown cards."""
        from tallon.cards import CARDS
        from tallon.engine.abilities import CardRegistry, Triggered

        seen = []

        def note(ctx, choice):
            ship = ctx.other(ctx.event["defender"])
            seen.append((ship.destroyed, len(ship.damage)))

        mine = CardRegistry("test", base=CARDS)
        mine.register("pilot", ROOKIE,
                      Triggered("note the defender", window="after_attack", optional=False,
                                requirement=lambda ctx: ctx.event["attacker"] == ctx.ship.id,
                                effect=note), description="test")
        sc = Scene(ruleset="1e", cards=mine)
        t = sc.ship(TEL, at=(400, 300, 0), shields=0,
                    damage=[DamageCard("1e-core-directhit", False, 80 + k) for k in range(4)])
        e = sc.ship(ROOKIE, player=2, at=(400, Y[2], 180))
        game = engage(sc, e, ["hit"] * 3, ["blank"] * 2)
        declare(game, e, t)
        pass_all(game)
        assert seen == [(False, 4)]

    def test_faq_damaged_cockpit_discarded_restores_pilot_skill(self):
        """FAQ (1e), Tel Trevura and Altered Pilot Skill: with a faceup Damaged Cockpit (pilot
        skill 0), discarding his damage cards gives him pilot skill 7 again."""
        sc = Scene(ruleset="1e")
        t = sc.ship(TEL, at=(400, 300, 0), shields=0,
                    damage=[DamageCard("1e-core-damagedcockpit", True, 70)]
                    + [DamageCard("1e-core-directhit", False, 80 + k) for k in range(3)])
        e = sc.ship(ROOKIE, player=2, at=(400, Y[2], 180))
        game = sc.game()
        game.state.ships[t].round_initiative = 0
        start_at(game, Engage(e))
        from tallon.scene import load_dice
        load_dice(game, ["hit"] * 3, ["blank"] * 2)
        declare(game, e, t)
        pass_all(game)
        assert not game.state.ships[t].destroyed
        assert game.state.ships[t].current_initiative == 7
