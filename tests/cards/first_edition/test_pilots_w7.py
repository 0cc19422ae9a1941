"""First-edition pilots of the T-70 X-wing, TIE/fo Fighter, Punishing One, Mist Hunter and
Inquisitor's TIE expansion packs. Scenes on a first-edition table (``Scene(ruleset="1e")``):
player 1 at y = 0 facing +y, player 2 facing it; with small bases 380 / 490 / 550 mm put a
ship ahead of one at y = 300 at Range 1 / 2 / 3."""

from __future__ import annotations

from tallon.engine.queue import FireWindow
from tallon.engine.state import DamageCard, Token
from tallon.scene import Scene, declare, start_at
from tests.cards.first_edition.helpers_1e import neutralized
from tests.cards.helpers import (
    Hurt,
    engage,
    pass_all,
    pass_until,
    rolled,
)
from tests.rules.attack_helpers import rolls

Y = {1: 380.0, 2: 490.0, 3: 550.0}
NOVICE = "1e-t70xwing-bluesquadronnovice"
OMEGA_PILOT = "1e-tiefofighter-omegasquadronpilot"
SCOUT = "1e-jumpmaster5000-contractedscout"
SIENAR = "1e-tieadvprototype-sienartestpilot"
FREELANCER = "1e-g1astarfighter-ruthlessfreelancer"
ROOKIE = "1e-xwing-rookiepilot"
ACADEMY = "1e-tiefighter-academypilot"

OMEGA_LEADER = "1e-tiefofighter-omegaleader"
RED_ACE = "1e-t70xwing-redace"
DENGAR = "1e-jumpmaster5000-dengar"
ZUCKUSS = "1e-g1astarfighter-zuckuss"
INQUISITOR = "1e-tieadvprototype-theinquisitor"
EPSILON_ACE = "1e-tiefofighter-epsilonace"
ZETA_LEADER = "1e-tiefofighter-zetaleader"
ELLO = "1e-t70xwing-elloasty"
VALEN = "1e-tieadvprototype-valenrudor"
FOUR_LOM = "1e-g1astarfighter-4lom"
MANAROO = "1e-jumpmaster5000-manaroo"
TEL = "1e-jumpmaster5000-teltrevura"


def duel(pilot: str, defender: str = NOVICE, range_: int = 2, upgrades=(), d_setup=None,
         d_upgrades=(), cards=None, **setup):
    """The pilot at (400, 300) facing +y, an enemy ahead at ``range_`` facing it."""
    sc = Scene(ruleset="1e") if cards is None else Scene(ruleset="1e", cards=cards)
    a = sc.ship(pilot, at=(400, 300, 0), upgrades=list(upgrades), **setup)
    d = sc.ship(defender, player=2, at=(400, Y[range_], 180), upgrades=list(d_upgrades),
                **(d_setup or {}))
    return sc, a, d


def sources(game, kind: str, ship: str) -> set[str]:
    """The sources offered to ``ship`` in its ``kind`` dice decisions (answering "done"
    to everything up to the end of the attack); empty if it was never asked."""
    found: set[str] = set()
    while game.decision is not None:
        d = game.decision
        if d.kind == kind and d.ship == ship:
            found |= {(o.info or {}).get("source") for o in d.options} - {None}
        keys = d.option_keys()
        game.answer("done" if "done" in keys else "decline" if "decline" in keys
                    else "none" if "none" in keys else keys[0])
    return found


# --------------------------------------------------------------- "Omega Leader"
class TestOmegaLeader:
    def test_locked_defender_cannot_spend_focus(self):
        """Omega Leader, with a target lock on the defender, attacks it: the defender's
        focus token is not offered for its 2 focus results; without the lock it is."""
        for locks, offered in (([], True), (["p2.1"], False)):
            sc, a, d = duel(OMEGA_LEADER, locks=locks, d_setup={"focus": 1})
            game = engage(sc, a, ["hit", "hit"], ["focus", "focus", "blank"])
            declare(game, a, d)
            assert ("focus" in sources(game, "modify_defense_dice", d)) is offered

    def test_locked_attacker_cannot_modify_its_dice(self):
        """An enemy ship he has locked attacks him: it cannot spend its focus token on its
        own dice; an enemy he has not locked can."""
        for locks, offered in (([], True), (["p2.1"], False)):
            sc = Scene(ruleset="1e")
            o = sc.ship(OMEGA_LEADER, at=(400, 300, 0), locks=locks)
            e = sc.ship(NOVICE, player=2, at=(400, Y[2], 180), focus=1)
            game = engage(sc, e, ["focus", "focus", "hit"], ["blank"] * 3)
            declare(game, e, o)
            assert ("focus" in sources(game, "modify_attack_dice", e)) is offered

    def test_faq_locked_ship_cannot_make_him_reroll(self):
        """FAQ (1e), "Omega Leader": the locked ship cannot resolve abilities making him
        reroll his dice (R7 Astromech): an X-wing with R7 Astromech and a lock on him
        defends against his attack; with his lock on it, R7 Astromech is not offered;
        without it, it is."""
        for locks, offered in (([], True), (["p2.1"], False)):
            sc, a, d = duel(OMEGA_LEADER, ROOKIE, locks=locks, d_setup={"locks": ["p1.1"]},
                            d_upgrades=["1e-r7astromech"])
            game = engage(sc, a, ["hit", "hit"], ["blank"] * 2)
            declare(game, a, d)
            assert ("1e-r7astromech" in sources(game, "modify_attack_dice", d)) is offered

    def test_faq_not_even_modifying_0_dice(self):
        """FAQ (1e), "Omega Leader": the locked ship cannot resolve abilities modifying even
        0 dice (Keyan Farlander's): stressed Keyan attacks him; with Omega Leader's lock on
        Keyan his ability is not offered, without it it is."""
        for locks, offered in (([], True), (["p2.1"], False)):
            sc = Scene(ruleset="1e")
            o = sc.ship(OMEGA_LEADER, at=(400, 300, 0), locks=locks)
            k = sc.ship("1e-bwing-keyanfarlander", player=2, at=(400, Y[2], 180), stress=1)
            game = engage(sc, k, ["blank"] * 3, ["blank"] * 3)
            declare(game, k, o)
            found = sources(game, "modify_attack_dice", k)
            assert ("1e-bwing-keyanfarlander" in found) is offered

    def test_faq_a_locked_attackers_heavy_laser_cannon_keeps_its_crits(self):
        """FAQ (1e), "Omega Leader": a ship he has locked cannot change its results even
        outside the Modify Dice steps - Heavy Laser Cannon's "change every critical hit to
        a hit" right after rolling. A Bounty Hunter (Firespray) attacks him with the
        cannon, rolling crit, crit, hit, hit, against 3 blanks. Expected: with his lock on
        it, 2 hits and 2 critical hits land (shield first, then cards dealt faceup); without
        the lock, 4 hits and nothing faceup."""
        for locks, faceup in ((["p2.1"], True), ([], False)):
            sc = Scene(ruleset="1e")
            o = sc.ship(OMEGA_LEADER, at=(400, 300, 0), locks=locks)
            e = sc.ship("1e-firespray31-bountyhunter", player=2, at=(400, 520, 180),
                        upgrades=["1e-heavylasercannon"])
            game = engage(sc, e, ["crit", "crit", "hit", "hit"], ["blank"] * 3)
            declare(game, e, o, weapon="1e-heavylasercannon")
            sources(game, "modify_attack_dice", e)  # the attack to its end
            dealt = game.state.ships[o].damage
            assert any(card.faceup for card in dealt) is faceup

    def test_omega_forbids_names_the_locked_ship(self):
        """``omega_forbids`` (for cards changing results outside the Modify Dice steps,
        FAQ (1e): Heavy Laser Cannon): during his attack on a ship he has locked, that ship
        is forbidden, he is not; without the lock, nobody."""
        from tallon.cards.first_edition.pilots_w7 import omega_forbids

        for locks, forbidden in ((["p2.1"], True), ([], False)):
            sc, a, d = duel(OMEGA_LEADER, locks=locks)
            game = engage(sc, a, ["focus", "blank"], ["blank"] * 3)
            declare(game, a, d)
            attack = game.state.attack
            assert omega_forbids(game, attack, d) is forbidden
            assert not omega_forbids(game, attack, a)

    def test_faq_canceling_is_not_modifying(self):
        """FAQ (1e), "Omega Leader": canceling results is not modifying dice: the locked
        defender's 2 evade results still cancel his 2 hits."""
        sc, a, d = duel(OMEGA_LEADER, locks=["p2.1"])
        game = engage(sc, a, ["hit", "hit"], ["evade", "evade", "blank"])
        declare(game, a, d)
        pass_all(game)
        assert "misses" in neutralized(game)
        assert game.state.ships[d].shields == 3


# ----------------------------------------------------------------------- Red Ace
class TestRedAce:
    def _hurt(self, pilot: str, hits: int):
        sc = Scene(ruleset="1e")
        r = sc.ship(pilot, at=(400, 300, 0))
        sc.ship(ACADEMY, player=2, at=(400, 850, 180))
        game = sc.at(Hurt(r, hits=hits))
        pass_all(game)
        return game, r

    def test_first_shield_lost_gives_an_evade(self):
        """Red Ace loses 2 shields: the first gives him 1 evade token, the second nothing
        more; a Blue Squadron Novice losing 2 shields gets none."""
        game, r = self._hurt(RED_ACE, 2)
        assert game.state.ships[r].count(Token.EVADE) == 1
        game, r = self._hurt(NOVICE, 2)
        assert not game.state.ships[r].has(Token.EVADE)

    def test_again_next_round(self):
        """Once per round: a shield lost in the next round gives another evade token."""
        game, r = self._hurt(RED_ACE, 1)
        game.state.round += 1
        game.state.ships[r].tokens.pop(Token.EVADE, None)
        start_at(game, Hurt(r, hits=1))
        pass_all(game)
        assert game.state.ships[r].count(Token.EVADE) == 1

    def test_not_without_a_shield_lost(self):
        """With no shield left, damage deals a card: no evade token."""
        sc = Scene(ruleset="1e")
        r = sc.ship(RED_ACE, at=(400, 300, 0), shields=0)
        sc.ship(ACADEMY, player=2, at=(400, 850, 180))
        game = sc.at(Hurt(r, hits=1))
        pass_all(game)
        assert not game.state.ships[r].has(Token.EVADE) and len(game.state.ships[r].damage)


# ------------------------------------------------------------------------ Dengar
def _ion_cannon_miss_order(first_player: int):
    """IG-88B (Ion Cannon) misses Dengar with his primary weapon, ``first_player`` holding
    initiative; the after-attack questions answered "use" and each bonus attack taken.
    Returns the game, both ships and the (kind, ship) of the first four such questions."""
    sc = Scene(ruleset="1e")
    den = sc.ship(DENGAR, at=(400, 300, 0))
    ig = sc.ship("1e-aggressor-ig88b", player=2, at=(400, 520, 180),
                 upgrades=["1e-ioncannon"])
    sc.first_player = first_player
    game = engage(sc, ig, ["blank"] * 4, ["blank"] * 3)
    declare(game, ig, den)
    order = []
    while game.decision is not None and len(order) < 4:
        d = game.decision
        keys = d.option_keys()
        if d.kind in ("use_ability", "bonus_attack"):
            order.append((d.kind, d.ship))
        if d.kind == "bonus_attack":
            game.answer(next(k for k in keys if k != "none"))
        else:
            game.answer("use" if "use" in keys else "done" if "done" in keys else keys[0])
    return game, den, ig, order


class TestDengar:
    def _attacked(self, attacker_at=(400, Y[2], 180), attacker=OMEGA_PILOT, used=False):
        sc = Scene(ruleset="1e")
        den = sc.ship(DENGAR, at=(400, 300, 0))
        e = sc.ship(attacker, player=2, at=attacker_at)
        game = engage(sc, e, ["blank"] * 2, ["blank"] * 2)
        if used:
            game.state.ships[den].remember("1e-jumpmaster5000-dengar:round",
                                           game.state.round)
        declare(game, e, den)
        return game, den, e

    def test_attacks_back_an_attacker_in_his_arc(self):
        """Dengar is attacked by a TIE/fo ahead of him: afterwards he may attack it (a
        second attack declared by him against the attacker)."""
        game, den, e = self._attacked()
        pass_until(game, "use_ability", den)
        game.answer("use")
        pass_until(game, "bonus_attack", den)
        assert {(o.info or {}).get("defender") for o in game.decision.options} - {None} == {e}
        game.answer(game.decision.options[0].key)
        pass_all(game)
        assert len(rolls(game, den)) == 2  # his defense roll, then his attack

    def test_faq_even_if_destroyed_by_the_attack(self):
        """FAQ (1e), Dengar: he may attack back even though the attack destroyed him (4
        damage cards, no shields, 2 hits)."""
        sc = Scene(ruleset="1e")
        den = sc.ship(DENGAR, at=(400, 300, 0), shields=0,
                      damage=[DamageCard("1e-core-directhit", False, 80 + k) for k in range(4)])
        e = sc.ship(OMEGA_PILOT, player=2, at=(400, Y[2], 180))
        game = engage(sc, e, ["hit"] * 2, ["blank"] * 2)
        declare(game, e, den)
        pass_until(game, "use_ability", den)
        assert game.state.ships[den].destroyed
        game.answer("use")
        pass_until(game, "bonus_attack", den)
        assert e in {(o.info or {}).get("defender") for o in game.decision.options}

    def test_faq_initiative_player_resolves_first(self):
        """FAQ (1e), Timing Chart Q&A: IG-88B misses Dengar with an Ion Cannon; Dengar's
        player has initiative and resolves Dengar's attack first, then IG-88B's attack
        follows."""
        _, den, ig, order = _ion_cannon_miss_order(first_player=1)
        assert order == [("use_ability", den), ("bonus_attack", den), ("use_ability", ig),
                         ("bonus_attack", ig)]

    def test_faq_attackers_player_with_initiative_resolves_first(self):
        """IG-88B misses Dengar with his primary weapon; IG-88B's player has initiative.
        FAQ (1e), Timing Chart for Performing an Attack, step 9, and the Q&A on effects
        resolving at the same time: the player with initiative resolves his abilities
        first. Expected: IG-88B is asked first and performs his Ion Cannon attack; only
        then is Dengar asked, and he attacks IG-88B back."""
        game, den, ig, order = _ion_cannon_miss_order(first_player=2)
        assert order == [("use_ability", ig), ("bonus_attack", ig), ("use_ability", den),
                         ("bonus_attack", den)]
        attacks = [e["text"] for e in game.log if " attacks " in e["text"]]
        assert "Ion Cannon" in attacks[1] and attacks[2].startswith("Dengar")

    def test_faq_after_the_other_after_attack_abilities(self):
        """FAQ (1e), Dengar: his attack comes after the "after attacking" abilities that
        perform no attack: "Whisper" (with Advanced Cloaking Device) attacks him and is
        offered its free cloak action before Dengar is asked."""
        sc = Scene(ruleset="1e")
        den = sc.ship(DENGAR, at=(400, 300, 0))
        w = sc.ship("1e-tiephantom-whisper", player=2, at=(400, Y[2], 180),
                    upgrades=["1e-advancedcloakingdevice"])
        game = engage(sc, w, ["blank"] * 4, ["blank"] * 2)
        declare(game, w, den)
        asked = []
        while game.decision is not None and len(asked) < 2:
            d = game.decision
            if d.kind == "use_ability":
                asked.append(d.ship)
                game.answer("decline")
                continue
            keys = d.option_keys()
            game.answer("done" if "done" in keys else keys[0])
        assert asked == [w, den]

    def test_not_outside_his_arc(self):
        """An attacker behind him (its turret-free TIE/fo attacking from his rear): no
        counterattack is offered."""
        sc = Scene(ruleset="1e")
        den = sc.ship(DENGAR, at=(400, 500, 0))
        e = sc.ship(OMEGA_PILOT, player=2, at=(400, 310, 0))
        game = engage(sc, e, ["blank"] * 2, ["blank"] * 2)
        declare(game, e, den)
        kinds = []
        while game.decision is not None:
            kinds.append((game.decision.kind, game.decision.ship))
            game.answer("decline" if "decline" in game.decision.option_keys()
                        else "done" if "done" in game.decision.option_keys()
                        else game.decision.options[0].key)
        assert ("use_ability", den) not in kinds

    def test_once_per_round(self):
        """Having attacked back once this round, he is not offered it again."""
        game, den, _e = self._attacked(used=True)
        kinds = []
        while game.decision is not None:
            kinds.append((game.decision.kind, game.decision.ship))
            game.answer("decline" if "decline" in game.decision.option_keys()
                        else "done" if "done" in game.decision.option_keys()
                        else game.decision.options[0].key)
        assert ("use_ability", den) not in kinds

    def test_faq_attacks_the_attacker_not_biggs(self):
        """FAQ (1e), Dengar: attacked by a ship at Range 1 of Biggs Darklighter, his attack
        is against the ship that attacked him, not Biggs."""
        sc = Scene(ruleset="1e")
        den = sc.ship(DENGAR, at=(400, 300, 0))
        e = sc.ship(ROOKIE, player=2, at=(400, Y[2], 180))
        sc.ship("1e-xwing-biggsdarklighter", player=2, at=(480, Y[2], 180))
        game = engage(sc, e, ["blank"] * 3, ["blank"] * 2)
        declare(game, e, den)
        pass_until(game, "use_ability", den)
        game.answer("use")
        pass_until(game, "bonus_attack", den)
        targets = {(o.info or {}).get("defender") for o in game.decision.options} - {None}
        assert targets == {e}


# ----------------------------------------------------------------------- Zuckuss
class TestZuckuss:
    def test_one_more_die_each(self):
        """Zuckuss (primary 3) attacks a T-70 (agility 2) at Range 2: using his ability he
        rolls 4 attack dice and the defender 3 defense dice; declining, 3 and 2."""
        for answer, dice in (("use", (4, 3)), ("decline", (3, 2))):
            sc, a, d = duel(ZUCKUSS)
            game = engage(sc, a, ["blank"] * 4, ["blank"] * 3)
            declare(game, a, d)
            pass_until(game, "use_ability", a)
            game.answer(answer)
            pass_all(game)
            assert (len(rolled(game, a)), len(rolled(game, d))) == dice

    def test_not_when_defending(self):
        """Defending, he is not offered the extra dice."""
        sc, z, e = duel(ZUCKUSS)
        game = engage(sc, e, ["blank"] * 3, ["blank"] * 3)
        declare(game, e, z)
        kinds = pass_all(game)
        assert "use_ability" not in kinds


# ---------------------------------------------------------------- The Inquisitor
class TestTheInquisitor:
    def test_range_3_treated_as_range_1(self):
        """Primary weapon at Range 3: he rolls 3 attack dice (2 + the Range 1 bonus) and
        the T-70 only its 2 agility dice (no Range 3 bonus); a Sienar Test Pilot at the
        same range rolls 2 and the defender 3."""
        for pilot, dice in ((INQUISITOR, (3, 2)), (SIENAR, (2, 3))):
            sc, a, d = duel(pilot, range_=3)
            game = engage(sc, a, ["blank"] * 3, ["blank"] * 3)
            declare(game, a, d)
            pass_all(game)
            assert (len(rolled(game, a)), len(rolled(game, d))) == dice

    def test_not_when_defending(self):
        """Attacked by a T-70 at Range 3, the range is not treated as 1: he rolls his 3
        agility dice plus the Range 3 bonus die, and the T-70 its 3 attack dice."""
        sc, i, e = duel(INQUISITOR, range_=3)
        game = engage(sc, e, ["blank"] * 3, ["blank"] * 3)
        declare(game, e, i)
        pass_all(game)
        assert len(rolled(game, i)) == 4 and len(rolled(game, e)) == 3

    def test_faq_range_of_ships_unchanged(self):
        """FAQ (1e), The Inquisitor: abilities measuring the range between ships are not
        affected: attacking Carnor Jax at Range 3 (enemies at his Range 1 cannot spend
        focus tokens), he may still spend his focus token."""
        sc, a, d = duel(INQUISITOR, "1e-tieinterceptor-carnorjax", range_=3, focus=1)
        sc.factions = ("galacticempire", "rebelalliance")
        game = engage(sc, a, ["focus", "focus", "blank"], ["blank"] * 3)
        declare(game, a, d)
        assert "focus" in sources(game, "modify_attack_dice", a)


    def test_faq_autothrusters_does_not_trigger(self):
        """FAQ (1e), The Inquisitor: Autothrusters does not trigger against his primary
        weapon attack: a T-70 with Autothrusters rolling a blank at Range 3 is offered it
        against a Sienar Test Pilot, not against him."""
        for pilot, offered in ((SIENAR, True), (INQUISITOR, False)):
            sc, a, d = duel(pilot, range_=3, d_upgrades=["1e-autothrusters"])
            game = engage(sc, a, ["hit"] * 3, ["blank"] * 3)
            declare(game, a, d)
            assert ("1e-autothrusters" in sources(game, "modify_defense_dice", d)) is offered


# ------------------------------------------------------------------- Epsilon Ace
class TestEpsilonAce:
    def test_pilot_skill_12_without_damage(self):
        """No damage card: pilot skill 12 (printed 4); an Omega Squadron Pilot stays 4."""
        for pilot, skill in ((EPSILON_ACE, 12), (OMEGA_PILOT, 4)):
            sc = Scene(ruleset="1e")
            e = sc.ship(pilot, at=(400, 300, 0))
            sc.ship(NOVICE, player=2, at=(400, 850, 180))
            game = sc.game()
            assert game.state.ships[e].current_initiative == skill

    def test_back_to_4_once_dealt_a_damage_card(self):
        """Dealt a (facedown) damage card, his pilot skill is 4 again."""
        sc = Scene(ruleset="1e")
        e = sc.ship(EPSILON_ACE, at=(400, 300, 0), shields=0)
        sc.ship(NOVICE, player=2, at=(400, 850, 180))
        game = sc.at(Hurt(e, hits=1))
        pass_all(game)
        assert game.state.ships[e].damage and game.state.ships[e].current_initiative == 4

    def test_12_again_without_damage_cards(self):
        """A round starts with his damage card gone: pilot skill 12 again."""
        sc = Scene(ruleset="1e")
        e = sc.ship(EPSILON_ACE, at=(400, 300, 0),
                    damage=[DamageCard("1e-core-directhit", False, 90)])
        sc.ship(NOVICE, player=2, at=(400, 850, 180))
        game = sc.game()
        start_at(game, FireWindow.of("start_round"), phase="planning")
        pass_all(game)
        assert game.state.ships[e].current_initiative == 4
        game.state.ships[e].damage = ()
        start_at(game, FireWindow.of("start_round"), phase="planning")
        pass_all(game)
        assert game.state.ships[e].current_initiative == 12


