"""The first edition's FAQ rulings on the rules (faq-1e.txt), continued: Section 5's Q&A
(General, Actions and Game Effects, Combat, Movement, Range Measurement) not already in
test_faq_rules_1e.py. One test each, named after the ruling.

Ships: the core set's X-wing (Rookie Pilot, skill 2: attack 3, agility 2, hull 3, shields
2) and TIE fighter (Academy Pilot, skill 1: attack 2, agility 3, hull 3); an A-wing (Green
Squadron Pilot: boost, a [5 straight]); Firesprays (large: front and auxiliary rear arcs);
the YT-1300 (large, turret primary weapon, attack 2); a TIE Punisher with Proximity Mines.
Player 1 sits at y = 0 facing +y; the play area is 914.4 mm square; a small base is 40 mm.
"""

from __future__ import annotations

from tallon.cards.first_edition.ranges_1e import range_1e, within_1e
from tallon.engine.actions import PerformAction
from tallon.engine.attack import Engage
from tallon.engine.rounds import Activate, Sweep
from tallon.engine.state import DamageCard, Token
from tallon.geometry import Pose
from tallon.scene import Scene, load_dice, start_at
from tests.cards.helpers import Give, pass_all, values
from tests.rules.attack_helpers import dice_counts, finish, script

ROOKIE = "1e-xwing-rookiepilot"
ACADEMY = "1e-tiefighter-academypilot"
AWING = "1e-awing-greensquadronpilot"
YT1300 = "1e-yt1300-outerrimsmuggler"
HUNTER = "1e-firespray31-bountyhunter"              # Imperial, large, skill 3
MERCENARY = "1e-firespray31-mandalorianmercenary"   # Scum and Villainy
PUNISHER = "1e-tiepunisher-cutlasssquadronpilot"
MINES = "1e-proximitymines"
CHASER = "1e-tiefighter-chaser"
ROCK = "core2asteroid3"       # the smallest asteroid (21-28 mm from its centre)
ROCK5 = "core2asteroid5"
FAR = (100, 800, 180)         # an enemy out of the way


def move(sc: Scene, ship: str, dial: str, dice: list[str] = ()) -> tuple:
    """The scene's game after ``ship`` activates with ``dial`` (obstacle dice ``dice``),
    every later question passed; returns (game, the decision kinds asked)."""
    return move_on(sc.game(), ship, dial, dice)


def move_on(game, ship: str, dial: str, dice: list[str] = ()) -> tuple:
    """:func:`move` for a game already under way."""
    game.state.ships[ship].dial_set = dial
    load_dice(game, list(dice))
    start_at(game, Activate(ship), phase="activation")
    return game, pass_all(game)


def obstacle_rolls(game) -> list[str]:
    """The obstacle dice rolled, in order (the texts of the log's obstacle roll events)."""
    return [e["text"] for e in game.log if e["kind"] == "obstacle" and " rolls " in e["text"]]


def fled(game, ship: str) -> bool:
    return any(e["kind"] != "dice" and ship in e["text"] and "(fled)" in e["text"]
               for e in game.log)


# ----------------------------------------------------------------------- general
class TestGeneral:
    def test_faq_scum_firespray_has_its_auxiliary_arc(self):
        """A Scum and Villainy Firespray-31 (Mandalorian Mercenary) with an X-wing behind it
        at Range 1. FAQ (1e), General: the missing auxiliary arc symbol on its ship card is
        a misprint; it has the auxiliary rear arc as the Imperial one has. Expected: it can
        attack the X-wing with its rear arc, as the Imperial Bounty Hunter can."""
        for pilot in (MERCENARY, HUNTER):
            sc = Scene(ruleset="1e")
            sc.ship(pilot, 1, at=(400, 400, 0))
            sc.ship(ROOKIE, 2, at=(400, 250, 0))
            game = sc.at(Engage("p1.1"))
            assert game.decision is not None and "primary:rear@p2.1" in values(game), pilot

    def test_faq_a_players_simultaneous_effects_in_any_order(self):
        """An Academy Pilot spends its focus token while attacking, with two "Chaser"s (TIE
        fighters whose ability gives each a focus token when a friend at Range 1 spends
        one) beside it. FAQ (1e), General: a player with several effects resolving at the
        same time resolves them in any order. Expected: player 1 chooses which Chaser's
        ability resolves first; taking the second first, both still gain their token."""
        sc = Scene(ruleset="1e")
        a = sc.ship(ACADEMY, 1, at=(400, 300, 0), focus=1)
        c1 = sc.ship(CHASER, 1, at=(330, 300, 0))
        c2 = sc.ship(CHASER, 1, at=(470, 300, 0))
        d = sc.ship(ROOKIE, 2, at=(400, 500, 180))
        game = sc.attack(a, d, ["focus", "focus", "blank"], ["blank"] * 2)
        game.answer(next(o.key for o in game.decision.options
                         if (o.info or {}).get("source") == "focus"))
        order = game.decision
        assert order.kind == "order_abilities" and order.player == 1
        assert [k.split(":")[0] for k in order.option_keys()] == [c1, c2]
        game.answer(order.option_keys()[1])
        finish(game)
        ships = game.state.ships
        assert ships[c1].count(Token.FOCUS) == 1 and ships[c2].count(Token.FOCUS) == 1


# ---------------------------------------------------------- actions and effects
class TestActionsAndEffects:
    def test_faq_no_boost_off_the_play_area(self):
        """An A-wing 34 mm from the far edge, facing it. FAQ (1e), Actions and Game Effects:
        a ship cannot boost if its base would go outside the play area. Expected: its free
        action offers no boost; 300 mm from the edge it does."""
        for y, offered in ((880, False), (500, True)):
            sc = Scene(ruleset="1e")
            a = sc.ship(AWING, 1, at=(400, y, 0))
            sc.ship(ACADEMY, 2, at=(100, 300, 180))
            game = sc.at(PerformAction(a, during_activation=True), phase="activation")
            assert ("boost" in values(game)) is offered

    def test_faq_no_barrel_roll_off_the_play_area(self):
        """A TIE 10 mm from the left edge (its centre 30 mm in). FAQ (1e), Actions and Game
        Effects: no barrel roll that would take the base outside the play area. Expected:
        the barrel roll goes to the right only (its positions are asked at once)."""
        sc = Scene(ruleset="1e")
        a = sc.ship(ACADEMY, 1, at=(30, 400, 0))
        sc.ship(ROOKIE, 2, at=(500, 800, 180))
        game = sc.at(PerformAction(a, during_activation=True), phase="activation")
        game.answer("barrel_roll")
        assert game.decision.kind == "barrel_roll_position"
        assert " right " in game.decision.prompt

    def test_faq_free_actions_after_a_skipped_action_step(self):
        """An X-wing bumps into a TIE (so skips its Perform Action step); then a card grants
        it a free action. FAQ (1e), Actions and Game Effects: a ship that skips its Perform
        Action step may still perform free actions outside it. Expected: no Perform Action
        step is asked, but the free action is offered."""
        sc = Scene(ruleset="1e")
        x = sc.ship(ROOKIE, 1, at=(400, 200, 0))
        sc.ship(ACADEMY, 2, at=(400, 330, 180))
        game, asked = move(sc, x, "2FW")
        assert "p2.1" in game.state.ships[x].contacts and "perform_action" not in asked
        start_at(game, PerformAction(x, during_activation=True), phase="activation")
        assert "focus" in values(game)

    def test_faq_free_actions_while_on_an_asteroid(self):
        """An X-wing ends its maneuver on an asteroid (skipping its Perform Action step);
        then a card grants it a free action. FAQ (1e), Actions and Game Effects: a ship
        overlapping an asteroid may perform free actions. Expected: the focus action is
        offered."""
        sc = Scene(ruleset="1e")
        x = sc.ship(ROOKIE, 1, at=(400, 200, 0), shields=0)
        sc.ship(ACADEMY, 2, at=FAR)
        sc.obstacle(ROCK5, 400, 330)
        game, asked = move(sc, x, "2FW", ["blank"])
        assert obstacle_rolls(game) and "perform_action" not in asked
        start_at(game, PerformAction(x, during_activation=True), phase="activation")
        assert "focus" in values(game)

    def test_faq_a_bomb_may_be_dropped_partly_outside_the_play_area(self):
        """A TIE Punisher 60 mm from its own edge drops its proximity mine behind it with
        the [1 straight] template: the token would lie partly beyond the edge. FAQ (1e),
        Actions and Game Effects: a bomb token can be dropped outside the play area, the
        part outside being ignored. Expected: the drop is offered and the mine is placed
        (2.5's RR: DEVICE would not place it)."""
        sc = Scene(ruleset="1e")
        a = sc.ship(PUNISHER, 1, at=(400, 60, 0), upgrades=[MINES])
        sc.ship(ROOKIE, 2, at=(400, 850, 180))
        game = sc.at(PerformAction(a, during_activation=True), phase="activation")
        assert f"{MINES}:drop" in values(game)
        game.answer(f"{MINES}:drop")
        pass_all(game)
        assert len(game.state.devices) == 1
        assert game.state.devices[0].pose.y < 20

    def test_faq_a_bomb_tokens_guides_count_when_overlapped(self):
        """A Firespray drops a proximity mine behind it and leaves; an X-wing then ends a [1
        straight] with its base over one of the token's movement guides only (the round
        token itself 4 mm away, the template far from both). FAQ (1e), Actions and Game
        Effects: the movement guides on bomb tokens count when a ship overlaps them.
        Expected: the mine detonates (3 hits, the token gone); 22 mm to the side, clear of
        the guide, nothing happens."""
        for x_at, cards, left in ((430, 3, 0), (452, 0, 1)):
            sc = Scene(ruleset="1e")
            a = sc.ship(HUNTER, 1, at=(400, 300, 0), upgrades=[MINES])
            x = sc.ship(ROOKIE, 2, at=(x_at, 321.5, 180), shields=0)
            game = sc.at(PerformAction(a, during_activation=True), phase="activation")
            game.answer(f"{MINES}:drop")
            if game.decision is not None and game.decision.kind == "card_action":
                game.answer(values(game)[0])
            pass_all(game)
            assert round(game.state.devices[0].pose.y) == 220   # its guides at y 220-223
            game.state.set_pose(game.state.ships[a], Pose(100, 800, 0))
            game, _ = move_on(game, x, "1FW", ["hit"] * 3)
            assert len(game.state.ships[x].damage) == cards
            assert len(game.state.devices) == left

    def test_faq_one_focus_action_a_round_but_several_focus_tokens(self):
        """An X-wing performs the focus action, then is granted another action; then a card
        assigns it a second focus token. FAQ (1e), Actions and Game Effects: a ship may hold
        more than one focus token but cannot perform the focus action twice in a round.
        Expected: the second action offers no focus; the assigned token makes two."""
        sc = Scene(ruleset="1e")
        x = sc.ship(ROOKIE, 1, at=(400, 300, 0))
        sc.ship(ACADEMY, 2, at=(400, 800, 180))
        game = sc.at(PerformAction(x, during_activation=True),
                     PerformAction(x, during_activation=True), phase="activation")
        game.answer("focus")
        assert "focus" not in values(game) and "lock" in values(game)
        game.answer("pass")
        start_at(game, Give(x, "focus", 1, 1), phase="activation")
        assert game.state.ships[x].count(Token.FOCUS) == 2


    def test_faq_an_upgrade_card_action_once_a_round(self):
        """A Black Squadron Pilot (TIE) with Expert Handling performs its card action, then
        is granted another action. FAQ (1e), Actions and Game Effects: a ship cannot perform
        the same Upgrade card action more than once per round. Expected: the first action
        offers Expert Handling, the second does not (focus is still offered)."""
        sc = Scene(ruleset="1e")
        a = sc.ship("1e-tiefighter-blacksquadronpilot", 1, at=(400, 300, 0),
                    upgrades=["1e-experthandling"])
        sc.ship(ROOKIE, 2, at=(400, 800, 180))
        game = sc.at(PerformAction(a, during_activation=True),
                     PerformAction(a, during_activation=True), phase="activation")
        assert "1e-experthandling" in values(game)
        game.answer("1e-experthandling")
        while game.decision is not None and game.decision.kind != "perform_action":
            game.answer(game.decision.options[0].key)
        assert game.decision is not None
        assert "1e-experthandling" not in values(game) and "focus" in values(game)

    def test_faq_a_lock_an_ability_grants_needs_range_1_3(self):
        """"Dutch" Vander locks a TIE at Range 3 of him; his ability lets a friendly Y-wing
        at Range 1-2 acquire a target lock. FAQ (1e), Actions and Game Effects: a lock an
        ability grants needs the locked ship at Range 1-3 (unless the ability says
        otherwise). Expected: a friend with the TIE beyond Range 3 of it is offered no lock;
        a friend with the TIE at Range 3 may lock it."""
        for friend_at, offered in (((400, 150, 0), False), ((300, 350, 0), True)):
            sc = Scene(ruleset="1e")
            dutch = sc.ship("1e-ywing-dutchvander", 1, at=(400, 300, 0))
            friend = sc.ship("1e-ywing-goldsquadronpilot", 1, at=friend_at)
            sc.ship(ACADEMY, 2, at=(400, 600, 180))
            game = sc.at(PerformAction(dutch, during_activation=True), phase="activation")
            game.answer("lock")
            if game.decision is not None and game.decision.kind == "lock_target":
                game.answer("p2.1")
            if game.decision is not None and game.decision.kind == "use_ability" and \
                    game.decision.ship == dutch:
                game.answer(friend)
            asked = game.decision is not None and game.decision.kind == "use_ability" \
                and game.decision.ship == friend
            assert game.state.ships[dutch].locks == ["p2.1"]
            assert asked is offered
            if asked:
                assert "p2.1" in values(game)


# ------------------------------------------------------------------------ combat
class TestCombat:
    def test_faq_a_destroyed_ship_kept_in_play_can_be_attacked(self):
        """Two Red Squadron Pilots (X-wings, skill 4, player 1 with initiative) and a Black
        Squadron Pilot (TIE, skill 4) one hit from destruction. The first X-wing destroys
        it; the Simultaneous Attack Rule keeps it in play until it has attacked. FAQ (1e),
        Combat: such a ship can still be attacked and dealt damage cards. Expected: the
        second X-wing may declare the destroyed TIE and deals it another card."""
        sc = Scene(ruleset="1e")
        a = sc.ship("1e-xwing-redsquadronpilot", 1, at=(350, 300, 0))
        b = sc.ship("1e-xwing-redsquadronpilot", 1, at=(450, 300, 0))
        t = sc.ship("1e-tiefighter-blacksquadronpilot", 2, at=(400, 500, 180), damage=[
            DamageCard("1e-core-directhit", False, 1), DamageCard("1e-core-directhit", False, 2)])
        game = sc.game()
        game.state.first_player = 1
        load_dice(game, then=script(("attack", ["hit"] * 3), ("defense", ["blank"] * 3),
                                    ("attack", ["hit"] * 3), ("defense", ["blank"] * 3)))
        start_at(game, Sweep("engagement"), phase="engagement")
        declared = []
        while game.decision is not None:
            d = game.decision
            if d.kind == "declare_attack" and d.ship in (a, b):
                assert any(o.info and o.info["defender"] == t for o in d.options), d.ship
                declared.append(d.ship)
                game.answer(next(o.key for o in d.options if o.info
                                 and o.info["defender"] == t))
            elif d.kind == "declare_attack":
                game.answer("none")
            else:
                game.answer("done" if "done" in values(game) else d.options[0].key)
        assert declared == [a, b] or declared == [b, a]
        tie = game.state.ships[t]
        assert len(tie.damage) == 2 + 3 + 3 and not tie.in_play


# ---------------------------------------------------------------------- movement
class TestMovement:
    def test_faq_a_template_outside_the_play_area_is_no_flight(self):
        """An X-wing 86 mm from the far edge executes a [2 turn right]; its template's outer
        edge crosses the edge (to 920 mm), and a TIE where it would end stops it short,
        inside the play area. FAQ (1e), Movement: a ship whose template is outside the play
        area but whose base is not has not fled. Expected: it stays in play, touching the
        TIE; without the TIE it would end partly outside and flee."""
        sc = Scene(ruleset="1e")
        x = sc.ship(ROOKIE, 1, at=(400, 828, 0))
        sc.ship(ACADEMY, 2, at=(456, 882, 0))
        game, _ = move(sc, x, "2YW")
        ship = game.state.ships[x]
        assert ship.in_play and "p2.1" in ship.contacts
        alone = Scene(ruleset="1e")
        y = alone.ship(ROOKIE, 1, at=(400, 828, 0))
        alone.ship(ACADEMY, 2, at=FAR)
        game, _ = move(alone, y, "2YW")
        assert not game.state.ships[y].in_play and fled(game, y)

    def test_faq_overlapping_a_ship_can_make_a_ship_flee(self):
        """An X-wing 94 mm from the far edge executes a [2 turn right] into a TIE; backed
        along the template until it no longer overlaps the TIE, its base sticks out of the
        play area. FAQ (1e), Movement: if any part of the base in its final position (after
        moving backward) is outside the play area, the ship has fled. Expected: it touched
        the TIE and has fled."""
        sc = Scene(ruleset="1e")
        x = sc.ship(ROOKIE, 1, at=(400, 820, 0))
        sc.ship(ACADEMY, 2, at=(480, 874, 0))
        game, _ = move(sc, x, "2YW")
        ship = game.state.ships[x]
        assert "p2.1" in ship.contacts
        assert not ship.in_play and fled(game, x)

    def test_faq_stopped_short_of_an_obstacle_no_effect(self):
        """An X-wing's [4 straight] crosses an asteroid near its end, but a Firespray parked
        over its final position stops it well short of the asteroid. FAQ (1e), Movement: a
        ship that stops before reaching an obstacle (or mine) on its template does not
        suffer its effect. Expected: no obstacle die, no damage; without the Firespray it
        rolls for the asteroid."""
        for blocker, rolls in (((400, 390, 180), 0), (FAR, 1)):
            sc = Scene(ruleset="1e")
            x = sc.ship(ROOKIE, 1, at=(400, 200, 0), shields=0)
            sc.ship(HUNTER, 2, at=blocker)
            sc.obstacle(ROCK, 400, 380)
            game, _ = move(sc, x, "4FW", ["hit"])
            assert len(obstacle_rolls(game)) == rolls
            assert len(game.state.ships[x].damage) == rolls

    def test_faq_only_the_template_and_final_position_meet_obstacles(self):
        """An X-wing executes a [3 straight] past an asteroid that the sides of its base
        would brush on the way but that neither the template (20 mm wide) nor the final
        position touches. FAQ (1e), Movement: only the template and the final position
        count, not the whole width of the ship. Expected: no effect (it performs its
        action); the asteroid 10 mm closer touches the template and is rolled for."""
        for x_at, rolls in ((438.5, 0), (428, 1)):
            sc = Scene(ruleset="1e")
            x = sc.ship(ROOKIE, 1, at=(400, 200, 0), shields=0)
            sc.ship(ACADEMY, 2, at=FAR)
            sc.obstacle(ROCK, x_at, 280)
            game, asked = move(sc, x, "3FW", ["hit"])
            assert len(obstacle_rolls(game)) == rolls
            assert ("perform_action" in asked) is (rolls == 0)

    def test_faq_each_obstacle_in_turn_nearest_the_start_first(self):
        """An X-wing's [4 straight] crosses two asteroids: obstacle-1 far along the
        template, obstacle-2 near its start. FAQ (1e), Movement: the ship suffers the
        effect of each obstacle, starting with the one closest to its starting position.
        Expected: two dice, the near asteroid's first, and two damage."""
        sc = Scene(ruleset="1e")
        x = sc.ship(ROOKIE, 1, at=(400, 200, 0), shields=0)
        sc.ship(ACADEMY, 2, at=FAR)
        sc.obstacle(ROCK, 400, 430)
        sc.obstacle(ROCK, 400, 300)
        game, _ = move(sc, x, "4FW", ["hit", "hit"])
        rolls = obstacle_rolls(game)
        assert len(rolls) == 2
        assert rolls[0].endswith("obstacle-2") and rolls[1].endswith("obstacle-1")
        assert len(game.state.ships[x].damage) == 2

    def test_faq_an_obstacle_under_the_start_counts_only_if_overlapped_again(self):
        """An X-wing starts with an asteroid under the rear of its base and executes a [3
        straight]. FAQ (1e), Movement: its original position is ignored; it suffers the
        obstacle's effect only if the template or final position overlaps it. Expected:
        with the asteroid under its rear, nothing; under its front edge (so the template
        crosses it), a die is rolled."""
        for y, rolls in ((170, 0), (212, 1)):
            sc = Scene(ruleset="1e")
            x = sc.ship(ROOKIE, 1, at=(400, 200, 0), shields=0)
            sc.ship(ACADEMY, 2, at=FAR)
            sc.obstacle(ROCK, 400, y)
            game, _ = move(sc, x, "3FW", ["hit"])
            assert len(obstacle_rolls(game)) == rolls, y


# ------------------------------------------------------------- range measurement
class TestRangeMeasurement:
    def test_faq_a_ship_is_at_range_1_of_itself(self):
        """FAQ (1e), Range Measurement: "Is a ship considered to be at Range 1 of itself?
        Yes." Expected: the first edition's range measure puts an X-wing at Range 1 (and
        Range 1-2) of itself, and a TIE 260 mm away at Range 3."""
        sc = Scene(ruleset="1e")
        sc.ship(ROOKIE, 1, at=(400, 300, 0))
        sc.ship(ACADEMY, 2, at=(400, 600, 180))
        game = sc.game()
        x, t = game.state.ships["p1.1"], game.state.ships["p2.1"]
        assert range_1e(x, x) == 1 and within_1e(x, x, 1, 2)
        assert range_1e(x, t) == 3 and not within_1e(x, t, 1, 2)

    def test_faq_a_turret_attack_range_bonus_from_closest_points(self):
        """A YT-1300 (turret primary weapon, attack 2) attacks a TIE behind it, 40 mm from
        its rear. FAQ (1e), Range Measurement, and Inside Firing Arc at Range X: a weapon
        that can target ships outside the firing arc measures range closest point to
        closest point, so the TIE is at Range 1. Expected: the attack has the Range 1 bonus:
        3 attack dice."""
        sc = Scene(ruleset="1e")
        sc.ship(YT1300, 1, at=(400, 400, 0))
        sc.ship(ACADEMY, 2, at=(400, 280, 0))
        game = sc.attack("p1.1", "p2.1", then=script(("attack", ["blank"] * 3),
                                                     ("defense", ["blank"] * 3)))
        finish(game)
        assert dice_counts(game, "p1.1", "p2.1")[0] == 3
