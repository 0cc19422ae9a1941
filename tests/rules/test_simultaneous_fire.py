"""RR: SIMULTANEOUS FIRE - a ship destroyed during the Engagement Phase is removed after all
ships of the engaged initiative have engaged (RR: DESTROYING SHIPS): at its own initiative
it still engages and attacks; destroyed at a higher initiative it never engages."""

from __future__ import annotations

from tallon.engine.rounds import Sweep
from tallon.engine.state import DamageCard
from tallon.scene import Scene, load_dice, start_at
from tests.rules.attack_helpers import (
    HERE,
    R2,
    TIE,
    TIE3,
    XWING3,
    answer,
    attacks,
    finish,
    preset_damage,
    script,
)
from tests.rules.game_helpers import EMPIRE, REBEL, at, drive, hurt, plan, squad, start


def test_simultaneous_fire_a_ship_destroyed_in_the_engagement_phase_still_engages():
    """Two T-65s and two TIEs (initiatives 3 and 1), player 1 first; the initiative 3 TIE is
    destroyed (by the damage effect) while player 1's initiative 3 ships engage.
    RR: SIMULTANEOUS FIRE, RR: ENGAGEMENT PHASE - it is removed after all ships of that
    initiative have engaged. It is destroyed but still in play, engages, and is removed
    before the initiative 1 TIE engages."""
    game = start(squad(REBEL, "redsquadronveteran", "redsquadronveteran"),
                 squad(EMPIRE, "blacksquadronace", "academypilot"),
                 poses={"p1.1": (100, 100, 0), "p1.2": (300, 100, 0),
                        "p2.1": (500, 800, 180), "p2.2": (700, 800, 180)})
    plan(game, first_player=1)
    d = drive(game, at("engagement_order"))
    assert d.player == 1
    hurt(game, "p2.1", hits=3)                        # a TIE: hull 3, no shields
    tie = game.state.ships["p2.1"]
    assert tie.destroyed and not tie.removed and tie.in_play
    drive(game, lambda d: game.state.round == 2)
    log = [(e["kind"], e.get("ship")) for e in game.log if e["round"] == 1
           and e["kind"] in ("engage", "removed")]
    assert log[2:] == [("engage", "p2.1"), ("removed", "p2.1"), ("engage", "p2.2")]
    assert tie.removed


def test_a_destroyed_ship_in_the_engagement_phase_is_removed_by_the_end_phase():
    """Player 2's only ship, a TIE, is destroyed in the Engagement Phase.
    RR: SIMULTANEOUS FIRE, RR: DESTROYING SHIPS - it is removed after its initiative step,
    before the round ends. It is removed, and at the end of round 1 the game is over, won by
    player 1."""
    game = start(squad(REBEL, "redsquadronveteran", "redsquadronveteran"),
                 squad(EMPIRE, "blacksquadronace"),
                 poses={"p1.1": (100, 100, 0), "p1.2": (300, 100, 0), "p2.1": (500, 800, 180)})
    plan(game, first_player=2)
    drive(game, at("engagement_order"))
    hurt(game, "p2.1", hits=3)
    drive(game)
    assert game.over and game.state.winner == 1 and game.state.round == 1
    assert game.state.ships["p2.1"].removed


class TestSimultaneousFire:
    """RR: SIMULTANEOUS FIRE, RR: DESTROYING SHIPS, RR: ENGAGEMENT PHASE ("After all ships
    of a given initiative have engaged, all destroyed ships are removed"). The Engagement
    Phase is run from its first initiative step; player 1 is the first player."""

    def run(self, defender):
        """A Red Squadron Veteran (initiative 3) and an enemy TIE with 2 damage cards (hull
        3) facing each other at range 2; the T-65's 1 hit destroys it."""
        sc = Scene()
        a = sc.ship(XWING3, at=HERE)
        d = sc.ship(defender, player=2, at=R2, damage=preset_damage(2))
        game = sc.at(Sweep("engagement"))
        load_dice(game, then=script(("attack", ["hit", "blank", "blank"]),
                                    ("defense", ["blank"] * 3),
                                    ("attack", ["hit", "blank"]), ("defense", ["blank"] * 2)))
        answer(game, "declare_attack", f"primary:front@{d}", a)
        return game, a, d

    def test_a_ship_destroyed_at_its_own_initiative_still_attacks(self):
        """The TIE is a Black Squadron Ace (initiative 3, as the T-65), destroyed by the
        T-65's attack. RR: SIMULTANEOUS FIRE. It is destroyed but not removed, still engages
        and attacks (its hit takes a shield), and is removed once initiative 3 is over."""
        game, a, d = self.run(TIE3)
        assert game.state.ships[d].destroyed and not game.state.ships[d].removed
        answer(game, "declare_attack", f"primary:front@{a}", d)
        finish(game)
        assert len(attacks(game, d)) == 1
        assert game.state.ships[a].shields == 1          # its hit landed
        assert game.state.ships[d].removed

    def test_a_ship_destroyed_before_it_engages_still_engages(self):
        """A Red Squadron Veteran with Hopeful and 3 damage cards, one of them Console Fire
        faceup (before engaging: roll an attack die, on a hit suffer 1 damage), rolls a hit
        and is destroyed. RR: SIMULTANEOUS FIRE, RR: FAQ ("When a ship is destroyed by a
        game effect triggered with 'before engaging,' does it still engage? Yes"; effects of
        a destruction outside an attack "are added to the ability queue immediately"). Its
        friend's Hopeful resolves at once; then it still declares its attack; it is removed
        after its initiative step."""
        sc = Scene()
        a = sc.ship(XWING3, at=HERE, shields=0, upgrades=["hopeful"],
                    damage=[*preset_damage(2), DamageCard("consolefire", True, 950)])
        friend = sc.ship(XWING3, at=(200, 300, 0), upgrades=["hopeful"])
        d = sc.ship(TIE, player=2, at=R2)
        game = sc.game()
        load_dice(game, then=script(("attack", ["hit"]), ("attack", ["hit", "blank", "blank"]),
                                    ("defense", ["blank"] * 3)))
        start_at(game, Sweep("engagement"))
        answer(game, "engagement_order", a)       # both T-65s are initiative 3
        assert game.state.ships[a].destroyed
        answer(game, "use_ability", "act", friend)
        answer(game, "perform_action", "focus", friend)
        answer(game, "declare_attack", f"primary:front@{d}", a)
        finish(game)
        assert len(attacks(game, a)) == 1 and len(game.state.ships[d].damage) == 1
        assert game.state.ships[a].removed

    def test_a_ship_destroyed_by_a_higher_initiative_does_not_attack(self):
        """The TIE is an Academy Pilot (initiative 1), destroyed by the initiative 3 T-65.
        RR: SIMULTANEOUS FIRE - only ships of the same initiative fire back. It is removed
        after initiative 3 and never engages or attacks."""
        game, _, d = self.run(TIE)
        assert game.decision is None
        assert game.state.ships[d].removed
        assert attacks(game, d) == []
        assert not game.state.ships[d].engaged
