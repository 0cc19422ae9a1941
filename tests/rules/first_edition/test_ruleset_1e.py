"""The first edition's rules where they differ from 2.5 (tallon.rulesets.Ruleset, ruleset
"1e"): each test plays the same situation under the first edition and, where it helps,
under 2.5, and shows the first edition's rule deciding.

Sources: the core-set rulebook (1e) and its FAQ; the ships are the core set's: the X-wing
(Rookie Pilot, skill 2: attack 3, agility 2, hull 3, shields 2) and the TIE fighter
(Academy Pilot, skill 1: attack 2, agility 3, hull 3).
"""

from __future__ import annotations

from typing import Any

import pytest

from tallon.cards import CARDS
from tallon.engine import Game, GameSetup, SetupError
from tallon.engine.attack import Engage, can_bonus_attack
from tallon.engine.effects import can_lock, gain_token
from tallon.engine.game_end import CheckEnd
from tallon.engine.rounds import Activate
from tallon.engine.state import Token
from tallon.engine.weapons import valid_targets
from tallon.scene import Scene, start_at
from tallon.squads.play_1e import squad_for_play, to_xws_1e
from tallon.squads.xws_1e import read_xws_1e
from tests.rules.attack_helpers import (
    HERE,
    R1,
    R2,
    choose,
    dice_counts,
    finish,
    modified,
    script,
)

ROOKIE = "1e-xwing-rookiepilot"
ACADEMY = "1e-tiefighter-academypilot"
YT1300 = "1e-yt1300-outerrimsmuggler"
#: touching the attacker's front edge (small bases, 40 mm)
TOUCHING = (400, 340, 180)


def squad(side: str, *pilots: tuple[str, str]) -> Any:
    imported = read_xws_1e({"version": "1.0.0", "faction": side, "pilots": [
        {"name": name, "ship": ship} for ship, name in pilots]})
    assert not imported.errors
    return squad_for_play(imported.squad)


def scene(*ships: tuple[str, int, tuple[float, float, float]]) -> Scene:
    sc = Scene(ruleset="1e")
    for pilot, player, at in ships:
        sc.ship(pilot, player, at=at)
    return sc


class TestFirstEditionCards:
    """The first edition's cards play under play ids (tallon.data.first_edition_play)."""

    def test_pilot_skill_is_the_ships_initiative(self):
        """A Rookie Pilot (pilot skill 2) and an Academy Pilot (1). Rulebook (1e), Activation
        Phase: ships activate by pilot skill. Their initiative values are 2 and 1, and their
        stats are the first edition's."""
        game = scene((ROOKIE, 1, HERE), (ACADEMY, 2, R2)).game()
        rookie, academy = game.state.ships["p1.1"], game.state.ships["p2.1"]
        assert (rookie.initiative, academy.initiative) == (2, 1)
        assert (rookie.attacks, rookie.agility, rookie.hull, rookie.shields) == \
            ((("front", 3),), 2, 3, 2)

    def test_the_damage_deck_is_the_first_editions(self):
        """A first-edition game. Rulebook (1e), Setup step 8: the damage deck is shuffled;
        the core set's deck has 33 cards. Each player's deck holds 33 first-edition cards."""
        game = scene((ROOKIE, 1, HERE), (ACADEMY, 2, R2)).game()
        for player in game.state.players:
            assert len(player.deck) == 33
            assert all(card.startswith("1e-core-") for card in player.deck)

    def test_squads_of_another_ruleset_are_refused(self):
        """A first-edition squad in a 2.5 game. Expected: setup refuses, naming the squad
        and the ruleset."""
        first = squad("rebel", ("xwing", "rookiepilot"))
        with pytest.raises(SetupError, match="squad 1 is a first-edition squad"):
            GameSetup((first, first), cards=CARDS)

    def test_a_record_replays(self):
        """A first-edition game played a few decisions, saved and replayed. Expected: the
        record keeps the squads as XWS 1.0 and the replay reproduces the state."""
        setup = GameSetup((squad("rebel", ("xwing", "rookiepilot")),
                           squad("imperial", ("tiefighter", "academypilot"))),
                          seed=3, ruleset="1e", cards=CARDS)
        game = Game(setup)
        for _ in range(30):
            if game.decision is None:
                break
            game.answer(game.decision.options[0].key)
        record = game.to_record()
        assert record["setup"]["squads"][0]["version"] == "1.0.0"
        assert Game.from_record(record, CARDS).reproduces(record)
        assert to_xws_1e(setup.squads[0])["pilots"] == [{"name": "rookiepilot",
                                                         "ship": "xwing"}]


class TestTouchingShipsCannotAttack:
    """Rulebook (1e), Declare Target: "A ship cannot target a ship if their bases are
    touching"; primary weapons fire at range 1-3. 2.5 allows range 0 attacks."""

    def test_touching_ships_are_no_targets(self):
        """An X-wing and a TIE touching front to front. Expected: under 1e neither has a
        target; under 2.5 the same table gives each a range 0 target."""
        game = scene((ROOKIE, 1, HERE), (ACADEMY, 2, TOUCHING)).game()
        ships = game.state.ships
        assert valid_targets(game, ships["p1.1"]) == []
        assert valid_targets(game, ships["p2.1"]) == []
        sc = Scene()
        sc.ship("bluesquadronescort", 1, at=HERE)
        sc.ship("academypilot", 2, at=TOUCHING)
        other = sc.game()
        assert [t.range for t in valid_targets(other, other.state.ships["p1.1"])] == [0]

    def test_a_ship_at_range_1_is_a_target_with_the_bonus_die(self):
        """The TIE 120 mm ahead (range 1). Rulebook (1e), Range Combat Bonuses: range 1
        with a primary weapon: 1 additional attack die. Expected: a target at range 1 and
        4 attack dice rolled."""
        sc = scene((ROOKIE, 1, HERE), (ACADEMY, 2, R1))
        game = sc.attack("p1.1", "p2.1", then=script(("attack", ["blank"] * 4),
                                                     ("defense", ["blank"] * 3)))
        finish(game)
        assert dice_counts(game, "p1.1", "p2.1") == (4, 3)


class TestTokens:
    """Rulebook (1e), Spending an Evade Token: "add one additional evade result"; FAQ,
    Spending Tokens: each token's effect once per Modify Dice step."""

    def _attack(self, defense: list[str], evades: int) -> Game:
        sc = Scene(ruleset="1e")
        sc.ship(ROOKIE, 1, at=HERE)
        sc.ship(ACADEMY, 2, at=R2, tokens={"evade": evades})
        return sc.attack("p1.1", "p2.1", then=script(("attack", ["hit", "hit", "hit"]),
                                                     ("defense", defense)))

    def test_an_evade_token_adds_an_evade_result(self):
        """The TIE defends with evade, evade, evade against three hits and holds an evade
        token. Expected: under 1e it may still spend it, adding a fourth evade result (2.5's
        token changes a blank or focus result and would have nothing to change)."""
        game = self._attack(["evade", "evade", "evade"], 1)
        choose(game, "evade")
        assert modified(game).count("evade") == 4
        assert not game.state.ships["p2.1"].has(Token.EVADE)

    def test_a_second_evade_token_is_not_offered_in_the_same_step(self):
        """The TIE holds two evade tokens, rolls three blanks. FAQ (1e), Spending Tokens: a
        ship cannot spend two evade tokens to add two evade results. Expected: after the
        first is spent, no evade option remains and one token is left."""
        game = self._attack(["blank", "blank", "blank"], 2)
        choose(game, "evade")
        d = game.decision
        offered = [] if d is None else [o.info.get("source") for o in d.options
                                        if o.key != "done"]
        assert "evade" not in offered
        assert game.state.ships["p2.1"].count(Token.EVADE) == 1


class TestStress:
    """Rulebook (1e), Stress: a stressed ship cannot execute red maneuvers or perform
    actions. FAQ (1e) errata to the Rules Reference (Stress): a stressed ship revealing a
    red maneuver moves as if it were a white [2 straight] (replacing the core rulebook's
    "the opposing player chooses")."""

    def test_a_stressed_ship_may_set_a_red_maneuver(self):
        """A stressed X-wing at the Planning Phase. Expected: its dial offers its red
        [4 Koiogran turn] under 1e (2.5 forbids setting it)."""
        sc = Scene(ruleset="1e")
        sc.ship(ROOKIE, 1, at=HERE, tokens={"stress": 1})
        sc.ship(ACADEMY, 2, at=(400, 800, 180))
        game = sc.game()
        assert game.decision.kind == "set_dial" and game.decision.ship == "p1.1"
        assert "4KR" in game.decision.option_keys()

    def test_faq_a_stressed_red_reveal_is_a_white_2_straight(self):
        """A stressed X-wing reveals [4 Koiogran turn]. FAQ (1e), Rules Reference (Stress).
        Expected: nobody is asked; the X-wing executes a white [2 straight] (2FW) and keeps
        its stress (white)."""
        sc = Scene(ruleset="1e")
        sc.ship(ROOKIE, 1, at=(400, 200, 0), tokens={"stress": 1})
        sc.ship(ACADEMY, 2, at=(100, 800, 180))
        game = sc.game()
        game.state.ships["p1.1"].dial_set = "4KR"
        game.state.ships["p2.1"].dial_set = "1FW"
        start_at(game, Activate("p1.1"), phase="activation")
        moved = [e for e in game.log if e["kind"] == "move" and e.get("ship") == "p1.1"]
        assert moved and moved[-1]["maneuver"] == "2FW"
        assert game.state.ships["p1.1"].count(Token.STRESS) == 1


class TestInitiative:
    """Rulebook (1e), Initiative When Squad Building: the lower squad point total has
    initiative; equal totals: the Imperial player. It does not change during the game."""

    @pytest.mark.parametrize(("rebels", "first"), [
        ((("xwing", "rookiepilot"),), 1),                          # 21 < 24: rebels
        ((("xwing", "rookiepilot"), ("xwing", "rookiepilot")), 2),  # 42 > 24
    ])
    def test_the_lower_total_has_initiative(self, rebels, first):
        """Rebels with 21 or 42 points against two Academy Pilots (24). Expected: the lower
        total has initiative, with no roll."""
        game = Game(GameSetup((squad("rebel", *rebels),
                               squad("imperial", ("tiefighter", "academypilot"),
                                     ("tiefighter", "academypilot"))),
                              seed=1, ruleset="1e", cards=CARDS))
        assert game.state.first_player == first
        assert not [e for e in game.log if e["kind"] == "chance"]

    @pytest.mark.parametrize("imperial_player", [1, 2])
    def test_equal_totals_give_the_imperial_player_initiative(self, imperial_player):
        """A Gold Squadron Y-wing (18 points) against a Scarif Defender TIE striker (18),
        the Imperial squad as player 1 or player 2. Expected: the Imperial player has
        initiative, whichever player it is."""
        rebels = squad("rebel", ("ywing", "goldsquadronpilot"))
        imperials = squad("imperial", ("tiestriker", "scarifdefender"))
        assert rebels.points == imperials.points == 18
        pair = (imperials, rebels) if imperial_player == 1 else (rebels, imperials)
        game = Game(GameSetup(pair, seed=1, ruleset="1e", cards=CARDS))
        assert game.state.first_player == imperial_player


class TestIon:
    """Reference card (1e) "Ion Token": a ship with an ion token is moved as if assigned
    a white [1 straight], may perform actions as normal; one token ionizes any ship."""

    def test_one_ion_token_ionizes_a_large_ship(self):
        """A YT-1300 (large) with one ion token. Expected: ionized under 1e (2.5 needs
        three for a large ship)."""
        sc = Scene(ruleset="1e")
        sc.ship(YT1300, 1, at=HERE, tokens={"ion": 1})
        sc.ship(ACADEMY, 2, at=(400, 800, 180))
        game = sc.game()
        assert game.state.ships["p1.1"].ionized

    def test_the_ion_maneuver_is_a_white_1_straight(self):
        """An ionized X-wing that set a [3 turn left]. Expected: it executes [1 straight]
        white (1FW), not 2.5's blue bank."""
        sc = Scene(ruleset="1e")
        sc.ship(ROOKIE, 1, at=(400, 200, 0))
        sc.ship(ACADEMY, 2, at=(100, 800, 180))
        game = sc.game()
        ship = game.state.ships["p1.1"]
        ship.dial_set = "3TW"
        gain_token(game, ship, Token.ION, 1)
        start_at(game, Activate("p1.1"), phase="activation")
        moved = [e for e in game.log if e["kind"] == "move" and e.get("ship") == "p1.1"]
        assert moved and moved[-1]["maneuver"] == "1FW"


class TestTargetLocks:
    """Rulebook (1e), Acquire a Target Lock: a lock on an enemy ship at range 1-3; reference
    card (1e) "Ion Token" restricts only the maneuver (2.5: an ionized ship neither locks
    nor is locked)."""

    def _game(self, **tokens: int) -> Game:
        sc = Scene(ruleset="1e")
        sc.ship(ROOKIE, 1, at=HERE, tokens=tokens)
        sc.ship(ROOKIE, 1, at=(300, 450, 0))
        sc.ship(ACADEMY, 2, at=R2, tokens=tokens)
        return sc.game()

    def test_only_enemy_ships_can_be_locked(self):
        """A Rookie Pilot with a friendly X-wing and an enemy TIE at range 2. Expected: the
        friendly ship cannot be locked, naming the rule; the enemy can."""
        game = self._game()
        ships = game.state.ships
        assert "enemy" in (can_lock(game, ships["p1.1"], "p1.2") or "")
        assert can_lock(game, ships["p1.1"], "p2.1") is None

    def test_ionized_ships_lock_and_are_locked(self):
        """The Rookie and the TIE each hold an ion token (ionized). Expected: under 1e the
        Rookie may still lock the TIE."""
        game = self._game(ion=1)
        ships = game.state.ships
        assert ships["p1.1"].ionized and ships["p2.1"].ionized
        assert can_lock(game, ships["p1.1"], "p2.1") is None


class TestAdditionalAttacks:
    """FAQ (1e), Timing Chart for Performing an Attack, step 9: abilities that perform an
    additional attack each resolve in turn; RR: BONUS ATTACK (2.5): one bonus attack a
    round."""

    @pytest.mark.parametrize(("ruleset", "rookie", "tie"), [
        ("1e", ROOKIE, ACADEMY), ("2.5", "bluesquadronescort", "academypilot")])
    def test_a_second_additional_attack(self, ruleset, rookie, tie):
        """An X-wing that has already made a bonus attack this round, a TIE at range 2 in
        its arc. Expected: under 1e it may make another; under 2.5 it may not."""
        sc = Scene(ruleset=ruleset)
        sc.ship(rookie, 1, at=HERE)
        sc.ship(tie, 2, at=R2)
        game = sc.game()
        start_at(game, Engage("p1.1"))
        game.state.ships["p1.1"].bonus_attack_done = True
        assert can_bonus_attack(game, game.state.ships["p1.1"]) == (ruleset == "1e")


class TestMutualDestruction:
    """Rulebook (1e), Winning the Game: if each player's final ship is destroyed at the
    same time, the player with initiative wins (2.5: a draw)."""

    def test_the_player_with_initiative_wins(self):
        """Both last ships destroyed; player 2 has initiative. Expected: player 2 wins."""
        sc = Scene(ruleset="1e")
        sc.ship(ROOKIE, 1, at=HERE)
        sc.ship(ACADEMY, 2, at=(400, 800, 180))
        game = sc.game()
        game.state.first_player = 2
        for ship in game.state.ships.values():
            ship.destroyed = True
        start_at(game, CheckEnd(), phase="end")
        assert game.state.over and game.state.winner == 2


def test_engage_needs_no_range_0():
    """Sanity of the 1e engagement: an X-wing with the TIE at range 2 ahead declares it.
    Expected: exactly one target, at range 2."""
    sc = scene((ROOKIE, 1, HERE), (ACADEMY, 2, R2))
    game = sc.game()
    start_at(game, Engage("p1.1"))
    assert [(t.defender, t.range) for t in valid_targets(game, game.state.ships["p1.1"])] \
        == [("p2.1", 2)]
