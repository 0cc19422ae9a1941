"""The generic reader/writer between the card model and plain JSON data."""

from __future__ import annotations

import pytest

from tallon.data import Action, Pilot, Upgrade
from tallon.data.codec import CardDataError, read_value, to_data


def test_every_card_survives_writing_and_reading(db):
    """to_data then read_value gives back an equal object for every pilot and upgrade."""
    for pilot in db.pilots:
        assert read_value(Pilot, to_data(pilot), file="t") == pilot
    for upgrade in db.upgrades:
        assert read_value(Upgrade, to_data(upgrade), file="t") == upgrade


def test_defaults_are_left_out_when_writing():
    """A white action with no link writes only its type."""
    assert to_data(Action(type="focus")) == {"type": "focus"}


def test_a_recursive_type_reads():
    """An action linked to an action linked to an action (Action contains itself)."""
    data = {"type": "focus", "linked": {"type": "boost", "difficulty": "red",
                                        "linked": {"type": "evade"}}}
    action = read_value(Action, data, file="t")
    assert action.linked.linked == Action(type="evade")


@pytest.mark.parametrize(("data", "complaint"), [
    ({"type": "focus", "difficulty": 3}, ".difficulty: expected one of"),
    ({"difficulty": "red"}, "missing field 'type'"),
    ({"type": "focus", "colour": "red"}, "unknown field 'colour'"),
    (["focus"], "expected an object"),
])
def test_errors_name_the_file_and_field(data, complaint):
    """Each kind of mismatch names the file and the offending field."""
    with pytest.raises(CardDataError, match=r"actions\.json") as raised:
        read_value(Action, data, file="actions.json")
    assert complaint in str(raised.value)


def test_booleans_are_not_integers():
    """JSON true is not accepted where a number is expected."""
    with pytest.raises(CardDataError, match="expected an integer"):
        read_value(tuple[int, ...], [1, True], file="t")
