"""C-ROC Cruiser's ship ability Overdrive Burners (a huge ship: tests/rules/test_huge_ships.py
for its rules)."""

from __future__ import annotations

from tests.rules.game_helpers import at, drive, events
from tests.rules.test_huge_ships import croc_game


def _defense_dice(speed_code: str) -> int:
    """A TIE attacks the C-ROC (agility 0) at range 1-2 after the C-ROC revealed
    ``speed_code``: how many defense dice the C-ROC rolls."""
    game = croc_game(croc_at=(457, 300, 0), enemy_at=(457, 720, 180))
    d = drive(game, at("declare_attack", "p2.1"),
              dials={"p1.1": speed_code, "p1.2": "1FB", "p2.1": "2FB", "p2.2": "2FB"})
    game.answer(next(o.key for o in d.options if "p1.1" in o.key))
    attack = next(e for e in events(game, "attack", "p2.1") if "defender" in e)
    assert "range 3" not in attack["text"], attack["text"]  # no range bonus die
    rolled = [e["text"] for e in events(game, "dice", "p1.1")]
    faces = rolled[-1].split(" rolls ")[1]
    return 0 if faces == "no dice" else len(faces.split(", "))


class TestOverdriveBurners:
    def test_a_speed_3_maneuver_gives_one_more_defense_die(self):
        """Situation: the C-ROC revealed [3 straight] and defends at range 1-2. Card:
        "While you defend, if your revealed maneuver is speed 3-5, roll 1 additional
        defense die." Expected: 1 die (agility 0 + 1)."""
        assert _defense_dice("3FW") == 1

    def test_a_speed_2_maneuver_gives_none(self):
        """Situation: the same after a [2 straight]. Expected: no defense die."""
        assert _defense_dice("2FB") == 0
