"""The first edition's FAQ rulings on the rules (faq-1e.txt), continued from
test_faq_rules_1e.py: the errata to the reference cards and the Rules Reference (boost,
bomb tokens, decloak, obstacles, tractor beam), Section 2's rule clarifications and the
timing chart for performing an attack. The Q&A of Section 5 is in test_faq_rules_1e_3.py.
One test each, named after the ruling; card rulings live with their cards
(tests/cards/first_edition).

Ships: the core set's X-wing (Rookie Pilot, skill 2: attack 3, agility 2, hull 3, shields
2) and TIE fighter (Academy Pilot, skill 1: attack 2, agility 3, hull 3), an A-wing (Green
Squadron Pilot: boost), TIE Phantoms (cloak), the YT-1300 (large, turret primary weapon).
Player 1 sits at y = 0 facing +y; a small base is 40 mm, a range band 100 mm.
"""

from __future__ import annotations

from tallon.engine.action_bodies import lock_targets
from tallon.engine.actions import PerformAction
from tallon.engine.actions_1e import boost_options
from tallon.engine.attack import Engage
from tallon.engine.movement import Decloak, overlapped_before
from tallon.engine.reposition_templates import boost_attempt, boost_choices
from tallon.engine.rounds import Activate, EndPhase, Sweep
from tallon.engine.state import DamageCard, Token
from tallon.scene import Scene, declare, load_dice, stack_deck, start_at
from tests.cards.helpers import Give, engage, pass_all, skip_dice, values
from tests.rules.attack_helpers import HERE, R2, damage, dice_counts, finish, script

ROOKIE = "1e-xwing-rookiepilot"
ACADEMY = "1e-tiefighter-academypilot"
AWING = "1e-awing-greensquadronpilot"
SIGMA = "1e-tiephantom-sigmasquadronpilot"      # skill 3
SHADOW = "1e-tiephantom-shadowsquadronpilot"    # skill 5
YT1300 = "1e-yt1300-outerrimsmuggler"
PUNISHER = "1e-tiepunisher-cutlasssquadronpilot"
TEL = "1e-jumpmaster5000-teltrevura"            # skill 7
ROCK = "core2asteroid3"       # the smallest asteroid (21-28 mm from its centre)
ROCK5 = "core2asteroid5"
DEBRIS = "core2debris0"
FAR = (700, 850, 180)         # an enemy out of the way


def obstacle_rolls(game) -> list[str]:
    """The obstacle dice rolled (the texts of the log's obstacle roll events)."""
    return [e["text"] for e in game.log if e["kind"] == "obstacle" and " rolls " in e["text"]]


# ------------------------------------------------------------------------ errata
class TestErrata:
    def test_faq_errata_boost_not_when_the_template_overlaps_an_obstacle(self):
        """An A-wing with an asteroid just ahead on its right, where the [1 bank right]
        template crosses it but the ship's final position would not touch it. FAQ (1e)
        errata, Boost Action reference card: a ship cannot boost if its base would overlap
        a ship or an obstacle "or if the maneuver template overlaps an obstacle token".
        Expected: the right bank is not offered; without the asteroid it is."""
        sc = Scene(ruleset="1e")
        a = sc.ship(AWING, at=(400, 300, 0))
        sc.ship(ACADEMY, 2, at=FAR)
        sc.obstacle(ROCK, 400, 350)
        game = sc.game()
        ship = game.state.ships[a]
        assert "right" not in boost_options(game, ship)
        final = boost_attempt(game, ship, boost_choices(game, ship)["right"]).final
        game.state.set_pose(ship, final)   # the final position alone is clear
        assert not overlapped_before(game, ship)
        clear = Scene(ruleset="1e")
        b = clear.ship(AWING, at=(400, 300, 0))
        clear.ship(ACADEMY, 2, at=FAR)
        other = clear.game()
        assert "right" in boost_options(other, other.state.ships[b])

    def test_faq_errata_decloak_lowest_pilot_skill_first(self):
        """Two cloaked TIE Phantoms, a Sigma Squadron Pilot (skill 3, player 2) and a Shadow
        Squadron Pilot (skill 5, player 1). FAQ (1e) errata, Decloak reference card: at the
        start of the Activation phase each ship may decloak, starting with the lowest pilot
        skill. Expected: the skill 3 Phantom is asked first, then the skill 5 one."""
        sc = Scene(ruleset="1e")
        shadow = sc.ship(SHADOW, 1, at=(200, 300, 0), cloak=1)
        sigma = sc.ship(SIGMA, 2, at=(600, 600, 180), cloak=1)
        game = sc.at(Sweep("system"), phase="system")
        asked = []
        while game.decision is not None:
            d = game.decision
            if d.kind == "decloak":
                asked.append(d.ship)
            game.answer("pass" if "pass" in d.option_keys() else d.options[0].key)
        assert asked == [sigma, shadow]

    def test_faq_errata_no_decloak_with_the_template_over_an_obstacle(self):
        """A cloaked TIE Phantom with a small asteroid lying across the [2 straight]
        template ahead, clear of both the ship and where a decloak boost would place it.
        FAQ (1e) errata, Decloak reference card: a ship cannot decloak if the maneuver
        template would overlap an obstacle. Expected: the declared decloak boost does not
        happen - the Phantom keeps its cloak token and its place; without the asteroid it
        decloaks 120 mm ahead."""
        for rock, y, cloaked in ((True, 300, True), (False, 420, False)):
            sc = Scene(ruleset="1e")
            a = sc.ship(SIGMA, at=(400, 300, 0), cloak=1)
            sc.ship(ACADEMY, 2, at=FAR)
            if rock:
                sc.obstacle(ROCK, 400, 360)
            game = sc.at(Decloak(a), phase="system")
            game.answer("boost")
            ship = game.state.ships[a]
            assert ship.has(Token.CLOAK) is cloaked and round(ship.pose.y) == y

    def _tractored_onto(self, outline: str, die: str):
        """A TIE receives its first tractor beam token; its opponent boosts it straight
        onto ``outline`` (the move is not a maneuver); the obstacle's die shows ``die``."""
        sc = Scene(ruleset="1e")
        sc.ship(ROOKIE, at=(100, 100, 0))
        t = sc.ship(ACADEMY, 2, at=(400, 500, 180))
        sc.obstacle(outline, 400, 420)
        game = sc.game()
        load_dice(game, [die])
        start_at(game, Give(t, "tractor", 1, 1))
        assert game.decision is not None and game.decision.kind == "tractor_move"
        boosts = [k for k in values(game) if "boost" in k and "straight" in k] or \
            [k for k in values(game) if "boost" in k]
        game.answer(boosts[0])
        pass_all(game)
        return game, game.state.ships[t]

    def test_faq_errata_asteroid_overlapped_not_by_a_maneuver_rolls_one_die(self):
        """A TIE is boosted onto an asteroid by a tractor beam token (not a maneuver). FAQ
        (1e) errata, Rules Reference (Obstacles): the ship rolls 1 attack die: a hit deals 1
        damage, a critical hit 1 critical damage, nothing else. Expected: with a critical
        hit, one faceup damage card; with a hit, one facedown card; with a blank, none."""
        for die, cards in (("crit", (0, 1)), ("hit", (1, 0)), ("blank", (0, 0))):
            game, tie = self._tractored_onto(ROCK5, die)
            assert len(obstacle_rolls(game)) == 1
            assert damage(game, tie.id) == cards, die

    def test_faq_errata_debris_overlapped_not_by_a_maneuver_stress_then_die(self):
        """A TIE is boosted onto a debris cloud by a tractor beam token. FAQ (1e) errata,
        Rules Reference (Obstacles): it receives 1 stress token, then rolls 1 attack die and
        suffers a critical damage only on a critical hit. Expected: with a critical hit, a
        stress token and a faceup card; with a hit, the stress token alone."""
        for die, cards in (("crit", (0, 1)), ("hit", (0, 0))):
            game, tie = self._tractored_onto(DEBRIS, die)
            assert tie.count(Token.STRESS) == 1
            assert damage(game, tie.id) == cards, die

    def test_faq_errata_no_attack_while_overlapping_an_asteroid(self):
        """An X-wing sits on an asteroid, or on a debris cloud, with a TIE at range 2 in its
        arc. FAQ (1e) errata, Rules Reference (Obstacles): while a ship overlaps an asteroid
        it cannot perform any attacks - a rule of asteroids only (reference card (1e)
        "Debris Cloud Token": a ship overlapping one may attack). Expected: on the asteroid
        no target; on the debris cloud, and in open space, the TIE is one."""
        for outline, targets in ((ROCK5, []), (DEBRIS, ["p2.1"]), (None, ["p2.1"])):
            sc = Scene(ruleset="1e")
            sc.ship(ROOKIE, 1, at=HERE)
            sc.ship(ACADEMY, 2, at=R2)
            if outline:
                sc.obstacle(outline, 400, 290)
            game = sc.at(Engage("p1.1"))
            offered = [] if game.decision is None else [
                o.info["defender"] for o in game.decision.options if o.info]
            assert offered == targets

    def test_faq_errata_tractor_beam_tokens_removed_in_the_end_phase(self):
        """A TIE with 2 tractor beam tokens reaches the End phase. FAQ (1e) errata, Tractor
        Beam reference card: remove all tractor beam tokens from the ship. Expected: none
        left (its focus token goes too)."""
        sc = Scene(ruleset="1e")
        sc.ship(ROOKIE, at=(100, 100, 0))
        t = sc.ship(ACADEMY, 2, at=(400, 500, 180), tractor=2, focus=1)
        game = sc.at(EndPhase(), phase="end")
        tie = game.state.ships[t]
        assert not tie.has(Token.TRACTOR) and not tie.has(Token.FOCUS)

    def test_faq_errata_cluster_mine_crit_deals_a_normal_damage(self):
        """A shieldless X-wing flies over one token of a cluster mine set and rolls a hit
        and a critical hit. FAQ (1e) errata, Bomb Tokens reference cards #4 and #6: it
        suffers 1 damage for each hit and each critical hit result. Expected: two facedown
        damage cards, no faceup one (the crit is a normal damage)."""
        sc = Scene(ruleset="1e")
        a = sc.ship(PUNISHER, at=(400, 300, 0), upgrades=["1e-clustermines"])
        x = sc.ship(ROOKIE, 2, at=(450, 60, 0), shields=0)
        game = sc.at(PerformAction(a, during_activation=True), phase="activation")
        game.answer("1e-clustermines:drop")
        if game.decision is not None and game.decision.kind == "card_action":
            game.answer("1F")
        pass_all(game)
        assert len(game.state.devices) == 3
        game.state.ships[x].dial_set = "3FW"
        load_dice(game, ["hit", "crit"])
        start_at(game, Activate(x), phase="activation")
        pass_all(game)
        assert damage(game, x) == (2, 0)


# ------------------------------------------------------- Section 2: clarifications
class TestClarifications:
    def test_faq_at_range_is_where_the_closest_part_lies(self):
        """A TIE whose base lies across Range 1 and Range 2 of an X-wing (its nearest edge
        90 mm from the X-wing's front). FAQ (1e), "At" vs "Within": a ship is at the range
        band its closest part touches, here Range 1. Expected: the X-wing's primary attack
        gets the Range 1 bonus: 4 attack dice."""
        sc = Scene(ruleset="1e")
        sc.ship(ROOKIE, 1, at=HERE)
        sc.ship(ACADEMY, 2, at=(400, 430, 180))
        game = sc.attack("p1.1", "p2.1", then=script(("attack", ["blank"] * 4),
                                                     ("defense", ["blank"] * 3)))
        finish(game)
        assert dice_counts(game, "p1.1", "p2.1")[0] == 4

    def test_faq_altered_pilot_skill_raised_past_the_active_ship_does_not_attack(self):
        """Tel Trevura (pilot skill 7) has a faceup Damaged Cockpit (skill 0) and 3 facedown
        cards; a Rookie Pilot (skill 2) attacks him first and would destroy him, but his
        ability discards his damage cards (skill 7 again). FAQ (1e), Altered Pilot Skill:
        in the Combat phase a ship that has not attacked and whose pilot skill becomes
        higher than the active ship's does not become the active ship this phase (2.5 has it
        engage at the step reached). Expected: only the Rookie declares an attack; Tel
        Trevura, alive at skill 7, is never asked."""
        sc = Scene(ruleset="1e")
        t = sc.ship(TEL, 1, at=(400, 300, 0), shields=0, damage=[
            DamageCard("1e-core-damagedcockpit", True, 70),
            *(DamageCard("1e-core-directhit", False, 80 + k) for k in range(3))])
        e = sc.ship(ROOKIE, 2, at=(400, 500, 180))
        game = sc.game()
        game.state.ships[t].round_initiative = 0
        load_dice(game, ["hit"] * 3, ["blank"] * 2)
        start_at(game, Sweep("engagement"), phase="engagement")
        declaring = []
        while game.decision is not None:
            d = game.decision
            if d.kind == "declare_attack":
                declaring.append(d.ship)
                game.answer(next((o.key for o in d.options if o.info), "none"))
            else:
                game.answer("done" if "done" in values(game) else d.options[0].key)
        tel = game.state.ships[t]
        assert declaring == [e]
        assert not tel.destroyed and tel.current_initiative == 7

    def test_faq_a_target_lock_needs_the_declared_target_in_range(self):
        """An X-wing with a TIE at Range 3 and another at Range 4. FAQ (1e), Acquiring a
        Target Lock: the declared target must be in range (Range 1-3); out of range the
        player declares another target or another action. Expected: the TIE at Range 3
        can be locked, the one at Range 4 cannot."""
        sc = Scene(ruleset="1e")
        sc.ship(ROOKIE, 1, at=HERE)
        sc.ship(ACADEMY, 2, at=(400, 600, 180))   # 260 mm: Range 3
        sc.ship(ACADEMY, 2, at=(250, 700, 180))   # beyond Range 3
        game = sc.game()
        assert lock_targets(game, game.state.ships["p1.1"]) == ["p2.1"]

    def test_faq_in_line_ships_moving_alike_are_no_longer_touching(self):
        """An X-wing bumps into the rear of a TIE flying the same way (touching it: it
        cannot attack it); then each executes a [1 straight]. FAQ (1e), Overlapping In-Line
        Ships: two touching ships, parallel and facing the same way, that execute maneuvers
        of the same speed are no longer touching. Expected: after the bump the TIE is no
        target; after both moves it is, at Range 1 (with the range bonus: 4 dice)."""
        sc = Scene(ruleset="1e")
        x = sc.ship(ROOKIE, 1, at=(400, 200, 0))
        t = sc.ship(ACADEMY, 2, at=(400, 330, 0))
        game = sc.game()
        s = game.state
        s.ships[x].dial_set = "2FW"
        start_at(game, Activate(x), phase="activation")
        pass_all(game)
        assert t in s.ships[x].contacts
        start_at(game, Engage(x))
        assert game.decision is None or not [o for o in game.decision.options if o.info]
        for ship in (t, x):
            s.ships[ship].dial_set = "1FW"
            start_at(game, Activate(ship), phase="activation")
            pass_all(game)
        assert t not in s.ships[x].contacts and x not in s.ships[t].contacts
        load_dice(game, ["blank"] * 4, ["blank"] * 3)
        start_at(game, Engage(x))
        declare(game, x, t)
        finish(game)
        assert dice_counts(game, x, t)[0] == 4

    def test_faq_parallel_ships_the_attacker_chooses_the_closest_line(self):
        """An X-wing and a TIE face each other squarely (parallel edges, so many closest
        lines tie); an asteroid lies across the left part of those lines only. FAQ (1e),
        Parallel Ships and Attacking: the attacker chooses where to draw the closest point to
        closest point line. Expected: the attacker is asked; choosing a clear line, the TIE
        rolls its 3 defense dice, not the obstructed 4; an asteroid across every line
        obstructs the attack unasked (4 dice)."""
        for rock_x, answer, dice in ((370, "clear", 3), (400, None, 4)):
            sc = Scene(ruleset="1e")
            sc.ship(ROOKIE, 1, at=HERE)
            sc.ship(ACADEMY, 2, at=R2)
            sc.obstacle(ROCK, rock_x, 400)
            game = sc.attack("p1.1", "p2.1", then=script(("attack", ["blank"] * 3),
                                                         ("defense", ["blank"] * 4)))
            if answer is not None:
                assert game.decision.kind == "obstruction" and game.decision.player == 1
                game.answer(answer)
            finish(game)
            assert dice_counts(game, "p1.1", "p2.1") == (3, dice)

    def test_faq_a_stationary_maneuver_keeps_ships_touching(self):
        """A Lambda-class shuttle (Omicron Group Pilot) bumps into an X-wing with its [1
        straight] (stopping a few millimetres short, touching it); next it executes its red
        [0 stop]. FAQ (1e), Touching and Stationary Maneuvers: a ship touching another that
        executes a [0 stop] is still touching it, until one of them moves away. Expected:
        both still touching, so the X-wing cannot attack the shuttle (rulebook (1e): no
        attack between touching ships), as after the bump itself."""
        sc = Scene(ruleset="1e")
        lam = sc.ship("1e-lambdaclassshuttle-omicrongrouppilot", 2, at=(400, 580, 180))
        t = sc.ship(ROOKIE, 1, at=(400, 440, 0))
        game = sc.game()
        s = game.state
        for dial in ("1FB", "0OR"):
            s.ships[lam].dial_set = dial
            start_at(game, Activate(lam), phase="activation")
            pass_all(game)
            assert t in s.ships[lam].contacts and lam in s.ships[t].contacts, dial
            start_at(game, Engage(t))
            targets = [] if game.decision is None else [
                o.info["defender"] for o in game.decision.options if o.info]
            assert lam not in targets, dial

    def test_faq_large_ship_collision_backs_along_the_template(self):
        """A YT-1300 executes a [1 bank right] into a TIE parked where it would end. FAQ
        (1e), Resolving Large Ship Collisions: the ship moves backward along the template
        until it no longer overlaps, ending touching the other ship. Expected: it touches
        the TIE, stands short of the full bank and skips its action."""
        sc = Scene(ruleset="1e")
        y = sc.ship(YT1300, 1, at=(400, 200, 0))
        sc.ship(ROOKIE, 1, at=(100, 100, 0))
        full = Scene(ruleset="1e")
        fy = full.ship(YT1300, 1, at=(400, 200, 0))
        full.ship(ACADEMY, 2, at=(100, 800, 180))
        free = full.game()
        free.state.ships[fy].dial_set = "1NW"
        start_at(free, Activate(fy), phase="activation")
        pass_all(free)
        end = free.state.ships[fy].pose
        t = sc.ship(ACADEMY, 2, at=(end.x + 30, end.y + 60, 180))
        game = sc.game()
        game.state.ships[y].dial_set = "1NW"
        start_at(game, Activate(y), phase="activation")
        seen = pass_all(game)
        ship = game.state.ships[y]
        assert t in ship.contacts
        assert ship.pose.y < end.y - 1
        assert "perform_action" not in seen

    def test_faq_rerolled_dice_are_chosen_before_any_is_rerolled(self):
        """An X-wing with a target lock on the TIE rolls blank, blank, hit. FAQ (1e),
        Rolling Dice: a player told to reroll dice chooses all the dice he rerolls before
        rerolling any. Expected: one choice names both blanks (the lock's options are whole
        sets of dice), and both are rerolled together, to hits."""
        sc = Scene(ruleset="1e")
        sc.ship(ROOKIE, 1, at=HERE, locks=["p2.1"])
        sc.ship(ACADEMY, 2, at=R2)
        game = engage(sc, "p1.1", ["blank", "blank", "hit"], ["blank"] * 3, ["hit", "hit"])
        declare(game, "p1.1", "p2.1")
        assert "lock:reroll=blank,blank" in values(game)
        game.answer("lock:reroll=blank,blank")
        rerolls = [e["text"] for e in game.log if e["kind"] == "modify"]
        assert rerolls and rerolls[-1].endswith("-> hit, hit, hit")

    def test_faq_spending_an_evade_token_beyond_the_hits(self):
        """A TIE rolls two evade results against a single hit and holds an evade token. FAQ
        (1e), Spending Tokens: a defender may spend evade tokens to add evade results in
        excess of the hit and critical hit results. Expected: the token is offered and
        spent, leaving three evade results."""
        sc = Scene(ruleset="1e")
        sc.ship(ROOKIE, 1, at=HERE)
        sc.ship(ACADEMY, 2, at=R2, evade=1)
        game = sc.attack("p1.1", "p2.1", ["hit", "blank", "blank"],
                         ["evade", "evade", "blank"])
        skip_dice(game, "modify_defense_dice", "p2.1")
        evade = [o for o in game.decision.options if (o.info or {}).get("source") == "evade"]
        assert evade
        game.answer(evade[0].key)
        assert not game.state.ships["p2.1"].has(Token.EVADE)


# --------------------------------------------------------------- the timing chart
class TestTimingChart:
    def test_faq_timing_evades_cancel_hits_before_crits(self):
        """A TIE (no shields) defends against a hit and a critical hit with one evade
        result. FAQ (1e), Timing Chart, step 6: pairs of hit and evade results are
        cancelled first, then critical hits. Expected: the critical hit remains: one
        faceup damage card, no facedown one."""
        sc = Scene(ruleset="1e")
        sc.ship(ROOKIE, 1, at=HERE)
        sc.ship(ACADEMY, 2, at=R2)
        game = sc.attack("p1.1", "p2.1", ["hit", "crit", "blank"], ["evade", "blank", "blank"])
        finish(game)
        assert damage(game, "p2.1") == (0, 1)

    def test_faq_timing_shields_cancel_hits_before_crits(self):
        """An X-wing with 1 shield left is hit by a hit and a critical hit. FAQ (1e), Timing
        Chart, step 7: shields cancel hit results first, then critical hits; remaining hits
        are facedown cards, critical hits faceup. Expected: the shield is lost to the hit
        and the critical hit deals one faceup card."""
        sc = Scene(ruleset="1e")
        sc.ship(ACADEMY, 1, at=HERE)
        sc.ship(ROOKIE, 2, at=R2, shields=1)
        game = sc.attack("p1.1", "p2.1", ["hit", "crit", "blank"], ["blank", "blank"])
        finish(game)
        assert game.state.ships["p2.1"].shields == 0
        assert damage(game, "p2.1") == (0, 1)

    def test_faq_timing_facedown_cards_for_hits_before_faceup_for_crits(self):
        """A TIE (no shields) is hit by a critical hit and a hit; its damage deck's top
        cards are Direct Hit, then Blinded Pilot. FAQ (1e), Timing Chart, step 7: the
        defender is dealt facedown cards for the remaining hits, then faceup cards for the
        critical hits. Expected: Direct Hit facedown, Blinded Pilot faceup (whatever the
        order of the dice)."""
        sc = Scene(ruleset="1e")
        sc.ship(ROOKIE, 1, at=HERE)
        sc.ship(ACADEMY, 2, at=R2)
        game = sc.at(Engage("p1.1"))
        stack_deck(game, 2, ["1e-core-directhit", "1e-core-blindedpilot"])
        load_dice(game, ["crit", "hit", "blank"], ["blank"] * 3)
        declare(game, "p1.1", "p2.1")
        finish(game)
        assert [(c.card, c.faceup) for c in game.state.ships["p2.1"].damage] == [
            ("1e-core-directhit", False), ("1e-core-blindedpilot", True)]

    def test_faq_timing_attacking_is_optional(self):
        """An X-wing with a TIE at Range 2 in its arc engages. FAQ (1e), Combat: a ship may
        choose not to attack. Expected: the declaration offers "none", and taking it makes
        no attack."""
        sc = Scene(ruleset="1e")
        sc.ship(ROOKIE, 1, at=HERE)
        sc.ship(ACADEMY, 2, at=R2)
        game = sc.at(Engage("p1.1"))
        assert game.decision.kind == "declare_attack" and "none" in values(game)
        game.answer("none")
        assert not [e for e in game.log if e["kind"] == "dice"]

    def test_faq_timing_both_players_must_roll_their_dice(self):
        """An X-wing attacks a TIE at Range 2. FAQ (1e), Combat: neither the attacker nor
        the defender may choose not to roll dice. Expected: nobody is asked whether to roll:
        after the declaration the attack dice (3) and the defense dice (3) are rolled."""
        sc = Scene(ruleset="1e")
        sc.ship(ROOKIE, 1, at=HERE)
        sc.ship(ACADEMY, 2, at=R2)
        game = sc.attack("p1.1", "p2.1", ["blank"] * 3, ["blank"] * 3)
        kinds = set()
        while game.decision is not None:
            kinds.add(game.decision.kind)
            game.answer("done" if "done" in values(game) else game.decision.options[0].key)
        assert kinds <= {"modify_attack_dice", "modify_defense_dice"}
        assert dice_counts(game, "p1.1", "p2.1") == (3, 3)

    def test_faq_timing_simultaneous_attack_a_destroyed_ship_still_attacks(self):
        """A Red Squadron Pilot (X-wing, skill 4) destroys a Black Squadron Pilot (TIE,
        skill 4) in the Combat phase; the X-wing's player has initiative. Rulebook (1e),
        Simultaneous Attack Rule, and FAQ (1e), Timing Chart (step 10) and Combat: a
        destroyed ship of the same pilot skill stays in play until it has attacked, its
        effects still active, and may still be attacked. Expected: the destroyed TIE
        attacks the X-wing, then is removed."""
        sc = Scene(ruleset="1e")
        x = sc.ship("1e-xwing-redsquadronpilot", 1, at=HERE)
        t = sc.ship("1e-tiefighter-blacksquadronpilot", 2, at=R2, damage=[
            DamageCard("1e-core-directhit", False, 1), DamageCard("1e-core-directhit", False, 2)])
        game = sc.game()
        game.state.first_player = 1
        load_dice(game, ["hit", "hit", "hit"], ["blank"] * 3,
                  then=script(("attack", ["hit", "hit"]), ("defense", ["blank"] * 2)))
        start_at(game, Sweep("engagement"), phase="engagement")
        attackers = []
        while game.decision is not None:
            d = game.decision
            if d.kind == "declare_attack":
                attackers.append(d.ship)
                enemy = t if d.ship == x else x
                game.answer(next(o.key for o in d.options
                                 if o.info and o.info["defender"] == enemy))
            else:
                game.answer("done" if "done" in values(game) else d.options[0].key)
        assert attackers == [x, t]
        tie = game.state.ships[t]
        assert tie.destroyed and not tie.in_play
        assert game.state.ships[x].shields == 0
