"""RR: ATTACK RANGE - measured from the closest point of the attacker to the closest point of
the defender in the attack arc; always 0 against a ship at range 0, a partial maneuver
included. (The range bonus it gives: test_range_bonus.)

The first tests measure on a table; the others engage one ship (``engage``) and look at
the attack range the engine offers with each (weapon, defender) pair. The attacker sits at
(400, 300) facing +y."""

from __future__ import annotations

from tallon.cards.common import range_of
from tallon.engine.attack import Engage
from tallon.geometry import Arc, attack_range, in_arc, measure_arc, range_between
from tallon.scene import start_at
from tests.conftest import ship
from tests.rules.attack_helpers import (
    R0,
    TIE,
    XWING,
    bumped_into_a_tie,
    declarable,
    engage,
    targets,
)


# ---------------------------------------------------------------- on the table
def test_the_closest_point_in_the_arc_sets_the_attack_range(table_svg):
    """The rulebook's targeting example: an X-wing partly in a TIE fighter's front arc, at
    range 1 of it. RR: ATTACK RANGE - measured to the closest point of the defender that is
    in the attack arc. The closest point in the front arc is at range 2, so the attack range
    is 2 (in the right arc, 1), although the ships are at range 1 for all other purposes."""
    tie = ship("tie", 400, 300)
    xwing = ship("xw", 520, 398)
    assert range_between(tie, xwing) == 1
    assert in_arc(tie, xwing, Arc.FRONT)
    assert attack_range(tie, xwing, Arc.FRONT) == 2
    assert attack_range(tie, xwing, Arc.RIGHT) == 1


def test_attack_at_range_0_is_attack_range_0():
    """Touching ships, the defender only partly in the front arc. RR: ATTACK RANGE ("While
    attacking a ship at range 0, the attack range is always 0"). It is in the arc at attack
    range 0."""
    a = ship("a", 400, 400)
    b = ship("b", 440, 430)  # touching a's right edge; its upper part in a's front arc
    assert range_between(a, b) == 0
    m = measure_arc(a, b, Arc.FRONT)
    assert m.in_arc and m.range == 0


def test_not_in_arc_means_no_attack_range():
    """A ship behind another, measured for the front arc. RR: ATTACK RANGE - measured to the
    part of the defender in the attack arc. There is none: no attack range."""
    assert attack_range(ship("a", 400, 400), ship("b", 400, 200), Arc.FRONT) is None


# --------------------------------------------------------------- declaring
def test_attack_range_is_measured_to_the_closest_point_in_the_arc():
    """An enemy beside the T-65, its base straddling the front arc's right line: the ships
    are at range 1, but the closest point of the enemy inside the front arc is at range 2.
    RR: ATTACK RANGE ("measuring range from the closest point of the attacker to the closest
    point of the defender that is in the attack arc"); the rulebook's targeting example. The
    attack range offered is 2."""
    game, a, (tie,) = engage(XWING, [(TIE, (510, 390, 0))])
    assert range_of(game.state.ships[a], game.state.ships[tie]) == 1
    assert targets(game) == {("primary:front", tie): 2}


def test_attack_range_at_range_0_is_0():
    """An enemy touching the T-65's front edge. RR: ATTACK RANGE ("While attacking a ship at
    range 0, the attack range is always 0"). It is offered at attack range 0."""
    assert declarable(XWING, [(TIE, R0)]) == {("primary:front", "p2.1"): 0}


def test_after_a_bump_the_attack_range_is_0():
    """The T-65 executes a [2 straight] into a TIE facing it and stops short, touching it
    (its guides touch; the bases are 6.6 mm apart). RR: RANGE ("After a ship partially
    executes a maneuver, it is at range 0 of the last ship it overlapped"),
    RR: ATTACK RANGE; ruling Game engine 12. It is offered at attack range 0, not 1."""
    game, a, tie = bumped_into_a_tie()
    s = game.state.ships
    assert s[a].pose.y < 420 and tie in s[a].contacts      # partially executed
    start_at(game, Engage(a))
    assert targets(game) == {("primary:front", tie): 0}
