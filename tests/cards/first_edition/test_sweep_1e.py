"""First-edition cards of the sweep (:mod:`tallon.cards.first_edition.sweep_1e` and
``sweep_1e_2``). Player 1 sits at y = 0 facing +y; a small ship at (400, 300) facing +y
reaches a ship ahead at y = 380 / 490 / 550 at Range 1 / 2 / 3; small bases are 40 mm
wide, so ships 40 mm apart touch."""

from __future__ import annotations

from tallon.cards.first_edition.ordnance_1e import discard_upgrade, is_discarded, ordnance_tokens
from tallon.dice import DieKind
from tallon.engine.actions import PerformAction
from tallon.engine.attack import Engage
from tallon.engine.game_end import CheckEnd
from tallon.engine.queue import FireWindow
from tallon.engine.state import DamageCard, Token
from tallon.scene import Scene, faces, load_dice, start_at
from tallon.scene import declare as scene_declare
from tests.cards.first_edition.test_pilots_wave1 import declare
from tests.cards.first_edition.test_upgrades_w7 import answer_rest
from tests.cards.first_edition.test_upgrades_wave1 import weapons
from tests.cards.helpers import activation, finish, skip_dice, values

Y = {1: 380.0, 2: 490.0, 3: 550.0}
ROOKIE, GOLD, ACADEMY = "1e-xwing-rookiepilot", "1e-ywing-goldsquadronpilot", \
    "1e-tiefighter-academypilot"
TLT = "1e-twinlaserturret"
UNKAR, GUNRUNNER = "1e-quadjumper-unkarplutt", "1e-quadjumper-jakkugunrunner"
SPACETUG = "1e-spacetugtractorarray"


# ------------------------------------------------------------ Twin Laser Turret
class TestTwinLaserTurret:
    def fire(self, attack, y=Y[2], upgrades=(TLT,)):
        """A Gold Squadron Pilot (Y-wing) with the turret; an Academy Pilot behind it, at
        ``y`` below it (outside its firing arc). Defense dice: blanks."""
        sc = Scene(ruleset="1e")
        a = sc.ship(GOLD, at=(400, 600, 0), upgrades=list(upgrades))
        d = sc.ship(ACADEMY, player=2, at=(400, 600 - (y - 300), 0))
        game = sc.at(Engage(a))
        load_dice(game, then=faces(DieKind.ATTACK, attack[:3]) + faces(DieKind.DEFENSE,
                  ["blank"] * 3) + faces(DieKind.ATTACK, attack[3:])
                  + faces(DieKind.DEFENSE, ["blank"] * 3))
        return sc, a, d, game

    def test_two_attacks_each_hit_deals_1_damage(self):
        """Both attacks hit (3 hits, then 1 hit): each deals exactly 1 damage, its results
        canceled - 2 damage in all, where the same dice through a weapon without the
        card's rule would deal 4."""
        _sc, _a, d, game = self.fire(["hit", "hit", "hit", "hit", "blank", "blank"])
        assert weapons(game) == [TLT]  # behind the Y-wing: only the turret
        declare(game, weapon=TLT)
        skip_dice(game)
        finish(game)
        assert len(game.state.ships[d].damage) == 2

    def test_one_hit_one_miss(self):
        """The first attack hits, the second misses: 1 damage only."""
        _sc, _a, d, game = self.fire(["hit", "blank", "blank", "blank", "blank", "blank"])
        declare(game, weapon=TLT)
        skip_dice(game)
        finish(game)
        assert len(game.state.ships[d].damage) == 1

    def test_not_at_range_1(self):
        """The turret's range is 2-3: of two TIEs behind the Y-wing, the one at Range 1 is
        not a target, the one at Range 2 is."""
        sc = Scene(ruleset="1e")
        a = sc.ship(GOLD, at=(400, 600, 0), upgrades=[TLT])
        near = sc.ship(ACADEMY, player=2, at=(400, 520, 0))
        far = sc.ship(ACADEMY, player=2, at=(300, 410, 0))
        game = sc.at(Engage(a))
        keys = values(game)
        assert f"{TLT}@{far}" in keys and f"{TLT}@{near}" not in keys


# ------------------------------------------------------------------ Unkar Plutt
class TestUnkarPlutt:
    def end_activation(self, pilot=UNKAR, friend_at=(440, 300, 0)):
        """The Quadjumper at (400, 300); an enemy TIE touching its nose, a friendly Gunrunner
        touching its side (or at ``friend_at``); the end of the Activation phase."""
        sc = Scene(ruleset="1e")
        q = sc.ship(pilot, at=(400, 300, 0))
        f = sc.ship(GUNRUNNER, at=friend_at)
        e = sc.ship(ACADEMY, player=2, at=(400, 340, 180))
        game = sc.game()
        start_at(game, FireWindow.of("end_activation"), phase="activation")
        movers: list[tuple[int, str]] = []

        def choose(dec):
            if dec.kind == "tractor_move":
                movers.append((dec.player, dec.ship))
                return "none"
            return None

        answer_rest(game, choose)
        return game, q, f, e, movers

    def test_every_touching_ship_receives_a_token(self):
        """Unkar touches an enemy TIE and a friendly Quadjumper: each receives a tractor
        beam token (he must: no question), and each is moved by the player opposing it -
        the enemy by Unkar's player, the friend by the opponent."""
        game, q, f, e, movers = self.end_activation()
        assert game.state.ships[e].count(Token.TRACTOR) == 1
        assert game.state.ships[f].count(Token.TRACTOR) == 1
        assert not game.state.ships[q].has(Token.TRACTOR)
        assert sorted(movers) == sorted([(1, e), (2, f)])

    def test_a_ship_not_touching_him_receives_none(self):
        """The friend 20 mm away does not touch him: only the enemy TIE gets a token."""
        game, _q, f, e, _m = self.end_activation(friend_at=(460, 300, 0))
        assert not game.state.ships[f].has(Token.TRACTOR)
        assert game.state.ships[e].count(Token.TRACTOR) == 1

    def test_another_pilot_assigns_nothing(self):
        """The same scene with a Jakku Gunrunner instead of Unkar: no token."""
        game, _q, f, e, _m = self.end_activation(pilot=GUNRUNNER)
        assert not game.state.ships[e].has(Token.TRACTOR)
        assert not game.state.ships[f].has(Token.TRACTOR)


# ------------------------------------------------------- Spacetug Tractor Array
class TestSpacetugTractorArray:
    def act(self, enemy_y=Y[1]):
        """A Gunrunner with the array performs an action; an enemy TIE ahead at ``enemy_y``,
        a friendly Y-wing ahead at Range 1 to the side (inside the arc)."""
        sc = Scene(ruleset="1e")
        q = sc.ship(GUNRUNNER, at=(400, 300, 0), upgrades=[SPACETUG])
        f = sc.ship(GOLD, at=(450, 390, 0))
        e = sc.ship(ACADEMY, player=2, at=(380, enemy_y, 180))
        game = sc.at(PerformAction(q, during_activation=True), phase="activation")
        return game, q, f, e

    def test_enemy_receives_a_token_moved_by_the_array_player(self):
        """The action on the enemy TIE at Range 1 in the arc: it receives a tractor beam
        token and agility 3 drops to 2; player 1 chooses its move."""
        game, _q, _f, e, = self.act()
        game.answer(f"{SPACETUG}:spacetugtractorarray")
        assert {e} <= set(values(game))
        game.answer(e)
        assert game.decision.kind == "tractor_move" and game.decision.player == 1
        game.answer("none")
        assert game.state.ships[e].count(Token.TRACTOR) == 1

    def test_friend_treated_as_enemy(self):
        """The action on the friendly Y-wing: it receives the token and its own player
        (the array's) moves it, as the opponent would an enemy's."""
        game, _q, f, _e = self.act()
        game.answer(f"{SPACETUG}:spacetugtractorarray")
        game.answer(f)
        assert game.decision.kind == "tractor_move" and game.decision.player == 1
        game.answer("none")
        assert game.state.ships[f].count(Token.TRACTOR) == 1

    def test_not_at_range_2(self):
        """The enemy at Range 2 is not a choice: the friend at Range 1 is the only one, so
        it is chosen without a question and its move is asked at once."""
        game, _q, f, e = self.act(enemy_y=Y[2])
        game.answer(f"{SPACETUG}:spacetugtractorarray")
        assert game.decision.kind == "tractor_move" and game.decision.ship == f
        game.answer("none")
        assert not game.state.ships[e].has(Token.TRACTOR)


# ------------------------------------------------------- Targeting Synchronizer
SYNC, TORPEDOES = "1e-targetingsynchronizer", "1e-protontorpedoes"
NOVICE = "1e-t70xwing-bluesquadronnovice"


class TestTargetingSynchronizer:
    def scene(self, sync_x=480.0, own_lock=False, sync=True, upgrades=(TORPEDOES,),
              attack=("hit",) * 4):
        """A Rookie Pilot (torpedoes) at (400, 300) attacks an Academy Pilot at Range 2; a
        T-70 with the Synchronizer at ``sync_x`` beside it has a target lock on the TIE."""
        sc = Scene(ruleset="1e")
        a = sc.ship(ROOKIE, at=(400, 300, 0), upgrades=list(upgrades),
                    locks=["p2.1"] if own_lock else [])
        s = sc.ship(NOVICE, at=(sync_x, 300, 0), upgrades=[SYNC] if sync else [],
                    locks=["p2.1"])
        d = sc.ship(ACADEMY, player=2, at=(400, Y[2], 180))
        game = sc.at(Engage(a))
        load_dice(game, list(attack), ["blank"] * 3, then=faces(DieKind.ATTACK, ["hit"] * 4))
        return game, a, s, d

    def test_friend_fires_torpedoes_with_its_lock(self):
        """The Rookie has no lock: with the Synchronizer at Range 1 the torpedoes may be
        fired (the header read as "Attack:"), the T-70's lock paying their cost; without
        the card they are not offered."""
        game, _a, s, d = self.scene()
        assert TORPEDOES in weapons(game)
        declare(game, weapon=TORPEDOES)
        assert d not in game.state.ships[s].locks
        game, _a, _s, _d = self.scene(sync=False)
        assert TORPEDOES not in weapons(game)

    def test_own_lock_or_the_synchronizers(self):
        """The Rookie has its own lock too: it is asked which pays; spending the T-70's,
        it keeps its own."""
        game, a, s, d = self.scene(own_lock=True)
        declare(game, weapon=TORPEDOES)
        assert set(values(game)) == {"own", s}
        game.answer(s)
        assert d in game.state.ships[a].locks and d not in game.state.ships[s].locks

    def test_reroll_with_its_lock_once_per_step(self):
        """A primary attack by the Rookie (no lock): it may spend the T-70's lock to reroll
        its attack dice; with its own lock spent for a reroll first, the T-70's is no longer
        offered in that step (FAQ (1e), Spending Tokens: one lock reroll per step)."""
        game, a, s, d = self.scene(upgrades=())
        declare(game)
        skip_dice(game, "modify_attack_dice", a)
        keys = [k for k in values(game) if k.startswith(f"{SYNC}@{s}")]
        assert keys
        game.answer(keys[0])
        assert d not in game.state.ships[s].locks
        game, a, s, d = self.scene(upgrades=(), own_lock=True, attack=["blank"] * 3)
        declare(game)
        skip_dice(game, "modify_attack_dice", a)
        assert any(k.startswith(SYNC) for k in values(game))
        game.answer(next(k for k in values(game) if k.startswith("lock:")))
        dec = game.decision
        assert not (dec is not None and dec.kind == "modify_attack_dice"
                    and any(k.startswith(SYNC) for k in values(game)))
        assert d in game.state.ships[s].locks

    def test_not_beyond_range_2(self):
        """The T-70 at Range 3 (250 mm aside): the torpedoes are not offered."""
        game, _a, _s, _d = self.scene(sync_x=680.0)
        assert TORPEDOES not in weapons(game)


# ---------------------------------------------------------------------- Deadeye
DEADEYE, LUKE, AGROMECH = "1e-deadeye", "1e-xwing-lukeskywalker", "1e-r4agromech"
DARK_CURSE = "1e-tiefighter-darkcurse"


class TestDeadeye:
    def scene(self, deadeye=True, lock=False, focus=1, defender=ACADEMY, extra=()):
        """Luke (torpedoes, Deadeye) at (400, 300) with ``focus`` focus tokens; a TIE ahead
        at Range 2."""
        sc = Scene(ruleset="1e")
        ups = [TORPEDOES, *extra] + ([DEADEYE] if deadeye else [])
        a = sc.ship(LUKE, at=(400, 300, 0), upgrades=ups, focus=focus,
                    locks=["p2.1"] if lock else [])
        d = sc.ship(defender, player=2, at=(400, Y[2], 180))
        game = sc.at(Engage(a))
        load_dice(game, ["hit"] * 4, ["blank"] * 3)
        return game, a, d

    def test_fires_with_a_focus_token(self):
        """No lock, a focus token: with Deadeye the torpedoes are offered and the focus token
        pays their cost; without Deadeye they are not offered."""
        game, a, _d = self.scene()
        assert TORPEDOES in weapons(game)
        declare(game, weapon=TORPEDOES)
        assert not game.state.ships[a].has(Token.FOCUS)
        game, _a, _d = self.scene(deadeye=False)
        assert TORPEDOES not in weapons(game)

    def test_not_without_focus_or_lock(self):
        """Neither a focus token nor a lock: not offered even with Deadeye."""
        game, _a, _d = self.scene(focus=0)
        assert game.decision is None or game.decision.kind != "declare_attack" \
            or TORPEDOES not in weapons(game)

    def test_lock_or_focus_asked(self):
        """With both a lock and a focus token he is asked which pays: paying with the focus
        token, he keeps the lock."""
        game, a, d = self.scene(lock=True)
        declare(game, weapon=TORPEDOES)
        assert set(values(game)) == {"own", "focus"}
        game.answer("focus")
        ship = game.state.ships[a]
        assert d in ship.locks and not ship.has(Token.FOCUS)

    def test_faq_dark_curse_can_be_the_target(self):
        """FAQ (1e) "Dark Curse": his attackers cannot spend focus tokens, but a weapon's
        focus cost is paid before he becomes the defender: Luke may fire the torpedoes at
        him with Deadeye, spending the focus token."""
        game, a, _d = self.scene(defender=DARK_CURSE)
        assert TORPEDOES in weapons(game)
        declare(game, weapon=TORPEDOES)
        assert not game.state.ships[a].has(Token.FOCUS)
        finish(game)
        assert is_discarded(game.state.ships[a], TORPEDOES)
        assert any(e["kind"] == "dice" for e in game.log)  # the attack was performed

    def test_faq_r4_agromech_no_lock_from_the_cost(self):
        """FAQ (1e) R4 Agromech: a focus token spent as the cost of a weapon used with
        Deadeye is spent before the enemy is the defender: no target lock is offered."""
        game, a, d = self.scene(extra=(AGROMECH,))
        declare(game, weapon=TORPEDOES)
        assert game.decision is None or game.decision.kind != "use_ability"
        assert d not in game.state.ships[a].locks and not game.state.ships[a].has(Token.FOCUS)


# -------------------------------------------------------------- Extra Munitions
EXTRA, BOBA, SCOUT = "1e-extramunitions", "1e-bobafett", "1e-jumpmaster5000-contractedscout"


class TestExtraMunitions:
    def fire(self, upgrades=(TORPEDOES, EXTRA)):
        """A Gold Squadron Pilot (Y-wing) with a lock fires Proton Torpedoes at a TIE at
        Range 2."""
        sc = Scene(ruleset="1e")
        a = sc.ship(GOLD, at=(400, 300, 0), upgrades=list(upgrades), locks=["p2.1"])
        sc.ship(ACADEMY, player=2, at=(400, Y[2], 180))
        game = sc.at(Engage(a))
        load_dice(game, ["blank"] * 4, ["blank"] * 3)
        declare(game, weapon=TORPEDOES)
        return game, a

    def test_token_discarded_instead_of_the_torpedoes(self):
        """Extra Munitions put a token on the torpedoes (and on itself): firing them, the
        pilot discards the token instead and keeps the card; without Extra Munitions the
        torpedoes are discarded."""
        game, a = self.fire()
        ship = game.state.ships[a]
        assert ordnance_tokens(ship) == (TORPEDOES, EXTRA)
        assert game.decision.kind == "use_ability" and set(values(game)) == {"use", "decline"}
        game.answer("use")
        finish(game)
        assert TORPEDOES in ship.upgrades and not is_discarded(ship, TORPEDOES)
        assert ordnance_tokens(ship) == (EXTRA,)
        game, a = self.fire(upgrades=(TORPEDOES,))
        finish(game)
        assert is_discarded(game.state.ships[a], TORPEDOES)

    def test_declined_the_card_goes(self):
        """Declining, the torpedoes are discarded after the attack (asked once)."""
        game, a = self.fire()
        game.answer("decline")
        finish(game)
        ship = game.state.ships[a]
        assert is_discarded(ship, TORPEDOES) and TORPEDOES not in ship.upgrades

    def test_second_discard_without_a_token(self):
        """Once the token is gone, the next discard of the torpedoes asks nothing."""
        game, a = self.fire()
        game.answer("use")
        finish(game)
        ship = game.state.ships[a]
        discard_upgrade(game, ship, TORPEDOES)
        assert game.decision is None and TORPEDOES not in ship.upgrades

    def test_faq_boba_fett_the_owner_may_discard_the_token(self):
        """FAQ (1e) Boba Fett: Boba Fett (crew) discards the defender's Extra Munitions,
        which holds a token itself: the defender's player may discard that token instead,
        and the card stays; a card without a token (Shield Upgrade) is discarded as
        usual."""
        for target, kept in ((EXTRA, True), ("1e-shieldupgrade", False)):
            sc = Scene(ruleset="1e")
            a = sc.ship(SCOUT, at=(400, 300, 0), upgrades=[BOBA])
            d = sc.ship(NOVICE, player=2, at=(400, Y[2], 180), shields=0,
                        upgrades=[TORPEDOES, EXTRA, "1e-shieldupgrade"])
            game = sc.at(Engage(a))
            load_dice(game, ["crit", "blank"], ["blank"] * 2)
            declare(game, defender=d)
            asked = answer_rest(game, lambda dec, t=target, a=a: t if dec.kind == "use_ability"
                                and dec.ship == a else ("use" if dec.kind == "use_ability"
                                                        and dec.player == 2 else None))
            ship = game.state.ships[d]
            assert (target in ship.upgrades) is kept
            assert (("use_ability", d) in asked) is kept
            if kept:
                assert ordnance_tokens(ship) == (TORPEDOES,)

    def test_bomb_dropped_keeps_its_card(self):
        """A TIE Bomber with Proton Bombs and Extra Munitions drops the bomb on revealing its
        dial: the bomb is placed and, discarding the token instead, the card stays; without
        Extra Munitions the card is discarded."""
        for upgrades, kept in ((["1e-protonbombs", EXTRA], True), (["1e-protonbombs"], False)):
            sc = Scene(ruleset="1e")
            a = sc.ship("1e-tiebomber-scimitarsquadronpilot", at=(400, 300, 0),
                        upgrades=upgrades)
            sc.ship(ROOKIE, player=2, at=(400, 850, 180))
            game = activation(sc, a, "2FW")
            assert game.decision.kind == "launch_device"
            game.answer("1F")
            if kept:
                assert game.decision.kind == "use_ability" and game.decision.ship == a
                game.answer("use")
            assert len(game.state.devices) == 1
            assert ("1e-protonbombs" in game.state.ships[a].upgrades) is kept


# ---------------------------------------------------------------- "Fel's Wrath"
FEL, ALPHA = "1e-tieinterceptor-felswrath", "1e-tieinterceptor-alphasquadronpilot"
CORRAN = "1e-ewing-corranhorn"


def _damaged(n: int) -> tuple[DamageCard, ...]:
    return tuple(DamageCard("1e-core-minorhullbreach", False, k + 1) for k in range(n))


class TestFelsWrath:
    def hit(self, pilot=FEL, attacker=ROOKIE):
        """The attacker at (400, 300) hits the TIE Interceptor (hull 3, 2 damage cards
        already) ahead at Range 2 with 2 hits."""
        sc = Scene(ruleset="1e")
        a = sc.ship(attacker, at=(400, 300, 0))
        d = sc.ship(pilot, player=2, at=(400, Y[2], 180), damage=_damaged(2))
        game = sc.at(Engage(a))
        load_dice(game, ["hit", "hit", "blank", "blank"], ["blank"] * 3)
        declare(game, defender=d)
        answer_rest(game)
        return game, a, d

    def test_survives_until_the_end_of_the_combat_phase(self):
        """With 4 damage cards (hull 3) he stays in play through the Combat phase and is
        destroyed and removed as it ends; an Alpha Squadron Pilot is destroyed at once."""
        game, _a, d = self.hit()
        fel = game.state.ships[d]
        assert len(fel.damage) == 4 and fel.in_play and not fel.destroyed
        start_at(game, FireWindow.of("end_engagement"))
        answer_rest(game)
        assert fel.destroyed and fel.removed
        game, _a, d = self.hit(pilot=ALPHA)
        assert game.state.ships[d].destroyed

    def test_he_still_attacks(self):
        """Doomed, he attacks in his turn of the Combat phase (his attack is declared)."""
        game, a, d = self.hit()
        load_dice(game, ["blank"] * 3, ["blank"] * 2)
        start_at(game, Engage(d))
        declare(game, defender=a)
        answer_rest(game)
        assert any(e["kind"] == "dice" and e.get("ship") == d for e in game.log)

    def test_not_at_the_end_of_the_combat_phase_with_less_damage(self):
        """With 1 damage card a single hit leaves him at 2 of hull 3: his ability does not
        come into play, and the end of the Combat phase leaves him in play."""
        sc = Scene(ruleset="1e")
        a = sc.ship(ROOKIE, at=(400, 300, 0))
        d = sc.ship(FEL, player=2, at=(400, Y[2], 180), damage=_damaged(1))
        game = sc.at(Engage(a))
        load_dice(game, ["hit", "blank", "blank", "blank"], ["blank"] * 3)
        declare(game, defender=d)
        answer_rest(game)
        start_at(game, FireWindow.of("end_engagement"))
        answer_rest(game)
        assert game.state.ships[d].in_play and len(game.state.ships[d].damage) == 2

    def test_faq_corran_horn_in_the_end_phase(self):
        """FAQ (1e) "Fel's Wrath": destroyed by Corran Horn's attack at the start of the End
        phase, he is still in play at the end of that round (the game goes on) and is
        removed at the end of the next Combat phase."""
        sc = Scene(ruleset="1e")
        sc.ship(CORRAN, at=(400, 300, 0))
        d = sc.ship(FEL, player=2, at=(400, Y[2], 180), damage=_damaged(2))
        game = sc.at(FireWindow.of("start_end_phase"), phase="end")
        load_dice(game, ["hit", "hit", "blank", "blank"], ["blank"] * 3)
        assert game.decision.kind == "use_ability"
        game.answer("use")
        scene_declare(game, "p1.1", d)
        answer_rest(game)
        fel = game.state.ships[d]
        assert len(fel.damage) >= 3 and fel.in_play
        start_at(game, CheckEnd(), phase="end")
        assert not game.state.over and fel.in_play
        game.stack.clear()
        game.state.round += 1
        start_at(game, FireWindow.of("end_engagement"))
        answer_rest(game)
        assert fel.removed

    def test_faq_draw_when_he_destroyed_the_last_enemy(self):
        """FAQ (1e) "Fel's Wrath": doomed, he destroys the last enemy ship; at the end of the
        Combat phase he is destroyed: the game is a draw, where both fleets gone at once
        otherwise give the player with initiative the win (rulebook (1e))."""
        sc = Scene(ruleset="1e")
        a = sc.ship(ROOKIE, at=(400, 300, 0), shields=0, damage=_damaged(2))
        d = sc.ship(FEL, player=2, at=(400, Y[2], 180), damage=_damaged(2))
        game = sc.at(Engage(a))
        load_dice(game, ["hit", "hit", "blank", "blank"], ["blank"] * 3)
        declare(game, defender=d)
        answer_rest(game)
        load_dice(game, ["hit", "hit", "blank"], ["blank"] * 2)
        start_at(game, Engage(d))
        declare(game, defender=a)
        answer_rest(game)
        assert game.state.ships[a].destroyed and game.state.ships[d].in_play
        start_at(game, FireWindow.of("end_engagement"))
        answer_rest(game)
        start_at(game, CheckEnd(), phase="end")
        assert game.state.over and game.state.winner is None

        sc = Scene(ruleset="1e")
        a = sc.ship(ROOKIE, at=(400, 300, 0))
        d = sc.ship(ALPHA, player=2, at=(400, Y[2], 180))
        game = sc.game()
        for ship in game.state.ships.values():
            ship.destroyed = True
        start_at(game, CheckEnd(), phase="end")
        assert game.state.over and game.state.winner == game.state.first_player


# ------------------------------------- FAQ (1e), Spending Tokens (Garven Dreis's xfail)
class TestFocusSpentWithoutResults:
    def options(self, attacker):
        """``attacker`` (focus token) attacks a TIE at Range 2 rolling hit, hit, blank: the
        attack dice modifications offered."""
        sc = Scene(ruleset="1e")
        a = sc.ship(attacker, at=(400, 300, 0), focus=1)
        sc.ship(ROOKIE, at=(300, 300, 0))
        sc.ship(ACADEMY, player=2, at=(400, Y[2], 180))
        game = sc.at(Engage(a))
        load_dice(game, ["hit", "hit", "blank"], ["blank"] * 3)
        declare(game)
        skip_dice(game, "modify_attack_dice", a)
        return values(game) if game.decision and game.decision.kind == \
            "modify_attack_dice" else []

    def test_faq_offered_only_when_a_card_listens(self):
        """FAQ (1e) Spending Tokens: a focus token may be spent with no focus result. The
        engine offers it (as "focus:none") when a card of a ship in play acts on a spent
        token (Garven Dreis), not for a Rookie Pilot, where it would do nothing."""
        assert "focus:none" in self.options("1e-xwing-garvendreis")
        assert not any(k.startswith("focus") for k in self.options(ROOKIE))
