"""RR: ATTACK steps 2a/3a — the faces of attack and defense dice."""

from fractions import Fraction

import pytest

from tallon.dice import DieKind, Face
from tallon.dice.faces import parse_face


def test_attack_die_has_3_hits_1_crit_2_focus_2_blanks():
    """An attack die's 8 sides: 3 hit, 1 critical hit, 2 focus, 2 blank."""
    sides = DieKind.ATTACK.sides
    assert len(sides) == 8
    assert [sides.count(f) for f in (Face.HIT, Face.CRIT, Face.FOCUS, Face.BLANK)] == [3, 1, 2, 2]
    assert Face.EVADE not in sides


def test_defense_die_has_3_evades_2_focus_3_blanks():
    """A defense die's 8 sides: 3 evade, 2 focus, 3 blank."""
    sides = DieKind.DEFENSE.sides
    assert len(sides) == 8
    assert [sides.count(f) for f in (Face.EVADE, Face.FOCUS, Face.BLANK)] == [3, 2, 3]
    assert Face.HIT not in sides and Face.CRIT not in sides


@pytest.mark.parametrize(
    ("kind", "face", "present"),
    [
        (DieKind.ATTACK, Face.CRIT, True),
        (DieKind.ATTACK, Face.EVADE, False),
        (DieKind.DEFENSE, Face.EVADE, True),
        (DieKind.DEFENSE, Face.HIT, False),
    ],
)
def test_a_die_only_has_its_own_faces(kind, face, present):
    """RR: DICE MODIFICATION — an attack die cannot show an evade, a defense die no hit."""
    assert kind.has_face(face) is present


def test_focus_becomes_hit_on_attack_dice_and_evade_on_defense_dice():
    assert DieKind.ATTACK.focus_target() is Face.HIT
    assert DieKind.DEFENSE.focus_target() is Face.EVADE


def test_face_probabilities_sum_to_one():
    for kind in DieKind:
        assert sum(Fraction(w, 8) for w in kind.weights) == 1


@pytest.mark.parametrize(("text", "face"), [("hit", Face.HIT), ("CRIT", Face.CRIT),
                                            ("critical hit", Face.CRIT), (" evade ", Face.EVADE)])
def test_face_names_are_read_case_insensitively(text, face):
    assert parse_face(text) is face


def test_unknown_face_name_is_refused_with_the_accepted_names():
    with pytest.raises(ValueError, match="accepted: blank, focus, hit, crit, evade"):
        parse_face("miss")
