"""The figures of a simulation (``tallon.sim.stats``): the Wilson score interval and the
interval of a difference of two rates checked against published values, and a summary
counted from hand-made game records."""

from __future__ import annotations

import math

import pytest

from tallon.sim.stats import Z95, compare, difference_interval, summarize, wilson_interval

# R. G. Newcombe, "Two-sided confidence intervals for the single proportion: comparison of
# seven methods", Statistics in Medicine 17 (1998), table II, method 3 (the score
# interval without continuity correction).
PUBLISHED_WILSON = [
    ((81, 263), (0.2553, 0.3662)),
    ((15, 148), (0.0624, 0.1605)),
    ((0, 20), (0.0, 0.1611)),
    ((1, 29), (0.0061, 0.1718)),
    ((29, 29), (0.8830, 1.0)),
]

# R. G. Newcombe, "Interval estimation for the difference between independent
# proportions: comparison of eleven methods", Statistics in Medicine 17 (1998), table
# II, method 10 (the hybrid score interval).
PUBLISHED_DIFFERENCE = [
    ((56, 70, 48, 80), (0.0524, 0.3339)),
    ((9, 10, 3, 10), (0.1705, 0.8090)),
]


@pytest.mark.parametrize(("counts", "expected"), PUBLISHED_WILSON)
def test_the_wilson_interval_gives_the_published_values(counts, expected):
    low, high = wilson_interval(*counts)
    assert (round(low, 4), round(high, 4)) == expected


@pytest.mark.parametrize(("successes", "trials"), [(0, 1), (3, 7), (50, 100), (999, 1000)])
def test_the_wilson_interval_solves_the_score_equation(successes, trials):
    """Its ends are the rates p whose score |p̂ - p| / sqrt(p(1 - p)/n) is z (an end at 0
    or 1 where p̂ is 0 or 1)."""
    observed = successes / trials
    for end in wilson_interval(successes, trials):
        if end in (0.0, 1.0):
            assert observed == end
            continue
        score = abs(observed - end) / math.sqrt(end * (1 - end) / trials)
        assert score == pytest.approx(Z95, rel=1e-9)


def test_no_trials_know_nothing():
    assert wilson_interval(0, 0) == (0.0, 1.0)


@pytest.mark.parametrize(("counts", "expected"), PUBLISHED_DIFFERENCE)
def test_the_difference_interval_gives_the_published_values(counts, expected):
    low, high = difference_interval(*counts)
    assert (round(low, 4), round(high, 4)) == expected


def _record(game, a_player, winner, points, first_loss=None, rounds=12):
    # squad A: two ships, squad B: one; [lost, dealt, taken]
    lost_b = winner == "A"
    return {"game": game, "a_player": a_player, "winner": winner, "points": points,
            "rounds": rounds,
            "ships": [[[False, 2, 1], [winner == "B", 1, 3]], [[lost_b, 3, 4]]],
            "first_loss": first_loss}


SQUADS = [{"name": "A squad", "ships": [{"pilot": "a1", "name": "One"},
                                        {"pilot": "a2", "name": "Two"}]},
          {"name": "B squad", "ships": [{"pilot": "b1", "name": "Three"}]}]


def summary_of(records, planned=None):
    return summarize(records, squads=SQUADS, agents=["random", "simple"], seed=4,
                     rounds_limit=12, games_planned=planned)


def test_a_summary_counts_per_squad_not_per_seat():
    records = [_record(0, 1, "A", [20, 5], [1, 0], rounds=8),
               _record(1, 2, "A", [14, 10], [1, 0]),
               _record(2, 1, "B", [3, 20], [0, 1], rounds=10),
               _record(3, 2, None, [10, 10])]
    summary = summary_of(list(reversed(records)))
    assert summary["games"] == 4 and not summary["interrupted"]
    assert summary["wins"] == [2, 1] and summary["draws"] == 1
    assert summary["win_rate"] == [0.5, 0.25] and summary["draw_rate"] == 0.25
    assert summary["draw_ci95"] == [round(x, 6) for x in wilson_interval(1, 4)]
    assert summary["ci95"][0] == [round(x, 6) for x in wilson_interval(2, 4)]
    assert summary["mean_margin"] == pytest.approx((15 + 4 - 17 + 0) / 4)
    assert summary["margins"] == [[-17, 1], [0, 1], [4, 1], [15, 1]]
    assert summary["mission_points"] == [11.75, 11.25]
    assert summary["rounds"] == pytest.approx((8 + 12 + 10 + 12) / 4)
    assert summary["seats"] == [{"a_player": 1, "games": 2, "wins": [1, 1], "draws": 0},
                                {"a_player": 2, "games": 2, "wins": [1, 0], "draws": 1}]
    ships = {(s["squad"], s["index"]): s for s in summary["ships"]}
    assert ships[("A", 2)]["survival"] == 0.75 and ships[("B", 1)]["survival"] == 0.5
    assert ships[("A", 1)]["damage_dealt"] == 2 and ships[("B", 1)]["damage_taken"] == 4
    assert [(f["squad"], f["index"], f["games"]) for f in summary["first_losses"]] == [
        ("B", 1, 2), ("A", 2, 1)]
    assert summary["no_loss"] == 1


def test_the_order_records_arrive_in_does_not_change_a_summary():
    records = [_record(k, 1 + k % 2, "AB"[k % 3 == 0], [k, 3]) for k in range(9)]
    assert summary_of(records) == summary_of(records[::-1]) == summary_of(records[3:] +
                                                                          records[:3])


def test_an_interrupted_run_says_how_many_games_were_planned():
    summary = summary_of([_record(0, 1, "A", [20, 0])], planned=10)
    assert summary["interrupted"] and summary["games"] == 1 and summary["games_planned"] == 10


def test_comparing_two_runs():
    first = summary_of([_record(k, 1 + k % 2, "A" if k < 3 else "B", [5, 4]) for k in range(10)])
    second = summary_of([_record(k, 1 + k % 2, "A" if k < 8 else "B", [5, 4])
                         for k in range(10)])
    difference = compare(first, second)
    assert difference["a_win_rate"] == [0.3, 0.8]
    assert difference["a_win_rate_difference"] == pytest.approx(0.5)
    low, high = difference["a_win_rate_difference_ci95"]
    assert (low, high) == pytest.approx(difference_interval(8, 10, 3, 10), abs=1e-6)
    assert 0 < low < 0.5 < high
    assert difference["same_squads"]
    assert difference["ships"][0]["survival"] == [1.0, 1.0]
