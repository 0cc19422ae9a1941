"""The figures of a run: win rates with Wilson score intervals, the mission points margin,
each ship's survival and damage, the first losses; and the comparison of two runs.

A summary is made from the game records sorted by game number, so the same games give
the same summary, to the last digit, however they were played.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

from tallon.agents.levels import Think

#: The standard normal quantile of a two-sided 95% interval.
Z95 = 1.959963984540054
#: Digits kept in a summary's figures: enough for any count of games, short to read.
DIGITS = 6


def wilson_interval(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion seen ``successes`` times in ``trials``
    (95% by default): unlike p ± z·se, it stays inside [0, 1] and is not empty at 0 or
    ``trials`` successes. No trials: (0, 1), nothing is known."""
    if trials <= 0:
        return (0.0, 1.0)
    p = successes / trials
    z2 = z * z
    denominator = 1 + z2 / trials
    centre = (p + z2 / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


def difference_interval(successes1: int, trials1: int, successes2: int, trials2: int,
                        z: float = Z95) -> tuple[float, float]:
    """The 95% interval of p1 - p2 for two independent proportions, from their Wilson
    intervals (Newcombe's hybrid score method): it keeps the good coverage of the
    Wilson interval where the simple p1 - p2 ± z·se fails (rates near 0 or 1)."""
    p1 = successes1 / trials1 if trials1 else 0.0
    p2 = successes2 / trials2 if trials2 else 0.0
    low1, high1 = wilson_interval(successes1, trials1, z)
    low2, high2 = wilson_interval(successes2, trials2, z)
    d = p1 - p2
    return (d - math.sqrt((p1 - low1) ** 2 + (high2 - p2) ** 2),
            d + math.sqrt((high1 - p1) ** 2 + (p2 - low2) ** 2))


def _r(value: float) -> float:
    return round(value, DIGITS)


def _pair(values: tuple[float, float]) -> list[float]:
    return [_r(values[0]), _r(values[1])]


def _mean(values: Sequence[float]) -> float:
    return sum(values) / len(values) if values else 0.0


def summarize(records: Iterable[dict[str, Any]], *, squads: Sequence[dict[str, Any]],
              agents: Sequence[str], seed: int, rounds_limit: int,
              think: Think | None = None, games_planned: int | None = None,
              scenario: str | None = None) -> dict[str, Any]:
    """The summary of a run from its games' records (:mod:`tallon.sim.runner`), per squad
    (A first), never per seat. ``squads`` describes the two squads (:func:`tallon.sim.
    squads.describe`): their ships name the rows of the ship figures. ``scenario`` is
    what the run was asked to play (a name, "random" or None); ``scenarios`` counts the
    games of each scenario played ("none": practice games)."""
    games = sorted(records, key=lambda record: record["game"])
    n = len(games)
    wins = [sum(1 for g in games if g["winner"] == side) for side in ("A", "B")]
    draws = n - wins[0] - wins[1]
    margins = [g["points"][0] - g["points"][1] for g in games]
    mean_margin = _mean(margins)
    sd = math.sqrt(sum((m - mean_margin) ** 2 for m in margins) / (n - 1)) if n > 1 else 0.0
    half = Z95 * sd / math.sqrt(n) if n else 0.0
    seats = []
    for seat in (1, 2):
        these = [g for g in games if g["a_player"] == seat]
        seat_wins = [sum(1 for g in these if g["winner"] == side) for side in ("A", "B")]
        seats.append({"a_player": seat, "games": len(these), "wins": seat_wins,
                      "draws": len(these) - sum(seat_wins)})
    return {
        "games": n,
        "games_planned": n if games_planned is None else games_planned,
        "interrupted": games_planned is not None and n < games_planned,
        "squads": list(squads),
        "agents": list(agents),
        "think": None if think is None else str(think),
        "seed": seed,
        "rounds_limit": rounds_limit,
        "scenario": scenario,
        "scenarios": played_scenarios(games),
        "wins": wins,
        "draws": draws,
        "win_rate": [_r(w / n) if n else 0.0 for w in wins],
        "draw_rate": _r(draws / n) if n else 0.0,
        "ci95": [_pair(wilson_interval(w, n)) for w in wins],
        "draw_ci95": _pair(wilson_interval(draws, n)),
        "mean_margin": _r(mean_margin),
        "margin_sd": _r(sd),
        "margin_ci95": [_r(mean_margin - half), _r(mean_margin + half)],
        "margins": [[margin, count] for margin, count in sorted(Counter(margins).items())],
        "mission_points": [_r(_mean([g["points"][side] for g in games])) for side in (0, 1)],
        "rounds": _r(_mean([g["rounds"] for g in games])),
        "seats": seats,
        "ships": _ships(games, squads),
        **_first_losses(games, squads),
    }


def played_scenarios(games: Iterable[dict[str, Any]]) -> dict[str, int]:
    """How many games were played in each scenario, by name ("none": without one; records
    from before scenarios have none), most played first (ties: by name)."""
    counts = Counter(g.get("scenario") or "none" for g in games)
    return dict(sorted(counts.items(), key=lambda item: (-item[1], item[0])))


def _ships(games: list[dict[str, Any]], squads: Sequence[dict[str, Any]]
           ) -> list[dict[str, Any]]:
    n = len(games)
    found = []
    for side, squad in enumerate(squads):
        for index, ship in enumerate(squad["ships"]):
            rows = [g["ships"][side][index] for g in games]
            survived = sum(1 for lost, _, _ in rows if not lost)
            found.append({
                "squad": "AB"[side], "index": index + 1, "pilot": ship["pilot"],
                "name": ship["name"],
                "survival": _r(survived / n) if n else 0.0,
                "survival_ci95": _pair(wilson_interval(survived, n)),
                "damage_dealt": _r(_mean([dealt for _, dealt, _ in rows])),
                "damage_taken": _r(_mean([taken for _, _, taken in rows])),
            })
    return found


def _first_losses(games: list[dict[str, Any]], squads: Sequence[dict[str, Any]]
                  ) -> dict[str, Any]:
    n = len(games)
    counts = Counter(tuple(g["first_loss"]) for g in games if g["first_loss"] is not None)
    ordered = sorted(counts.items(), key=lambda item: (-item[1], item[0]))
    losses = [{"squad": "AB"[side], "index": index + 1,
               "pilot": squads[side]["ships"][index]["pilot"],
               "name": squads[side]["ships"][index]["name"],
               "games": count, "share": _r(count / n)}
              for (side, index), count in ordered]
    return {"first_losses": losses, "no_loss": n - sum(counts.values())}


def compare(first: dict[str, Any], second: dict[str, Any]) -> dict[str, Any]:
    """How the second run's results differ from the first's: squad A's win rate (with
    the 95% interval of the difference), draws, margin and rounds; each ship's survival
    when both runs have the same ships."""
    n1, n2 = first["games"], second["games"]
    a1, a2 = first["wins"][0], second["wins"][0]
    result: dict[str, Any] = {
        "a_win_rate": [first["win_rate"][0], second["win_rate"][0]],
        "a_win_rate_difference": _r(second["win_rate"][0] - first["win_rate"][0]),
        "a_win_rate_difference_ci95": _pair(difference_interval(a2, n2, a1, n1)),
        "b_win_rate": [first["win_rate"][1], second["win_rate"][1]],
        "draw_rate": [first["draw_rate"], second["draw_rate"]],
        "mean_margin": [first["mean_margin"], second["mean_margin"]],
        "mean_margin_difference": _r(second["mean_margin"] - first["mean_margin"]),
        "rounds": [first["rounds"], second["rounds"]],
        "scenario": [first.get("scenario"), second.get("scenario")],
        "same_squads": _ship_keys(first) == _ship_keys(second),
    }
    if result["same_squads"]:
        result["ships"] = [
            {"squad": one["squad"], "index": one["index"], "pilot": one["pilot"],
             "name": one["name"], "survival": [one["survival"], two["survival"]],
             "damage_dealt": [one["damage_dealt"], two["damage_dealt"]]}
            for one, two in zip(first["ships"], second["ships"], strict=True)]
    return result


def _ship_keys(summary: dict[str, Any]) -> list[tuple[str, int, str]]:
    return [(s["squad"], s["index"], s["pilot"]) for s in summary.get("ships", [])]


__all__ = ["Z95", "compare", "difference_interval", "played_scenarios", "summarize",
           "wilson_interval"]
