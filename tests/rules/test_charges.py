"""RR: CHARGES - recurring charges are recovered and negative recurring charges lost in the
End Phase; with its charge types: RR: FORCE CHARGE (spent to change focus results,
recovered up to its capacity, capacities that add up but recurring symbols that don't
stack) and RR: SHIELD (not recovered by standard ships).

The End Phase tests play rounds through the engine; the Force is spent in attacks with
loaded dice."""

from __future__ import annotations

from tallon.engine.loadout import build_ship
from tallon.engine.state import Charge
from tests.rules.attack_helpers import XWING, choose, loaded_attack, modified, modify_scene
from tests.rules.game_helpers import EMPIRE, REBEL, drive, pacer_game, squad, start


# ----------------------------------------------------------- the End Phase
def test_end_phase_recovers_and_loses_charges():
    """A T-65 with charges (arranged) of every kind: recurring, full, double recurring,
    negative recurring (full and empty) and plain. RR: CHARGES (RECURRING CHARGES, NEGATIVE
    RECURRING CHARGES), RR: END PHASE step 4 - each card recovers one charge per recurring
    symbol (never above its limit) and loses one per negative symbol (never below 0); others
    are unchanged. After round 1: 1, 2, 2, 1, 0, 0; after round 2 the recurring ones are
    full and the negative one is empty."""
    game = pacer_game()
    ship = game.state.ships["p1.1"]
    ship.charges = {"recurring": Charge(0, 2, 1), "full": Charge(2, 2, 1),
                    "double": Charge(0, 3, 2), "negative": Charge(2, 2, -1),
                    "empty-negative": Charge(0, 2, -1), "plain": Charge(0, 2, 0)}
    drive(game, lambda d: game.state.round == 2)
    assert {k: c.active for k, c in ship.charges.items()} == {
        "recurring": 1, "full": 2, "double": 2, "negative": 1, "empty-negative": 0,
        "plain": 0}
    drive(game, lambda d: game.state.round == 3)
    assert ship.charges["recurring"].active == 2 and ship.charges["double"].active == 3
    assert ship.charges["negative"].active == 0


def test_end_phase_recovers_force():
    """An Inquisitor (Force capacity 1, recurring) with no Force left. RR: FORCE CHARGE -
    during the End Phase a ship recovers its recurring Force, up to its capacity. It has 1
    Force after round 1, and still 1 after round 2."""
    game = start(squad(EMPIRE, "inquisitor"), squad(REBEL, "bluesquadronescort"),
                 poses={"p1.1": (300, 200, 0), "p2.1": (600, 700, 180)})
    ship = game.state.ships["p1.1"]
    ship.force = 0
    drive(game, lambda d: game.state.round == 2)
    assert ship.force == 1
    drive(game, lambda d: game.state.round == 3)
    assert ship.force == 1


def test_shields_of_standard_ships_do_not_recover():
    """A T-65 whose shields are gone plays two rounds. RR: SHIELD - only huge ships have
    recurring shields. Its shields stay at 0."""
    game = pacer_game()
    game.state.ships["p1.1"].shields = 0
    drive(game, lambda d: game.state.round == 3)
    assert game.state.ships["p1.1"].shields == 0


# ------------------------------------------------------------ Force capacity
def test_force_capacities_add_up_but_recurring_symbols_do_not_stack():
    """An Inquisitor (Force 1, recurring) with the Darth Vader crew card (Force +1,
    recurring). RR: FORCE CHARGE - an upgrade's Force capacity adds to the ship's; with
    several recurring sources the ship recovers the highest number of recurring symbols, not
    their sum. Capacity 2, 2 Force, recovers 1. (Read from build_ship: Darth Vader's ability
    isn't implemented yet.)"""
    entry = squad(EMPIRE, ("inquisitor", ["darthvader"])).ships[0]
    ship = build_ship(1, 1, entry)
    assert (ship.force, ship.force_limit, ship.force_recurring) == (2, 2, 1)


# --------------------------------------------------------- spending the Force
VADER = "darthvader"       # TIE Advanced x1 with Force (his ability acts after actions)


class TestForce:
    """RR: FORCE CHARGE - attacking, spend any number of Force to change that many focus
    results to hits; defending, to evades. Darth Vader (TIE Advanced x1 with Force) attacks
    or defends against a T-65 with loaded dice."""

    def test_attacking_each_force_changes_one_focus_to_a_hit(self):
        """Vader attacks; attack dice focus, focus. RR: FORCE CHARGE. Spending 1 Force
        changes one focus to a hit; he has 1 Force less."""
        sc, a, d = modify_scene(VADER, XWING)
        game = loaded_attack(sc, a, d, ("attack", ["focus", "focus"]), ("defense", ["blank"] * 2))
        force = game.state.ships[a].force
        choose(game, "force")
        assert modified(game) == ["hit", "focus"]
        assert game.state.ships[a].force == force - 1

    def test_defending_each_force_changes_one_focus_to_an_evade(self):
        """Vader defends; defense dice focus, focus, blank. RR: FORCE CHARGE. Spending 2
        Force, one at a time, changes both focus results to evades; he has 2 Force less."""
        sc, a, d = modify_scene(XWING, VADER)
        game = loaded_attack(sc, a, d, ("attack", ["hit", "hit", "hit"]),
                             ("defense", ["focus", "focus", "blank"]))
        force = game.state.ships[d].force
        choose(game, "force")
        choose(game, "force")
        assert modified(game) == ["evade", "evade", "blank"]
        assert game.state.ships[d].force == force - 2
