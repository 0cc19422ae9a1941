"""First-edition upgrades of the T-70 X-wing, TIE/fo Fighter, Punishing One, Mist Hunter and
Inquisitor's TIE expansion packs: talents, the missile and the cannon
(:mod:`tallon.cards.first_edition.upgrades_w7`). Scenes on a first-edition table: player 1
at y = 0 facing +y, player 2 facing it; with small bases 380 / 490 / 550 mm put a ship
ahead of one at y = 300 at Range 1 / 2 / 3."""

from __future__ import annotations

from tallon.engine.actions import PerformAction
from tallon.engine.state import Token
from tallon.scene import Scene, declare, load_dice, start_at
from tests.cards.first_edition.helpers_1e import has_card
from tests.cards.helpers import (
    Give,
    activation,
    engage,
    pass_all,
)

Y = {1: 380.0, 2: 490.0, 3: 550.0}
NOVICE = "1e-t70xwing-bluesquadronnovice"
OMEGA_PILOT = "1e-tiefofighter-omegasquadronpilot"
OMEGA_LEADER = "1e-tiefofighter-omegaleader"
SCOUT = "1e-jumpmaster5000-contractedscout"
FREELANCER = "1e-g1astarfighter-ruthlessfreelancer"
ROOKIE = "1e-xwing-rookiepilot"
ACADEMY = "1e-tiefighter-academypilot"
BARON = "1e-tieadvprototype-baronoftheempire"


def duel(pilot: str, defender: str = NOVICE, range_: int = 2, upgrades=(), d_upgrades=(),
         d_setup=None, **setup):
    """The pilot at (400, 300) facing +y, an enemy ahead at ``range_`` facing it."""
    sc = Scene(ruleset="1e")
    a = sc.ship(pilot, at=(400, 300, 0), upgrades=list(upgrades), **setup)
    d = sc.ship(defender, player=2, at=(400, Y[range_], 180), upgrades=list(d_upgrades),
                **(d_setup or {}))
    return sc, a, d


def answer_rest(game, choose=None) -> list[tuple[str, str]]:
    """Answer every decision to the end: ``choose(decision)`` may give an answer, else
    "done"/"decline"/"pass"/"none" or the first option. Returns (kind, ship) asked."""
    asked = []
    while game.decision is not None:
        d = game.decision
        asked.append((d.kind, d.ship))
        value = choose(d) if choose is not None else None
        if value is None:
            keys = d.option_keys()
            value = next((k for k in ("done", "decline", "pass", "none") if k in keys),
                         keys[0])
        game.answer(value)
    return asked


def sources(game, kind: str, ship: str) -> set[str]:
    """The dice sources offered to ``ship`` in its ``kind`` decisions, answering "done"
    to the end."""
    found: set[str] = set()

    def look(d):
        if d.kind == kind and d.ship == ship:
            found.update({(o.info or {}).get("source") for o in d.options} - {None})
        return None

    answer_rest(game, look)
    return found


# -------------------------------------------------------------------- Cool Hand
class TestCoolHand:
    def _stressed(self, answer: str | None, upgrades=("1e-coolhand",)):
        sc = Scene(ruleset="1e")
        a = sc.ship(OMEGA_LEADER, at=(400, 300, 0), upgrades=list(upgrades))
        sc.ship(NOVICE, player=2, at=(400, 850, 180))
        game = sc.at(Give(a, "stress"))
        asked = answer_rest(game, lambda d: answer if d.kind == "use_ability" else None)
        return game, a, asked

    def test_discard_for_an_evade_token(self):
        """Receiving a stress token he discards Cool Hand to assign himself an evade
        token; declining, no token and the card stays."""
        game, a, _ = self._stressed("evade")
        ship = game.state.ships[a]
        assert ship.has(Token.EVADE) and ship.stressed and not has_card(game, a, "1e-coolhand")
        game, a, _ = self._stressed("decline")
        assert not game.state.ships[a].has(Token.EVADE) and has_card(game, a, "1e-coolhand")

    def test_or_a_focus_token(self):
        """He may take a focus token instead."""
        game, a, _ = self._stressed("focus")
        assert game.state.ships[a].has(Token.FOCUS)

    def test_not_for_other_tokens(self):
        """Receiving a focus token: nothing is offered."""
        sc = Scene(ruleset="1e")
        a = sc.ship(OMEGA_LEADER, at=(400, 300, 0), upgrades=["1e-coolhand"])
        sc.ship(NOVICE, player=2, at=(400, 850, 180))
        asked = answer_rest(sc.at(Give(a, "focus")))
        assert ("use_ability", a) not in asked


# ------------------------------------------------------------------------- Juke
class TestJuke:
    def test_changes_an_evade_with_an_evade_token(self):
        """Attacking with an evade token, he changes 1 of the defender's 2 evade results to
        a focus: 1 of his 2 hits lands; without the evade token Juke is not offered."""
        for evade, offered in ((1, True), (0, False)):
            sc, a, d = duel(OMEGA_LEADER, upgrades=["1e-juke"], evade=evade)
            game = engage(sc, a, ["hit", "hit"], ["evade", "evade", "blank"])
            declare(game, a, d)
            found = set()

            def use(dec, found=found, a=a):
                if dec.ship == a and dec.kind == "modify_defense_dice":
                    for o in dec.options:
                        if (o.info or {}).get("source") == "1e-juke":
                            found.add("juke")
                            return o.key
                return None

            answer_rest(game, use)
            assert ("juke" in found) is offered
            assert (game.state.ships[d].shields == 2) is offered

    def test_faq_modifies_c3pos_added_evade(self):
        """FAQ (1e), C-3PO: Juke may change the evade result C-3PO adds: the defender
        guesses 0 evades, rolls none and adds 1; Juke turns it into a focus and the hit
        lands."""
        sc, a, d = duel(OMEGA_LEADER, ROOKIE, upgrades=["1e-juke"], d_upgrades=["1e-c3po"],
                        evade=1)
        sc.factions = (None, "rebelalliance")
        game = engage(sc, a, ["hit", "blank"], ["blank", "blank"])
        declare(game, a, d)
        used = []

        def choose(dec):
            if dec.kind == "use_ability" and dec.ship == d:
                return "0"
            if dec.ship == a and dec.kind == "modify_defense_dice":
                for o in dec.options:
                    if (o.info or {}).get("source") == "1e-juke":
                        used.append(o.key)
                        return o.key
            return None

        answer_rest(game, choose)
        assert used and game.state.ships[d].shields == 1


# ------------------------------------------------------------------------- Rage
class TestRage:
    def test_action_focus_stress_and_rerolls(self):
        """Rage's action assigns 1 focus and 2 stress tokens; attacking this round he may
        reroll up to 3 attack dice."""
        sc, a, d = duel(OMEGA_LEADER, upgrades=["1e-rage"])
        game = sc.at(PerformAction(a, during_activation=True), phase="activation")
        game.answer("1e-rage:rage")
        pass_all(game)
        ship = game.state.ships[a]
        assert ship.count(Token.FOCUS) == 1 and ship.count(Token.STRESS) == 2
        start_at(game, *_engage(a))
        load_dice(game, ["blank", "blank"], ["blank"] * 2)
        declare(game, a, d)
        assert "1e-rage" in sources(game, "modify_attack_dice", a)

    def test_no_rerolls_without_the_action(self):
        """Without Rage's action this round no reroll is offered."""
        sc, a, d = duel(OMEGA_LEADER, upgrades=["1e-rage"])
        game = engage(sc, a, ["blank", "blank"], ["blank"] * 2)
        declare(game, a, d)
        assert "1e-rage" not in sources(game, "modify_attack_dice", a)


def _engage(ship: str):
    from tallon.engine.attack import Engage

    return (Engage(ship),)


# ------------------------------------------------------------ Attanni Mindlink
class TestAttanniMindlink:
    def _pair(self, **other):
        sc = Scene(ruleset="1e")
        a = sc.ship(SCOUT, at=(300, 300, 0), upgrades=["1e-attannimindlink"])
        b = sc.ship(SCOUT, at=(600, 300, 0), upgrades=["1e-attannimindlink"], **other)
        sc.ship(ROOKIE, player=2, at=(400, 850, 180))
        return sc, a, b

    def test_stress_shared(self):
        """One ship receives a stress token: the other Mindlink ship is assigned one; a
        focus token likewise."""
        for token in ("stress", "focus"):
            sc, a, b = self._pair()
            game = sc.at(Give(a, token))
            pass_all(game)
            assert game.state.ships[b].count(Token(token)) == 1

    def test_not_if_it_has_one_already(self):
        """The other ship already has a stress token: it receives no second one."""
        sc, a, b = self._pair(stress=1)
        game = sc.at(Give(a, "stress"))
        pass_all(game)
        assert game.state.ships[b].count(Token.STRESS) == 1

    def test_not_for_other_tokens_or_ships(self):
        """An evade token is not shared; a ship without Mindlink gets nothing."""
        sc, a, b = self._pair()
        game = sc.at(Give(a, "evade"))
        pass_all(game)
        assert not game.state.ships[b].has(Token.EVADE)
        sc = Scene(ruleset="1e")
        a = sc.ship(SCOUT, at=(300, 300, 0), upgrades=["1e-attannimindlink"])
        b = sc.ship(SCOUT, at=(600, 300, 0))
        sc.ship(ROOKIE, player=2, at=(400, 850, 180))
        game = sc.at(Give(a, "stress"))
        pass_all(game)
        assert not game.state.ships[b].stressed

    def test_faq_several_tokens_give_one(self):
        """FAQ (1e), Attanni Mindlink: 2 stress tokens from one effect (as Rage gives) give the
        other ship only 1."""
        sc, a, b = self._pair()
        game = sc.at(Give(a, "stress", 2))
        pass_all(game)
        assert game.state.ships[a].count(Token.STRESS) == 2
        assert game.state.ships[b].count(Token.STRESS) == 1

    def test_faq_fleeing_on_a_red_maneuver_gives_no_stress(self):
        """FAQ (1e), Attanni Mindlink: a ship fleeing the battlefield on a red maneuver is
        destroyed without receiving the stress token, so the other ship receives none."""
        sc = Scene(ruleset="1e")
        a = sc.ship(SCOUT, at=(400, 880, 0), upgrades=["1e-attannimindlink"])
        b = sc.ship(SCOUT, at=(600, 300, 0), upgrades=["1e-attannimindlink"])
        sc.ship(ROOKIE, player=2, at=(200, 600, 180))
        assert "4KR" in _dial(SCOUT)
        game = activation(sc, a, "4KR")
        pass_all(game)
        assert game.state.ships[a].destroyed or game.state.ships[a].removed
        assert not game.state.ships[b].stressed

    def test_faq_red_maneuver_onto_an_obstacle_stress_first(self):
        """FAQ (1e), Attanni Mindlink: overlapping an obstacle on a red maneuver, the ship
        receives the stress token (and shares it) before rolling for the obstacle."""
        sc = Scene(ruleset="1e")
        a = sc.ship(SCOUT, at=(400, 200, 0), upgrades=["1e-attannimindlink"])
        b = sc.ship(SCOUT, at=(700, 200, 0), upgrades=["1e-attannimindlink"])
        sc.ship(ROOKIE, player=2, at=(200, 850, 180))
        sc.obstacle("core2asteroid5", 400, 400)
        game = activation(sc, a, "4KR")
        pass_all(game)
        log = game.log
        stress_at = next(i for i, e in enumerate(log) if e["kind"] == "token"
                         and e.get("ship") == b and "stress" in e["text"])
        dice_at = next(i for i, e in enumerate(log) if e["kind"] == "obstacle"
                       and "rolls" in e["text"])
        assert stress_at < dice_at


def _dial(pilot: str) -> tuple[str, ...]:
    from tallon.data import load_cards

    db = load_cards()
    p = db.pilot(pilot)
    return db.ship(p.ship, faction=p.faction).dial


# ---------------------------------------------------------------- Adaptability
def _setup_game(sc: Scene, choose):
    """A scene's game, set up answering ``choose(decision)`` (None: the first option)."""
    from tallon.engine import Game, GameSetup

    game = Game(GameSetup(squads=sc._squads(), seed=sc.seed, cards=sc.cards,
                          ruleset=sc.ruleset))
    while game.decision is not None and game.state.phase == "setup":
        d = game.decision
        game.answer(choose(game, d) or d.options[0].key)
    return game


class TestAdaptability:
    def _scene(self):
        sc = Scene(ruleset="1e")
        a = sc.ship(OMEGA_LEADER, upgrades=["1e-adaptability"])
        sc.ship(NOVICE, player=2)
        return sc, a

    def test_raise_or_lower(self):
        """Placed in setup, "Omega Leader" (pilot skill 8) chooses +1 (9, the card's +1 side
        faceup) or -1 (7)."""
        for answer, skill in (("raise", 9), ("lower", 7)):
            sc, a = self._scene()
            game = _setup_game(sc, lambda g, d, answer=answer: answer
                               if d.kind == "use_ability" else None)
            assert game.state.ships[a].current_initiative == skill

    def test_without_it(self):
        """Without the card he stays at 8."""
        sc = Scene(ruleset="1e")
        a = sc.ship(OMEGA_LEADER)
        sc.ship(NOVICE, player=2)
        game = _setup_game(sc, lambda g, d: None)
        assert game.state.ships[a].current_initiative == 8

    def test_faq_placed_at_printed_skill(self):
        """FAQ (1e), Adaptability: the ship is placed at its printed pilot skill and
        changes it as soon as it is placed: when asked to place it, it is still 8."""
        sc, a = self._scene()
        seen = []

        def choose(game, d):
            if d.ship == a and d.kind != "use_ability" and not seen:
                seen.append(game.state.ships[a].initiative)
            return "raise" if d.kind == "use_ability" else None

        game = _setup_game(sc, choose)
        assert seen == [8] and game.state.ships[a].initiative == 9


# --------------------------------------------------------- XX-23 S-Thread Tracers
TRACERS = "1e-xx23sthreadtracers"


class TestXX23SThreadTracers:
    def _scene(self, **setup):
        sc = Scene(ruleset="1e")
        a = sc.ship(BARON, at=(400, 300, 0), upgrades=[TRACERS], **setup)
        f = sc.ship(BARON, at=(520, 300, 0))
        far = sc.ship(BARON, at=(100, 100, 0))
        d = sc.ship(NOVICE, player=2, at=(400, Y[2], 180))
        return sc, a, f, far, d

    def test_hit_lets_friends_lock(self):
        """With a focus token (not spent) he fires the tracers and hits: the card is
        discarded, the defender suffers no damage, and he and the friend at Range 1 each
        acquire a target lock on it; the friend beyond Range 2 is not asked."""
        sc, a, f, far, d = self._scene(focus=1)
        game = engage(sc, a, ["hit"] * 3, ["blank"] * 2)
        declare(game, a, d, TRACERS)
        asked = answer_rest(game, lambda dec: "lock" if "lock" in dec.option_keys() else None)
        ships = game.state.ships
        assert ships[d].shields == 3 and not ships[d].damage
        assert d in ships[a].locks and d in ships[f].locks and d not in ships[far].locks
        assert ("use_ability", far) not in asked
        assert ships[a].has(Token.FOCUS) and not has_card(game, a, TRACERS)

    def test_miss_no_locks(self):
        """The attack misses: nobody locks; the card is discarded all the same."""
        sc, a, f, _, d = self._scene(focus=1)
        game = engage(sc, a, ["hit", "blank", "blank"], ["evade", "blank"])
        declare(game, a, d, TRACERS)
        answer_rest(game, lambda dec: "lock" if "lock" in dec.option_keys() else None)
        assert not game.state.ships[f].locks and not has_card(game, a, TRACERS)

    def test_needs_a_focus_token(self):
        """Without a focus token the tracers cannot be fired."""
        from tallon.engine.attack import Engage

        sc, a, *_ = self._scene()
        game = sc.at(Engage(a))
        assert not any((o.info or {}).get("weapon") == TRACERS for o in game.decision.options)


# ------------------------------------------------------------------ Tractor Beam
TRACTOR = "1e-tractorbeam"
MIST = "1e-misthunter"


class TestTractorBeam:
    def _fire(self, dice, defender=NOVICE, d_at=(400, Y[2], 180), answer="none",
              upgrades=(TRACTOR, MIST), attacker=FREELANCER):
        sc = Scene(ruleset="1e")
        a = sc.ship(attacker, at=(400, 300, 0), upgrades=list(upgrades))
        d = sc.ship(defender, player=2, at=d_at)
        game = engage(sc, a, dice, ["blank"] * 3)
        declare(game, a, d, TRACTOR)
        movers = []

        def choose(dec):
            if dec.kind == "tractor_move":
                movers.append(dec.player)
                return answer
            return None

        asked = answer_rest(game, choose)
        assert set(movers) <= {1}  # the attacker's player moves the tractored ship
        return game, a, d, asked

    def test_hit_gives_a_tractor_token_and_no_damage(self):
        """The Tractor Beam hits with 2 hits: the T-70 receives 1 tractor beam token, loses
        no shield, and the attacker's player is offered to move it."""
        game, _a, d, asked = self._fire(["hit", "hit", "blank"])
        ship = game.state.ships[d]
        assert ship.count(Token.TRACTOR) == 1 and ship.shields == ship.shield_limit
        assert ("tractor_move", d) in asked

    def test_miss_no_token(self):
        """The attack misses: no token."""
        game, _a, d, asked = self._fire(["blank"] * 3)
        assert not game.state.ships[d].has(Token.TRACTOR)
        assert not any(k == "tractor_move" for k, _ in asked)

    def test_agility_lower_next_attack(self):
        """With the token, the T-70 (agility 2) rolls 1 defense die against a second attack
        at Range 2 this round."""
        from tests.rules.attack_helpers import rolls

        game, a, d, _ = self._fire(["hit", "hit", "blank"])
        assert len(rolls(game, d)[-1]) == 2  # the first attack: agility 2
        load_dice(game, ["blank"] * 3, ["blank"] * 3)
        start_at(game, *_engage(a))
        declare(game, a, d)
        pass_all(game)
        assert len(rolls(game, d)[-1]) == 1

    def test_large_ship_not_moved(self):
        """A large ship (a YT-1300) receives the token but is not moved: no question."""
        game, _a, d, asked = self._fire(["hit", "hit", "blank"],
                                        defender="1e-yt1300-outerrimsmuggler",
                                        d_at=(400, 520, 180))
        assert game.state.ships[d].count(Token.TRACTOR) == 1
        assert not any(k == "tractor_move" for k, _ in asked)

    def test_faq_ruthlessness_after_the_move(self):
        """FAQ (1e), Tractor Beam: with Ruthlessness, the tractor move comes first, then
        Ruthlessness's choice of a ship at Range 1 of the defender."""
        sc = Scene(ruleset="1e")
        a = sc.ship(FREELANCER, at=(400, 300, 0), upgrades=[TRACTOR, MIST, "1e-ruthlessness"])
        d = sc.ship(NOVICE, player=2, at=(400, Y[2], 180))
        sc.ship(NOVICE, player=2, at=(480, Y[2], 180))
        game = engage(sc, a, ["hit", "hit", "blank"], ["blank"] * 3)
        declare(game, a, d, TRACTOR)
        answer_rest(game, lambda dec: next((k for k in dec.option_keys() if "boost" in k),
                                           None) if dec.kind == "tractor_move" else None)
        texts = [e["text"] for e in game.log]
        moved = next(i for i, t in enumerate(texts) if "is tractored" in t)
        ruthless = next(i for i, t in enumerate(texts) if "uses 1e-ruthlessness" in t)
        assert moved < ruthless

    def test_faq_tactician_measures_after_the_move(self):
        """FAQ (1e), Tractor Beam: with Tactician the token (and its move) resolves within
        the attack, then Tactician measures: boosted out of Range 2 (to Range 1) the
        defender receives no stress token; left where it is, it does."""
        for answer, stressed in (("boost", False), ("none", True)):
            sc = Scene(ruleset="1e")
            a = sc.ship(FREELANCER, at=(400, 300, 0), upgrades=[TRACTOR, MIST, "1e-tactician"])
            d = sc.ship(NOVICE, player=2, at=(400, Y[2], 180))
            game = engage(sc, a, ["hit", "hit", "blank"], ["blank"] * 3)
            declare(game, a, d, TRACTOR)

            def choose(dec, answer=answer):
                if dec.kind == "tractor_move":
                    return next((k for k in dec.option_keys() if answer in k), "none")
                return None

            answer_rest(game, choose)
            assert game.state.ships[d].stressed is stressed


